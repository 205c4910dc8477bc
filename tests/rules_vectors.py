"""Test vectors for the referee in the phone: random nights of hands as the hand screen
posts them, each read, checked and settled by the server's own code (the hand form, the
live check, the rules engine), with what the server says of it in one of the six
languages.

tests/test_rules_shared.py writes them and has Node's test runner play them through
static/js/rules.js and hand_check.js (tests/js/rules_vectors.test.js).
"""

import dataclasses
import random
from types import SimpleNamespace

from django.utils import translation

from ledger import rules
from ledger.rules.house_rules import PRESETS
from ledger.selectors.seats import RosterPlayer
from tables import hand_entry, presenters
from tables.forms import hand as hand_form
from tables.pages import hand_screen
from tables.phone_referee import phone_texts

LANGUAGES = ("en", "sv", "fr", "it", "es", "pt-br")
SAFE = 2**53 - 1
NAMES = ("Ann", "Bob", "Cy", "Dee", "Erik", "Fay", "Gus", "Hal", "Ines", "Jo", "Karin")


def house_rules(chance: random.Random) -> rules.HouseRules:
    """A preset at a random ante, maybe with a house variant or two changed."""
    while True:
        preset = chance.choice(list(PRESETS.values()))
        ante = chance.choice([1, 1, 1, 2, 5, 10, 25, 100, chance.randint(1, 1_000_000)])
        house = preset.for_ante(ante)
        changes: dict = {}
        if chance.random() < 0.4:
            changes["escalating_ante"] = not house.escalating_ante
        if chance.random() < 0.3:
            changes["ante_exemptions"] = not house.ante_exemptions
        for cap in ("bourre_cap", "win_cap", "pot_cap"):
            if chance.random() < 0.2:
                changes[cap] = chance.choice([None, ante * chance.randint(1, 40), 1, 3])
        if chance.random() < 0.2:
            changes["tricks_per_hand"] = chance.choice([5, 7])
        tricks = changes.get("tricks_per_hand", house.tricks_per_hand)
        if chance.random() < 0.3:
            changes["min_tricks_to_win"] = chance.randint(1, tricks)
        if chance.random() < 0.3:
            changes["max_players"] = chance.randint(2, 52 // tricks if tricks == 7 else 8)
        house = dataclasses.replace(house, **changes)
        if not house.errors():
            return house


def _composition(chance: random.Random, total: int, parts: int) -> list[int]:
    """``parts`` whole numbers (0 allowed) adding up to ``total``, ties and zeros common."""
    cuts = sorted(chance.randint(0, total) for _ in range(parts - 1))
    edges = [0, *cuts, total]
    counts = [edges[i + 1] - edges[i] for i in range(parts)]
    chance.shuffle(counts)
    return counts


def posted_hand(chance: random.Random, house: rules.HouseRules, people: list[RosterPlayer]):
    """A hand as the host taps it: mostly one the referee takes, sometimes a slip."""
    active = [p for p in people if p.active]
    top = min(house.max_players, len(active))
    size = chance.randint(min(2, top), top) if chance.random() < 0.95 else len(active)
    seated = chance.sample(active, max(size, 1))
    dealer = chance.choice(seated)
    post: dict[str, str] = {"dealer": str(dealer.id)}
    for person in seated:
        post[f"seated_{person.id}"] = "1"
    kind = chance.random()
    if kind < 0.07:
        post["misdeal"] = "1"
    elif kind < 0.14:
        pass  # everyone folds
    elif kind < 0.26:
        lone = chance.choice(seated)
        post[f"play_{lone.id}"] = chance.choice(["stay", "0", "3", str(house.tricks_per_hand)])
    else:
        stayers = chance.sample(seated, chance.randint(min(2, len(seated)), len(seated)))
        counts = _composition(chance, house.tricks_per_hand, len(stayers))
        for person, tricks in zip(stayers, counts, strict=True):
            # A bourré is tapped 0, or left at "stay" for the count to find.
            shown = "stay" if tricks == 0 and chance.random() < 0.3 else str(tricks)
            post[f"play_{person.id}"] = shown
        for person in stayers:
            if chance.random() < 0.08:
                post[f"renege_{person.id}"] = chance.choice(["1", "1", "2", "3", "on"])
    if chance.random() < 0.15:
        _slip(chance, house, people, post)
    return post


def _slip(chance, house, people, post) -> None:
    """One thing a thumb (or a forged form) gets wrong."""
    person = chance.choice(people)
    pid = person.id
    slip = chance.randrange(11)
    if slip == 0:
        post[f"play_{pid}"] = str(chance.randint(0, house.tricks_per_hand))
    elif slip == 1:
        post.pop(f"seated_{pid}", None)
    elif slip == 2:
        post[f"renege_{pid}"] = chance.choice(["1", "x", "-1", "9", "on"])
    elif slip == 3:
        post[f"tricks_{pid}"] = chance.choice(["2", "0", "a"])
    elif slip == 4:
        post.pop("dealer")
    elif slip == 5:
        post["dealer"] = str(chance.choice([999, 1000, pid]))
    elif slip == 6:
        post[f"play_{pid}"] = chance.choice(["-1", "99", "stay", "fold", " 2 ", "x"])
    elif slip == 7:
        post[f"seated_{pid}"] = "1"
    elif slip == 8:
        for key in [k for k in post if k.startswith("seated_")]:
            post.pop(key)
    elif slip == 9:
        post[f"play_{pid}"] = "stay"
        post[f"tricks_{pid}"] = chance.choice(["", "b", "3"])
    else:
        post[f"seated_{chance.choice([998, 997])}"] = "1"


def _json_problems(problems) -> list[dict]:
    return [{"code": p.code, "params": dict(p.params)} for p in problems]


def _input_json(data: rules.HandInput) -> dict:
    return {
        "dealer": data.dealer,
        "seated": None if data.seated is None else list(data.seated),
        "stayed": [[p, t] for p, t in data.stayed.items()],
        "reneged": list(data.reneged),
        "misdeal": data.misdeal,
    }


def _with_balances(state_json: dict, balances) -> dict:
    return {**state_json, "balances": {str(p): c for p, c in balances.items()}}


def _safe(value) -> bool:
    if isinstance(value, bool):
        return True
    if isinstance(value, int):
        return -SAFE <= value <= SAFE
    if isinstance(value, dict):
        return all(_safe(v) for v in value.values())
    if isinstance(value, list | tuple):
        return all(_safe(v) for v in value)
    return True


def _words(screen, form, data, result, language: str) -> dict:
    with translation.override(language):
        check = hand_screen.check(screen, form)
        help_text = ""
        if not check.problems:
            help_text = str(
                translation.gettext("Record asks again first.")
                if check.asks
                # What Record will do first, when the hand is not plain.
                else " ".join(
                    [*filter(None, [check.will]), translation.gettext("Ready to record.")]
                )
            )
        words = {
            "language": language,
            "summary": check.summary,
            "problems": check.problems,
            "notes": check.notes,
            "help": help_text,
        }
        if result is not None:
            words["hand"] = presenters.describe_hand(
                rules.input_to_json(data), rules.result_to_json(result), screen.names
            )
    return words


def vectors(hands: int, seed: int, words_every: int = 8) -> dict:
    """``hands`` generated cases over random nights, and the phone's texts per language."""
    chance = random.Random(seed)
    cases: list[dict] = []
    while len(cases) < hands:
        house = house_rules(chance)
        size = chance.randint(2, 8)
        ids = chance.sample(range(1, 400), size)
        people = [
            RosterPlayer(pid, chance.choice(NAMES) + str(i), i * 2, chance.random() < 0.9)
            for i, pid in enumerate(ids)
        ]
        if sum(p.active for p in people) < 2:
            people = [dataclasses.replace(p, active=True) for p in people]
        state = rules.NightState.start(ids)
        for _ in range(chance.randint(5, 60)):
            if len(cases) >= hands:
                break
            screen = SimpleNamespace(
                next=SimpleNamespace(number=state.hands + 1),
                night=SimpleNamespace(closed_at=None),
                house=house,
                state=state,
                names={p.id: p.name for p in people},
            )
            post = posted_hand(chance, house, people)
            number = state.hands + 1 if chance.random() > 0.02 else state.hands
            form = hand_form.from_post(
                post,
                people,
                number=number,
                exempt=[p for p in state.roster if p in state.exempt],
                tricks_per_hand=house.tricks_per_hand,
            )
            problems = hand_entry.problems(screen, form)
            expect: dict = {
                "problems": _json_problems(problems),
                "data": None if form.data is None else _input_json(form.data),
                "asks": hand_entry.asks(form),
                "countedBourre": [row.person.id for row in form.counted_bourre],
            }
            result = after = None
            if not problems and form.data is not None:
                result, after = rules.settle_hand(house, state, form.data)
                result_json = {
                    **rules.result_to_json(result),
                    "balances": {str(p): c for p, c in result.balances.items()},
                }
                state_json = _with_balances(rules.state_to_json(after), after.balances)
                if _safe(result_json) and _safe(state_json):
                    expect["result"] = result_json
                    expect["state"] = state_json
                else:
                    expect["unsafe"] = True
            case = {
                "screen": {
                    "rules": house.to_dict(),
                    "state": _with_balances(rules.state_to_json(state), state.balances),
                    "number": state.hands + 1,
                    "formNumber": number,
                },
                "people": [
                    {"id": p.id, "position": p.position, "active": p.active} for p in people
                ],
                "names": {str(p.id): p.name for p in people},
                "fields": post,
                "expect": expect,
            }
            if len(cases) % words_every == 0:
                language = LANGUAGES[(len(cases) // words_every) % len(LANGUAGES)]
                case["words"] = _words(screen, form, form.data, result, language)
            cases.append(case)
            if expect.get("unsafe"):
                break  # past what a phone holds exactly: a new night
            if after is not None:
                state = after
                if chance.random() < 0.05:
                    who = chance.choice(people)
                    people = [
                        dataclasses.replace(p, active=not p.active) if p is who else p
                        for p in people
                    ]
                    if sum(p.active for p in people) < 2:
                        people = [dataclasses.replace(p, active=True) for p in people]
    texts = {}
    for language in LANGUAGES:
        with translation.override(language):
            texts[language] = phone_texts()
    return {"cases": cases, "texts": texts}
