import json
import sys

from django.core.management.base import BaseCommand, CommandError

from games.management.backup import BadBackup, NotEmpty, import_all


class Command(BaseCommand):
    help = (
        "Restore a backup made by export_matches into an empty, migrated database; "
        "all of it or nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file, or - for stdin")

    def handle(self, *args, file, **options):
        try:
            if file == "-":
                data = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    data = json.load(handle)
            users, matches = import_all(data)
        except (OSError, ValueError, KeyError, TypeError, BadBackup, NotEmpty) as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"Imported {users} accounts and {matches} matches.")
