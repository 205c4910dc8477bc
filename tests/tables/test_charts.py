import itertools
import re

import pytest

from tables import charts


def _chart():
    return charts.line_chart(
        title="Balances",
        x_label="After hand",
        x_labels=["start", "1", "2"],
        series=[charts.Series("Ann", [0, 5, -3]), charts.Series("<b>Bob</b>", [0, -5, 3])],
    )


def test_a_line_chart_is_a_scalable_svg_hidden_from_screen_readers():
    svg = str(_chart().svg)

    assert svg.startswith("<svg")
    assert 'viewBox="0 0 360 ' in svg
    assert 'width="100%"' in svg
    assert 'aria-hidden="true"' in svg
    assert "style=" not in svg


def test_a_line_chart_draws_one_line_per_series_through_every_point():
    svg = str(_chart().svg)

    lines = re.findall(r'<polyline points="([^"]+)"', svg)
    assert len(lines) == 2
    assert all(len(points.split()) == 3 for points in lines)
    assert "Ann" in svg


def test_labels_are_escaped():
    svg = str(_chart().svg)

    assert "<b>" not in svg
    assert "&lt;b&gt;Bob&lt;/b&gt;" in svg


def test_the_chart_rows_give_the_same_numbers_as_a_table():
    assert _chart().rows == [("start", [0, 0]), ("1", [5, -5]), ("2", [-3, 3])]


def test_a_bar_chart_draws_one_bar_per_value():
    chart = charts.bar_chart(
        title="Pot",
        x_label="After hand",
        x_labels=["1", "2", "3"],
        series=charts.Series("Pot", [4, 0, 16]),
    )

    bars = re.findall(
        r'<rect x="[^"]+" y="[^"]+" width="[^"]+" height="([^"]+)" fill="#0b5d3b"', str(chart.svg)
    )
    assert len(bars) == 3
    assert float(bars[1]) == 0
    assert float(bars[2]) > float(bars[0]) > 0


def test_ticks_are_round_numbers_covering_zero_and_the_data():
    assert charts.nice_ticks(-18, 12) == [-20, -10, 0, 10, 20]
    assert charts.nice_ticks(0, 0) == [0, 1]
    assert charts.nice_ticks(3, 28) == [0, 10, 20, 30]


def test_x_labels_never_overlap_however_many_points():
    for count in range(1, 250):
        labels = [f"{day:02d} Nov 26" for day in range(count)]
        chart = charts.line_chart(
            title="t", x_label="x", x_labels=labels, series=[charts.Series("a", [0] * count)]
        )
        xs = [float(x) for x in re.findall(r'<text x="([^"]+)" y="230"', str(chart.svg))]
        assert xs, count
        assert all(b - a >= 66 for a, b in itertools.pairwise(xs)), (count, xs)
        assert labels[-1] in str(chart.svg)


def _x_labels(chart) -> list[tuple[float, str]]:
    return [
        (float(x), text)
        for x, text in re.findall(r'<text x="([^"]+)" y="230"[^>]*>([^<]*)<', str(chart.svg))
    ]


def test_a_nights_every_hand_number_fits_and_the_last_is_under_its_own_point():
    labels = ["start", "1", "2", "3", "4", "5", "6", "7"]
    chart = charts.line_chart(
        title="t", x_label="x", x_labels=labels, series=[charts.Series("a", [0] * 8)]
    )

    drawn = _x_labels(chart)

    # "start" is wider than "7": the last hand's number is not pushed aside for it.
    assert [text for _x, text in drawn] == labels
    assert drawn[-1][0] == charts.WIDTH - charts.RIGHT


@pytest.mark.parametrize("count", [1, 2, 3, 7, 12, 40, 120])
@pytest.mark.parametrize("last", ["9", "19 de nov. de 2026", "Longest label of them all, 2026"])
def test_the_last_label_always_shows_uncut_and_overlapping_none(count, last):
    labels = ["start", *(str(n) for n in range(1, count)), last]
    chart = charts.line_chart(
        title="t", x_label="x", x_labels=labels, series=[charts.Series("a", [0] * len(labels))]
    )

    drawn = _x_labels(chart)
    boxes = [(x - charts._text_width(t) / 2, x + charts._text_width(t) / 2) for x, t in drawn]

    assert drawn[-1][1] == last
    assert boxes[0][0] >= 0 and boxes[-1][1] <= charts.WIDTH
    assert all(a[1] <= b[0] + 1e-9 for a, b in itertools.pairwise(boxes))
