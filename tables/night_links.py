"""What every screen of a night shows: the way around it."""

from django.urls import reverse

from ledger.models import Night


def links(night: Night) -> dict[str, str]:
    return {
        "table": reverse("table_detail", args=[night.table_id]),
        "join": reverse("night_join", args=[night.pk]),
        "report": reverse("night_report", args=[night.pk]),
        "log": reverse("night_log", args=[night.pk]),
        "detail": reverse("night_detail", args=[night.pk]),
        "live": reverse("night_live_link", args=[night.pk]),
    }
