import factory
from django.contrib.auth import get_user_model

from ledger import rules
from ledger.models import Night, Player, Seat, Table

PASSWORD = "correct horse battery staple"


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


def night_with(
    names=("Ann", "Bob", "Cy", "Dee"), *, table=None, house_rules=None, first_dealer=None
) -> Night:
    """A started night with ``names`` seated in order; players are made as needed."""
    from ledger import services

    table = table or TableFactory(**({"rules": house_rules.to_dict()} if house_rules else {}))
    players = [
        Player.objects.filter(table=table, name=name).first()
        or Player.objects.create(table=table, name=name)
        for name in names
    ]
    dealer = next((p for p in players if p.name == first_dealer), players[0])
    return services.night_start(table=table, players=players, first_dealer=dealer, by=table.owner)


def ids(night: Night) -> dict[str, int]:
    """Name -> player id for a night's roster, for building HandData in tests."""
    return dict(Seat.objects.filter(night=night).values_list("player__name", "player_id"))
