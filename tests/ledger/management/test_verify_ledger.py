"""``manage.py verify_ledger``: every night checked, or the nights named; OK and the seal,
or every mismatch and a non-zero exit."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from ledger import selectors, verify
from ledger.management.commands import verify_ledger
from ledger.verify import verify_night
from tests.factories import night_with
from tests.ledger.nights import example_night, tamper
from tests.ledger.test_verify import entry, says

pytestmark = pytest.mark.django_db


def run(*args):
    """The report alone: the progress shown on stderr is tested on its own."""
    out, err = io.StringIO(), io.StringIO()
    call_command("verify_ledger", *args, "--no-progress", stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_verify_ledger_prints_ok_for_every_clean_night():
    nights = [example_night("example_1"), example_night("example_2")]

    out, err = run()

    assert err == ""
    assert out.splitlines() == [
        verify_ledger.NIGHT_OK.format(
            night=n.pk,
            hands=n.hands.filter(live=True).count(),
            entries=n.entries.count(),
            seal=selectors.night_seal(n).code,
        )
        for n in nights
    ]


def test_verify_ledger_says_a_night_without_entries_has_no_seal():
    night = night_with()

    out, _ = run(str(night.pk))

    assert out.strip() == verify_ledger.NIGHT_OK.format(
        night=night.pk, hands=0, entries=0, seal=verify_ledger.NO_SEAL
    )


def test_verify_ledger_checks_only_the_nights_named():
    example_night("example_1")
    second = example_night("example_3")

    out, _ = run(str(second.pk))

    assert out.startswith(f"Night {second.pk}: OK")
    assert len(out.splitlines()) == 1


def test_verify_ledger_names_every_mismatch_and_fails():
    clean, tampered = example_night("example_1"), example_night("example_2")
    tamper(("UPDATE ledger_entry SET amount = 99 WHERE id = %s", [entry(tampered, 2).pk]))

    with pytest.raises(CommandError) as caught:
        run()

    problems = verify_night(tampered)
    assert str(caught.value) == verify_ledger.FAILED.format(problems=len(problems), nights=1)
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError):
        call_command("verify_ledger", "--no-progress", stdout=out, stderr=err)
    assert out.getvalue().startswith(f"Night {clean.pk}: OK")
    assert err.getvalue().splitlines() == problems


def test_verify_ledger_reports_a_night_that_does_not_exist():
    with pytest.raises(CommandError):
        _, err = run("999999")

    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError):
        call_command("verify_ledger", "999999", stdout=out, stderr=err)
    assert err.getvalue().strip() == verify_ledger.NIGHT_NOT_FOUND.format(night=999999)


def test_verify_ledger_exits_1_on_a_problem_and_0_when_clean(monkeypatch, capsys):
    monkeypatch.setattr("django.core.management.base.connections.close_all", lambda: None)
    night = example_night()

    def exit_code():
        try:
            verify_ledger.Command().run_from_argv(["manage.py", "verify_ledger", str(night.pk)])
        except SystemExit as exit_:
            return exit_.code
        return 0

    assert exit_code() == 0
    tamper(("DELETE FROM ledger_entry WHERE id = %s", [entry(night, 1).pk]))
    assert exit_code() == 1
    err = capsys.readouterr().err
    assert says(verify.SEQ_GAP, night, seq=2, expected=1) in err
    assert "CommandError: " in err
