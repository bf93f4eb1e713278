from django.apps import AppConfig


class FortyOneExchangeConfig(AppConfig):
    name = "games.fortyone_exchange"
    label = "fortyone_exchange"
    verbose_name = "41 Exchange"

    def ready(self):
        from games.rules import registry

        from .rules import FortyOneExchange

        registry.register(FortyOneExchange())
