"""What each message says, in the active language (the sender activates the recipient's).

Each function gives a ``Text``: the subject, the lines that say what happened, and the
link to the page where the recipient acts on it. The e-mail is these lines with the link
and a footer; the push notification is the same subject and lines. A message names
another player only where the recipient pays them or is paid by them; it never carries
anyone's pay details (the link opens the page with the pay buttons).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext, ngettext

from ledger.models import Night, NightResult, NightTransfer, Player, Table
from ledger.rules.money import quantum
from tables.presenters import chips, local_date, local_date_time, money


@dataclass(frozen=True)
class Text:
    subject: str
    lines: tuple[str, ...]
    url: str  # absolute
    action: str  # what the link does, as its button says it

    @property
    def body(self) -> str:
        """The lines and the link, as the e-mail's text and the push notification say it."""
        return "\n".join(self.lines)


def _date(night: Night) -> str:
    return local_date(timezone.localtime(night.started_at))


def night_closed(
    *,
    night: Night,
    player: Player,
    result: NightResult | None,
    transfers: Sequence[NightTransfer],
    url_pay: str,
    url_night: str,
) -> Text:
    table = night.table.name
    subject = gettext("%(table)s: the night of %(date)s is closed") % {
        "table": table,
        "date": _date(night),
    }
    lines = []
    if result is not None:
        lines.append(
            ngettext(
                "Your result: %(chips)s chip, %(money)s.",
                "Your result: %(chips)s chips, %(money)s.",
                abs(result.chips),
            )
            % {
                "chips": chips(result.chips),
                "money": money(result.money.quantize(quantum(result.currency)), result.currency),
            }
        )
    pays = [t for t in transfers if t.payer_id == player.pk]
    paid = [t for t in transfers if t.payee_id == player.pk]
    for transfer in pays:
        lines.append(
            gettext("You pay %(name)s %(money)s.")
            % {"name": transfer.payee.name, "money": _money(transfer)}
        )
    for transfer in paid:
        lines.append(
            gettext("%(name)s pays you %(money)s.")
            % {"name": transfer.payer.name, "money": _money(transfer)}
        )
    if not pays and not paid:
        lines.append(gettext("You have nothing to pay and nothing to be paid."))
    if pays:
        return Text(subject, tuple(lines), url_pay, gettext("Pay now"))
    return Text(subject, tuple(lines), url_night, gettext("See the night"))


def _money(transfer: NightTransfer | object) -> str:
    amount: Decimal = transfer.money
    return money(amount.quantize(quantum(transfer.currency)), transfer.currency)


def payment_sent(*, payer: str, amount: Decimal, currency: str, night: Night, url: str) -> Text:
    values = {
        "name": payer,
        "money": money(amount, currency),
        "table": night.table.name,
        "date": _date(night),
    }
    return Text(
        gettext("%(name)s says they sent you %(money)s") % values,
        (
            gettext("%(name)s says they sent you %(money)s for the night of %(date)s at %(table)s.")
            % values,
            gettext("Confirm it once the money has arrived."),
        ),
        url,
        gettext("Confirm"),
    )


def payment_confirmed(
    *, payee: str, amount: Decimal, currency: str, night: Night, url: str
) -> Text:
    values = {
        "name": payee,
        "money": money(amount, currency),
        "table": night.table.name,
        "date": _date(night),
    }
    return Text(
        gettext("Confirmed: you paid %(name)s %(money)s") % values,
        (
            gettext(
                "Your payment of %(money)s to %(name)s for the night of %(date)s at %(table)s "
                "is confirmed and marked paid."
            )
            % values,
        ),
        url,
        gettext("What I owe and am owed"),
    )


def claim_waiting(*, account: str, player: str, table: Table, url: str) -> Text:
    values = {"account": account, "name": player, "table": table.name}
    return Text(
        gettext("%(table)s: %(account)s says they are %(name)s") % values,
        (
            gettext(
                "The account %(account)s says it plays %(name)s at %(table)s. "
                "Accept or refuse it on the table's page."
            )
            % values,
        ),
        url,
        gettext("Answer the claim"),
    )


def invite_used(*, account: str, player: str, table: Table, url: str) -> Text:
    values = {"account": account, "name": player, "table": table.name}
    return Text(
        gettext("%(table)s: %(name)s linked their account") % values,
        (gettext("The account %(account)s took your invite and now plays %(name)s.") % values,),
        url,
        gettext("See the player"),
    )


def co_host_made(*, table: Table, host: str, url: str) -> Text:
    values = {"table": table.name, "host": host}
    return Text(
        gettext("You are now a co-host of %(table)s") % values,
        (
            gettext(
                "%(host)s made you a co-host of %(table)s: you can start, record, correct "
                "and close its nights."
            )
            % values,
        ),
        url,
        gettext("Open the table"),
    )


@dataclass(frozen=True)
class OpenDebt:
    table: str
    night: Night | None
    payee: str
    amount: Decimal
    currency: str


def debt_reminder(*, debts: Sequence[OpenDebt], url: str) -> Text:
    lines = []
    for debt in debts:
        values = {
            "table": debt.table,
            "name": debt.payee,
            "money": money(debt.amount, debt.currency),
        }
        if debt.night is not None:
            values["date"] = _date(debt.night)
            lines.append(gettext("You owe %(name)s %(money)s from %(date)s at %(table)s.") % values)
        else:
            lines.append(gettext("You owe %(name)s %(money)s at %(table)s.") % values)
    return Text(
        gettext("A reminder: what you still owe"),
        tuple(lines),
        url,
        gettext("Pay now"),
    )


def footer(*, why: str, unsubscribe_url: str, settings_url: str) -> str:
    return "\n".join(
        (
            why,
            gettext("Stop these messages: %(url)s") % {"url": unsubscribe_url},
            gettext("Choose which messages you get: %(url)s") % {"url": settings_url},
        )
    )


def night_time(starts_at) -> str:
    """A night ahead's day and time, on the clock of its time zone (as on its page)."""
    return local_date_time(starts_at)


def night_ahead_reminder(*, table: Table, starts_at, place: str, seated: bool, url: str) -> Text:
    values = {"table": table.name, "when": night_time(starts_at), "place": place}
    lines = [
        gettext("%(table)s plays tomorrow: %(when)s, at %(place)s.") % values
        if place
        else gettext("%(table)s plays tomorrow: %(when)s.") % values
    ]
    if not seated:
        lines.append(gettext("You said Yes or Maybe but have no seat yet: see the page."))
    return Text(
        gettext("Tomorrow: %(table)s") % values, tuple(lines), url, gettext("Yes, No or Maybe")
    )


def seat_freed(*, table: Table, starts_at, url: str) -> Text:
    values = {"table": table.name, "when": night_time(starts_at)}
    return Text(
        gettext("A seat opened for you at %(table)s") % values,
        (
            gettext(
                "Someone dropped out of %(when)s at %(table)s: you were first on the waiting "
                "list and have their seat now. Can't come after all? Say No on the page."
            )
            % values,
        ),
        url,
        gettext("See the night"),
    )


def rsvp_asked(*, table: Table, starts_at, host: str, url: str) -> Text:
    values = {"table": table.name, "when": night_time(starts_at), "host": host}
    return Text(
        gettext("Are you coming? %(table)s, %(when)s") % values,
        (gettext("%(host)s asks whether you are coming to %(table)s on %(when)s.") % values,),
        url,
        gettext("Yes, No or Maybe"),
    )
