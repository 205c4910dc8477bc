"""Writes for how a player gets paid: add a payment method (the host's, for a player of
their table, or a player's own, on their account), withdraw one.

Every detail is checked by ``ledger.payments`` and stored in the one form it returns; a
bad value is refused with every problem found, each naming its ``field``, and nothing is
written. Nothing is ever edited: withdrawing a method is a new record.
"""

from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger import payments
from ledger.errors import InvalidInput
from ledger.models import PaymentMethod, PaymentMethodWithdrawal, Player
from ledger.models import payments as kinds
from ledger.payments.pix import PIX_CITY_LIMIT, PIX_NAME_LIMIT
from ledger.payments.text import plain_text_clean, text_clean
from ledger.rules.errors import Code, Problem, gettext_noop
from ledger.selectors.payment_methods import keeps_own_payment_methods

PAYMENT_KIND_UNKNOWN = Code(
    "payment_kind_unknown",
    gettext_noop("{value!r} is not a way of getting paid that the app knows."),
    field="kind",
)
PAYMENT_METHOD_TAKEN = Code(
    "payment_method_taken",
    gettext_noop("{player} already gets paid this way."),
    field="value",
)
PLAYER_KEEPS_OWN_PAYMENT_METHODS = Code(
    "player_keeps_own_payment_methods",
    gettext_noop("{player} keeps their own ways of getting paid, on their account."),
    field="kind",
)
ACCOUNT_PAYMENT_METHOD_TAKEN = Code(
    "account_payment_method_taken",
    gettext_noop("You already get paid this way."),
    field="value",
)
PAYMENT_METHOD_WITHDRAWN = Code(
    "payment_method_withdrawn",
    gettext_noop("This way of getting paid was already removed."),
    field="method",
)


def _checks(
    kind: str, *, value: str, pix_kind: str, name: str, city: str, bic: str
) -> list[Callable[[], dict]]:
    """The checks of ``kind``'s details, each giving the fields it stores. Run all of
    them, so every problem is reported at once."""
    if kind == kinds.SWISH:
        return [lambda: {"value": payments.swish_number_clean(value)}]
    if kind == kinds.PIX:

        def key() -> dict:
            checked = payments.pix_key_clean(value, pix_kind or None)
            return {"value": checked.value, "pix_kind": checked.kind}

        return [
            key,
            lambda: {"name": plain_text_clean(name, field="name", limit=PIX_NAME_LIMIT)},
            lambda: {"city": plain_text_clean(city, field="city", limit=PIX_CITY_LIMIT)},
        ]
    if kind == kinds.SEPA:

        def account() -> dict:
            checked = payments.sepa_account_clean(iban=value, name=name, bic=bic or None)
            return {"value": checked.iban, "name": checked.name, "bic": checked.bic or ""}

        return [account]
    single: dict[str, Callable[[str], str]] = {
        kinds.VENMO: payments.venmo_username_clean,
        kinds.CASH_APP: payments.cashtag_clean,
        kinds.PAYPAL_ME: payments.paypal_me_clean,
        kinds.BIZUM: payments.bizum_phone_clean,
        kinds.MB_WAY: payments.mb_way_phone_clean,
        kinds.SATISPAY: payments.e164_phone_clean,
        kinds.LYDIA_WERO: payments.e164_phone_clean,
        kinds.OTHER: lambda text: text_clean(text, field="value", limit=kinds.VALUE_MAX),
    }
    return [lambda: {"value": single[kind](value)}]


def payment_method_clean(
    *, kind: str, value: str, pix_kind: str = "", name: str = "", city: str = "", bic: str = ""
) -> dict:
    """The fields to store for a method of ``kind``, checked; InvalidInput lists every
    problem (each with its ``field``) otherwise."""
    if kind not in kinds.KIND_CODES:
        raise InvalidInput(PAYMENT_KIND_UNKNOWN(value=kind))
    fields = {"kind": kind, "value": "", "pix_kind": "", "name": "", "city": "", "bic": ""}
    problems: list[Problem] = []
    for check in _checks(kind, value=value, pix_kind=pix_kind, name=name, city=city, bic=bic):
        try:
            fields |= check()
        except payments.PaymentDetailsError as error:
            problems.extend(error.problems)
    if problems:
        raise InvalidInput(problems)
    return fields


def payment_method_add(
    *,
    player: Player,
    kind: str,
    value: str,
    pix_kind: str = "",
    name: str = "",
    city: str = "",
    bic: str = "",
    by,
) -> PaymentMethod:
    """A new way for ``player`` to get paid, checked by ``ledger.payments``; the same
    method twice (same kind and stored value, not withdrawn) is refused."""
    fields = payment_method_clean(
        kind=kind, value=value, pix_kind=pix_kind, name=name, city=city, bic=bic
    )
    with transaction.atomic():
        # The player's row, locked: two taps of "Add" cannot both pass the check below.
        list(Player.objects.select_for_update(no_key=True).filter(pk=player.pk).values_list("pk"))
        taken = PaymentMethod.objects.current().filter(
            player=player, kind=fields["kind"], value=fields["value"]
        )
        if taken.exists():
            raise InvalidInput(PAYMENT_METHOD_TAKEN(player=player.pk))
        if keeps_own_payment_methods(player):
            # Theirs step in wherever they are paid: a host's entry would never be used.
            raise InvalidInput(PLAYER_KEEPS_OWN_PAYMENT_METHODS(player=player.pk))
        return PaymentMethod.objects.create(
            player=player, added_by=by, added_at=timezone.now(), **fields
        )


def account_payment_method_add(
    *,
    user,
    kind: str,
    value: str,
    pix_kind: str = "",
    name: str = "",
    city: str = "",
    bic: str = "",
) -> PaymentMethod:
    """A new way for the player behind ``user``'s account to get paid, at every table
    where they hold a seat: the same checks as a host's entry for a player; the same
    method twice (not withdrawn) is refused. Added by the account itself."""
    fields = payment_method_clean(
        kind=kind, value=value, pix_kind=pix_kind, name=name, city=city, bic=bic
    )
    with transaction.atomic():
        # The account's row, locked: two taps of "Add" cannot both pass the check below.
        list(
            get_user_model()
            .objects.select_for_update(no_key=True)
            .filter(pk=user.pk)
            .values_list("pk")
        )
        taken = PaymentMethod.objects.current().filter(
            user=user, kind=fields["kind"], value=fields["value"]
        )
        if taken.exists():
            raise InvalidInput(ACCOUNT_PAYMENT_METHOD_TAKEN())
        return PaymentMethod.objects.create(
            user=user, added_by=user, added_at=timezone.now(), **fields
        )


def payment_method_remove(
    *, method: PaymentMethod, by, reason: str = ""
) -> PaymentMethodWithdrawal:
    """Withdraw ``method``: a new record of who, when and why; the method stays as it was
    written. A method withdrawn already is refused."""
    try:
        why = text_clean(reason, field="reason", limit=kinds.REASON_MAX, required=False)
    except payments.PaymentDetailsError as error:
        raise InvalidInput(error.problems) from None
    try:
        with transaction.atomic():
            return PaymentMethodWithdrawal.objects.create(
                method=method, withdrawn_by=by, withdrawn_at=timezone.now(), reason=why
            )
    except IntegrityError:  # the method has its withdrawal already (one each)
        raise InvalidInput(PAYMENT_METHOD_WITHDRAWN()) from None
