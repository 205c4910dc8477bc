"""The world every screen is audited in, and the address of each screen in it: a host's
table with an open night and a closed one, shared by the audits of tests/browser
(test_accessibility.py, test_axe.py, test_table_widths.py)."""

from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.tokens import default_token_generator
from django.db.models import Q
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlencode, urlsafe_base64_encode

from ledger import rules
from ledger.models import NightTransfer, NoticeKind
from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from ledger.services import tables as table_services
from ledger.services.co_hosts import co_host_grant
from ledger.services.payment_methods import account_payment_method_add
from ledger.services.player_invites import player_invite_create
from ledger.services.schedules import calendar_feed_reset, rsvp_answer, rsvp_link_create
from ledger.services.seat_claims import seat_claim_create
from ledger.services.share_links import share_link_create
from ledger.services.sign_ins import NewPasskey, passkey_add
from tables.notices.unsubscribe import unsubscribe_token
from tests.factories import (
    PaymentMethodFactory,
    ScheduleFactory,
    TableFactory,
    UserFactory,
    link_player,
    night_with,
)
from tests.ledger.helpers import hand_data


@dataclass(frozen=True)
class World:
    host: object
    anonymous: dict[str, str]  # screen name -> path, for a visitor not signed in
    signed_in: dict[str, str]  # ... and for the host


def world() -> World:
    """A host's table with an open night (a bourré, a renege, a correction, an undo), a
    closed night, a retired player, ways of getting paid and a live link to each night; a
    second table's closed night of eight players with long names at high stakes; the URLs
    to audit, anonymous and signed in."""
    host = UserFactory()
    # "Signing in" lists a passkey, with its Remove.
    passkey_add(user=host, key=NewPasskey(credential_id="aG9zdA", public_key=b"\xa5", sign_count=3))
    table = TableFactory(owner=host, name="Thursday Bourré")
    closed = night_with(("Ann", "Bob", "Cy", "Dee"), table=table)
    for number, hand in enumerate(
        [
            {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}},
            {"dealer": "Bob", "stayed": {"Cy": 5, "Dee": 0}},
        ],
        start=1,
    ):
        hand_services.hand_record(
            night=closed, expected_number=number, hand=hand_data(closed, hand), by=host
        )
    night_services.night_close(night=closed, by=host)
    for player in table.players.all():  # the settle-up's pay buttons, whoever is owed
        PaymentMethodFactory(player=player, kind="paypal_me", value=f"{player.name}Pays")
        PaymentMethodFactory(player=player, kind="other", value=f"Cash to {player.name}")
    closed_link = share_link_create(night=closed, by=host)

    night = night_with(("Ann", "Bob", "Cy", "Dee"), table=table)
    hands = [
        {"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}},
        {"dealer": "Bob", "stayed": {"Ann": 2, "Bob": 2, "Cy": 1}, "reneged": ["Cy"]},
        {"dealer": "Cy", "stayed": {"Dee": 4, "Ann": 1}},
        {"dealer": "Dee", "stayed": {"Ann": 5}},
    ]
    for number, hand in enumerate(hands, start=1):
        hand_services.hand_record(
            night=night, expected_number=number, hand=hand_data(night, hand), by=host
        )
    correction_services.hand_undo_last(night=night, by=host, reason="Wrong dealer.")
    correction_services.hand_correct(
        night=night,
        number=3,
        hand=hand_data(night, {"dealer": "Cy", "stayed": {"Dee": 3, "Ann": 2}}),
        reason="Ann took two tricks, not one.",
        by=host,
    )
    eve = table_services.player_add(table=table, name="Eve")
    table_services.player_retire(player=eve)
    link = share_link_create(night=night, by=host)
    ann = night.seats.get(player__name="Ann").player
    dee = night.seats.get(player__name="Dee").player

    big = _eight_players_at_high_stakes(host)
    bartholomew = big.seats.get(player__name="Bartholomew").player
    # The host also plays Bartholomew from their own account: a player's own screens,
    # with euros owed and owed to them, and a way of getting paid of their own.
    link_player(bartholomew, host)
    account_payment_method_add(user=host, kind="other", value="Cash to Bartholomew")

    # The players' own accounts: an invite for Bob, Cy played from an account and made
    # co-host, a claim of Dee's seat waiting for the host, and the host's own seat at the
    # high-stakes table, Bartholomew's, above (their seats, and leaving one).
    bob = night.seats.get(player__name="Bob").player
    invite, invite_token = player_invite_create(player=bob, by=host)
    cy = night.seats.get(player__name="Cy").player
    co_host_grant(link=link_player(cy, UserFactory(username="cy_plays")), by=host)
    seat_claim_create(player=dee, user=UserFactory(username="dee_plays"), client="192.0.2.9")

    # A weekly night ahead at Thursday's table: Ann and Cy said Yes, Dee Maybe; Bob answers
    # from his own link. The host follows every night from a calendar address.
    ahead = ScheduleFactory(
        table=table, repeat="weekly", place="Ann's kitchen, 12 Long Street", note="Bring snacks"
    )
    for player, answer in ((ann, "yes"), (cy, "yes"), (dee, "maybe")):
        rsvp_answer(schedule=ahead, day=ahead.first_date, player=player, answer=answer, by=host)
    answer_link = rsvp_link_create(player=bob, by=host)
    calendar_feed_reset(user=host)

    anonymous = {
        "home": reverse("home"),
        "signup": reverse("signup"),
        "login": reverse("login"),
        "password reset": reverse("password_reset"),
        "sign in with a code": reverse("sign_in_code_request"),
        "share view": reverse("share_view", args=[link.token]),
        # The one-click unsubscribe link of a message's footer, opened without signing in.
        "unsubscribe": reverse(
            "notice_unsubscribe", args=[unsubscribe_token(host.pk, NoticeKind.NIGHT_CLOSED)]
        ),
        "share view (closed night)": reverse("share_view", args=[closed_link.token]),
        "share house rules": reverse("share_rules", args=[link.token]),
        "answer link": reverse("answer_link", args=[answer_link.token]),
        "invite": reverse("invite_view", args=[invite_token]),
        "this is me": reverse("seat_claim", args=[link.token, dee.pk]),
    }
    signed_in = {
        "home (signed in)": reverse("home"),
        "password change": reverse("password_change"),
        "table list": reverse("table_list"),
        "table new": reverse("table_create"),
        "table detail": reverse("table_detail", args=[table.pk]),
        "table edit": reverse("table_edit", args=[table.pk]),
        "player rename": reverse("player_rename", args=[ann.pk]),
        "night start": reverse("night_start", args=[table.pk]),
        "night join": reverse("night_join", args=[night.pk]),
        "night leave": reverse("night_leave", args=[night.pk, dee.pk]),
        "hand screen": reverse("night_detail", args=[night.pk]),
        "live link and its QR code": reverse("night_live_link", args=[night.pk]),
        "hand undo": reverse("hand_undo", args=[night.pk]),
        "hand correct": reverse("hand_correct", args=[night.pk, 2]),
        "night log": reverse("night_log", args=[night.pk]),
        "night close": reverse("night_close", args=[night.pk]),
        "settle-up": reverse("night_settlement", args=[closed.pk]),
        "player page": reverse("player_detail", args=[ann.pk]),
        "night report": reverse("night_report", args=[closed.pk]),
        "night report (open night)": reverse("night_report", args=[night.pk]),
        "table stats": reverse("table_stats", args=[table.pk]),
        "night import": reverse("night_import", args=[table.pk]),
        "house rules": reverse("night_rules", args=[night.pk]),
        "referee": reverse("night_judge", args=[night.pk]),
        # A renege (red cards ticked, the legal one framed, the mark button), the legal
        # cards of another position, and problems with the picked cards.
        "referee verdict": reverse("night_judge", args=[night.pk])
        + "?"
        + urlencode({"ask": "judge", "trump": "S", "trick": "7H", "player": dee.pk, "played": "4H"})
        + "&hand=9H&hand=4H&hand=KC",
        "referee what may I play": reverse("night_judge", args=[night.pk])
        + "?"
        + urlencode({"ask": "legal", "trump": "D", "trick": "8C", "player": ann.pk})
        + "&hand=JD&hand=3D&hand=AH",
        # Asked as the host taps (live), the problems are said in place, with a 200.
        "referee problems": reverse("night_judge", args=[night.pk])
        + "?"
        + urlencode({"live": "1", "trick": "7H", "played": "9H"}),
        # A renege judged before anyone is named: a mark for each player.
        "referee marks": reverse("night_judge", args=[night.pk])
        + "?"
        + urlencode({"ask": "judge", "trump": "S", "trick": "7H", "played": "4H"})
        + "&hand=9H&hand=4H&hand=KC",
        "night report (eight players)": reverse("night_report", args=[big.pk]),
        "settle-up (eight players)": reverse("night_settlement", args=[big.pk]),
        "player page (eight players)": reverse("player_detail", args=[bartholomew.pk]),
        "player invite": reverse("player_invite", args=[invite.pk]),
        "player page (claimed)": reverse("player_detail", args=[dee.pk]),
        "player unlink": reverse("player_unlink", args=[cy.pk]),
        "my seats": reverse("account_seats"),
        "leave a seat": reverse("seat_leave", args=[bartholomew.pk]),
        "invite (signed in)": reverse("invite_view", args=[invite_token]),
        "my games": reverse("my_games"),
        "my night": reverse("my_night", args=[big.pk]),
        "my debts": reverse("my_debts"),
        "my debts with one player": reverse(
            "my_debts_person", args=[bartholomew.pk, _owes_with(big, bartholomew), "EUR"]
        ),
        "messages and reminders": reverse("notice_settings"),
        "my payment methods": reverse("my_payment_methods"),
        "signing in": reverse("account_passkeys"),
        "your data": reverse("account_data"),
        # Each table to a co-host or erased: "High stakes" has none, Thursday's has Cy.
        "delete my account": reverse("account_delete"),
        "schedule a night": reverse("schedule_create", args=[table.pk]),
        "night ahead": reverse("night_ahead", args=[ahead.pk, ahead.first_date]),
        "my calendar": reverse("account_calendar"),
    }
    return World(host=host, anonymous=anonymous, signed_in=signed_in)


def _owes_with(night, player) -> int:
    """The id of someone ``player`` pays or is paid by at ``night``'s settle-up."""
    transfer = NightTransfer.objects.filter(Q(payer=player) | Q(payee=player), night=night)[0]
    return transfer.payee_id if transfer.payer_id == player.pk else transfer.payer_id


EIGHT = (
    "Anne-Sophie",
    "Bartholomew",
    "Guðrún",
    "Maximilian",
    "Francesca",
    "Joaquín",
    "Margareta",
    "Thibault",
)


def _eight_players_at_high_stakes(host):
    """The widest a night's tables get: eight columns of names in a chart's numbers, and
    balances of thousands of euros (a 12.50 chip, an ante of 5)."""
    stakes = rules.HouseRules(ante=5, max_players=8, chip_value=Decimal("12.50"), currency="EUR")
    table = TableFactory(owner=host, name="High stakes", rules=stakes.to_dict())
    night = night_with(EIGHT, table=table)
    for number, hand in enumerate(
        [
            {"dealer": "Anne-Sophie", "stayed": {"Bartholomew": 3, "Guðrún": 2}},
            {"dealer": "Bartholomew", "stayed": {"Maximilian": 5, "Francesca": 0}},
            {"dealer": "Guðrún", "stayed": {"Joaquín": 4, "Margareta": 1, "Thibault": 0}},
            {"dealer": "Maximilian", "stayed": {"Thibault": 5}},
        ],
        start=1,
    ):
        hand_services.hand_record(
            night=night, expected_number=number, hand=hand_data(night, hand), by=host
        )
    night_services.night_close(night=night, by=host)
    return night


def account_pages(host) -> dict[str, str]:
    """The password pages a link or a redirect leads to: the reset link mailed to ``host``
    (it redirects to the form for the new password), and the pages saying it is done."""
    uid = urlsafe_base64_encode(force_bytes(host.pk))
    token = default_token_generator.make_token(host)
    return {
        "password reset sent": reverse("password_reset_done"),
        "password reset link": reverse("password_reset_confirm", args=[uid, token]),
        "password reset complete": reverse("password_reset_complete"),
    }


def signed_in_account_pages() -> dict[str, str]:
    return {"password change done": reverse("password_change_done")}
