from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = gettext_lazy("Tables")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from tables.languages import read_saved_language_at_sign_in

        user_logged_in.connect(read_saved_language_at_sign_in, dispatch_uid="host_language")
