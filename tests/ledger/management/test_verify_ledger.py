"""``manage.py verify_ledger``: every night checked, or the nights named; OK and the seal,
or every mismatch and a non-zero exit."""

import io
from datetime import UTC, datetime

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from ledger import selectors, verify
from ledger.management import night_choice
from ledger.management.commands import verify_ledger
from ledger.verify import verify_night
from tests.factories import night_with
from tests.ledger.management.conftest import Terminal, started
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


def ok_nights(out: str) -> list[int]:
    return [int(line.split(":")[0].removeprefix("Night ")) for line in out.splitlines()]


def test_verify_ledger_draws_its_progress_on_a_terminal_apart_from_the_report(thursdays):
    out, screen = io.StringIO(), Terminal()

    call_command("verify_ledger", stdout=out, stderr=screen)

    assert ok_nights(out.getvalue()) == sorted(n.pk for n in vars(thursdays).values())
    drawn = screen.getvalue()
    assert drawn.startswith("\rverify_ledger  ")
    assert drawn.count("\n") == 1
    assert drawn.rsplit("\r", 1)[1].rstrip() == (
        "verify_ledger  3/3 nights [####################] 100%"
    )


def test_verify_ledger_writes_plain_progress_lines_when_stderr_is_no_terminal(thursdays):
    out, err = io.StringIO(), io.StringIO()

    call_command("verify_ledger", stdout=out, stderr=err)

    assert "\r" not in err.getvalue()
    assert err.getvalue().splitlines()[-1].startswith("verify_ledger  3/3 nights (100%) in ")
    assert len(out.getvalue().splitlines()) == 3


def test_verify_ledger_says_a_mismatch_on_its_own_line_beside_the_bar(thursdays):
    tamper(("UPDATE ledger_entry SET amount = 99 WHERE id = %s", [entry(thursdays.first, 2).pk]))
    screen = Terminal()

    with pytest.raises(CommandError):
        call_command("verify_ledger", stdout=io.StringIO(), stderr=screen)

    lines = [line.rsplit("\r", 1)[-1] for line in screen.getvalue().split("\n")]
    for problem in verify_night(thursdays.first):
        assert problem in lines


def test_verify_ledger_checks_only_the_tables_named(thursdays):
    out, _ = run("--table", str(thursdays.first.table_id))

    assert ok_nights(out) == [thursdays.first.pk, thursdays.third.pk]


def test_verify_ledger_checks_only_the_nights_started_within_the_dates(thursdays):
    since, _ = run("--since", "2026-11-12")
    until, _ = run("--until", "2026-11-05")
    both, _ = run(
        "--since", "2026-11-12", "--until", "2026-11-12", "--table", str(thursdays.second.table_id)
    )

    assert ok_nights(since) == [thursdays.second.pk, thursdays.third.pk]
    assert ok_nights(until) == [thursdays.first.pk]
    assert ok_nights(both) == [thursdays.second.pk]


def test_verify_ledger_takes_a_night_s_day_in_the_server_s_time_zone(thursdays, settings):
    # 03:00 UTC on Friday 13 November is still Thursday the 12th evening in Louisiana.
    started(thursdays.first, datetime(2026, 11, 13, 3, tzinfo=UTC))
    settings.TIME_ZONE = "America/Chicago"

    out, _ = run("--until", "2026-11-12", "--since", "2026-11-12")

    assert ok_nights(out) == [thursdays.first.pk, thursdays.second.pk, thursdays.third.pk]


def test_verify_ledger_checks_a_night_named_only_if_the_options_choose_it_too(thursdays):
    out, _ = run(str(thursdays.first.pk), str(thursdays.second.pk), "--since", "2026-11-12")

    assert ok_nights(out) == [thursdays.second.pk]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--table", "999999"], night_choice.NO_SUCH_TABLE.format(table=999999)),
        (["--table", "twelve"], "argument --table: invalid int value: 'twelve'"),
        (
            ["--since", "2026-13-01"],
            "argument --since: " + night_choice.NOT_A_DATE.format(value="2026-13-01"),
        ),
        (
            ["--until", "last week"],
            "argument --until: " + night_choice.NOT_A_DATE.format(value="last week"),
        ),
        (
            ["--since", "2026-11-13", "--until", "2026-11-12"],
            night_choice.SINCE_AFTER_UNTIL.format(since="2026-11-13", until="2026-11-12"),
        ),
    ],
)
def test_verify_ledger_refuses_an_option_value_it_cannot_use_naming_the_option(
    thursdays, args, said
):
    out = io.StringIO()

    with pytest.raises(CommandError) as refused:
        call_command("verify_ledger", *args, stdout=out, stderr=io.StringIO())

    assert said in str(refused.value)
    assert out.getvalue() == ""
