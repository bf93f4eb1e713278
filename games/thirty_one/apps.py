from django.apps import AppConfig


class ThirtyOneConfig(AppConfig):
    name = "games.thirty_one"
    label = "thirty_one"
    verbose_name = "Thirty-One"

    def ready(self):
        from games.rules import registry
        from squarescores.jinja import register_helpers

        from .rules import ThirtyOne
        from .templatetags import thirty_one_sheet

        registry.register(ThirtyOne())
        register_helpers("thirty_one", thirty_one_sheet)
