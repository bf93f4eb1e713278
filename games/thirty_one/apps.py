from django.apps import AppConfig


class ThirtyOneConfig(AppConfig):
    name = "games.thirty_one"
    label = "thirty_one"
    verbose_name = "Thirty-One"

    def ready(self):
        from games.rules import registry

        from .rules import ThirtyOne

        registry.register(ThirtyOne())
