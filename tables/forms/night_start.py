"""Starting a night: who plays in which seat, tapped in seat order, and who deals first."""

from collections.abc import Sequence

from django import forms
from django.utils.translation import gettext, gettext_lazy

from ledger.models import Player

FIRST_DEALER_REQUIRED = gettext_lazy("Choose who deals first.")
SEAT_CHOSEN_TWICE = gettext_lazy(
    "%(first)s and %(second)s both have seat %(seat)s: give each player their own seat."
)


class NightStartForm(forms.Form):
    """Who plays, in which seat (blank = not playing), and who deals first."""

    first_dealer = forms.ChoiceField(label=gettext_lazy("First dealer"), required=False)

    def __init__(self, *args, players: Sequence[Player], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.players = list(players)
        seats = [("", gettext("Not playing"))] + [
            (str(n), gettext("Seat %(number)s") % {"number": n})
            for n in range(1, len(self.players) + 1)
        ]
        for player in self.players:
            self.fields[self.seat_key(player)] = forms.ChoiceField(
                label=player.name, required=False, choices=seats
            )
        self.fields["first_dealer"].choices = [("", gettext("Choose the first dealer"))] + [
            (str(p.pk), p.name) for p in self.players
        ]

    @staticmethod
    def seat_key(player: Player) -> str:
        return f"seat_{player.pk}"

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[self.seat_key(p)] for p in self.players]

    def seating(self) -> list[Player]:
        """The players given a seat, in seat order, as the page shows them (bound or not;
        a seat that is not a number is left out, as a clash keeps its first player)."""
        values = self.data if self.is_bound else self.initial
        seats: dict[int, Player] = {}
        for player in self.players:
            seat = str(values.get(self.seat_key(player)) or "")
            if seat.isascii() and seat.isdecimal() and len(seat) <= 3:
                seats.setdefault(int(seat), player)
        return [seats[n] for n in sorted(seats)]

    def unseated(self) -> list[Player]:
        """The players still to tap, in the page's order."""
        seated = set(self.seating())
        return [player for player in self.players if player not in seated]

    def first_dealer_id(self) -> str:
        values = self.data if self.is_bound else self.initial
        return str(values.get("first_dealer") or "")

    def seating_after(self, action: str, player_id: str) -> dict[str, str]:
        """The page's seats and first dealer after one tap: ``add`` seats a player next,
        ``remove`` takes one out (the seats after move up), ``clear`` empties them all."""
        order = self.seating()
        if action == "add":
            order += [p for p in self.players if str(p.pk) == player_id and p not in order]
        elif action == "remove":
            order = [p for p in order if str(p.pk) != player_id]
        elif action == "clear":
            order = []
        seated = {str(p.pk) for p in order}
        dealer = self.first_dealer_id()
        values = {self.seat_key(p): str(n) for n, p in enumerate(order, start=1)}
        values["first_dealer"] = dealer if dealer in seated else ""
        return values

    def clean(self) -> dict:
        data = super().clean()
        if not data.get("first_dealer"):
            self.add_error("first_dealer", FIRST_DEALER_REQUIRED)
        taken: dict[int, Player] = {}
        for player in self.players:
            seat = data.get(self.seat_key(player))
            if not seat:
                continue
            seat = int(seat)
            if seat in taken:
                self.add_error(
                    self.seat_key(player),
                    SEAT_CHOSEN_TWICE
                    % {"first": taken[seat].name, "second": player.name, "seat": seat},
                )
            taken[seat] = player
        self.roster = [taken[seat] for seat in sorted(taken)]
        self.dealer = next((p for p in self.players if str(p.pk) == data.get("first_dealer")), None)
        return data
