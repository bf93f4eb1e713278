"""The admin: a window on the matches, never a way to change one.

Every change to a match must raise its version, append an event and reach the
phones, and only the actions in ``games.actions`` do all three. So the admin shows
matches, seats, memberships, rounds, cells and events read-only; a correction goes
through the table (the host's tools) or the API like any other.
"""

from django.contrib import admin

from .models import Cell, Event, Match, Membership, Round, Seat


class ReadOnly:
    """Viewable, never added, changed or deleted (the view permission still shows
    the change page, with every field read-only and no Save button)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(ReadOnly, admin.TabularInline):
    extra = 0


class SeatInline(ReadOnlyInline):
    model = Seat


class MembershipInline(ReadOnlyInline):
    model = Membership


class EventInline(ReadOnlyInline):
    """The log: events are appended by the actions and never edited."""

    model = Event
    fields = ("version", "kind", "actor", "before", "after", "created_at")
    readonly_fields = fields
    ordering = ("-version",)
    show_change_link = True


@admin.register(Match)
class MatchAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("code", "game", "host", "status", "version", "created_at")
    list_filter = ("game", "status")
    search_fields = ("code", "seats__name")
    inlines = (SeatInline, MembershipInline, EventInline)


class CellInline(ReadOnlyInline):
    model = Cell


@admin.register(Round)
class RoundAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("match", "number", "status", "winner", "closed_at")
    list_filter = ("status",)
    inlines = (CellInline,)


@admin.register(Event)
class EventAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("match", "version", "kind", "actor", "created_at")
    list_filter = ("kind",)
