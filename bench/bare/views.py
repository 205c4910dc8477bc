from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from bench.bare.models import Row

SHOWN = 5


def _amount(text: str) -> int:
    text = text.strip()
    return int(text) if text.isascii() and text.isdecimal() and len(text) <= 9 else 0


@login_required
@require_POST
def row_add(request: HttpRequest) -> HttpResponse:
    Row.objects.create(
        name=request.POST.get("name", "")[:40], amount=_amount(request.POST.get("amount", ""))
    )
    return redirect("row_list")


@login_required
@require_safe
def row_list(request: HttpRequest) -> HttpResponse:
    rows = Row.objects.order_by("-id")[:SHOWN]
    return render(request, "bare/rows.html", {"rows": rows})
