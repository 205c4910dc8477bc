"""Asking for a password reset (Django's, throttled), and signing out. Signing in with a
password and the other password screens are Django's own views; signing up, and signing
in without a password, are in ``sign_in``."""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy

from ledger.selectors.password_resets import password_reset_counts
from ledger.services.password_resets import password_reset_request_record
from tables.clients import client_address

RESET_THROTTLED = gettext_lazy(
    "No mail was sent: too many password reset requests in the last hour for this address "
    "or from this device (at most %(per_email)s for one address, %(per_client)s from one "
    "device). Try again later."
)
RESET_WINDOW_SECONDS = 60 * 60


class PasswordResetView(auth_views.PasswordResetView):
    """Every request sends a mail: past the hour's limit for the address or the device
    asking, it is refused with a message and nothing is sent, so the form cannot be used
    to flood someone's inbox."""

    def form_valid(self, form):
        if not reset_allowed(self.request, form.cleaned_data["email"]):
            form.add_error(
                None,
                RESET_THROTTLED
                % {
                    "per_email": settings.PASSWORD_RESET_LIMIT_PER_EMAIL,
                    "per_client": settings.PASSWORD_RESET_LIMIT_PER_CLIENT,
                },
            )
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().form_valid(form)


def reset_allowed(request: HttpRequest, email: str) -> bool:
    """Count this request for its address and its client; both must be within limits.

    The requests are counted in the database, in the last hour, so every server process
    counts the same ones (Django's cache is one per process). The client address is read
    the way django-axes reads it, so sign-in throttling and this one agree on who is
    asking (behind a proxy too).
    """
    client = client_address(request)
    recorded = password_reset_request_record(email=email, client=client)
    counts = password_reset_counts(recorded, within=timedelta(seconds=RESET_WINDOW_SECONDS))
    return (
        counts.email <= settings.PASSWORD_RESET_LIMIT_PER_EMAIL
        and counts.client <= settings.PASSWORD_RESET_LIMIT_PER_CLIENT
    )


_sign_out = auth_views.LogoutView.as_view()


def logout(request: HttpRequest) -> HttpResponse:
    """Django's sign-out, which also empties the browser's caches and storage for this site
    (the hand screen kept for offline use, hands still in the outbox): a phone passed on
    shows the next person nothing of this host's."""
    response = _sign_out(request)
    if request.method == "POST":
        response["Clear-Site-Data"] = '"cache", "storage"'
    return response
