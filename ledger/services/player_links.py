"""A seat linked to the account of the person who plays it, and unlinked again.

Linking is what an invite's or a claim's acceptance comes to; the host can also unlink a
player, and a player their own seat. Both are append-only records (``PlayerLink``,
``PlayerUnlink``). A player is played by one account at a time, and an account holds at
most one seat at a table: the player's row lock makes two links of the same seat take
turns, and the link's ``number`` (unique per player) refuses the second should they not.
"""

from django.db import transaction
from django.utils import timezone

from ledger.errors import Conflict, InvalidInput
from ledger.models import Player, PlayerLink, PlayerUnlink
from ledger.rules.errors import Code, gettext_noop
from ledger.selectors.player_links import current_link, user_seat_at_table

PLAYER_ALREADY_LINKED = Code(
    "player_already_linked",
    gettext_noop("{player} is already linked to an account: unlink it first."),
)
ACCOUNT_HAS_A_SEAT = Code(
    "account_has_a_seat",
    gettext_noop("This account already plays {seat} at this table."),
)
PLAYER_LINK_RETIRED = Code(
    "player_link_retired", gettext_noop("{player} is retired; bring them back before linking.")
)
LINK_ALREADY_UNDONE = Code("link_already_undone", gettext_noop("This seat is already unlinked."))


def player_link(*, player: Player, user, by, invite=None, claim=None) -> PlayerLink:
    """Link ``player`` to ``user``'s account; ``by`` is who made it so (the player
    accepting an invite, or the host accepting a claim); ``invite``, the invite it came
    from, if any (which it then has used); ``claim``, the live link's claim it accepts."""
    with transaction.atomic():
        # The player's row: two links of the same seat take turns (the last lock in the
        # documented order, so no writer holding it waits for an earlier one).
        player = Player.objects.select_for_update(no_key=True).get(pk=player.pk)
        if player.retired_at is not None:
            raise InvalidInput(PLAYER_LINK_RETIRED(player=player.pk))
        if current_link(player) is not None:
            raise Conflict(PLAYER_ALREADY_LINKED(player=player.pk))
        seat = user_seat_at_table(user, player.table_id)
        if seat is not None:
            raise Conflict(ACCOUNT_HAS_A_SEAT(seat=seat.pk))
        number = PlayerLink.objects.filter(player=player).count() + 1
        return PlayerLink.objects.create(
            player=player,
            user=user,
            number=number,
            linked_by=by,
            linked_at=timezone.now(),
            invite=invite,
            claim=claim,
        )


def player_unlink(*, link: PlayerLink, by) -> PlayerUnlink:
    """Undo ``link``: the seat and its history stay; the account no longer plays it."""
    with transaction.atomic():
        Player.objects.select_for_update(no_key=True).get(pk=link.player_id)
        if PlayerUnlink.objects.filter(link=link).exists():
            raise Conflict(LINK_ALREADY_UNDONE())
        return PlayerUnlink.objects.create(link=link, unlinked_by=by, unlinked_at=timezone.now())
