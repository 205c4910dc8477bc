"""Passkeys' two ceremonies (WebAuthn), through Duo Labs' ``webauthn`` library: the
options a phone is given to make a passkey or sign with one, and the check of what it
answers. The challenge waits in the session, for one answer, with what it was asked for.

The site is named by the host the phone asked (its "relying party"), so a passkey made at
``bourre.example`` works there only. Browsers make passkeys only over HTTPS or on
``localhost``: the pages offer one only where the browser says it can.
"""

import json
from urllib.parse import urlsplit

from django.http import HttpRequest, HttpResponse
from django.utils.translation import pgettext
from webauthn import (
    base64url_to_bytes,
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from ledger.models import Passkey
from ledger.selectors.sign_ins import passkey_for_credential
from ledger.services.sign_ins import NewPasskey
from tables import responses

SESSION_KEY = "passkey_challenge"
CREATE = "create"
SIGN_IN = "sign_in"
# A phone's answer is a few hundred bytes; anything far larger is not one.
MOST_CHARS = 16_000
TIMEOUT_MS = 120_000


def _site(request: HttpRequest) -> tuple[str, str]:
    """The relying party's id (the host, without a port) and the origin the phone saw."""
    origin = f"{request.scheme}://{request.get_host()}"
    return urlsplit(origin).hostname or "", origin


def creation_options(
    request: HttpRequest, *, name: str, have: list[str] | tuple[str, ...] = ()
) -> str:
    """The options (JSON) to make a passkey for the account ``name``; ``have``, the ids of
    its passkeys already made, which the phone then does not make twice."""
    rp_id, _ = _site(request)
    options = generate_registration_options(
        rp_id=rp_id,
        rp_name=pgettext("the app's name", "Bourré ledger"),
        user_name=name,
        user_display_name=name,
        timeout=TIMEOUT_MS,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
        exclude_credentials=[
            PublicKeyCredentialDescriptor(id=_bytes(credential_id)) for credential_id in have
        ],
    )
    request.session[SESSION_KEY] = [CREATE, bytes_to_base64url(options.challenge)]
    return options_to_json(options)


def sign_in_options(request: HttpRequest) -> str:
    """The options (JSON) to sign in with any passkey of this site the phone holds."""
    rp_id, _ = _site(request)
    options = generate_authentication_options(
        rp_id=rp_id, timeout=TIMEOUT_MS, user_verification=UserVerificationRequirement.PREFERRED
    )
    request.session[SESSION_KEY] = [SIGN_IN, bytes_to_base64url(options.challenge)]
    return options_to_json(options)


def options_response(options: str) -> HttpResponse:
    """The options for the page's script, never kept by a cache: each has its challenge."""
    response = responses.data({"options": json.loads(options)})
    response["Cache-Control"] = "no-store"
    return response


def _expected(request: HttpRequest, purpose: str, credential: str) -> dict | None:
    """What the phone's answer must match: the challenge this session was given for
    ``purpose`` (used up now, answer or not), this site and its origin. None if there was
    no such challenge or the answer cannot be one."""
    challenge = _challenge(request, purpose)
    if challenge is None or not credential or len(credential) > MOST_CHARS:
        return None
    rp_id, origin = _site(request)
    return {"expected_challenge": challenge, "expected_rp_id": rp_id, "expected_origin": origin}


def _challenge(request: HttpRequest, purpose: str) -> bytes | None:
    kept = request.session.pop(SESSION_KEY, None)
    if not isinstance(kept, list) or len(kept) != 2 or kept[0] != purpose:
        return None
    return _bytes(kept[1])


def made(request: HttpRequest, credential: str) -> NewPasskey | None:
    """The new passkey the phone answered with, checked against the challenge this session
    was given to make one; None if there was none, or the answer does not check out."""
    expected = _expected(request, CREATE, credential)
    if expected is None:
        return None
    try:
        verified = verify_registration_response(credential=credential, **expected)
    except (WebAuthnException, ValueError, TypeError, KeyError):
        return None
    return NewPasskey(
        credential_id=bytes_to_base64url(verified.credential_id),
        public_key=verified.credential_public_key,
        sign_count=verified.sign_count,
    )


def named(credential: str) -> Passkey | None:
    """The passkey an answer names, checked or not (of an active account): the one to
    check its signature with, and whose account a failed sign-in counts against."""
    return passkey_for_credential(_credential_id(credential)) if credential else None


def signed(request: HttpRequest, credential: str, passkey: Passkey | None) -> int | None:
    """``passkey``'s new signature count, when it signed this session's sign-in challenge;
    None if there was no challenge, no passkey, or the signature does not check."""
    expected = _expected(request, SIGN_IN, credential)
    if expected is None or passkey is None:
        return None
    try:
        verified = verify_authentication_response(
            credential=credential,
            **expected,
            credential_public_key=bytes(passkey.public_key),
            credential_current_sign_count=passkey.sign_count,
        )
    except (WebAuthnException, ValueError, TypeError, KeyError):
        return None
    return verified.new_sign_count


def _credential_id(credential: str) -> str:
    try:
        value = json.loads(credential[:MOST_CHARS])
    except ValueError:
        return ""
    found = value.get("id") if isinstance(value, dict) else None
    return found if isinstance(found, str) else ""


def _bytes(text: str) -> bytes:
    try:
        return base64url_to_bytes(text)
    except ValueError:
        return b""
