"""The hand screen's outbox: a hand entered with no connection, sent once it is back."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from ledger import errors as err
from tables import outbox, responses
from tables.access import hand_screen_for_runner
from tables.problems import sentence


@login_required
@require_POST
def hand_send(request: HttpRequest, night_id: int) -> HttpResponse:
    """One hand from the outbox (tables.outbox). The answer is JSON and always 200: what
    became of the hand is the outbox's to show (as a part htmx swaps answers 200 with its
    refusal on top), not a failed request."""
    screen = hand_screen_for_runner(request, night_id)
    if screen.night.is_closed:
        refused = outbox.Sent(outbox.REFUSED, problems=[sentence(err.NIGHT_CLOSED())])
        return responses.data(refused.as_data())
    return responses.data(outbox.send(screen, request.POST, by=request.user).as_data())
