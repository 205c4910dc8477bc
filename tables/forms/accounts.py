"""Signing up and in: with a passkey or a code by e-mail (a name, and an address for the
code), or with a password (a user name, an e-mail address for resetting it, the password
twice)."""

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm, UsernameField
from django.utils.translation import gettext_lazy

from ledger.selectors.sign_ins import email_in_use
from ledger.services.sign_ins import CODE_DIGITS

EMAIL_LABEL = gettext_lazy("Email")
SIGNUP_EMAIL_HELP = gettext_lazy("Only for resetting your password if you forget it.")
NAME_EMAIL_HELP = gettext_lazy(
    "For a sign-in code by mail. Optional with a passkey, but without it a lost phone "
    "means a lost account."
)
EMAIL_IN_USE = gettext_lazy(
    "An account already uses this address: sign in with a code sent to it instead."
)
NAME_LABEL = gettext_lazy("Your name")
NAME_HELP = gettext_lazy(
    "As the host and the players will see it: letters, digits and @ . + - _ (no spaces)."
)
CODE_LABEL = gettext_lazy("Code")
CODE_HELP = gettext_lazy("The %(digits)s digits in the mail.")


class SignupForm(UserCreationForm):
    email = forms.EmailField(label=EMAIL_LABEL, help_text=SIGNUP_EMAIL_HELP)

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class AccountNameForm(forms.ModelForm):
    """Signing up without a password: the account's name, and an e-mail address, which a
    code needs and a passkey does not. Prefixed: the password's form beside it on the
    page has fields of the same names."""

    prefix = "account"

    class Meta:
        model = get_user_model()
        fields = ("username", "email")
        field_classes = {"username": UsernameField}

    def __init__(self, *args, email_required: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        name = self.fields["username"]
        name.label, name.help_text = NAME_LABEL, NAME_HELP
        email = self.fields["email"]
        email.label = EMAIL_LABEL
        email.required = email_required
        email.help_text = NAME_EMAIL_HELP
        email.max_length = 254

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip().lower()
        if email and email_in_use(email):
            raise forms.ValidationError(EMAIL_IN_USE, code="email_in_use")
        return email


class SignInCodeRequestForm(forms.Form):
    email = forms.EmailField(label=EMAIL_LABEL, max_length=254)


class SignInCodeForm(forms.Form):
    code = forms.CharField(
        label=CODE_LABEL,
        # A few spaces or a dash pasted in with the digits are forgiven.
        max_length=CODE_DIGITS + 4,
        widget=forms.TextInput(
            attrs={"inputmode": "numeric", "autocomplete": "one-time-code", "autofocus": True}
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["code"].help_text = CODE_HELP % {"digits": CODE_DIGITS}
