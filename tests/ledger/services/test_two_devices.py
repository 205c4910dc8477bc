"""Several phones recording into one night at once: no hand lost, none twice, no error."""

import re
import threading
import time
from collections import Counter
from functools import partial

import pytest
from django.db import OperationalError, connections, transaction
from django.test import Client
from django.urls import reverse

from ledger import errors as err
from ledger import rules, selectors
from ledger.errors import Conflict
from ledger.models import Hand, Night
from ledger.selectors.hand_screen import hand_screen
from ledger.selectors.night_state import night_snapshot
from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from ledger.verify import verify_night
from tables.views.hands import HAND_CORRECTED, HAND_UNDONE
from tests.factories import night_with
from tests.ledger.helpers import hand_data, ids, record_all
from tests.ledger.services.races import race, run_at_once
from tests.tables.night_helpers import hand_post, said

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 4
ATTEMPTS = 500
HANDS = [
    {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}},
    {"dealer": "Bob", "stayed": {"Cy": 2, "Dee": 2, "Ann": 1}},
    {"dealer": "Cy", "stayed": {"Dee": 5, "Ann": 0}},
    {"dealer": "Dee", "stayed": {}},
]


def test_threads_racing_for_the_next_hand_record_each_hand_exactly_once():
    night = night_with()
    by = night.started_by
    data = [hand_data(night, hand) for hand in HANDS]
    outcomes = Counter()
    lock = threading.Lock()
    remaining = iter(range(ATTEMPTS))

    def device() -> None:
        try:
            while True:
                with lock:
                    attempt = next(remaining, None)
                if attempt is None:
                    return
                # A phone shows the next number, then submits it; another may win meanwhile.
                number = hand_screen(night).next.number
                try:
                    hand_services.hand_record(
                        night=night,
                        expected_number=number,
                        hand=data[attempt % len(data)],
                        by=by,
                        idempotency_key=f"attempt-{attempt}",
                    )
                    outcome = "recorded"
                except Conflict:
                    outcome = "conflict"
                except OperationalError as error:
                    outcome = f"database error: {error}"
                with lock:
                    outcomes[outcome] += 1
        finally:
            connections.close_all()

    run_at_once(device, THREADS)

    assert sum(outcomes.values()) == ATTEMPTS
    assert set(outcomes) <= {"recorded", "conflict"}, outcomes
    live = list(Hand.objects.filter(night=night, live=True).order_by("number"))
    assert [hand.number for hand in live] == list(range(1, outcomes["recorded"] + 1))
    assert Hand.objects.filter(night=night).count() == outcomes["recorded"]
    # The balances equal a replay of exactly the hands that were recorded.
    to_name = {p: n for n, p in ids(night).items()}
    inputs = [
        rules.HandInput(
            dealer=to_name[h.input["dealer"]],
            seated=[to_name[p] for p in h.input["seated"]],
            stayed={to_name[int(p)]: t for p, t in h.input["stayed"].items()},
        )
        for h in live
    ]
    _, final = rules.replay(rules.HouseRules(), list(ids(night)), inputs)
    balances = selectors.night_balances(night)
    assert {to_name[p]: chips for p, chips in balances.items()} == dict(final.balances)
    print(f"\n{ATTEMPTS} attempts by {THREADS} threads: {dict(outcomes)}")


def test_a_record_waiting_for_the_lock_reads_the_night_as_the_holder_left_it():
    """The check under the lock reads what the writer before it committed while it
    waited: both phones saw hand 1 as next, the second is told it was recorded (a
    read from before the wait would find the night unchanged and write hand 1 twice)."""
    night = night_with()
    by = night.started_by
    seen = night_snapshot(night)
    first, second = (hand_data(night, hand) for hand in HANDS[:2])
    holding = threading.Event()
    outcome = []

    def second_phone() -> None:
        holding.wait()
        try:
            hand_services.hand_record(night=night, expected_number=1, hand=second, by=by, seen=seen)
            outcome.append("recorded")
        except Conflict as error:
            outcome.append([problem.code for problem in error.problems])
        finally:
            connections.close_all()

    def first_phone() -> None:
        try:
            with transaction.atomic():
                night_services.locked(night)
                hand_services.hand_record(
                    night=night, expected_number=1, hand=first, by=by, seen=seen
                )
                holding.set()
                # Long enough for the second phone to be waiting on the lock; were it
                # not yet, it would read the committed hand anyway and be told the same.
                time.sleep(0.5)
        finally:
            holding.set()
            connections.close_all()

    threads = [threading.Thread(target=second_phone), threading.Thread(target=first_phone)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert outcome == [[err.HAND_ALREADY_RECORDED.code]]
    assert list(Hand.objects.filter(night=night).values_list("number", flat=True)) == [1]
    assert verify_night(night) == []


# --- The same race through the hand screen's HTTP view, the way phones send it ---

NUMBER_FIELD = re.compile(r'name="number" value="(\d+)"')
# Each loser also loads the night's page (the dearest in the app): three phones keep
# the 500 attempts inside the suite's time, and still race on every hand.
PHONES = 3


def test_phones_racing_through_the_hand_screen_lose_cleanly_and_lose_no_hand():
    night = night_with()
    owner = night.table.owner
    record_url = reverse("hand_record", args=[night.pk])
    detail_url = reverse("night_detail", args=[night.pk])
    forms = [hand_post(night, hand, number=0) for hand in HANDS]
    outcomes = Counter()
    failures: list[str] = []
    lock = threading.Lock()
    remaining = iter(range(ATTEMPTS))

    def phone() -> None:
        client = Client(raise_request_exception=False)
        client.force_login(owner)
        number = 1  # every phone opened the night before its first hand
        try:
            while True:
                with lock:
                    attempt = next(remaining, None)
                if attempt is None:
                    return
                data = {**forms[attempt % len(forms)], "number": str(number)}
                data["key"] = f"{attempt:x}"
                response = client.post(record_url, data)
                location = response.get("Location", "")
                if response.status_code == 302 and location == f"{detail_url}?after={number}":
                    outcome = "recorded"
                    number += 1
                elif response.status_code == 302 and location == detail_url:
                    # The loser's phone follows the redirect: it must say why and offer
                    # the hand that is next now, so the host can simply retry.
                    page = client.get(detail_url).content.decode()
                    shown = NUMBER_FIELD.search(page)
                    told = said(err.HAND_ALREADY_RECORDED, number=number) in page
                    if told and shown and int(shown.group(1)) > number:
                        outcome = "conflict"
                        number = int(shown.group(1))
                    else:
                        outcome = "unclear conflict"
                        failures.append(f"attempt {attempt}: conflict page without the way on")
                else:
                    outcome = f"status {response.status_code}"
                    failures.append(f"attempt {attempt}: {outcome} {response.exc_info}")
                with lock:
                    outcomes[outcome] += 1
        finally:
            connections.close_all()

    run_at_once(phone, PHONES)

    print(f"\n{ATTEMPTS} HTTP attempts by {PHONES} phones: {dict(outcomes)}")
    assert failures == []
    assert sum(outcomes.values()) == ATTEMPTS
    assert set(outcomes) == {"recorded", "conflict"}, outcomes
    live = list(Hand.objects.filter(night=night, live=True).order_by("number"))
    assert [hand.number for hand in live] == list(range(1, outcomes["recorded"] + 1))
    assert Hand.objects.filter(night=night).count() == outcomes["recorded"]
    assert verify_night(night) == []
    inputs = [hand.hand_input() for hand in live]
    _, final = rules.replay(rules.HouseRules(), list(ids(night).values()), inputs)
    assert selectors.night_balances(night) == dict(final.balances)
    assert selectors.night_pot(night) == final.pot


# --- Two phones changing one hand at the same moment: one wins, the other is told ---

ROUNDS = 10
REVISION_FIELD = re.compile(r'name="revision" value="(\d+)"')
# Hand 2 as a phone might correct it; each round's two phones send two versions unlike
# the live one and unlike each other, so a silent replacement would show.
HAND_2_VERSIONS = [
    HANDS[1],
    {"dealer": "Bob", "stayed": {"Cy": 3, "Dee": 2}},
    {"dealer": "Bob", "stayed": {"Ann": 4, "Dee": 1}},
    {"dealer": "Bob", "stayed": {"Dee": None}},
]


def test_two_phones_confirming_a_correction_at_once_one_wins_and_the_other_is_told():
    night = night_with()
    record_all(night, HANDS[:3])
    by = night.started_by
    versions = [hand_data(night, hand) for hand in HAND_2_VERSIONS]
    live = 0
    rounds = Counter()

    for _ in range(ROUNDS):
        seen = Hand.objects.get(night=night, number=2, live=True).revision
        sent = [(live + 1) % len(versions), (live + 2) % len(versions)]
        outcomes = race(
            [
                partial(
                    correction_services.hand_correct,
                    night=night,
                    number=2,
                    hand=versions[version],
                    reason=f"phone {phone}",
                    by=by,
                    expected_revision=seen,
                )
                for phone, version in enumerate(sent)
            ]
        )

        won = [i for i, outcome in enumerate(outcomes) if isinstance(outcome, Hand)]
        told = err.HAND_CHANGED[Hand.CORRECT](number=2, revision=seen + 1)
        refused = [o for o in outcomes if isinstance(o, Conflict) and o.problems == [told]]
        rounds[_verdict(won, refused, outcomes)] += 1
        if len(won) == 1:
            live = sent[won[0]]
        hand_2 = Hand.objects.get(night=night, number=2, live=True)
        assert (hand_2.revision, hand_2.input) == (seen + 1, rules.input_to_json(versions[live]))

    print(f"\n{ROUNDS} rounds of racing corrections (service): {dict(rounds)}")
    assert rounds == {"one winner": ROUNDS}
    assert verify_night(night) == []
    _assert_balances_replay(night)


def test_two_phones_confirming_a_correction_through_the_screen_one_wins_and_the_other_is_told():
    night = night_with()
    record_all(night, HANDS[:3])
    owner = night.table.owner
    correct_url = reverse("hand_correct", args=[night.pk, 2])
    phones = [Client(raise_request_exception=False) for _ in range(2)]
    for phone in phones:
        phone.force_login(owner)
    versions = [rules.input_to_json(hand_data(night, hand)) for hand in HAND_2_VERSIONS]
    live = 0
    rounds = Counter()

    for _ in range(ROUNDS):
        # Each phone opens the correction page: the form carries the revision it shows.
        forms = []
        sent = [(live + 1) % len(HAND_2_VERSIONS), (live + 2) % len(HAND_2_VERSIONS)]
        for index, phone in enumerate(phones):
            page = phone.get(correct_url).content.decode()
            data = hand_post(night, HAND_2_VERSIONS[sent[index]], number=2)
            data.update(
                action="confirm", reason=f"phone {index}", revision=REVISION_FIELD.search(page)[1]
            )
            forms.append(data)
        seen = int(forms[0]["revision"])
        posts = zip(phones, forms, strict=True)
        answers = race([partial(phone.post, correct_url, form) for phone, form in posts])

        told = said(err.HAND_CHANGED[Hand.CORRECT], number=2, revision=seen + 1)
        texts = [_said(phone, answer) for phone, answer in zip(phones, answers, strict=True)]
        won = [i for i, text in enumerate(texts) if HAND_CORRECTED % {"number": 2} in text]
        refused = [text for text in texts if told in text]
        verdict = _verdict(won, refused, [a.status_code for a in answers])
        # Whatever happened, the next round starts from the version that is live now.
        hand_2 = Hand.objects.get(night=night, number=2, live=True)
        live = versions.index(hand_2.input)
        if verdict == "one winner" and (live, hand_2.revision) != (sent[won[0]], seen + 1):
            verdict = "the winner's correction was not kept"
        rounds[verdict] += 1

    print(f"\n{ROUNDS} rounds of racing corrections (HTTP): {dict(rounds)}")
    assert rounds == {"one winner": ROUNDS}
    assert verify_night(night) == []


def test_an_undo_and_a_correction_of_the_last_hand_at_once_one_wins_and_the_other_is_told():
    night = night_with()
    record_all(night, HANDS[:3])
    owner = night.table.owner
    undo_url = reverse("hand_undo", args=[night.pk])
    correct_url = reverse("hand_correct", args=[night.pk, 3])
    undoer, corrector = Client(raise_request_exception=False), Client(raise_request_exception=False)
    for phone in (undoer, corrector):
        phone.force_login(owner)
    # Hand 3 as recorded, and as the corrector says it was: the two alternate.
    versions = [HANDS[2], {"dealer": "Cy", "stayed": {"Ann": 5, "Dee": 0}}]
    live = 0
    rounds = Counter()
    winners = Counter()

    for _ in range(ROUNDS):
        undo_page = undoer.get(undo_url).content.decode()
        correct_page = corrector.get(correct_url).content.decode()
        seen = int(REVISION_FIELD.search(undo_page)[1])
        assert int(REVISION_FIELD.search(correct_page)[1]) == seen
        correction = hand_post(night, versions[1 - live], number=3)
        correction.update(action="confirm", reason="Ann took them all", revision=str(seen))
        answers = race(
            [
                partial(undoer.post, undo_url, {"number": "3", "revision": str(seen)}),
                partial(corrector.post, correct_url, correction),
            ]
        )

        undo_said, correct_said = (
            _said(phone, answer) for phone, answer in zip((undoer, corrector), answers, strict=True)
        )
        undone = HAND_UNDONE % {"number": 3} in undo_said
        corrected = HAND_CORRECTED % {"number": 3} in correct_said
        won = [i for i, ok in enumerate((undone, corrected)) if ok]
        refused = [
            text
            for text, change in ((undo_said, Hand.CORRECT), (correct_said, Hand.UNDO))
            if said(err.HAND_CHANGED[change], number=3, revision=seen + 1) in text
        ]
        rounds[_verdict(won, refused, [a.status_code for a in answers])] += 1
        winners.update("undo" if undone else "correction" for _ in won)
        newest = Hand.objects.filter(night=night, number=3).order_by("-revision").first()
        assert newest.revision == seen + 1
        if undone:
            assert newest.kind == Hand.UNDO
            # The host records hand 3 again, as it was, for the next round.
            hand_services.hand_record(
                night=night, expected_number=3, hand=hand_data(night, versions[live]), by=owner
            )
        else:
            assert (newest.kind, newest.live) == (Hand.CORRECT, True)
            live = 1 - live

    print(
        f"\n{ROUNDS} rounds of an undo racing a correction (HTTP): {dict(rounds)}, "
        f"won by {dict(winners)}"
    )
    assert rounds == {"one winner": ROUNDS}
    assert verify_night(night) == []


def test_start_tapped_twice_at_once_opens_one_night():
    table = night_with().table
    players = list(table.players.order_by("name"))
    opened = Counter()

    for round_ in range(ROUNDS):
        start = partial(
            night_services.night_start,
            table=table,
            players=players,
            first_dealer=players[0],
            by=table.owner,
            idempotency_key=f"start-{round_}",
        )
        nights = race([start, start])
        opened[len({night.pk for night in nights if isinstance(night, Night)})] += 1
        assert all(isinstance(night, Night) for night in nights), nights

    print(f"\n{ROUNDS} rounds of two taps on Start at once: nights opened {dict(opened)}")
    assert opened == {1: ROUNDS}
    assert Night.objects.filter(table=table).count() == 1 + ROUNDS


def _verdict(won: list, refused: list, outcomes) -> str:
    if len(won) == 1 and len(refused) == 1:
        return "one winner"
    if len(won) == 2:
        return "silent replacement"
    return f"unclear: {outcomes!r}"


def _said(client: Client, response) -> str:
    """What the phone shows after its tap: the page, or where the redirect lands."""
    if response.status_code == 302:
        response = client.get(response["Location"])
    return response.content.decode().replace("&#x27;", "'")


def _assert_balances_replay(night) -> None:
    inputs = [hand.hand_input() for hand in selectors.live_hands(night)]
    _, final = rules.replay(rules.HouseRules(), list(ids(night).values()), inputs)
    assert selectors.night_balances(night) == dict(final.balances)
