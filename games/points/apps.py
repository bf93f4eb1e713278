from django.apps import AppConfig


class PointsConfig(AppConfig):
    name = "games.points"
    label = "points"
    verbose_name = "Points (any game)"

    def ready(self):
        from games.rules import registry
        from squarescores.jinja import register_helpers

        from .rules import Points
        from .templatetags import points_sheet

        # The registry ignores a second registration of the same module.
        registry.register(Points())
        register_helpers("points", points_sheet)
