"""Download my data: everything kept about the account, as JSON (every record, as Django
serializes it), and the ledger's entries about it as CSV. Both are sent as they are
written, so a host of hundreds of nights downloads without the server holding the file."""

import json
from itertools import batched

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core import serializers
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from ledger.selectors.account_data import ACCOUNT_FIELDS, account_entries, account_records
from tables import responses
from tables.csv_files import csv_stream, safe_cell
from tables.pages.account_data import account_data_page

FORMAT = "bourre-account-data/1"
# Rows serialized, and sent, at a time.
CHUNK = 1000


@login_required
@require_safe
def account_data(request: HttpRequest) -> HttpResponse:
    return responses.show(request, account_data_page(request.user))


def _filename(request: HttpRequest, suffix: str) -> str:
    name = slugify(request.user.get_username()) or "account"
    return f"bourre-{name}-{timezone.localdate():%Y-%m-%d}{suffix}"


@never_cache
@login_required
@require_safe
def account_data_json(request: HttpRequest) -> StreamingHttpResponse:
    user = request.user

    def chunks():
        head = {"format": FORMAT, "account": user.get_username(), "exported_at": timezone.now()}
        yield json.dumps(head, cls=DjangoJSONEncoder)[:-1] + ', "records": ['
        first = True
        for model, rows in account_records(user):
            fields = ACCOUNT_FIELDS if model is get_user_model() else None
            for batch in batched(rows.iterator(chunk_size=CHUNK), CHUNK):
                text = serializers.serialize("json", batch, fields=fields, ensure_ascii=False)
                # One list for every model: each batch's objects without its brackets.
                yield ("" if first else ",") + text.strip()[1:-1]
                first = False
        yield "]}\n"

    response = StreamingHttpResponse(chunks(), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(request, ".json")}"'
    return response


ENTRY_HEADER = [
    "table",
    "night",
    "night started",
    "seq",
    "when",
    "hand",
    "player",
    "kind",
    "amount",
    "hash",
]


@never_cache
@login_required
@require_safe
def account_data_entries_csv(request: HttpRequest) -> StreamingHttpResponse:
    def groups():
        for batch in batched(account_entries(request.user).iterator(chunk_size=CHUNK), CHUNK):
            yield [
                [
                    safe_cell(table),
                    night,
                    started.isoformat(),
                    seq,
                    when.isoformat(),
                    "" if hand is None else hand,
                    "pot" if player is None else safe_cell(player),
                    kind,
                    amount,
                    "" if digest is None else digest,
                ]
                for table, night, started, seq, when, hand, player, kind, amount, digest in batch
            ]

    return csv_stream(_filename(request, "-entries.csv"), ENTRY_HEADER, groups())
