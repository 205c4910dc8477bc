"""Line and bar charts drawn on the server as SVG: no chart library, no script.

The SVG is decoration for sighted readers (aria-hidden); every chart carries its
numbers as ``rows`` so the template can give the same data as a real table.
Colours come with a dash pattern each, so lines differ without colour too. Only
presentation attributes, never style="", to stay within the strict CSP.
"""

import math
from dataclasses import dataclass, field
from decimal import Decimal
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

WIDTH, PLOT_HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 30
LEGEND_ROW = 18
# Dark enough for 3:1 against white (WCAG non-text contrast).
COLOURS = ["#0b5d3b", "#a11d1d", "#1f4e9c", "#8a4b00", "#6b2c91", "#00707a", "#b0126c", "#444444"]
DASHES = ["", "6 3", "2 3", "8 3 2 3", "", "6 3", "2 3", "8 3 2 3"]
TEXT = 'font-family="system-ui, sans-serif" font-size="11" fill="#333333"'

Number = int | Decimal


def start_label() -> str:
    # Translators: a chart's first point, before the first night or hand: everyone at 0.
    return gettext("start")


@dataclass(frozen=True)
class Series:
    label: str
    values: list[Number]


@dataclass(frozen=True)
class Chart:
    title: str
    x_label: str
    x_labels: list[str]
    series: list[Series]
    svg: SafeString = field(repr=False)

    @property
    def rows(self) -> list[tuple[str, list[Number]]]:
        """One row per x position: its label and each series' value there."""
        return [
            (label, [s.values[i] for s in self.series]) for i, label in enumerate(self.x_labels)
        ]


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round ticks (1, 2 or 5 times a power of ten apart) over low..high, zero included."""
    low, high = min(low, 0), max(high, 0)
    if low == high:
        high = low + 1
    raw = (high - low) / max(count - 1, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    step = max(step, 1)  # chips are whole numbers
    start = math.floor(low / step) * step
    ticks = []
    value = start
    while value < high + step:
        ticks.append(value)
        if value >= high:
            break
        value += step
    return ticks


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


class _Canvas:
    def __init__(self, x_count: int, ticks: list[float], legend_rows: int) -> None:
        self.x_count = x_count
        self.low, self.high = ticks[0], ticks[-1]
        self.ticks = ticks
        self.height = TOP + PLOT_HEIGHT + BOTTOM + legend_rows * LEGEND_ROW
        self.parts: list[str] = []

    def x(self, index: int) -> float:
        span = WIDTH - LEFT - RIGHT
        if self.x_count <= 1:
            return LEFT + span / 2
        return LEFT + span * index / (self.x_count - 1)

    def y(self, value: Number) -> float:
        return TOP + PLOT_HEIGHT * (self.high - float(value)) / (self.high - self.low)

    def grid(self, x_labels: list[str]) -> None:
        for tick in self.ticks:
            y = self.y(tick)
            colour = "#767676" if tick == 0 else "#dddddd"
            self.parts.append(
                f'<line x1="{LEFT}" y1="{_fmt(y)}" x2="{WIDTH - RIGHT}" y2="{_fmt(y)}" '
                f'stroke="{colour}" stroke-width="1"/>'
                f'<text x="{LEFT - 4}" y="{_fmt(y + 4)}" text-anchor="end" {TEXT}>'
                f"{_fmt(tick)}</text>"
            )
        boxes = _label_boxes([self.x(i) for i in range(self.x_count)], x_labels)
        for index in _label_positions(boxes):
            left, right = boxes[index]
            self.parts.append(
                f'<text x="{_fmt((left + right) / 2)}" y="{TOP + PLOT_HEIGHT + 18}" '
                f'text-anchor="middle" {TEXT}>{escape(x_labels[index])}</text>'
            )

    def legend(self, series: list[Series]) -> None:
        top = TOP + PLOT_HEIGHT + BOTTOM
        columns = 3
        column_width = (WIDTH - LEFT) / columns
        for index, item in enumerate(series):
            row, column = divmod(index, columns)
            x = LEFT + column * column_width
            y = top + row * LEGEND_ROW + 8
            self.parts.append(
                f'<line x1="{_fmt(x)}" y1="{_fmt(y)}" x2="{_fmt(x + 20)}" y2="{_fmt(y)}" '
                f'{_stroke(index)} stroke-width="3"/>'
                f'<text x="{_fmt(x + 25)}" y="{_fmt(y + 4)}" {TEXT}>'
                f"{escape(_short(item.label))}</text>"
            )

    def svg(self, title: str) -> SafeString:
        body = "".join(self.parts)
        return mark_safe(  # noqa: S308 - every label above went through html.escape
            f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {WIDTH} {self.height}" width="100%" '
            f'preserveAspectRatio="xMidYMid meet" aria-hidden="true" focusable="false">'
            f"<title>{escape(title)}</title>"
            f'<rect x="0" y="0" width="{WIDTH}" height="{self.height}" fill="#ffffff"/>'
            f"{body}</svg>"
        )


def _text_width(label: str) -> float:
    """A generous guess at a label's width in viewBox units (11px text), with room around."""
    return len(label) * 6.5 + 8


def _label_boxes(points: list[float], labels: list[str]) -> list[tuple[float, float]]:
    """Where each x label would be drawn, (left, right): centred under its point, each by
    its own width ("7" is not pushed aside as if it were as wide as "start"), and moved in
    only as far as it takes not to be cut off at either edge."""
    boxes = []
    for point, label in zip(points, labels, strict=True):
        width = min(_text_width(label), WIDTH)
        left = min(max(point - width / 2, 0), WIDTH - width)
        boxes.append((left, left + width))
    return boxes


def _label_positions(boxes: list[tuple[float, float]]) -> list[int]:
    """The x labels that fit side by side, left to right; the last one always shows, the
    ones before it that it would overlap make room for it."""
    kept: list[int] = []
    for index, (left, _right) in enumerate(boxes):
        if not kept or left >= boxes[kept[-1]][1]:
            kept.append(index)
    last = len(boxes) - 1
    if kept and kept[-1] != last:
        while len(kept) > 1 and boxes[last][0] < boxes[kept[-1]][1]:
            kept.pop()
        kept.append(last)
    return kept


def _stroke(index: int) -> str:
    colour = COLOURS[index % len(COLOURS)]
    dash = DASHES[index % len(DASHES)]
    return f'stroke="{colour}"' + (f' stroke-dasharray="{dash}"' if dash else "")


def _short(label: str, limit: int = 14) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "…"


def _bounds(series: list[Series]) -> tuple[float, float]:
    values = [float(v) for s in series for v in s.values] or [0.0]
    return min(values), max(values)


def line_chart(*, title: str, x_label: str, x_labels: list[str], series: list[Series]) -> Chart:
    """One line per series over the same x positions; a legend when there are several."""
    canvas = _Canvas(len(x_labels), nice_ticks(*_bounds(series)), _legend_rows(series))
    canvas.grid(x_labels)
    dots = len(x_labels) <= 30
    for index, item in enumerate(series):
        points = " ".join(
            f"{_fmt(canvas.x(i))},{_fmt(canvas.y(v))}" for i, v in enumerate(item.values)
        )
        canvas.parts.append(
            f'<polyline points="{points}" fill="none" {_stroke(index)} stroke-width="2.5" '
            f'stroke-linejoin="round" stroke-linecap="round"/>'
        )
        if dots:
            colour = COLOURS[index % len(COLOURS)]
            canvas.parts.extend(
                f'<circle cx="{_fmt(canvas.x(i))}" cy="{_fmt(canvas.y(v))}" r="2.5" '
                f'fill="{colour}"/>'
                for i, v in enumerate(item.values)
            )
    if len(series) > 1:
        canvas.legend(series)
    return Chart(title, x_label, x_labels, series, canvas.svg(title))


def bar_chart(*, title: str, x_label: str, x_labels: list[str], series: Series) -> Chart:
    """One bar per x position, from zero."""
    canvas = _Canvas(len(x_labels), nice_ticks(*_bounds([series])), 0)
    canvas.grid(x_labels)
    span = WIDTH - LEFT - RIGHT
    slot = span / max(len(x_labels), 1)
    width = max(min(slot * 0.7, 28), 1)
    zero = canvas.y(0)
    for index, value in enumerate(series.values):
        centre = canvas.x(index) if len(x_labels) > 1 else LEFT + span / 2
        # Keep the outermost bars inside the plot.
        centre = min(max(centre, LEFT + width / 2), WIDTH - RIGHT - width / 2)
        top = min(canvas.y(value), zero)
        height = abs(canvas.y(value) - zero)
        canvas.parts.append(
            f'<rect x="{_fmt(centre - width / 2)}" y="{_fmt(top)}" width="{_fmt(width)}" '
            f'height="{_fmt(height)}" fill="{COLOURS[0]}"/>'
        )
    return Chart(title, x_label, x_labels, [series], canvas.svg(title))


def _legend_rows(series: list[Series]) -> int:
    return math.ceil(len(series) / 3) if len(series) > 1 else 0
