from django.apps import AppConfig


class FortyOneConfig(AppConfig):
    name = "games.forty_one"
    label = "forty_one"
    verbose_name = "Forty One (Syrian)"

    def ready(self):
        from games.rules import registry
        from squarescores.jinja import register_helpers

        from .rules import FortyOne
        from .templatetags import forty_one_sheet

        # The registry ignores a second registration of the same module, so a
        # repeated ready() (tests that reload apps) is harmless.
        registry.register(FortyOne())
        register_helpers("forty_one", forty_one_sheet)
