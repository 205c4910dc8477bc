"""The upload of a night file: the form reads it as JSON; nightfile.night_import judges it."""

from django import forms
from django.utils.translation import gettext_lazy, pgettext

from ledger import rules
from ledger.errors import InvalidInput
from ledger.nightfile import night_parse
from tables.presenters import whole
from tables.problems import sentences

IMPORT_LIMIT_BYTES = 1024 * 1024
FILE_REQUIRED = gettext_lazy("Choose a night file (.json) to upload.")
FILE_TOO_LARGE = gettext_lazy(
    "The file is %(size)s KB; a night file can be at most 1 MB (1024 KB)."
)
FILE_NOT_TEXT = gettext_lazy("The file is not text (UTF-8): is it really a night file?")


class NightFileForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Night file"),
        error_messages={"required": FILE_REQUIRED, "empty": FILE_REQUIRED},
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    again = forms.BooleanField(
        label=gettext_lazy("Import it again anyway"),
        required=False,
        help_text=gettext_lazy(
            "A file you have already imported is refused, so a night is not counted "
            "twice. Tick this only if that night really was played twice."
        ),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The limits are numbers in the active language's digits: filled in per request.
        self.fields["file"].help_text = pgettext(
            "hand played",
            "A bourre-night/1 JSON file: an export, or a paper log typed up. At most 1 MB, "
            "%(players)s players and %(hands)s hands.",
        ) % {"players": whole(rules.MAX_ROSTER), "hands": whole(rules.MAX_HANDS)}

    def clean_file(self) -> object:
        """The parsed document (anything JSON); its meaning is checked on import."""
        upload = self.cleaned_data["file"]
        if upload.size > IMPORT_LIMIT_BYTES:
            raise forms.ValidationError(FILE_TOO_LARGE % {"size": -(-upload.size // 1024)})
        try:
            text = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(FILE_NOT_TEXT) from None
        try:
            return night_parse(text)
        except InvalidInput as error:
            raise forms.ValidationError(sentences(error.problems, {})) from None
