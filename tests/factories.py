"""Factories for every model a test builds.

Users, tables and players are plain rows. Nights and share links are made by the
services, exactly as the app makes them: a night is started by ``night_start``,
its hands recorded by ``hand_record`` and it is closed by ``night_close``, so
its seats, hands and ledger entries are the real thing.
"""

from datetime import time, timedelta

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone

from ledger import rules
from ledger.models import Night, PaymentMethod, Player, Schedule, ShareLink, Table
from ledger.services import nights as night_services
from ledger.services.payment_methods import payment_method_add
from ledger.services.share_links import share_link_create
from tests.ledger.helpers import record_all
from tests.ledger.worked_examples import EXAMPLE_1

PASSWORD = "correct horse battery staple"
NAMES = ("Ann", "Bob", "Cy", "Dee")


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"host{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def _save(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class TableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Table

    owner = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Thursday Bourré {n}")
    rules = factory.LazyFunction(lambda: rules.HouseRules().to_dict())


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    table = factory.SubFactory(TableFactory)
    name = factory.Sequence(lambda n: f"Player {n}")


def _seat(table: Table, name: str) -> Player:
    """The table's player called ``name``, made if the table has none yet."""
    return Player.objects.filter(table=table, name=name).first() or PlayerFactory(
        table=table, name=name
    )


class NightFactory(factory.django.DjangoModelFactory):
    """A started night: ``NightFactory()`` seats Ann, Bob, Cy and Dee at a new table
    with the default house rules, Ann dealing first.

    - ``names=[...]`` seats those players in that order (made as needed),
      ``dealer="Bob"`` names the first dealer, ``house_rules=HouseRules(...)`` gives the
      new table its rules (ignored with ``table=``);
    - ``hands=3`` records the first three hands of worked example 1 (for Ann, Bob, Cy
      and Dee), ``hands=[{...}, ...]`` records night-file style hands (names);
    - ``closed=True`` closes the night (the pot left over goes by the night's rule).
    """

    class Meta:
        model = Night
        skip_postgeneration_save = True

    class Params:
        names = NAMES
        dealer = None
        house_rules = None

    table = factory.SubFactory(
        TableFactory,
        rules=factory.LazyAttribute(
            lambda table: (table.factory_parent.house_rules or rules.HouseRules()).to_dict()
        ),
    )
    players = factory.LazyAttribute(lambda night: [_seat(night.table, n) for n in night.names])
    first_dealer = factory.LazyAttribute(
        lambda night: next((p for p in night.players if p.name == night.dealer), night.players[0])
    )
    started_by = factory.SelfAttribute("table.owner")

    @classmethod
    def _create(cls, model_class, *, table, players, first_dealer, started_by) -> Night:
        return night_services.night_start(
            table=table, players=players, first_dealer=first_dealer, by=started_by
        )

    @factory.post_generation
    def hands(night, create, extracted, **kwargs):
        if not extracted:
            return
        if isinstance(extracted, int):
            extracted = [hand for hand, _, _ in EXAMPLE_1["hands"][:extracted]]
        record_all(night, extracted)

    @factory.post_generation
    def closed(night, create, extracted, **kwargs):
        if extracted:
            night_services.night_close(night=night, by=night.started_by)
            night.refresh_from_db()


class ShareLinkFactory(factory.django.DjangoModelFactory):
    """The live share link of a night, made by the service the host's button calls."""

    class Meta:
        model = ShareLink

    night = factory.SubFactory(NightFactory)

    @classmethod
    def _create(cls, model_class, *, night) -> ShareLink:
        return share_link_create(night=night, by=night.started_by)


class PaymentMethodFactory(factory.django.DjangoModelFactory):
    """A player's way of getting paid, added by the service the player page's form calls
    (checked like the host's input): a Swish number unless told otherwise, e.g.
    ``PaymentMethodFactory(player=ann, kind="sepa", value=IBAN, name="Ann Andersson")``."""

    class Meta:
        model = PaymentMethod

    player = factory.SubFactory(PlayerFactory)
    kind = "swish"
    value = "070-123 45 67"

    @classmethod
    def _create(cls, model_class, *, player, kind, value, **details) -> PaymentMethod:
        return payment_method_add(
            player=player, kind=kind, value=value, by=player.table.owner, **details
        )


def night_with(names=NAMES, *, table=None, house_rules=None, first_dealer=None) -> Night:
    """A started night with ``names`` seated in order; players are made as needed.
    Shorthand for NightFactory, for the many tests that only need a roster."""
    if table is not None:
        return NightFactory(names=names, table=table, dealer=first_dealer)
    return NightFactory(names=names, house_rules=house_rules, dealer=first_dealer)


def link_player(player: Player, user=None, *, by=None):
    """``player`` linked to ``user``'s account (a new account if none), as accepting an
    invite does."""
    from ledger.services.player_links import player_link

    user = user or UserFactory()
    return player_link(player=player, user=user, by=by or user)


class ScheduleFactory(factory.django.DjangoModelFactory):
    """A night ahead, scheduled by its table's host through the service: next week at
    20:00 in Stockholm, once, unless told otherwise (``repeat="weekly"``, ``until=``)."""

    class Meta:
        model = Schedule

    table = factory.SubFactory(TableFactory)
    first_date = factory.LazyFunction(lambda: timezone.localdate() + timedelta(days=7))
    at = time(20, 0)
    time_zone = "Europe/Stockholm"
    repeat = "once"

    @classmethod
    def _create(cls, model_class, *, table, **fields) -> Schedule:
        from ledger.services.schedules import schedule_create

        return schedule_create(table=table, by=table.owner, **fields)
