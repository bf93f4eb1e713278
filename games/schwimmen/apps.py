from django.apps import AppConfig


class SchwimmenConfig(AppConfig):
    name = "games.schwimmen"
    label = "schwimmen"
    verbose_name = "Schwimmen"

    def ready(self):
        from games.rules import registry

        from .rules import Schwimmen

        registry.register(Schwimmen())
