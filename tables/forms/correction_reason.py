"""Why a hand is corrected: picked from a few, or typed. Kept as words in the host's
language, like a reason typed (ledger.services.corrections.clean_reason checks it)."""

from collections.abc import Mapping

from django.utils.translation import pgettext_lazy

OTHER = "other"
REASONS = {
    "tricks": pgettext_lazy("why a hand is corrected", "Wrong tricks"),
    "player": pgettext_lazy("why a hand is corrected", "Wrong player"),
    "misdeal": pgettext_lazy("why a hand is corrected", "Misdeal"),
    OTHER: pgettext_lazy("why a hand is corrected", "Other…"),
}


def reason_from_post(post: Mapping) -> tuple[str, str, str]:
    """(the reason to record, the reason picked, the words typed): a picked reason, with
    the words after it if any were typed; "other" or none picked, the words alone."""
    picked = post.get("reason_pick", "")
    picked = picked if picked in REASONS else ""
    typed = (post.get("reason") or "").strip()
    if not picked or picked == OTHER:
        return typed, picked, typed
    label = str(REASONS[picked])
    return (f"{label}: {typed}" if typed else label), picked, typed
