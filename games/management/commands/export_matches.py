import json
import sys

from django.core.management.base import BaseCommand

from games.management.backup import export_all


class Command(BaseCommand):
    help = "Write every account and match as one JSON backup (to stdout or a file)."

    def add_arguments(self, parser):
        parser.add_argument("--output", "-o", help="a file to write instead of stdout")

    def handle(self, *args, output=None, **options):
        data = export_all()
        text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)
        if output:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text + "\n")
            self.stderr.write(f"Exported {len(data['matches'])} matches to {output}.")
        else:
            sys.stdout.write(text + "\n")
