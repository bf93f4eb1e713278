from django.apps import AppConfig
from django.core import checks


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Scoresheets"

    def ready(self):
        # The rule module contract: every registered module, at manage.py check.
        from .checks import check_rule_modules

        checks.register(check_rule_modules)
