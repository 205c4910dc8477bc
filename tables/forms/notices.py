"""Which messages an account takes, kind by kind, on each channel: one checkbox each,
ticked for on."""

import base64

from django import forms
from django.utils.translation import gettext_lazy

from ledger.models import NoticeChannel, NoticeKind


def field_name(kind: str, channel: str) -> str:
    return f"{kind}__{channel}"


class NoticeChoicesForm(forms.Form):
    def __init__(self, *args, channels: list[str], turned_off: set[tuple[str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.channels = channels
        for kind in NoticeKind:
            for channel in channels:
                self.fields[field_name(kind, channel)] = forms.BooleanField(
                    # The kind is the legend of the channels' group (templates/me/messages.html).
                    label=NoticeChannel(channel).label,
                    required=False,
                    initial=(kind.value, channel) not in turned_off,
                )

    def rows(self) -> list[tuple[str, list[tuple[forms.BoundField, str]]]]:
        """Per kind, its label and, on each channel, its checkbox and the channel's name."""
        return [
            (
                kind.label,
                [
                    (self[field_name(kind, channel)], NoticeChannel(channel).label)
                    for channel in self.channels
                ],
            )
            for kind in NoticeKind
        ]

    def choices(self) -> list[tuple[str, str, bool]]:
        return [
            (kind.value, channel, self.cleaned_data[field_name(kind, channel)])
            for kind in NoticeKind
            for channel in self.channels
        ]


KEY_INVALID = gettext_lazy("This key is not one a push service gave.")


def _key(text: str, *, length: int, first: int | None = None) -> str:
    """``text`` if it is base64url of ``length`` bytes (``first`` the first one)."""
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError):
        raw = b""
    if len(raw) != length or (first is not None and raw[0] != first):
        raise forms.ValidationError(KEY_INVALID, code="invalid")
    return text


class PushSubscriptionForm(forms.Form):
    """What the browser's PushManager gives for this phone (PushSubscription.toJSON)."""

    endpoint = forms.URLField(max_length=1000, assume_scheme="https")
    p256dh = forms.CharField(max_length=200)
    auth = forms.CharField(max_length=200)

    def clean_p256dh(self) -> str:
        return _key(self.cleaned_data["p256dh"], length=65, first=4)

    def clean_auth(self) -> str:
        return _key(self.cleaned_data["auth"], length=16)

    def clean_endpoint(self) -> str:
        endpoint = self.cleaned_data["endpoint"]
        if not endpoint.startswith("https://"):
            raise forms.ValidationError(
                forms.URLField.default_error_messages["invalid"], code="invalid"
            )
        return endpoint
