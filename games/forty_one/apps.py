from django.apps import AppConfig


class FortyOneConfig(AppConfig):
    name = "games.forty_one"
    label = "forty_one"
    verbose_name = "Forty One (Syrian)"

    def ready(self):
        from games.rules import registry

        from .rules import FortyOne

        # The registry ignores a second registration of the same module, so a
        # repeated ready() (tests that reload apps) is harmless.
        registry.register(FortyOne())
