"""Signing up: a user name, an e-mail address for resetting the password, the password twice."""

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy

SIGNUP_EMAIL_HELP = gettext_lazy("Only for resetting your password if you forget it.")


class SignupForm(UserCreationForm):
    email = forms.EmailField(label=gettext_lazy("Email"), help_text=SIGNUP_EMAIL_HELP)

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
