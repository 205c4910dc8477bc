"""The upload of a night file: the form reads it as JSON; nightfile.night_import judges it."""

from django import forms

from ledger import rules
from ledger.errors import InvalidInput
from ledger.nightfile import night_parse
from tables.problems import sentences

IMPORT_LIMIT_BYTES = 1024 * 1024
FILE_REQUIRED = "Choose a night file (.json) to upload."
FILE_TOO_LARGE = "The file is {size} KB; a night file can be at most 1 MB (1024 KB)."
FILE_NOT_TEXT = "The file is not text (UTF-8): is it really a night file?"


class NightFileForm(forms.Form):
    file = forms.FileField(
        label="Night file",
        help_text=(
            "A bourre-night/1 JSON file: an export, or a paper log typed up. At most 1 MB, "
            f"{rules.MAX_ROSTER} players and {rules.MAX_HANDS:,} hands."
        ),
        error_messages={"required": FILE_REQUIRED, "empty": FILE_REQUIRED},
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    again = forms.BooleanField(
        label="Import it again anyway",
        required=False,
        help_text="A file you have already imported is refused, so a night is not counted "
        "twice. Tick this only if that night really was played twice.",
    )

    def clean_file(self) -> object:
        """The parsed document (anything JSON); its meaning is checked on import."""
        upload = self.cleaned_data["file"]
        if upload.size > IMPORT_LIMIT_BYTES:
            raise forms.ValidationError(FILE_TOO_LARGE.format(size=-(-upload.size // 1024)))
        try:
            text = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(FILE_NOT_TEXT) from None
        try:
            return night_parse(text)
        except InvalidInput as error:
            raise forms.ValidationError(sentences(error.problems, {})) from None
