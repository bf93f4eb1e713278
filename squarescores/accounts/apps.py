from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "squarescores.accounts"
    label = "accounts"
    verbose_name = "Accounts"
