"""The host's tables: the list, creating and editing one, its page, and starting a night."""

import dataclasses
import re
import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Max, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext, npgettext, pgettext
from django.views.decorators.http import require_http_methods, require_safe

from ledger import rules
from ledger.errors import InvalidInput, ServiceError
from ledger.models import Night, Player, Table
from ledger.selectors.seats import night_seats
from ledger.services import nights as night_services
from ledger.services import tables as table_services
from tables import house_rules_text
from tables.access import table_for_host
from tables.forms import NightStartForm, PlayerNameForm, TableForm
from tables.problems import sentences
from tables.views.debts import debts_context

PRESET_ACTION = "preset"
START_KEY = re.compile(r"[0-9a-f]{1,64}")
# The taps that build the night's seating before it starts (NightStartForm.seating_after).
# Each a submit button's name, its value the player's id. (Not "remove": a form's control
# of that name hides the form's own remove(), which htmx calls when it swaps the form.)
SEAT_ACTIONS = {"seat_add": "add", "seat_remove": "remove", "seat_clear": "clear"}


@login_required
@require_safe
def table_list(request: HttpRequest) -> HttpResponse:
    tables = (
        Table.objects.filter(owner=request.user)
        .annotate(
            player_count=Count("players", filter=Q(players__retired_at=None), distinct=True),
            open_nights=Count("nights", filter=Q(nights__closed_at=None), distinct=True),
            last_night=Max("nights__started_at"),
        )
        .order_by("name")
    )
    return render(request, "tables/table_list.html", {"tables": tables})


def _table_form(request: HttpRequest, *, initial: dict, table: Table | None) -> HttpResponse:
    """The create and edit forms share everything but the service they call."""
    if request.method != "POST":
        slug = request.GET.get("preset")
        if slug in rules.PRESETS:
            form = TableForm.with_preset(
                slug, name=initial.get("name", ""), language=initial.get("language", "")
            )
        else:
            form = TableForm(initial=initial)
    elif request.POST.get("action") == PRESET_ACTION:
        # Filling in a preset writes nothing: the host still reviews every setting.
        form = TableForm.with_preset(
            request.POST.get("preset", ""),
            name=request.POST.get("name", ""),
            ante=request.POST.get("ante", ""),
            language=request.POST.get("language", ""),
        )
        if request.htmx:
            return render(request, "tables/table_form.html#rules", {"form": form})
    else:
        form = TableForm(request.POST)
        if form.is_valid():
            try:
                if table is None:
                    table = table_services.table_create(
                        owner=request.user,
                        name=form.cleaned_data["name"],
                        house_rules=form.house_rules(),
                        language=form.cleaned_data["language"],
                    )
                    messages.success(
                        request,
                        gettext("%(table)s is ready. Add its players.") % {"table": table.name},
                    )
                else:
                    table_services.table_update(
                        table=table,
                        name=form.cleaned_data["name"],
                        house_rules=form.house_rules(),
                        language=form.cleaned_data["language"],
                    )
                    messages.success(
                        request, gettext("Saved. The new rules apply from the next night.")
                    )
                return redirect("table_detail", table_id=table.pk)
            except InvalidInput as error:
                form.add_service_errors(error.problems)
    return render(
        request,
        "tables/table_form.html",
        {"form": form, "table": table, "presets": presets()},
    )


def presets() -> list[rules.Preset]:
    """The presets with their names and descriptions in the active language (marked where
    they are defined, in ledger.rules)."""
    return [
        dataclasses.replace(
            preset, label=gettext(preset.label), description=gettext(preset.description)
        )
        for preset in rules.PRESETS.values()
    ]


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def table_create(request: HttpRequest) -> HttpResponse:
    return _table_form(
        request,
        initial=TableForm.initial_for(rules.PRESETS["louisiana"].rules, preset="louisiana"),
        table=None,
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def table_edit(request: HttpRequest, table_id: int) -> HttpResponse:
    table = table_for_host(request, table_id)
    house = rules.HouseRules.from_dict(table.rules)
    return _table_form(
        request,
        initial=TableForm.initial_for(house, name=table.name, language=table.language),
        table=table,
    )


def rules_summary(house: rules.HouseRules) -> list[str]:
    """The house rules in a few words each, for the table page."""
    lines = [
        npgettext(
            "hand played",
            "Ante %(ante)s chip, %(cards)s cards a hand, up to %(players)s players in a hand",
            "Ante %(ante)s chips, %(cards)s cards a hand, up to %(players)s players in a hand",
            house.ante,
        )
        % {"ante": house.ante, "cards": house.tricks_per_hand, "players": house.max_players},
        gettext("One chip is worth %(value)s %(currency)s")
        % {"value": house.chip_value, "currency": house.currency},
    ]
    if house.min_tricks_to_win > 1:
        lines.append(
            ngettext(
                "The leader needs %(tricks)s trick to win",
                "The leader needs %(tricks)s tricks to win",
                house.min_tricks_to_win,
            )
            % {"tricks": house.min_tricks_to_win}
        )
    if house.escalating_ante:
        lines.append(pgettext("hand played", "The ante doubles after each hand nobody wins"))
    if house.bourre_cap is not None:
        lines.append(
            ngettext("Bourré cap: %(cap)s chip", "Bourré cap: %(cap)s chips", house.bourre_cap)
            % {"cap": house.bourre_cap}
        )
    if house.win_cap is not None:
        lines.append(
            ngettext("Win cap: %(cap)s chip", "Win cap: %(cap)s chips", house.win_cap)
            % {"cap": house.win_cap}
        )
    if house.pot_cap is not None:
        lines.append(
            ngettext("Pot cap: %(cap)s chip", "Pot cap: %(cap)s chips", house.pot_cap)
            % {"cap": house.pot_cap}
        )
    if house.ante_exemptions:
        lines.append(gettext("Bourréd and tied players skip the next ante"))
    if house.leftover_pot == rules.LEFTOVER_SPLIT:
        lines.append(
            pgettext("hand played", "A pot left at closing is split among the last hand's players")
        )
    else:
        lines.append(gettext("A pot left at closing is refunded"))
    lines.append(house_rules_text.obligation_line(house))
    return lines


def table_page_context(table: Table, **extra) -> dict:
    """Everything the table page shows; the player views re-render it with their errors."""
    players = list(table.players.all())
    nights = (
        Night.objects.filter(table=table)
        .annotate(
            player_count=Count("seats", distinct=True),
            hand_count=Count("hands", filter=Q(hands__live=True), distinct=True),
        )
        .order_by("-started_at", "-id")
    )
    return {
        "table": table,
        "rules_summary": rules_summary(rules.HouseRules.from_dict(table.rules)),
        "players": [p for p in players if p.retired_at is None],
        "retired": [p for p in players if p.retired_at is not None],
        "open_nights": [n for n in nights if n.closed_at is None],
        "closed_nights": [n for n in nights if n.closed_at is not None],
        "add_form": PlayerNameForm(),
        **debts_context(table),
        **extra,
    }


@login_required
@require_safe
def table_detail(request: HttpRequest, table_id: int) -> HttpResponse:
    table = table_for_host(request, table_id)
    return render(request, "tables/table_detail.html", table_page_context(table))


def _last_seating(table: Table, players: list[Player]) -> dict:
    """Last night's seat order as the starting point: most nights the same people sit
    the same way, so the host only confirms."""
    last = Night.objects.filter(table=table).order_by("-started_at", "-id").first()
    if last is None:
        return {}
    available = {p.pk for p in players}
    order = [s.player_id for s in night_seats(last) if s.active and s.player_id in available]
    return {f"seat_{player_id}": str(n) for n, player_id in enumerate(order, start=1)}


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def night_start(request: HttpRequest, table_id: int) -> HttpResponse:
    table = table_for_host(request, table_id)
    players = list(table.players.filter(retired_at=None))
    # One key per page shown: tapping "Start" again, or a retry, opens the same night.
    key = uuid.uuid4().hex
    button = next((name for name in SEAT_ACTIONS if name in request.POST), "")
    if button:
        # One tap on the way to the night (a player seated next, taken out, all cleared):
        # the page again with the new seats, nothing written; to htmx only the form.
        posted = NightStartForm(request.POST, players=players)
        chosen = posted.seating_after(SEAT_ACTIONS[button], request.POST.get(button, ""))
        form = NightStartForm(initial=chosen, players=players)
        context = {"table": table, "form": form, "key": request.POST.get("key", key)}
        if request.htmx:
            return render(request, "tables/night_start.html#start_form", context)
        return render(request, "tables/night_start.html", context)
    if request.method == "POST":
        form = NightStartForm(request.POST, players=players)
        if form.is_valid():
            posted = request.POST.get("key", "")
            try:
                night = night_services.night_start(
                    table=table,
                    players=form.roster,
                    first_dealer=form.dealer,
                    by=request.user,
                    idempotency_key=posted if START_KEY.fullmatch(posted) else "",
                )
            except ServiceError as error:
                names = {p.pk: p.name for p in players}
                for message in sentences(error.problems, names):
                    form.add_error(None, message)
            else:
                return redirect("night_detail", night_id=night.pk)
    else:
        form = NightStartForm(initial=_last_seating(table, players), players=players)
    return render(request, "tables/night_start.html", {"table": table, "form": form, "key": key})
