from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "squarescores.clubs"
    label = "clubs"
    verbose_name = "Clubs"

    def ready(self):
        from games import results

        from . import figures

        # The stored figures follow every change to a finished result.
        results.listen(figures.store)
