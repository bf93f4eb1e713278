from django.contrib import admin

from .models import Cell, Event, Match, Membership, Round, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ("claimed_by",)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ("user",)


class EventInline(admin.TabularInline):
    """The log, read-only: events are appended by the actions and never edited."""

    model = Event
    extra = 0
    can_delete = False
    fields = ("version", "kind", "actor", "before", "after", "created_at")
    readonly_fields = fields
    ordering = ("-version",)
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("code", "game", "host", "status", "version", "created_at")
    list_filter = ("game", "status")
    search_fields = ("code", "seats__name")
    raw_id_fields = ("host",)
    inlines = (SeatInline, MembershipInline, EventInline)


class CellInline(admin.TabularInline):
    model = Cell
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("match", "number", "status", "winner", "closed_at")
    list_filter = ("status",)
    raw_id_fields = ("match", "winner", "closed_by")
    inlines = (CellInline,)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("match", "version", "kind", "actor", "created_at")
    list_filter = ("kind",)
    readonly_fields = [field.name for field in Event._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
