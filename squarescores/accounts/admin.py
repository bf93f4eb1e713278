from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import User


@admin.register(User)
class SquareScoresUserAdmin(UserAdmin):
    list_display = ("username", "display_name", "is_staff", "date_joined")
    fieldsets = (*UserAdmin.fieldsets, ("Table", {"fields": ("display_name",)}))
