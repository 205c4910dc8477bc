from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class LedgerConfig(AppConfig):
    name = "ledger"
    verbose_name = gettext_lazy("Ledger")
