"""The referee at the table: "Was that legal?", "What may I play?" and tonight's house rules.

The judge is the host's (another host gets a 404; anyone else, share-link visitors
included, is sent to sign in); the house rules are the host's and, through the live link,
every player's. Nothing here writes.
"""

import re
from html import unescape
from urllib.parse import parse_qsl

import pytest
from django.urls import reverse
from django.utils.http import urlencode
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger import rules
from ledger.rules import errors as rules_errors
from ledger.rules.house_rules import PLAY_BEAT_LED_SUIT, PLAY_NO_BEAT
from ledger.services import corrections as correction_services
from ledger.services import roster as roster_services
from tables import verdict_text
from tables.forms import judge as forms_judge
from tests.factories import NightFactory, ShareLinkFactory, UserFactory
from tests.ledger.helpers import ids
from tests.tables.night_helpers import example_1_hands, hand_post, play, url
from tests.tables.urlwalk import fingerprint

pytestmark = pytest.mark.django_db


def judge(client, night, *, ask="judge", player="Dee", status=200, **fields):
    """The referee's answer page for ``fields`` (trump, trick, hand, played), as text:
    ``status`` 200, an answer; 400, what stops it answering (None: either)."""
    query = {"ask": ask, "player": ids(night).get(player, player), **fields}
    response = client.get(url("night_judge", night), query)
    if status is None:
        assert response.status_code in (200, 400)
    else:
        assert response.status_code == status
    return unescape(response.content.decode())


def verdict_of(html: str) -> str:
    return re.search(r'<p class="verdict-sentence">([^<]*)</p>', html).group(1)


def chips(html: str) -> list[str]:
    """The legal cards the answer lists, by their names."""
    box = html[html.index('class="card-chips"') :]
    box = box[: box.index("</ul>")]
    return re.findall(r'<span class="sr-only">([^<]+)</span>', box)


def problems(html: str) -> list[str]:
    """The lines of what stops the referee answering, as read (a line naming a field is a
    link to it)."""
    box = html[html.index('class="errorlist"') :]
    lines = re.findall(r"<li>(.*?)</li>", box[: box.index("</ul>")])
    return [re.sub(r"<[^>]+>", "", line) for line in lines]


def field_links(html: str) -> list[str]:
    """The fields the refusal's lines link to."""
    box = html[html.index('class="errorlist"') :]
    return re.findall(r'<li><a href="#([\w-]+)">', box[: box.index("</ul>")])


def trick_pressed(html: str) -> list[tuple[str, str]]:
    """The trick grid's pressed cards and the place each shows, in the grid's order."""
    return re.findall(
        r'name="tap" value="(\w+)" class="card-toggle trick-card" aria-pressed="true">'
        r'.*?<span class="order" aria-hidden="true">(\d+)</span>',
        html,
    )


def trick_sent(html: str) -> list[str]:
    """The trick as the form sends it, in the order played."""
    box = html[html.index('class="trick-inputs"') :]
    return re.findall(r'name="trick" value="(\w+)"', box[: box.index("</div>")])


def played_offered(html: str) -> list[str]:
    """The cards offered as the card played (the others are hidden)."""
    return re.findall(r'<label class="card-toggle[^"]*" data-card="(\w+)">', html)


# --- who may use the judge ---------------------------------------------------------


def test_the_host_gets_a_grid_of_every_card_for_the_trick_and_for_the_hand(client, host, night):
    response = client.get(url("night_judge", night))

    assert response.status_code == 200
    html = unescape(response.content.decode())
    assert "<h1>Was that legal?</h1>" in html
    assert html.count('type="checkbox" class="toggle-input" name="hand"') == 52
    assert html.count('<button type="submit" name="tap" value="') == 52
    assert html.count('aria-pressed="false"') == 52
    assert html.count('name="trump"') == 4
    assert '<select name="trick"' not in html and '<select name="player"' not in html
    assert '<span class="sr-only">nine of hearts</span>' in html
    assert '<span aria-hidden="true">9♥</span>' in html
    assert '<span class="sr-only">spades</span>' in html
    assert 'id="verdict"' not in html  # nothing asked yet


def test_the_card_played_is_offered_from_the_hands_cards_only(client, host, night):
    blank = unescape(client.get(url("night_judge", night)).content.decode())
    assert blank.count('type="radio" class="toggle-input" name="played"') == 52
    assert played_offered(blank) == []  # every one hidden until the hand is ticked

    html = unescape(
        client.get(url("night_judge", night), {"hand": ["9H", "4H", "KC"]}).content.decode()
    )

    assert played_offered(html) == ["9H", "4H", "KC"]
    assert 'id="verdict"' not in html


def test_a_tap_on_the_trick_grid_adds_the_card_last_or_takes_it_out(client, host, night):
    def tapped(**query) -> str:
        response = client.get(url("night_judge", night), query)
        assert response.status_code == 200
        return unescape(response.content.decode())

    html = tapped(trick=["7H"], tap="2S")
    assert trick_sent(html) == ["7H", "2S"]
    assert trick_pressed(html) == [("2S", "2"), ("7H", "1")]  # the grid's order, spades first
    assert '<span class="so-far-cards"><span class="chip red"><span aria-hidden="true">7♥' in html

    html = tapped(trick=["7H", "2S", "KH"], tap="2S")
    assert trick_sent(html) == ["7H", "KH"]
    assert trick_pressed(html) == [("KH", "2"), ("7H", "1")]


def test_a_table_of_seven_takes_six_cards_before_the_last_a_table_of_eight_seven(client, host):
    trick = ["2C", "3C", "4C", "5C", "6C", "7C", "8C"]
    position = {"trump": "S", "trick": trick, "hand": ["9C"], "played": "9C"}
    louisiana = NightFactory()
    client.force_login(louisiana.table.owner)

    html = judge(client, louisiana, status=400, **position)

    assert problems(html) == [
        "The trick so far, in the order played: The trick already holds 7 cards, so nobody is "
        "left to play to it."
    ]
    swedish = NightFactory(house_rules=rules.PRESETS["swedish"].for_ante(1))
    client.force_login(swedish.table.owner)
    html = judge(client, swedish, **position)
    assert verdict_of(html) == "Legal: Dee followed suit and beat the 8♣."


def test_another_host_gets_a_404(client, night):
    client.force_login(UserFactory())

    assert client.get(url("night_judge", night)).status_code == 404


def test_an_anonymous_visitor_is_sent_to_sign_in(client, night):
    response = client.get(url("night_judge", night), {"ask": "judge"})

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_a_share_link_visitor_cannot_use_the_judge(client, night):
    link = ShareLinkFactory(night=night)
    assert client.get(reverse("share_view", args=[link.token])).status_code == 200

    response = client.get(url("night_judge", night))

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_a_closed_night_has_no_judge_and_goes_to_its_settle_up(client):
    night = NightFactory(hands=2, closed=True)
    client.force_login(night.table.owner)

    response = client.get(url("night_judge", night))

    assert response.status_code == 302
    assert response["Location"] == url("night_settlement", night)


def test_the_judge_takes_no_post(client, host, night):
    assert client.post(url("night_judge", night)).status_code == 405


def test_the_hand_screen_of_an_open_night_links_to_the_judge_and_the_rules(client, host, night):
    html = client.get(url("night_detail", night)).content.decode()

    assert f'href="{url("night_judge", night)}">Was that legal?</a>' in html
    assert f'href="{url("night_rules", night)}">House rules</a>' in html


# --- the verdict ---------------------------------------------------------------------


def test_a_renege_is_named_in_a_sentence_with_the_legal_cards(client, host, night):
    html = judge(client, night, trump="S", trick=["7H"], hand=["9H", "4H", "KC"], played="4H")

    assert '<h2 id="verdict-heading">Renege</h2>' in html
    assert verdict_of(html) == "Dee held the 9♥ and had to beat the 7♥ — renege."
    assert chips(html) == ["nine of hearts"]


def test_a_legal_card_is_explained_too(client, host, night):
    html = judge(client, night, trump="S", trick=["7H"], hand=["8C", "3D"], played="3D")

    assert '<h2 id="verdict-heading">Legal</h2>' in html
    assert verdict_of(html) == "Legal: Dee had no heart and no trump."
    assert chips(html) == ["eight of clubs", "three of diamonds"]
    assert "as reneged" not in html


BEAT_WINNER = rules.PLAY_BEAT_WINNER


@pytest.mark.parametrize(
    "obligation,trick,hand,played,code,sentence",
    [
        (
            BEAT_WINNER,
            ["10D"],
            ["QD", "5D", "AS"],
            "AS",
            "follow_suit",
            "Dee held the Q♦ and had to follow suit, not play the A♠ — renege.",
        ),
        (
            BEAT_WINNER,
            ["5S"],
            ["JS", "2S", "AH"],
            "2S",
            "beat_trump",
            "Dee held the J♠ and had to beat the 5♠, the highest trump in the trick — renege.",
        ),
        (
            BEAT_WINNER,
            ["7H", "KH"],
            ["AH", "9H", "4H"],
            "9H",
            "beat_winner",
            "Dee held the A♥ and had to beat the K♥ — renege.",
        ),
        (
            PLAY_BEAT_LED_SUIT,
            ["7H", "2S"],
            ["9H", "4H", "KC"],
            "4H",
            "beat_led_suit",
            "Dee held the 9♥ and had to beat the 7♥, the highest card of the suit led — renege.",
        ),
        (
            BEAT_WINNER,
            ["8C", "9S"],
            ["4S", "JH"],
            "JH",
            "trump",
            "Dee had no club, held the 4♠ and had to trump — renege.",
        ),
        (
            BEAT_WINNER,
            ["8C", "9S"],
            ["QS", "4S", "JH"],
            "4S",
            "over_trump",
            "Dee had no club, held the Q♠ and had to over-trump the 9♠ — renege.",
        ),
    ],
)
def test_each_broken_obligation_is_worded_as_a_sentence(
    client, obligation, trick, hand, played, code, sentence
):
    night = NightFactory(house_rules=rules.HouseRules(play_obligation=obligation))
    client.force_login(night.table.owner)

    html = judge(client, night, trump="S", trick=trick, hand=hand, played=played)

    assert verdict_of(html) == sentence
    assert rules.judge(hand, trick, played, "S", obligation).broken == code


def test_every_broken_code_of_the_engine_has_a_sentence():
    assert set(verdict_text.BROKEN) == set(rules.play.BROKEN_CODES)


@pytest.mark.parametrize(
    "trick,hand,played,sentence",
    [
        ([], ["2C", "AH"], "2C", "Legal: Dee led, and any card may lead."),
        (["7H"], ["9H", "KC"], "9H", "Legal: Dee followed suit and beat the 7♥."),
        (["7H", "KH"], ["9H", "4H"], "4H", "Legal: Dee followed suit."),
        (["8C", "9S"], ["QS", "JH"], "QS", "Legal: Dee had no club and over-trumped the 9♠."),
        (["8C", "9S"], ["4S", "JH"], "4S", "Legal: Dee had no club and trumped."),
        (["5S"], ["AH", "3D"], "3D", "Legal: Dee had no trump."),
    ],
)
def test_each_way_of_playing_legally_is_explained(
    client, host, night, trick, hand, played, sentence
):
    html = judge(client, night, trump="S", trick=trick, hand=hand, played=played)

    assert verdict_of(html) == sentence


def test_several_legal_cards_are_all_named(client, host, night):
    html = judge(client, night, trump="S", trick=["7H"], hand=["9H", "JH", "4H"], played="4H")

    assert verdict_of(html) == "Dee held the 9♥ and J♥ and had to beat the 7♥ — renege."
    assert chips(html) == ["nine of hearts", "jack of hearts"]


def test_the_trick_is_read_in_the_order_played_skipping_empty_values(client, host, night):
    # 7♥ then a trump: under beat_winner any heart will do once the trick is trumped.
    html = judge(
        client, night, trump="S", trick=["", "7H", "", "2S"], hand=["9H", "4H"], played="4H"
    )

    assert verdict_of(html) == "Legal: Dee followed suit."
    assert trick_sent(html) == ["7H", "2S"]


def test_the_obligation_is_tonights_snapshot_not_the_tables_rules_now(client):
    """Row 4 of the rules' examples: a trumped heart trick, where the houses differ."""
    position = {"trump": "S", "trick": ["7H", "2S"], "hand": ["9H", "4H", "KC"], "played": "4H"}
    swedish = NightFactory(house_rules=rules.HouseRules(play_obligation=PLAY_BEAT_LED_SUIT))
    client.force_login(swedish.table.owner)
    assert "renege" in verdict_of(judge(client, swedish, **position))

    louisiana = NightFactory()
    table = louisiana.table
    table.rules = rules.HouseRules(play_obligation=PLAY_BEAT_LED_SUIT).to_dict()
    table.save()
    client.force_login(table.owner)
    html = judge(client, louisiana, **position)
    assert verdict_of(html) == "Legal: Dee followed suit."
    assert "Play: beat the card winning the trick when you can." in html


# --- one tap marks the renege on the hand being entered -------------------------------


def test_a_renege_verdict_offers_to_mark_it_on_the_hand_being_entered(client, host, night):
    play(night, example_1_hands(2))
    dee = ids(night)["Dee"]

    html = judge(client, night, trump="S", trick=["7H"], hand=["9H", "4H"], played="4H")

    mark = f"{url('night_detail', night)}?renege={dee}"
    assert f'<a class="button block" href="{mark}">Mark Dee as reneged on hand 3</a>' in html


def check_of(html: str) -> str:
    """The hand screen's live check, as read."""
    box = html[html.index('<div id="hand-check"') :]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", box[: box.index("</div>")])).strip()


def test_the_mark_lands_on_the_hand_screen_as_a_staying_reneger(client, host, night):
    dee = ids(night)["Dee"]
    before = fingerprint()

    html = unescape(client.get(url("night_detail", night), {"renege": dee}).content.decode())

    assert re.search(rf'name="renege_{dee}" value="1" checked', html)
    assert re.search(rf'name="play_{dee}" value="stay" checked', html)
    others = [pid for name, pid in ids(night).items() if name != "Dee"]
    for pid in others:
        assert not re.search(rf'name="renege_{pid}" value="1" checked', html)
    # Nobody else was tapped: the check asks for the others, it does not give Dee the pot.
    check = check_of(html)
    assert check.startswith("Dee reneged: tap the others who stayed, and the tricks.")
    assert "a renege needs at least two stayers (1 stayed)" in check
    assert "stays alone and takes the pot" not in check
    assert "Ready to record." not in check
    assert fingerprint() == before  # marked, not recorded


def hand_taps(night, number=1, dealer="Ann", **plays) -> dict:
    """The hand screen's taps as its judge link carries them (everyone dealt in)."""
    people = ids(night)
    taps = {"number": str(number), "dealer": str(people[dealer])}
    taps.update({f"seated_{pid}": "1" for pid in people.values()})
    taps.update({f"play_{pid}": "fold" for pid in people.values()})
    taps.update({f"play_{people[name]}": play for name, play in plays.items()})
    return taps


def test_the_mark_keeps_the_other_stayers_as_the_host_left_them(client, host, night):
    people = ids(night)
    taps = hand_taps(night, Bob="stay", Cy="3")
    before = fingerprint()

    html = unescape(
        client.get(url("night_detail", night), {"renege": people["Dee"], **taps}).content.decode()
    )

    assert re.search(rf'name="renege_{people["Dee"]}" value="1" checked', html)
    assert re.search(rf'name="play_{people["Dee"]}" value="stay" checked', html)
    assert re.search(rf'name="play_{people["Bob"]}" value="stay" checked', html)
    assert re.search(rf'name="play_{people["Cy"]}" value="3" checked', html)
    assert re.search(rf'name="play_{people["Ann"]}" value="fold" checked', html)
    check = check_of(html)
    assert check.startswith("Tricks 3 of 5")
    assert "alone" not in check
    assert fingerprint() == before


def test_taps_for_another_hand_than_the_next_are_not_brought_back(client, host, night):
    people = ids(night)
    taps = hand_taps(night, number=7, Bob="stay", Cy="3")

    html = client.get(
        url("night_detail", night), {"renege": people["Dee"], **taps}
    ).content.decode()

    assert re.search(rf'name="play_{people["Dee"]}" value="stay" checked', html)
    assert re.search(rf'name="play_{people["Bob"]}" value="fold" checked', html)
    assert re.search(rf'name="play_{people["Cy"]}" value="fold" checked', html)


def test_the_judge_carries_the_hands_taps_to_the_mark_and_back(client, host, night):
    people = ids(night)
    taps = hand_taps(night, Bob="stay", Cy="3")
    position = {"trump": "S", "trick": ["7H"], "hand": ["9H", "4H"], "played": "4H"}

    html = judge(client, night, **position, **taps, csrfmiddlewaretoken="x", after="2")

    for key, value in taps.items():
        assert f'<input type="hidden" name="{key}" value="{value}">' in html
    form = html[html.index('<form method="get"') :]
    assert 'name="csrfmiddlewaretoken"' not in form[: form.index("</form>")]
    assert 'name="after"' not in html
    mark = re.search(r'<a class="button block" href="([^"]+)">Mark Dee', html).group(1)
    back = re.search(r'<a href="([^"]+)">Back to hand 1</a>', html).group(1)
    assert mark == f"{url('night_detail', night)}?renege={people['Dee']}&{urlencode(taps)}"
    assert back == f"{url('night_detail', night)}?{urlencode(taps)}"
    assert f'href="{url("night_judge", night)}?{urlencode(taps)}">Start again</a>' in html


def test_back_from_the_judge_the_hand_is_as_the_host_left_it(client, host, night):
    people = ids(night)

    html = client.get(url("night_detail", night), hand_taps(night, Bob="stay")).content.decode()

    assert re.search(rf'name="play_{people["Bob"]}" value="stay" checked', html)
    assert not re.search(r'name="renege_\d+" value="\d+" checked', html)


def test_the_hand_screens_judge_link_carries_the_hand_as_checked(client, host, night):
    people = ids(night)
    taps = hand_taps(night, Bob="stay", Dee="2")

    html = unescape(client.post(url("hand_check", night), taps).content.decode())

    link = re.search(r'data-carry-hand="([^"]+)" href="([^"]+)">Was that legal\?</a>', html)
    assert link.group(1) == url("night_judge", night)
    carried = dict(parse_qsl(link.group(2).split("?", 1)[1]))
    assert carried["number"] == "1" and carried["dealer"] == str(people["Ann"])
    assert carried[f"play_{people['Bob']}"] == "stay"
    assert carried[f"play_{people['Dee']}"] == "2"
    assert f"play_{people['Ann']}" not in carried  # a fold is what the screen assumes


# --- the answer as the host taps (htmx) ------------------------------------------------


def live(client, night, **fields):
    response = client.get(
        url("night_judge", night), {"live": "1", **fields}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    return unescape(response.content.decode())


def test_as_the_host_taps_htmx_gets_the_answer_alone(client, host, night):
    html = live(client, night, trump="S", trick=["7H"], hand=["9H", "4H"], played="4H")

    assert 'id="answer"' not in html and "<form" not in html  # what goes in it, no more
    assert verdict_of(html) == "The player held the 9♥ and had to beat the 7♥ — renege."
    assert "Mark Dee as reneged on hand 1" in html


def test_before_the_card_played_is_picked_the_answer_stays_empty(client, host, night):
    html = live(client, night, trump="S", trick=["7H"], hand=["9H", "4H"])

    assert html.strip() == ""


def test_what_stops_a_live_answer_is_said_without_taking_the_focus(client, host, night):
    before = fingerprint()

    html = live(client, night, trump="S", trick=["9H"], hand=["9H", "4H"], played="4H")

    assert problems(html) == [
        HAND + "The 9♥ is both in the trick and in the hand: a deck has one of each card."
    ]
    assert 'role="alert"' not in html and "autofocus" not in html
    assert fingerprint() == before


def test_the_marked_renege_is_recorded_with_the_hand(client, host, night):
    hand = {"dealer": "Ann", "stayed": {"Bob": 3, "Dee": 2}, "reneged": ["Dee"]}
    response = client.post(url("hand_record", night), hand_post(night, hand, number=1))

    assert response.status_code == 302
    assert night.hands.get(number=1, live=True).input["reneged"] == [ids(night)["Dee"]]


def test_a_mark_for_someone_not_at_the_table_is_ignored(client, host, night):
    html = client.get(url("night_detail", night), {"renege": "99999"}).content.decode()

    assert not re.search(r'name="renege_\d+" value="1" checked', html)
    assert 'value="stay" checked' not in html


# --- what may I play ------------------------------------------------------------------


def test_what_may_i_play_highlights_the_legal_cards_in_the_picker(client, host, night):
    html = judge(client, night, ask="legal", trump="S", trick=["7H", "KH"], hand=["AH", "9H", "4H"])

    assert '<h2 id="verdict-heading">What may be played</h2>' in html
    assert verdict_of(html) == "Dee must follow suit and beat the K♥."
    assert chips(html) == ["ace of hearts"]
    highlighted = re.findall(r'<label class="card-toggle legal">.*?value="(\w+)"', html)
    assert highlighted == ["AH"]
    assert "nine of hearts, may be played" not in html
    assert "ace of hearts, may be played" in html


@pytest.mark.parametrize(
    "obligation,trick,hand,sentence,legal",
    [
        (BEAT_WINNER, [], ["2C", "AH"], "Dee leads: any card may lead.", ["2C", "AH"]),
        (
            BEAT_WINNER,
            ["7H", "2S"],
            ["9H", "4H"],
            "Dee must follow suit.",
            ["9H", "4H"],
        ),
        (
            PLAY_BEAT_LED_SUIT,
            ["7H", "2S"],
            ["9H", "4H"],
            "Dee must follow suit and beat the 7♥.",
            ["9H"],
        ),
        (
            BEAT_WINNER,
            ["8C", "9S"],
            ["QS", "4S", "JH"],
            "Dee has no club and must over-trump the 9♠.",
            ["QS"],
        ),
        (
            PLAY_NO_BEAT,
            ["8C", "9S"],
            ["QS", "4S", "JH"],
            "Dee has no club and must trump.",
            ["QS", "4S"],
        ),
        (
            BEAT_WINNER,
            ["8C"],
            ["JH", "3D"],
            "Dee has no club and no trump: any card will do.",
            ["JH", "3D"],
        ),
        (BEAT_WINNER, ["5S"], ["AH", "3D"], "Dee has no trump: any card will do.", ["AH", "3D"]),
    ],
)
def test_what_may_i_play_says_what_the_player_must_do(
    client, obligation, trick, hand, sentence, legal
):
    night = NightFactory(house_rules=rules.HouseRules(play_obligation=obligation))
    client.force_login(night.table.owner)

    html = judge(client, night, ask="legal", trump="S", trick=trick, hand=hand)

    assert verdict_of(html) == sentence
    assert re.findall(r'<label class="card-toggle legal">.*?value="(\w+)"', html) == sorted(
        legal, key=rules.DECK.index
    )


def test_htmx_gets_the_answer_and_the_form_without_the_page_around_them(client, host, night):
    response = client.get(
        url("night_judge", night),
        {"ask": "legal", "player": ids(night)["Dee"], "trump": "S", "hand": ["AH"]},
        headers={"HX-Request": "true"},
    )

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="referee">')
    assert "<html" not in html
    assert "Dee leads: any card may lead." in html


# --- bad input: the engine's problems, nothing written ----------------------------------


TRICK = "The trick so far, in the order played: "
HAND = "The cards they held, the card played included: "
PLAYED = "The card they played: "
TRUMP = "Trump: "


@pytest.mark.parametrize(
    "fields,expected,linked",
    [
        (
            {"trump": "S", "trick": ["7H", "7H"], "hand": ["9H"], "played": "9H"},
            [TRICK + "The 7♥ is in the trick twice: a deck has one of each card."],
            ["judge-trick"],
        ),
        (
            {"trump": "S", "trick": ["7H"], "hand": ["9H", "4H"], "played": "KH"},
            [PLAYED + "The K♥ was played but is not ticked in the hand: tick it too."],
            ["judge-played"],
        ),
        (
            {"trump": "S", "trick": ["7H"], "played": "KH"},
            [
                HAND + "Tick the cards the player held, the card played included.",
                PLAYED + "The K♥ was played but is not ticked in the hand: tick it too.",
            ],
            ["judge-hand", "judge-played"],
        ),
        (
            {"trick": ["7H"], "hand": ["7H", "4H"], "played": "4H"},
            [
                TRUMP + "Pick trump: ♠, ♥, ♦ or ♣.",
                HAND + "The 7♥ is both in the trick and in the hand: a deck has one of each card.",
            ],
            ["judge-trump", "judge-hand"],
        ),
        (
            {"trump": "S", "hand": ["9H", "9H"], "played": ""},
            [
                HAND + "The 9♥ is in the hand twice: a deck has one of each card.",
                PLAYED + "Pick the card that was played.",
            ],
            ["judge-hand", "judge-played"],
        ),
        (
            {"trump": "X", "trick": ["1H"], "hand": ["9H"] * 8, "played": "9H"},
            [
                TRUMP + "Pick trump: ♠, ♥, ♦ or ♣.",
                HAND + "8 cards are ticked in the hand; a player holds at most 7.",
                TRICK + "Pick the cards from the picker: one of them is not a card.",
            ],
            ["judge-trump", "judge-hand", "judge-trick"],
        ),
        (
            {"trump": "S", "trick": ["7H", "ZZ"], "hand": ["9H", "QQ"], "played": "9H"},
            [
                HAND + "Pick the cards from the picker: one of them is not a card.",
                TRICK + "Pick the cards from the picker: one of them is not a card.",
            ],
            ["judge-hand", "judge-trick"],
        ),
    ],
)
def test_bad_input_is_refused_naming_the_field_and_writes_nothing(
    client, host, night, fields, expected, linked
):
    before = fingerprint()

    html = judge(client, night, status=400, **fields)

    assert problems(html) == expected
    assert field_links(html) == linked
    assert 'class="error-summary refusal" id="refusal" role="alert"' in html
    assert html.count('class="errorlist"') == 1  # on top of the page, once
    assert "The referee cannot answer yet:" in html
    assert 'id="verdict-heading"' not in html
    assert fingerprint() == before


def test_htmx_gets_a_refusal_in_the_judge_it_swaps_with_a_200(client, host, night):
    response = client.get(
        url("night_judge", night),
        {"ask": "judge", "trump": "S", "trick": ["7H", "7H"], "hand": ["9H"], "played": "9H"},
        headers={"HX-Request": "true"},
    )

    html = unescape(response.content.decode())
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="referee">')
    assert 'id="refusal-referee" role="alert"' in html
    assert problems(html) == [TRICK + "The 7♥ is in the trick twice: a deck has one of each card."]


def test_a_player_not_at_tonights_table_is_refused(client, host, night):
    fields = {"trump": "S", "trick": ["7H"], "hand": ["9H"], "played": "9H"}

    html = judge(client, night, player="99999", status=400, **fields)

    assert problems(html) == [str(forms_judge.PLAYER_NOT_AT_TABLE)]


def test_a_player_who_left_tonight_cannot_be_named(client, host, night):
    dee = night.seats.get(player__name="Dee").player
    roster_services.night_seat_leave(night=night, player=dee, by=host)

    html = judge(
        client,
        night,
        player=str(dee.pk),
        status=400,
        trump="S",
        trick=["7H"],
        hand=["9H"],
        played="9H",
    )

    assert problems(html) == [str(forms_judge.PLAYER_NOT_AT_TABLE)]


def test_without_a_player_the_verdict_speaks_of_the_player_and_any_player_can_be_marked(
    client, host, night
):
    html = judge(client, night, player="", trump="S", trick=["7H"], hand=["9H", "4H"], played="4H")

    assert verdict_of(html) == "The player held the 9♥ and had to beat the 7♥ — renege."
    marks = re.findall(
        r'<li><a class="button secondary" href="([^"]+)"><span aria-hidden="true">(\w+)</span>'
        r'<span class="sr-only">([^<]+)</span></a></li>',
        html,
    )
    assert [(name, said) for _, name, said in marks] == [
        (name, f"Mark {name} as reneged on hand 1") for name in ("Ann", "Bob", "Cy", "Dee")
    ]
    people = ids(night)
    assert [href for href, _, _ in marks] == [
        f"{url('night_detail', night)}?renege={people[name]}"
        for name in ("Ann", "Bob", "Cy", "Dee")
    ]


def test_what_may_i_play_without_a_player_says_what_the_player_must_do(client, host, night):
    html = judge(client, night, ask="legal", player="", trump="S", trick=[], hand=["AH"])

    assert verdict_of(html) == "The player leads: any card may lead."


def test_a_forged_query_is_bounded_and_answered_with_problems(client, host, night):
    html = judge(
        client,
        night,
        status=400,
        trump="S" * 10_000,
        trick=["7H"] * 100,
        hand=["x" * 10_000] * 100,
        played="\x00",
    )

    assert "Trump: Pick trump: ♠, ♥, ♦ or ♣." in problems(html)
    assert "x" * 9 not in html


def test_problem_codes_without_a_wording_of_their_own_use_the_engines():
    problem = rules_errors.TRICK_NOT_A_LIST(value="7H")

    assert verdict_text.problem_text(problem) == rules_errors.describe(problem)


# --- the house rules page ----------------------------------------------------------------


def rules_page(client, address: str) -> str:
    response = client.get(address)
    assert response.status_code == 200
    return unescape(response.content.decode())


def sentences(html: str) -> list[str]:
    return re.findall(r"<li>([^<]+)</li>", html[html.index('class="rules-text"') :])


def test_the_host_reads_tonights_rules_in_sentences(client, host, night):
    html = rules_page(client, url("night_rules", night))

    assert "<h1>Tonight's house rules</h1>" in html
    said = sentences(html)
    assert "Each player dealt in puts 1 chip in the pot." in said
    assert "A bourré pays the pot: as many chips as it held before play." in said
    assert "One chip is worth $1.00 when the night is settled." in said
    assert (
        "When another suit is led, you must beat the card winning the trick if you can; once "
        "the trick has been trumped, any card of the suit led will do."
    ) in said
    for setting in [field for field in rules.RULE_FIELDS if "_" in field]:
        assert setting not in html
    assert "beat_led_suit" not in html and "no_beat" not in html


def test_the_rules_page_follows_the_snapshot_with_every_setting_in_words(client):
    house = rules.HouseRules(
        ante=2,
        escalating_ante=True,
        ante_exemptions=True,
        min_tricks_to_win=3,
        bourre_cap=20,
        win_cap=30,
        pot_cap=40,
        leftover_pot="split",
        chip_value="0.25",
        currency="EUR",
        play_obligation=PLAY_BEAT_LED_SUIT,
        tricks_per_hand=7,
    )
    night = NightFactory(house_rules=rules.HouseRules.from_dict(house.to_dict()))
    night.table.rules = rules.HouseRules().to_dict()  # changed since: not tonight's rules
    night.table.save()
    client.force_login(night.table.owner)

    said = sentences(rules_page(client, url("night_rules", night)))

    for sentence in [
        "Each player dealt in gets 7 cards, so a hand is 7 tricks.",
        "Each player dealt in puts 2 chips in the pot.",
        "The ante doubles after each hand nobody wins, and goes back to 2 after a win.",
        "A player who was bourré, or tied for the most tricks, in the last hand skips the next "
        "ante.",
        "When two or more stay, the one with the most tricks takes the pot if they took at least "
        "3 tricks; with fewer, or a tie for the most, nobody wins and the pot stays for the next "
        "hand.",
        "A winner takes at most 30 chips; the rest stays in the pot for the next hand.",
        "A bourré pays the pot, at most 20 chips.",
        "The pot holds at most 40 chips: chips over it go back to whoever just paid them.",
        "Chips still in the pot when the night ends are shared equally among the players of the "
        "last hand.",
        "One chip is worth €0.25 when the night is settled.",
        "On a suit that has been trumped you must still beat the highest card of that suit if "
        "you can.",
    ]:
        assert sentence in said


def test_the_no_beat_rules_say_any_card_of_the_suit_will_do(client):
    night = NightFactory(house_rules=rules.HouseRules(play_obligation=PLAY_NO_BEAT))
    client.force_login(night.table.owner)

    said = sentences(rules_page(client, url("night_rules", night)))

    assert "When another suit is led, any card of that suit will do: you need not beat." in said
    assert "If you cannot follow suit, you must play a trump if you have one; any will do." in said


def test_another_host_gets_a_404_for_the_rules(client, night):
    client.force_login(UserFactory())

    assert client.get(url("night_rules", night)).status_code == 404


def test_an_anonymous_visitor_is_sent_to_sign_in_for_the_hosts_rules_page(client, night):
    response = client.get(url("night_rules", night))

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_a_share_link_visitor_reads_the_rules_from_the_live_page(client, night):
    link = ShareLinkFactory(night=night)
    live = reverse("share_view", args=[link.token])
    address = reverse("share_rules", args=[link.token])
    assert f'href="{address}">Tonight\'s house rules</a>' in unescape(
        client.get(live).content.decode()
    )

    response = client.get(address)

    html = unescape(response.content.decode())
    assert response.status_code == 200
    assert "Each player dealt in puts 1 chip in the pot." in sentences(html)
    assert f'href="{live}">Back to the standings</a>' in html
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    assert url("night_judge", night) not in html  # the referee stays the host's


def test_the_live_rules_of_a_closed_night_stay_readable(client):
    night = NightFactory(hands=2, closed=True)
    link = ShareLinkFactory(night=night)

    assert client.get(reverse("share_rules", args=[link.token])).status_code == 200


def test_a_revoked_or_made_up_link_opens_no_rules(client, night):
    from ledger.services.share_links import share_link_revoke

    link = ShareLinkFactory(night=night)
    share_link_revoke(night=night, by=night.table.owner)

    assert client.get(reverse("share_rules", args=[link.token])).status_code == 404
    assert client.get(reverse("share_rules", args=["made-up"])).status_code == 404
    assert client.get(reverse("share_rules", args=["bad%00token"])).status_code == 404


def test_the_table_page_names_the_play_obligation(client):
    night = NightFactory(house_rules=rules.HouseRules(play_obligation=PLAY_BEAT_LED_SUIT))
    client.force_login(night.table.owner)

    html = client.get(reverse("table_detail", args=[night.table.pk])).content.decode()

    assert (
        "<li>Play: beat the highest card of the suit led when you can, even once it is "
        "trumped.</li>"
    ) in html


def test_undoing_a_hand_keeps_the_mark_on_the_hand_being_entered(client, host, night):
    play(night, example_1_hands(2))
    correction_services.hand_undo_last(night=night, by=host, reason="Wrong dealer.")

    html = judge(client, night, trump="S", trick=["7H"], hand=["9H", "4H"], played="4H")

    assert "Mark Dee as reneged on hand 2</a>" in html


# --- whatever is tapped or forged: an answer or a named problem, never an error ------------

card_or_junk = st.one_of(
    st.sampled_from(rules.DECK),
    st.sampled_from(["", " ", "10h", "TH", "AS ", "1H", "\x00", "x" * 200, "<b>7H</b>"]),
)


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    ask=st.sampled_from(["judge", "legal", "", "other"]),
    trump=st.one_of(st.sampled_from(rules.play.SUITS), card_or_junk),
    trick=st.lists(card_or_junk, max_size=10),
    hand=st.lists(card_or_junk, max_size=10),
    played=card_or_junk,
    player=st.sampled_from(["Dee", "", "0", "-1", "99999999999999999999", "Ann"]),
    tap=card_or_junk,
)
def test_any_query_gets_an_answer_or_named_problems_and_writes_nothing(
    client, host, night, ask, trump, trick, hand, played, player, tap
):
    before = fingerprint()

    html = judge(
        client,
        night,
        ask=ask,
        player=player,
        status=None,
        trump=trump,
        trick=trick,
        hand=hand,
        played=played,
        tap=tap,
    )

    assert fingerprint() == before
    if ask in ("judge", "legal"):
        assert ('id="verdict-heading"' in html) != ('class="errorlist"' in html)
    else:
        assert 'id="verdict"' not in html
