from django.apps import AppConfig


class SchwimmenConfig(AppConfig):
    name = "games.schwimmen"
    label = "schwimmen"
    verbose_name = "Schwimmen"

    def ready(self):
        from games.rules import registry
        from squarescores.jinja import register_helpers

        from .rules import Schwimmen
        from .templatetags import schwimmen_sheet

        registry.register(Schwimmen())
        register_helpers("schwimmen", schwimmen_sheet)
