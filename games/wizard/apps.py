from django.apps import AppConfig


class WizardConfig(AppConfig):
    name = "games.wizard"
    label = "wizard"
    verbose_name = "Wizard"

    def ready(self):
        from games.rules import registry
        from squarescores.jinja import register_helpers

        from .rules import Wizard
        from .templatetags import wizard_sheet

        # The registry ignores a second registration of the same module.
        registry.register(Wizard())
        register_helpers("wizard", wizard_sheet)
