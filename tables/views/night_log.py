"""The hand log: every revision of every hand, with who changed what, when and why."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from tables import responses
from tables.access import night_for_runner
from tables.pages.night_log import night_log_page


@login_required
@require_safe
def night_log(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_runner(request, night_id)
    return responses.show(request, night_log_page(night, full=request.GET.get("full") == "1"))
