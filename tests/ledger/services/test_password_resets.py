"""Recording a request for a password-reset mail: digests, never addresses, and a limit
that server processes asking at the same moment cannot pass together."""

import hashlib
import threading
from datetime import timedelta

import pytest
from django.db import connections

from ledger.models import PasswordResetRequest
from ledger.selectors.password_resets import password_reset_counts
from ledger.services.password_resets import password_reset_request_record

HOUR = timedelta(hours=1)


@pytest.mark.django_db
def test_an_address_is_kept_as_a_keyed_digest_the_same_in_any_case():
    first = password_reset_request_record(email="Ann@Example.com", client="203.0.113.7")
    again = password_reset_request_record(email="  ann@example.com ", client="198.51.100.1")
    other = password_reset_request_record(email="bob@example.com", client="203.0.113.7")

    assert first.email_digest == again.email_digest != other.email_digest
    assert first.client_digest == other.client_digest != again.client_digest
    # Keyed: not the plain SHA-256 anyone could compute from a list of likely addresses.
    assert first.email_digest != hashlib.sha256(b"ann@example.com").hexdigest()
    assert first.client_digest != hashlib.sha256(b"203.0.113.7").hexdigest()


@pytest.mark.django_db
def test_an_e_mail_address_and_a_client_address_written_alike_are_not_confused():
    row = password_reset_request_record(email="unknown", client="unknown")

    assert row.email_digest != row.client_digest


@pytest.mark.django_db
def test_a_request_is_kept_as_written():
    row = password_reset_request_record(email="ann@example.com", client="203.0.113.7")

    with pytest.raises(PermissionError):
        PasswordResetRequest.objects.filter(pk=row.pk).delete()
    assert PasswordResetRequest.objects.count() == 1


LIMIT = 3
PROCESSES = 6
ROUNDS = 8


@pytest.mark.django_db(transaction=True)
def test_processes_asking_at_the_same_moment_never_pass_the_limit_together():
    for round_ in range(ROUNDS):
        email = f"ann-{round_}@example.com"
        for _ in range(LIMIT - 1):  # one short of the limit already
            password_reset_request_record(email=email, client="192.0.2.1")
        start = threading.Barrier(PROCESSES)
        allowed = []

        def process(n: int, email=email, start=start, allowed=allowed) -> None:
            try:
                start.wait()
                recorded = password_reset_request_record(email=email, client=f"198.51.100.{n}")
                if password_reset_counts(recorded, within=HOUR).email <= LIMIT:
                    allowed.append(n)
            finally:
                connections.close_all()

        threads = [threading.Thread(target=process, args=(n,)) for n in range(PROCESSES)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

        # One place was left: at most one of them got it (none, if they all counted late).
        assert len(allowed) <= 1, (round_, allowed)
    assert PasswordResetRequest.objects.count() == ROUNDS * (LIMIT - 1 + PROCESSES)
