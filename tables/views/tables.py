"""The host's tables: the list, creating and editing one, its page, and starting a night."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from ledger import rules
from ledger.errors import InvalidInput, ServiceError
from ledger.models import Table
from ledger.selectors.night_start import night_start_screen
from ledger.services import nights as night_services
from ledger.services import samples as sample_services
from ledger.services import tables as table_services
from tables import responses
from tables.access import table_for_host, table_for_runner
from tables.forms.night_start import NightStartForm
from tables.forms.table import TableForm, default_currency
from tables.pages.night_start import START_FORM, last_seating, night_start_page
from tables.pages.table_form import RULES, table_form_page
from tables.pages.table_list import table_list_page
from tables.pages.table_page import table_page
from tables.problems import sentences
from tables.submission_keys import new_key, posted_key

SAMPLE_READY = pgettext_lazy(
    "hand played",
    "Here is a sample table with a finished night: open its settle-up, report and hand log "
    "to see every screen. Put it away when you are done.",
)
SAMPLE_HIDDEN = gettext_lazy("%(table)s was put away.")

PRESET_ACTION = "preset"
# The taps that build the night's seating before it starts (NightStartForm.seating_after).
# Each a submit button's name, its value the player's id. (Not "remove": a form's control
# of that name hides the form's own remove(), which htmx calls when it swaps the form.)
SEAT_ACTIONS = {"seat_add": "add", "seat_remove": "remove", "seat_clear": "clear"}


@login_required
@require_safe
def table_list(request: HttpRequest) -> HttpResponse:
    return responses.show(request, table_list_page(request.user))


def _table_form(request: HttpRequest, *, initial: dict, table: Table | None) -> HttpResponse:
    """The create and edit forms share everything but the service they call."""
    if request.method != "POST":
        slug = request.GET.get("preset")
        if slug in rules.PRESETS:
            form = TableForm.with_preset(
                slug,
                name=initial.get("name", ""),
                language=initial.get("language", ""),
                currency=initial.get("currency", ""),
                debt_reminders=initial.get("debt_reminders", True),
            )
        else:
            form = TableForm(initial=initial)
        return responses.show(request, table_form_page(form, table=table))
    if request.POST.get("action") == PRESET_ACTION:
        # Filling in a preset writes nothing: the host still reviews every setting.
        form = TableForm.with_preset(
            request.POST.get("preset", ""),
            name=request.POST.get("name", ""),
            ante=request.POST.get("ante", ""),
            language=request.POST.get("language", ""),
            currency=request.POST.get("currency", ""),
            debt_reminders=bool(request.POST.get("debt_reminders")),
        )
        page = table_form_page(form, table=table, part=responses.swapped(request, RULES))
        return responses.show(request, page)
    form = TableForm(request.POST, initial=initial)
    if form.is_valid():
        try:
            if table is None:
                table = table_services.table_create(
                    owner=request.user,
                    name=form.cleaned_data["name"],
                    house_rules=form.house_rules(),
                    language=form.cleaned_data["language"],
                    debt_reminders=form.cleaned_data["debt_reminders"],
                )
                # The table page says it is ready while it has no players (table_page).
                message = ""
            else:
                table_services.table_update(
                    table=table,
                    name=form.cleaned_data["name"],
                    house_rules=form.house_rules(),
                    language=form.cleaned_data["language"],
                    debt_reminders=form.cleaned_data["debt_reminders"],
                )
                message = gettext("Saved. The new rules apply from the next night.")
            return responses.go(request, reverse("table_detail", args=[table.pk]), message)
        except InvalidInput as error:
            form.add_service_errors(error.problems)
    return responses.refuse(request, table_form_page(form, table=table), form=form)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def table_create(request: HttpRequest) -> HttpResponse:
    # A new table plays for the money of its host's language until they pick another.
    house = rules.PRESETS["louisiana"].house_rules(currency=default_currency())
    return _table_form(
        request, initial=TableForm.initial_for(house, preset="louisiana"), table=None
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def table_edit(request: HttpRequest, table_id: int) -> HttpResponse:
    table = table_for_host(request, table_id)
    house = rules.HouseRules.from_dict(table.rules)
    return _table_form(
        request,
        initial=TableForm.initial_for(
            house,
            name=table.name,
            language=table.language,
            debt_reminders=table.debt_reminders,
        ),
        table=table,
    )


@login_required
@require_safe
def table_detail(request: HttpRequest, table_id: int) -> HttpResponse:
    table = table_for_host(request, table_id)
    return responses.show(request, table_page(table, page=request.GET.get("page", 1)))


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def night_start(request: HttpRequest, table_id: int) -> HttpResponse:
    # The host or a co-host: starting a night is running the table's nights.
    table = table_for_runner(request, table_id)
    if request.method != "POST":
        screen = night_start_screen(table)
        form = NightStartForm(initial=last_seating(screen), players=screen.players)
        return responses.show(request, night_start_page(screen, form, key=new_key()))
    screen = night_start_screen(table, last_night=False)
    # The key the page was shown with: a second tap on Start opens the same night.
    key = posted_key(request.POST) or new_key()
    button = next((name for name in SEAT_ACTIONS if name in request.POST), "")
    if button:
        # One tap on the way to the night (a player seated next, taken out, all cleared):
        # the page again with the new seats, nothing written; to htmx only the form.
        posted = NightStartForm(request.POST, players=screen.players)
        chosen = posted.seating_after(SEAT_ACTIONS[button], request.POST.get(button, ""))
        form = NightStartForm(initial=chosen, players=screen.players)
        part = responses.swapped(request, START_FORM)
        return responses.show(request, night_start_page(screen, form, key=key, part=part))
    form = NightStartForm(request.POST, players=screen.players)
    if form.is_valid():
        try:
            night = night_services.night_start(
                table=table,
                players=form.roster,
                first_dealer=form.dealer,
                by=request.user,
                idempotency_key=posted_key(request.POST),
            )
        except ServiceError as error:
            names = {p.pk: p.name for p in screen.players}
            refusal = sentences(error.problems, names)
            return responses.refuse(request, night_start_page(screen, form, key=key), refusal)
        return redirect("night_detail", night_id=night.pk)
    # The form's inputs are the template's own (taps, hidden seats): nothing to link to.
    problems = responses.form_problems(form, linked=False)
    return responses.refuse(request, night_start_page(screen, form, key=key), problems)


@login_required
@require_POST
def table_sample_create(request: HttpRequest) -> HttpResponse:
    """A sample table with a finished night, to look at every screen before a real one."""
    table = sample_services.table_create_sample(host=request.user)
    return responses.go(request, reverse("table_detail", args=[table.pk]), SAMPLE_READY)


@login_required
@require_POST
def table_sample_hide(request: HttpRequest, table_id: int) -> HttpResponse:
    table = table_for_host(request, table_id)
    try:
        sample_services.table_hide_sample(table=table)
    except InvalidInput as error:
        return responses.refuse(request, table_page(table), sentences(error.problems, {}))
    return responses.go(request, reverse("table_list"), SAMPLE_HIDDEN % {"table": table.name})
