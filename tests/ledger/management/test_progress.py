"""The whole-ledger commands' progress: a bar redrawn in place on a terminal, at most ten
times a second; a plain line every 5% anywhere else; nothing when told not to."""

import io

import pytest
from django.core.management.base import OutputWrapper

from ledger.management.progress import Progress
from tests.ledger.management.conftest import Terminal


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


def progress(stream, total, clock, **options):
    return Progress(OutputWrapper(stream), "verify_ledger", total, clock=clock, **options)


def test_on_a_terminal_the_bar_is_redrawn_in_place_with_the_count_and_the_time_left(clock):
    screen = Terminal()
    shown = progress(screen, 3000, clock)

    clock.now += 12
    shown.advance(1234)

    assert screen.getvalue() == (
        "\rverify_ledger  1,234/3,000 nights [########............]  41%  ETA 0:17"
    )


def test_on_a_terminal_the_bar_is_redrawn_at_most_ten_times_a_second(clock):
    screen = Terminal()
    shown = progress(screen, 1000, clock)

    for _ in range(500):
        clock.now += 0.01
        shown.advance()

    # 500 nights in 5 seconds: the first drawing, then one every tenth of a second.
    assert 45 <= screen.getvalue().count("\r") <= 51
    assert "\n" not in screen.getvalue()


def test_on_a_terminal_the_finished_bar_stays_on_a_line_of_its_own(clock):
    screen = Terminal()
    with progress(screen, 2, clock) as shown:
        shown.advance()
        shown.advance()

    # Padded with spaces over the longer drawing before it, which had an ETA.
    last = screen.getvalue().rsplit("\r", 1)[1]
    assert last.endswith("\n")
    assert last.rstrip() == "verify_ledger  2/2 nights [####################] 100%"
    assert screen.getvalue().count("\n") == 1


def test_a_line_said_meanwhile_clears_the_bar_and_the_bar_is_drawn_again_below(clock):
    screen = Terminal()
    shown = progress(screen, 4, clock)
    shown.advance()
    bar = screen.getvalue()[1:]

    shown.say("Night 7: entry seq 2 comes where seq 1 should be.")

    assert screen.getvalue() == (
        "\r" + bar + "\r" + " " * len(bar) + "\r"
        "Night 7: entry seq 2 comes where seq 1 should be.\n\r" + bar
    )


def test_elsewhere_a_plain_line_every_five_percent_and_one_at_the_end(clock):
    log = io.StringIO()
    with progress(log, 1000, clock) as shown:
        for _ in range(1000):
            shown.advance()

    lines = log.getvalue().splitlines()
    assert "\r" not in log.getvalue()
    assert len(lines) == 20
    assert lines[0] == "verify_ledger  50/1,000 nights (5%)"
    assert lines[-1] == "verify_ledger  1,000/1,000 nights (100%) in 0:00"


@pytest.mark.parametrize("stream", [Terminal, io.StringIO])
def test_nothing_is_shown_when_turned_off(clock, stream):
    written = stream()
    with progress(written, 100, clock, enabled=False) as shown:
        shown.advance(100)

    assert written.getvalue() == ""


def test_nothing_is_shown_for_a_single_night(clock):
    screen = Terminal()
    with progress(screen, 1, clock) as shown:
        shown.advance()

    assert screen.getvalue() == ""
