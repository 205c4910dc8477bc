"""Getting a night or a table's history out (JSON night file, CSV) and a night file in.

The night file is ledger.nightfile's, the same document the import_night and
export_night commands read and write; an upload is recorded through the same
services as the phone, whole or not at all. A table's results file grows with its
history: it is sent as it is written (streamed), never held whole.
"""

import json

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext_lazy, npgettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from ledger import nightfile
from ledger.errors import ServiceError
from ledger.models import Entry, Night, Table
from ledger.selectors.table_results import table_results
from tables import responses
from tables.access import night_for_host, table_for_host
from tables.csv_files import SafeCells, csv_response, csv_stream
from tables.forms.night_file import NightFileForm
from tables.pages.night_import import night_import_page
from tables.problems import sentences

# A night has two players at least: only the hands' count needs a plural.
NIGHT_IMPORTED = npgettext_lazy(
    "hand played",
    "Night imported: %(hands)s hand, %(players)s players.",
    "Night imported: %(hands)s hands, %(players)s players.",
    "hands",
)
NOT_IMPORTED = gettext_lazy("The night was not imported, and nothing was written:")
IMPORT_AGAIN = gettext_lazy(
    "If that night really was played twice, tick “Import it again anyway” and upload it again."
)


# The downloads are machine formats, the same in every language (see docs): the CSV
# headers, the coded values in the cells ("pot" for the pot's entries, "yes"/"no" for a
# closed night, the entry kinds) and the file names; the night file's keys are
# ledger.nightfile's.


def _date(value) -> str:
    """The local date a night was played, as every page shows it (not UTC's)."""
    return f"{timezone.localtime(value):%Y-%m-%d}"


def _night_name(night: Night) -> str:
    return f"{slugify(night.table.name) or 'table'}-{_date(night.started_at)}-night-{night.pk}"


@login_required
@require_safe
def night_export_json(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    document = nightfile.night_export(night)
    response = HttpResponse(
        json.dumps(document, cls=DjangoJSONEncoder, ensure_ascii=False, indent=2) + "\n",
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{_night_name(night)}.json"'
    return response


@login_required
@require_safe
def night_entries_csv(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    username = f"created_by__{get_user_model().USERNAME_FIELD}"
    rows = (
        Entry.objects.filter(night=night)
        .order_by("seq")
        .values_list(
            "seq",
            "created_at",
            username,
            "hand_number",
            "hand__revision",
            "player__name",
            "kind",
            "amount",
            "reverses__seq",
            "hash",
        )
    )
    return csv_response(
        f"{_night_name(night)}-entries.csv",
        ["seq", "when", "by", "hand", "revision", "player", "kind", "amount", "reverses", "hash"],
        (
            [
                seq,
                when.isoformat(),
                by,
                "" if hand is None else hand,
                "" if revision is None else revision,
                "pot" if player is None else player,
                kind,
                amount,
                "" if reverses is None else reverses,
                # Kept on the last entry of each post only (ledger.models.Entry.hash).
                "" if digest is None else digest,
            ]
            for seq, when, by, hand, revision, player, kind, amount, reverses, digest in rows
        ),
    )


@login_required
@require_safe
def table_results_csv(request: HttpRequest, table_id: int) -> StreamingHttpResponse:
    table = table_for_host(request, table_id)
    # The rows are read as the file is sent, after this view has returned: the time
    # zone its dates are in is taken now.
    return csv_stream(
        f"{slugify(table.name) or 'table'}-results.csv",
        ["night", "date", "closed", "player", "chips", "money", "currency"],
        _results(table, timezone.get_current_timezone()),
    )


def _results(table: Table, zone):
    """Each night's rows: one per player on its roster, oldest night first, in seat order.

    A night's date is worked out once for its rows, and each name's cell once for the
    file (the numbers, the dates and "yes"/"no" never look like a formula)."""
    cells = SafeCells()
    for night in table_results(table):
        night_id = night.night_id
        date = f"{night.started_at.astimezone(zone):%Y-%m-%d}"
        closed = "yes" if night.closed else "no"
        yield [
            (night_id, date, closed, cells[name], chips, money, cells[currency])
            for name, chips, money, currency in night.rows
        ]


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def night_import(request: HttpRequest, table_id: int) -> HttpResponse:
    table = table_for_host(request, table_id)
    if request.method != "POST":
        return responses.show(request, night_import_page(table, NightFileForm()))
    form = NightFileForm(request.POST, request.FILES)
    if not form.is_valid():
        page = night_import_page(table, form)
        return responses.refuse(request, page, form=form, title=NOT_IMPORTED)
    try:
        night = nightfile.night_import(
            document=form.cleaned_data["file"],
            owner=request.user,
            table_name=table.name,
            by=request.user,
            again=form.cleaned_data["again"],
        )
    except nightfile.AlreadyImported as error:
        # A night file's problems name its players by the file's names.
        problems, status = [*sentences(error.problems, {}), IMPORT_AGAIN], responses.CONFLICT
    except ServiceError as error:
        problems, status = sentences(error.problems, {}), responses.REFUSED
    else:
        hands = night.hands.filter(live=True).count()
        message = NIGHT_IMPORTED % {"hands": hands, "players": night.seats.count()}
        return responses.go(request, reverse("night_report", args=[night.pk]), message)
    page = night_import_page(table, form)
    return responses.refuse(request, page, problems, title=NOT_IMPORTED, status=status)
