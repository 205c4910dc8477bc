"""Night file and CSV downloads, and the night file upload."""

import csv
import io
import json
from datetime import UTC, datetime
from html import escape

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from ledger import nightfile, rules, selectors
from ledger.models import Entry, Night, Player
from ledger.nightfile import FILE_NOT_JSON
from ledger.rules.money import from_units
from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from tables.csv_files import safe_cell
from tables.forms.night_file import (
    FILE_NOT_TEXT,
    FILE_REQUIRED,
    FILE_TOO_LARGE,
    IMPORT_LIMIT_BYTES,
)
from tables.views.exports import IMPORT_AGAIN, NOT_IMPORTED
from tests.factories import (
    NightFactory,
    PlayerFactory,
    ShareLinkFactory,
    TableFactory,
    UserFactory,
    night_with,
)
from tests.ledger.debt_nights import closed_example
from tests.ledger.helpers import hand_data, ids
from tests.ledger.stats_nights import play_example_1
from tests.ledger.worked_examples import EXAMPLE_1
from tests.tables.night_helpers import said
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    return play_example_1()


def _rows(response):
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    # getvalue(): the results file is streamed, the night's entries are not.
    return list(csv.reader(io.StringIO(response.getvalue().decode())))


def _document(**changes):
    document = {
        "format": "bourre-night/1",
        "table": "Somewhere else",
        "players": EXAMPLE_1["roster"],
        "hands": [hand for hand, _, _ in EXAMPLE_1["hands"]],
        "closed": True,
    }
    document.update(changes)
    return document


def _upload(content: bytes | str, name="night.json"):
    data = content.encode() if isinstance(content, str) else content
    return SimpleUploadedFile(name, data, content_type="application/json")


def _urls(night):
    return {
        "night_export_json": reverse("night_export_json", args=[night.pk]),
        "night_entries_csv": reverse("night_entries_csv", args=[night.pk]),
        "table_results_csv": reverse("table_results_csv", args=[night.table_id]),
        "night_import": reverse("night_import", args=[night.table_id]),
    }


ENDPOINTS = ["night_export_json", "night_entries_csv", "table_results_csv", "night_import"]


@pytest.mark.parametrize("name", ENDPOINTS)
def test_the_host_gets_it(client, night, name):
    client.force_login(night.table.owner)

    assert client.get(_urls(night)[name]).status_code == 200


@pytest.mark.parametrize("name", ENDPOINTS)
def test_another_host_gets_a_404(client, night, name):
    client.force_login(UserFactory())

    assert client.get(_urls(night)[name]).status_code == 404


@pytest.mark.parametrize("name", ENDPOINTS)
def test_an_anonymous_visitor_is_sent_to_sign_in(client, night, name):
    url = _urls(night)[name]

    response = client.get(url)

    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={url}"


@pytest.mark.parametrize("name", ENDPOINTS)
def test_a_share_link_visitor_gets_nothing_here(client, night, name):
    link = ShareLinkFactory(night=night)
    client.get(reverse("share_view", args=[link.token]))

    response = client.get(_urls(night)[name])

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", ["night_export_json", "night_entries_csv", "table_results_csv"])
def test_the_downloads_only_answer_get(client, night, name):
    client.force_login(night.table.owner)

    assert client.post(_urls(night)[name]).status_code == 405


def test_the_night_file_downloads_as_an_attachment_and_is_the_ledgers_export(client, night):
    client.force_login(night.table.owner)

    response = client.get(_urls(night)["night_export_json"])

    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"].startswith("attachment; filename=")
    assert response["Content-Disposition"].endswith(f'-night-{night.pk}.json"')
    document = json.loads(response.content)
    assert document == nightfile.night_export(night)
    assert document["results"]["balances"] == {"Ann": 12, "Bob": -16, "Cy": 4, "Dee": 0}


def test_the_entries_csv_lists_every_entry_with_its_hand_player_and_hash(client, night):
    client.force_login(night.table.owner)

    rows = _rows(client.get(_urls(night)["night_entries_csv"]))

    assert rows[0] == [
        "seq", "when", "by", "hand", "revision", "player", "kind", "amount", "reverses", "hash",
    ]  # fmt: skip
    entries = list(Entry.objects.filter(night=night).order_by("seq"))
    assert len(rows) == 1 + len(entries)
    first = rows[1]
    assert first[0] == "1"
    assert first[2] == night.table.owner.username
    assert first[3:5] == ["1", "1"]
    assert first[6:8] == ["ante", "-1"]  # a number stays a number
    # The chain's hash where it is kept, on the last entry of each post, the seal's last.
    assert [row[9] for row in rows[1:]] == [entry.hash or "" for entry in entries]
    assert rows[-1][9] == entries[-1].hash != ""
    assert rows[2][5] == "pot"
    leftover = [row for row in rows if row[6] == "leftover"]
    assert leftover and all(row[3] == row[4] == "" for row in leftover)


def test_a_correction_shows_its_reversals_and_new_revision_in_the_entries_csv(client):
    night = night_with()
    by = night.table.owner
    first = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}})
    hand_services.hand_record(night=night, expected_number=1, hand=first, by=by)
    fixed = hand_data(night, {"dealer": "Ann", "stayed": {"Bob": 0, "Cy": 5}})
    correction_services.hand_correct(night=night, number=1, hand=fixed, reason="swapped", by=by)
    client.force_login(by)

    rows = _rows(client.get(reverse("night_entries_csv", args=[night.pk])))[1:]

    reversals = [row for row in rows if row[8]]
    assert reversals
    assert all(row[4] == "1" for row in reversals)
    by_seq = {row[0]: row for row in rows}
    assert all(int(row[7]) == -int(by_seq[row[8]][7]) for row in reversals)
    assert {row[4] for row in rows} == {"1", "2"}


def test_the_results_csv_has_every_nights_net_per_player(client, night):
    client.force_login(night.table.owner)

    response = client.get(_urls(night)["table_results_csv"])

    rows = _rows(response)
    assert response["Content-Disposition"].startswith('attachment; filename="thursday-bourre')
    assert rows[0] == ["night", "date", "closed", "player", "chips", "money", "currency"]
    assert [row[3:] for row in rows[1:]] == [
        ["Ann", "12", "12.00", "USD"],
        ["Bob", "-16", "-16.00", "USD"],
        ["Cy", "4", "4.00", "USD"],
        ["Dee", "0", "0.00", "USD"],
    ]
    assert {row[2] for row in rows[1:]} == {"yes"}


def test_the_downloads_date_a_night_where_it_was_played_not_in_utc(client, night, settings):
    settings.TIME_ZONE = "America/Chicago"
    # 8 pm on 5 March in Louisiana is already 6 March in UTC.
    Night.objects.filter(pk=night.pk).update(started_at=datetime(2025, 3, 6, 2, tzinfo=UTC))
    client.force_login(night.table.owner)

    rows = _rows(client.get(_urls(night)["table_results_csv"]))
    download = client.get(_urls(night)["night_export_json"])

    assert {row[1] for row in rows[1:]} == {"2025-03-05"}
    assert f"-2025-03-05-night-{night.pk}.json" in download["Content-Disposition"]


def test_csv_cells_that_a_spreadsheet_would_run_are_neutralised(client):
    table = TableFactory(name="=cmd|' /C calc'!A0")
    players = [PlayerFactory(table=table, name=n) for n in ("=SUM(A1)", "@Bob", "+Cy")]
    night = night_services.night_start(
        table=table, players=players, first_dealer=players[0], by=table.owner
    )
    hand_services.hand_record(
        night=night,
        expected_number=1,
        hand=rules.HandInput(
            dealer=players[0].pk, seated=[p.pk for p in players], stayed={players[1].pk: None}
        ),
        by=table.owner,
    )
    client.force_login(table.owner)

    entries = _rows(client.get(reverse("night_entries_csv", args=[night.pk])))
    results = _rows(client.get(reverse("table_results_csv", args=[table.pk])))

    names = {row[5] for row in entries[1:]} | {row[3] for row in results[1:]}
    assert names == {"'=SUM(A1)", "'@Bob", "'+Cy", "pot"}
    assert "-1" in {row[7] for row in entries[1:]}


RESULTS_NAMES = ["=SUM(A1)", "@Bob", "+Cy", "-Dee", "Ann"]


def _results_night(host, names, currency, chip_value, *, dated):
    """A closed night file at the "=Results" table: a few hands in which someone wins,
    someone is bourré and nobody stays."""
    a, b, c, d = names[:4]
    hands = [
        {"dealer": a, "stayed": {a: 3, b: 2}},
        {"dealer": b, "stayed": {c: 5, d: 0}},
        {"dealer": c, "stayed": {}},
        {"dealer": d, "stayed": {b: 1, d: 4}},
    ]
    document = {
        "format": "bourre-night/1",
        "table": "=Results",
        "rules": {
            **rules.PRESETS["limit"].rules.to_dict(),
            "currency": currency,
            "chip_value": chip_value,
        },
        "players": names,
        "hands": hands,
        "closed": True,
    }
    return nightfile.night_import(document=document, owner=host, dated=dated)


def _results_file_written_row_by_row(table) -> bytes:
    """The results file as it was written before it was streamed: a night's rows from
    its results (closed) or its seats and entries (open), each date from
    timezone.localtime, every cell through safe_cell, into one response body."""
    body = io.StringIO()
    writer = csv.writer(body)
    writer.writerow(["night", "date", "closed", "player", "chips", "money", "currency"])
    for night in Night.objects.filter(table=table).order_by("started_at", "id"):
        date = f"{timezone.localtime(night.started_at):%Y-%m-%d}"
        if night.closed_at is not None:
            rows = [
                (r.player.name, r.chips, from_units(r.money_units, r.currency), r.currency)
                for r in night.results.order_by("position")
            ]
        else:
            house = rules.HouseRules.from_dict(night.rules)
            rows = []
            for seat in night.seats.order_by("position"):
                chips = sum(e.amount for e in Entry.objects.filter(night=night, player=seat.player))
                rows.append((seat.player.name, chips, rules.to_money(chips, house), house.currency))
        for name, chips, money, currency in rows:
            cells = [night.pk, date, "yes" if night.closed_at else "no", name, chips, money]
            writer.writerow([safe_cell(cell) for cell in [*cells, currency]])
    return body.getvalue().encode()


def test_the_streamed_results_file_is_byte_for_byte_the_file_written_row_by_row(client, settings):
    """Closed nights in three currencies (2, 0 and 3 decimal places), one still being
    played between them, names a spreadsheet would run, nights imported out of date
    order, and a night after midnight UTC that was still the day before where it was
    played."""
    settings.TIME_ZONE = "America/Chicago"
    host = UserFactory()
    day = datetime(2025, 3, 1, 1, tzinfo=UTC)  # 7 pm on 28 February in Chicago
    later = _results_night(host, RESULTS_NAMES, "KWD", "0.125", dated=(day.replace(day=20), None))
    first = _results_night(host, RESULTS_NAMES[::-1], "USD", "0.25", dated=(day, None))
    _results_night(host, RESULTS_NAMES[1:], "JPY", "10", dated=(day.replace(day=10), None))
    table = first.table
    players = list(Player.objects.filter(table=table, name__in=RESULTS_NAMES[:3]))
    still_open = night_services.night_start(
        table=table,
        players=players,
        first_dealer=players[0],
        by=host,
        house_rules={**rules.PRESETS["limit"].rules.to_dict(), "currency": "SEK"},
        started_at=day.replace(day=15),
    )
    hand_services.hand_record(
        night=still_open,
        expected_number=1,
        hand=rules.HandInput(
            dealer=players[0].pk, seated=[p.pk for p in players], stayed={players[1].pk: None}
        ),
        by=host,
    )
    client.force_login(host)

    response = client.get(reverse("table_results_csv", args=[table.pk]))

    assert response.streaming
    body = response.getvalue()
    assert body == _results_file_written_row_by_row(table)
    rows = list(csv.reader(io.StringIO(body.decode())))
    assert [row[0] for row in rows[1:]] == [
        *[str(first.pk)] * 5,
        *[str(rows[6][0])] * 4,
        *[str(still_open.pk)] * 3,
        *[str(later.pk)] * 5,
    ]
    assert rows[1][1] == "2025-02-28"
    assert {(row[2], row[6]) for row in rows[1:]} == {
        ("yes", "USD"),
        ("yes", "JPY"),
        ("no", "SEK"),
        ("yes", "KWD"),
    }
    assert {row[3] for row in rows[1:]} == {"'=SUM(A1)", "'@Bob", "'+Cy", "'-Dee", "Ann"}
    money = {row[6]: row[5] for row in rows[1:] if row[4] not in {"0", "-1", "1"}}
    assert "." not in money["JPY"]
    assert len(money["KWD"].split(".")[1]) == 3
    assert len(money["USD"].split(".")[1]) == 2


def test_the_results_file_reads_as_many_queries_at_10_nights_as_at_2(client):
    """The session, the user, the table; the nights and the closed nights' results; and
    for a night still being played its rules, entries and seats: however many nights."""
    counts = {}
    for nights in (2, 10):
        first = closed_example()
        for _ in range(nights - 2):
            closed_example(first.table)
        NightFactory(table=first.table, names=["Ann", "Bob", "Cy"], hands=[])
        client.force_login(first.table.owner)
        url = reverse("table_results_csv", args=[first.table_id])
        with CaptureQueriesContext(connection) as queries:
            rows = _rows(client.get(url))  # the rows are read as the file is sent
        assert len(rows) == 1 + 4 * (nights - 1) + 3
        counts[nights] = len(queries)

    assert counts == {2: 8, 10: 8}


def test_the_results_file_of_a_table_without_nights_is_its_header(client):
    table = TableFactory()
    client.force_login(table.owner)

    response = client.get(reverse("table_results_csv", args=[table.pk]))

    assert response.getvalue() == b"night,date,closed,player,chips,money,currency\r\n"


@pytest.mark.parametrize(
    ("value", "expected"),
    [("=1+1", "'=1+1"), ("-2+3", "'-2+3"), ("\tx", "'\tx"), ("Ann", "Ann"), (-5, -5), (None, None)],
)
def test_safe_cell_only_touches_text_starting_like_a_formula(value, expected):
    assert safe_cell(value) == expected


def test_the_import_page_offers_a_file_field_with_a_label(client, night):
    client.force_login(night.table.owner)

    html = client.get(_urls(night)["night_import"]).content.decode()

    assert 'enctype="multipart/form-data"' in html
    assert '<label for="id_file">Night file</label>' in html
    assert 'type="file"' in html


def test_uploading_a_night_file_records_it_at_this_table(client):
    table = TableFactory()
    client.force_login(table.owner)

    response = client.post(
        reverse("night_import", args=[table.pk]), {"file": _upload(json.dumps(_document()))}
    )

    night = Night.objects.get(table=table)
    assert response.status_code == 302
    assert response["Location"] == reverse("night_report", args=[night.pk])
    balances = selectors.night_balances(night)
    assert [balances[ids(night)[name]] for name in EXAMPLE_1["roster"]] == EXAMPLE_1["final"]
    assert night.is_closed
    page = client.get(response["Location"]).content.decode()
    assert "Night imported: 7 hands, 4 players." in page


def test_an_exported_night_imports_back_to_the_same_results(client, night):
    client.force_login(night.table.owner)
    exported = client.get(_urls(night)["night_export_json"]).content
    other = TableFactory(owner=night.table.owner)

    client.post(reverse("night_import", args=[other.pk]), {"file": _upload(exported)})

    again = nightfile.night_export(Night.objects.get(table=other))
    original = json.loads(exported)
    assert {**again, "table": None} == {**original, "table": None}


def test_a_bad_hand_is_named_and_nothing_is_written(client):
    table = TableFactory()
    client.force_login(table.owner)
    hands = [hand for hand, _, _ in EXAMPLE_1["hands"]]
    hands[1] = {"dealer": "Bob", "stayed": {"Cy": 3, "Dee": 0}}
    hands[4] = {"dealer": "Zed", "stayed": {}}

    response = client.post(
        reverse("night_import", args=[table.pk]),
        {"file": _upload(json.dumps(_document(hands=hands)))},
    )

    html = response.content.decode()
    assert response.status_code == 400
    assert str(NOT_IMPORTED) in html
    assert escape(said(rules.errors.DEALER_NOT_ON_ROSTER, hand=5, player="Zed")) in html
    assert not Night.objects.filter(table=table).exists()
    assert not Player.objects.filter(table=table).exists()
    assert not Entry.objects.exists()


def test_a_hand_the_referee_refuses_is_named_with_its_number(client):
    table = TableFactory()
    client.force_login(table.owner)
    hands = [hand for hand, _, _ in EXAMPLE_1["hands"]]
    hands[1] = {"dealer": "Bob", "stayed": {"Cy": 3, "Dee": 0}}

    response = client.post(
        reverse("night_import", args=[table.pk]),
        {"file": _upload(json.dumps(_document(hands=hands)))},
    )

    message = said(rules.errors.TRICKS_DO_NOT_ADD_UP, hand=2, total=3, tricks_per_hand=5)
    assert escape(message) in response.content.decode()
    assert not Night.objects.filter(table=table).exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"format": "bourre-night/1", ', said(FILE_NOT_JSON,
            problem="Expecting property name enclosed in double quotes", line=1, column=30)),
        (b"\xff\xfe\x00bad", FILE_NOT_TEXT),
    ],
)  # fmt: skip
def test_a_file_that_is_not_json_gets_a_clear_message(client, content, message):
    table = TableFactory()
    client.force_login(table.owner)

    response = client.post(reverse("night_import", args=[table.pk]), {"file": _upload(content)})

    assert response.status_code == 400
    assert escape(message) in response.content.decode()
    assert not Night.objects.exists()


def test_a_json_document_that_is_not_a_night_file_says_so(client):
    table = TableFactory()
    client.force_login(table.owner)

    response = client.post(reverse("night_import", args=[table.pk]), {"file": _upload("[1, 2]")})

    assert escape(said(nightfile.DOCUMENT_NOT_OBJECT, kind="a list")) in response.content.decode()


def test_a_file_over_1_mb_is_refused_unread(client):
    table = TableFactory()
    client.force_login(table.owner)
    big = b" " * IMPORT_LIMIT_BYTES + b"{}"

    response = client.post(reverse("night_import", args=[table.pk]), {"file": _upload(big)})

    assert response.status_code == 400
    assert escape(FILE_TOO_LARGE % {"size": 1025}) in response.content.decode()


def test_posting_without_a_file_asks_for_one(client):
    table = TableFactory()
    client.force_login(table.owner)

    response = client.post(reverse("night_import", args=[table.pk]), {})

    assert escape(FILE_REQUIRED) in response.content.decode()


def test_another_host_cannot_import_into_the_table(client):
    table = TableFactory()
    client.force_login(UserFactory())

    response = client.post(
        reverse("night_import", args=[table.pk]), {"file": _upload(json.dumps(_document()))}
    )

    assert response.status_code == 404
    assert not Night.objects.exists()


def test_an_anonymous_upload_is_sent_to_sign_in_and_writes_nothing(client):
    table = TableFactory()

    response = client.post(
        reverse("night_import", args=[table.pk]), {"file": _upload(json.dumps(_document()))}
    )

    assert response.status_code == 302
    assert not Night.objects.exists()


def test_a_deeply_nested_upload_is_a_400_that_says_it_is_not_a_night_file(client):
    table = TableFactory()
    client.force_login(table.owner)
    client.raise_request_exception = False

    response = client.post(
        reverse("night_import", args=[table.pk]), {"file": _upload("[" * 10_000 + "]" * 10_000)}
    )

    assert response.status_code == 400
    assert escape(said(nightfile.FILE_TOO_DEEP, limit=10)) in response.content.decode()
    assert not Night.objects.exists()


def test_an_upload_of_fifteen_thousand_players_is_refused_by_their_count(client):
    table = TableFactory()
    client.force_login(table.owner)
    players = [f"P{i:05d}" for i in range(15_000)]

    response = client.post(
        reverse("night_import", args=[table.pk]),
        {"file": _upload(json.dumps(_document(players=players, hands=[], closed=False)))},
    )

    assert response.status_code == 400
    message = said(nightfile.PLAYERS_TOO_MANY, limit=40, count=15_000)
    assert escape(message) in response.content.decode()
    assert not Player.objects.exists()


def test_an_upload_of_bad_hands_answers_with_the_first_problems_and_a_count(client):
    table = TableFactory()
    client.force_login(table.owner)
    hands = [{"dealer": "Zed" * 20, "stayed": {"Nobody" * 20: 5}}] * 2_000
    content = json.dumps(_document(hands=hands))
    assert len(content) > 300_000

    response = client.post(reverse("night_import", args=[table.pk]), {"file": _upload(content)})

    html = response.content.decode()
    assert response.status_code == 400
    assert escape(said(nightfile.MORE_PROBLEMS, count=3_980, shown=20)) in html
    assert html.count("<li>") <= 21 + 10  # the problems, and the page's own lists
    assert len(html) < 30_000


def test_the_import_page_offers_to_import_a_file_again(client, night):
    client.force_login(night.table.owner)

    html = client.get(_urls(night)["night_import"]).content.decode()

    assert 'type="checkbox" name="again"' in html
    assert "Import it again anyway" in html


def test_uploading_the_same_file_twice_is_refused_until_the_host_says_again(client):
    table = TableFactory()
    client.force_login(table.owner)
    url = reverse("night_import", args=[table.pk])
    content = json.dumps(_document())
    client.post(url, {"file": _upload(content)})
    first = Night.objects.get(table=table)
    entries = Entry.objects.count()

    refused = client.post(url, {"file": _upload(content)})

    html = refused.content.decode()
    assert refused.status_code == 409
    assert escape(NOT_IMPORTED) in html
    assert (
        escape(
            said(
                nightfile.ALREADY_IMPORTED,
                date=f"{timezone.localtime(first.import_record.imported_at):%Y-%m-%d}",
                night=first.pk,
                table=table.name,
            )
        )
        in html
    )
    assert escape(IMPORT_AGAIN) in html
    assert Night.objects.filter(table=table).count() == 1
    assert Entry.objects.count() == entries

    again = client.post(url, {"file": _upload(content), "again": "on"})

    assert again.status_code == 302
    assert Night.objects.filter(table=table).count() == 2


def test_an_upload_with_text_that_is_not_unicode_is_a_400_with_a_message(client):
    table = TableFactory()
    client.force_login(table.owner)
    client.raise_request_exception = False
    content = json.dumps(_document(players=["Ann", "Bob\ud800"], hands=[]))

    response = client.post(reverse("night_import", args=[table.pk]), {"file": _upload(content)})

    assert response.status_code == 400
    assert escape(said(nightfile.FILE_NOT_UNICODE)) in response.content.decode()
    assert not Player.objects.exists()


def test_an_upload_giving_a_key_twice_is_refused_naming_it_and_nothing_is_written(client):
    table = TableFactory()
    client.force_login(table.owner)
    content = json.dumps(_document(rules={"ante": 1})).replace('"ante": 1', '"ante": 1, "ante": 50')

    response = client.post(reverse("night_import", args=[table.pk]), {"file": _upload(content)})

    (line,) = refused(response)  # on the file's field, named by its label
    assert line.endswith(said(nightfile.FILE_KEY_TWICE, path="rules.ante"))
    assert not Night.objects.exists()
    assert not Player.objects.exists()
