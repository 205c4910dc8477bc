"""How far a whole-ledger command has got, on its standard error.

On a terminal a bar redrawn in place (``\\r``), at most ten times a second::

    verify_ledger  1,234/3,000 nights [########............] 41%  ETA 0:12

Anywhere else (a log, CI) a plain line every 5%, so a log of 3,000 nights holds about
twenty of them. Never on standard output, which holds the command's report; a line the
command writes to standard error meanwhile goes through ``say``, so it is not drawn
over by the bar.
"""

import math
import time
from collections.abc import Callable

BAR_WIDTH = 20
REDRAW_SECONDS = 0.1  # at most ten redraws a second: a terminal is slower than a night
PLAIN_STEPS = 20  # a plain line every 5%


def _clock_text(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


class Progress:
    """``advance`` after each unit of work; ``finish`` at the end (or use it in a ``with``).

    ``stream`` is a command's ``self.stderr`` (Django's OutputWrapper): written to with
    ``ending=""`` and no style, so the bar is neither broken into lines nor coloured.
    Nothing is shown when ``enabled`` is false (``--no-progress``) or there is at most
    one unit of work.
    """

    def __init__(
        self,
        stream,
        label: str,
        total: int = 0,
        *,
        unit: str = "nights",
        enabled: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream
        self.label = label
        self.unit = unit
        self.enabled = enabled
        self.clock = clock
        self.tty = enabled and stream.isatty()
        self.drawn = ""  # the bar on screen now, "" when none
        self.start(total)

    def start(self, total: int) -> None:
        """Count from 0 towards ``total``: for a command that learns its total later."""
        self.total = total
        self.done = 0
        self.began = self.clock()
        self.drawn_at: float | None = None
        self.step = max(1, math.ceil(total / PLAIN_STEPS))

    @property
    def shown(self) -> bool:
        return self.enabled and self.total > 1

    def advance(self, count: int = 1) -> None:
        before, self.done = self.done, self.done + count
        if not self.shown:
            return
        if self.tty:
            now = self.clock()
            if self.drawn_at is None or now - self.drawn_at >= REDRAW_SECONDS:
                self.draw(now)
        elif before // self.step != self.done // self.step and self.done < self.total:
            self.write(self.line() + "\n")

    def say(self, text: str) -> None:
        """A line of the command's own on standard error, the bar cleared and drawn again
        beneath it."""
        if self.drawn:
            self.write("\r" + " " * len(self.drawn) + "\r")
            self.drawn = ""
        self.stream.write(text)  # as the command would have: its own style, its own line
        self.stream.flush()
        if self.tty and self.shown and self.done:
            self.draw(self.clock())

    def finish(self) -> None:
        if not self.shown:
            return
        if self.tty:
            self.draw(self.clock())
            self.write("\n")
            self.drawn = ""
        else:
            self.write(self.line() + f" in {_clock_text(self.clock() - self.began)}\n")

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, kind, error, traceback) -> None:
        if kind is None:
            self.finish()
        elif self.drawn:  # the command's error starts on a line of its own
            self.write("\n")
            self.drawn = ""

    def line(self) -> str:
        percent = 100 * self.done // self.total
        return f"{self.label}  {self.done:,}/{self.total:,} {self.unit} ({percent}%)"

    def draw(self, now: float) -> None:
        percent = 100 * self.done // self.total
        filled = BAR_WIDTH * self.done // self.total
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        elapsed = now - self.began
        eta = ""
        if 0 < self.done < self.total:
            eta = f"  ETA {_clock_text(elapsed / self.done * (self.total - self.done))}"
        text = f"{self.label}  {self.done:,}/{self.total:,} {self.unit} [{bar}] {percent:3d}%{eta}"
        # Padded over what the last drawing left, which may have been longer.
        self.write("\r" + text.ljust(len(self.drawn)))
        self.drawn = text
        self.drawn_at = now

    def write(self, text: str) -> None:
        self.stream.write(text, style_func=str, ending="")
        self.stream.flush()
