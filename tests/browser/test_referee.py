"""The referee on a phone: a dispute over a card is judged at the table, the renege is
marked on the hand being entered with one tap, and the hand is recorded with it."""

import re

import pytest
from playwright.sync_api import expect

from ledger.models import Hand
from tests.browser.taps import Taps
from tests.factories import night_with
from tests.ledger.helpers import ids, record_all

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_host_judges_a_renege_in_ten_taps_and_records_it_with_the_hand_as_left(
    live_server, phone, page, screenshot, sign_in
):
    night = night_with(("Ann", "Bob", "Cecilia", "Dee"))
    record_all(night, [{"dealer": "Ann", "stayed": {"Bob": 5, "Cecilia": 0}}])
    people = ids(night)
    sign_in(phone, night.table.owner)
    page.goto(f"{live_server.url}/nights/{night.pk}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")

    # Hand 2, Bob dealing: the host has tapped Cecilia's, Dee's and Ann's tricks when
    # Cecilia is accused of a renege on the first trick. Hearts are trump; Dee led the 7♥,
    # Ann played the K♥; Cecilia held the A♥ and played the 4♥: she had to over-trump.
    hand = page.locator("form.hand-form")
    for name, tricks in (("Dee", "2 tricks"), ("Ann", "3 tricks")):
        hand.locator(".seat", has_text=name).get_by_role("radio", name=tricks).check()
    page.locator("details.night-more summary").click()  # the night's other pages
    page.get_by_role("link", name="Was that legal?").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Was that legal?")
    page.wait_for_selector("form.judge-form.enhanced", state="attached")  # judge.js ran

    taps = Taps(page)
    taps.check(page.get_by_role("radio", name="hearts"))
    trick = page.locator("#judge-trick")
    for card in ("seven of hearts", "king of hearts"):
        button = trick.get_by_role("button", name=card)
        taps.tap(button)
        expect(button).to_have_attribute("aria-pressed", "true")
    expect(trick.locator(".so-far-cards")).to_have_text("7♥seven of heartsK♥king of hearts")
    held = page.locator("#judge-hand")
    hand_cards = ("ace of hearts", "four of hearts", "queen of clubs", "nine of spades")
    for card in (*hand_cards, "three of diamonds"):
        taps.check(held.get_by_role("checkbox", name=card))
    played = page.locator("#judge-played")
    expect(played.get_by_role("radio")).to_have_count(5)  # the hand's cards, no other
    taps.check(played.get_by_role("radio", name="four of hearts"))

    verdict = page.locator("#verdict")  # asked as the host taps: no "Was that legal?"
    expect(verdict).to_contain_text(
        "The player held the A♥ and had to beat the K♥, the highest trump in the trick — renege."
    )
    expect(verdict.get_by_role("heading")).to_have_text("Renege")
    assert _fits_the_phone(page)
    screenshot(page, "referee_judge_ten_taps")
    taps.tap(page.get_by_role("link", name="Mark Cecilia as reneged on hand 2"))
    assert taps.count <= 10, taps.count

    # Back on hand 2: Cecilia stays with her renege ticked, Dee and Ann as the host left
    # them, and the check reads the hand the host would record.
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    cecilia = page.locator(f'.seat[data-player="{people["Cecilia"]}"]')
    expect(page.get_by_label("Renege: Cecilia")).to_be_checked()
    # Staying, and bourré by count: Dee's and Ann's tricks make the hand's five.
    expect(cecilia.get_by_role("radio", name="0 tricks")).to_be_checked()
    expect(
        hand.locator(".seat", has_text="Dee").get_by_role("radio", name="2 tricks")
    ).to_be_checked()
    expect(
        hand.locator(".seat", has_text="Ann").get_by_role("radio", name="3 tricks")
    ).to_be_checked()
    check = page.locator("#hand-check")
    expect(check).to_contain_text("Tricks 5 of 5")
    expect(check).to_contain_text("Cecilia stays with no tricks: bourré.")
    expect(check).to_contain_text("Ready to record.")
    expect(check).not_to_contain_text("stays alone and takes the pot")
    assert Hand.objects.filter(night=night, number=2).count() == 0
    screenshot(page, "referee_hand_renege_marked")

    page.get_by_role("button", name="Record hand 2", exact=True).click()
    page.wait_for_url(re.compile(r"\?after=2$"))
    expect(page.locator(".after")).to_contain_text("Cecilia reneged: pays")
    recorded = Hand.objects.get(night=night, number=2, live=True)
    assert recorded.input["reneged"] == [people["Cecilia"]]
    assert recorded.input["stayed"] == {
        str(people["Ann"]): 3,
        str(people["Cecilia"]): 0,
        str(people["Dee"]): 2,
    }


def test_what_may_i_play_frames_the_cards_the_player_may_play(live_server, phone, page, sign_in):
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    sign_in(phone, night.table.owner)
    page.goto(f"{live_server.url}/nights/{night.pk}/judge/")
    page.get_by_role("radio", name="spades").check()
    page.locator("#judge-trick").get_by_role("button", name="seven of hearts").click()
    for card in ("nine of hearts", "four of hearts", "king of clubs"):
        page.locator("#judge-hand").get_by_role("checkbox", name=card).check()

    page.evaluate("window.stillTheSamePage = true")
    page.get_by_role("button", name="What may I play?").click()

    expect(page.locator("#verdict")).to_contain_text("The player must follow suit and beat the 7♥.")
    expect(page.locator("label.card-toggle.legal")).to_have_count(1)
    expect(page.get_by_role("checkbox", name="nine of hearts, may be played")).to_be_checked()
    assert "ask=legal" in page.url  # the answer has its own address, for the back button
    assert page.evaluate("window.stillTheSamePage") is True  # htmx swapped it in place
    # The trick came back with the answer, and a tap still takes a card out.
    button = page.locator("#judge-trick").get_by_role("button", name="seven of hearts")
    expect(button).to_have_attribute("aria-pressed", "true")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "false")
    assert _fits_the_phone(page)

    # Enter on a card asks "Was that legal?": it never taps the trick grid's first card.
    page.locator("#judge-hand").get_by_role("checkbox", name="king of clubs").press("Enter")
    expect(page.locator("#refusal-referee")).to_contain_text("Pick the card that was played.")
    first = page.locator("#judge-trick").get_by_role("button", name="ace of spades")
    expect(first).to_have_attribute("aria-pressed", "false")


def test_the_judge_works_as_a_plain_form_without_javascript(
    live_server, browser, sign_in, screenshot
):
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, java_script_enabled=False, is_mobile=True
    )
    try:
        sign_in(context, night.table.owner)
        page = context.new_page()
        page.goto(f"{live_server.url}/nights/{night.pk}/judge/")
        taps = Taps(page)
        taps.check(page.get_by_role("radio", name="spades"))
        # Each tap on the trick's grid is a submit: the page comes back with the card added.
        for card in ("eight of clubs", "nine of spades"):
            taps.tap(page.locator("#judge-trick").get_by_role("button", name=card))
            expect(page.locator("#judge-trick").get_by_role("button", name=card)).to_have_attribute(
                "aria-pressed", "true"
            )
        expect(page.get_by_role("radio", name="spades")).to_be_checked()  # kept across
        for card in ("queen of spades", "four of spades", "jack of hearts"):
            taps.check(page.locator("#judge-hand").get_by_role("checkbox", name=card))
        # The card played is offered from the hand once the form has been sent with it.
        taps.tap(page.get_by_role("button", name="Show the cards ticked above"))
        expect(page.locator("#judge-played").get_by_role("radio")).to_have_count(3)
        taps.check(page.locator("#judge-played").get_by_role("radio", name="four of spades"))

        taps.tap(page.get_by_role("button", name="Was that legal?"))

        page.wait_for_url(re.compile(r"ask=judge.*#answer$"))
        expect(page.locator("#verdict")).to_contain_text(
            "The player had no club, held the Q♠ and had to over-trump the 9♠ — renege."
        )
        assert page.url.count("trick=") == 2
        assert taps.count == 9, taps.count  # a five-card hand and the mark: 12
        assert _fits_the_phone(page)
        screenshot(page, "referee_no_js_verdict")
    finally:
        context.close()


def test_players_read_tonights_rules_from_the_live_link(live_server, browser, screenshot):
    from tests.factories import ShareLinkFactory

    link = ShareLinkFactory(night=night_with(("Ann", "Bob")))
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/live/{link.token}/")
        page.get_by_role("link", name="Tonight's house rules").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Tonight's house rules")
        expect(page.locator("main")).to_contain_text("Each player dealt in puts 1 chip in the pot.")
        assert _fits_the_phone(page)
        screenshot(page, "referee_house_rules_live")
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "it", "pt-BR", "es", "fr", "sv"])
def test_the_judge_and_its_mark_fit_a_360px_phone_in_every_language(
    live_server, browser, sign_in, screenshot, language
):
    night = night_with(("Ann", "Bob", "Cecilia", "Dee"))
    people = ids(night)
    context = browser.new_context(
        viewport={"width": 360, "height": 800},
        is_mobile=True,
        extra_http_headers={"Accept-Language": language},
    )
    try:
        sign_in(context, night.table.owner)
        page = context.new_page()
        # A renege judged before anyone is named: the longest sentences and a mark for
        # each player; then a refusal naming every field.
        page.goto(
            f"{live_server.url}/nights/{night.pk}/judge/?ask=judge&trump=H&trick=7H&trick=KH"
            "&hand=AH&hand=4H&hand=QC&hand=9S&hand=3D&played=4H"
        )
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect(page.locator("#verdict .mark-list a")).to_have_count(4)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        # Every card of the grids is a 44px target.
        sizes = page.evaluate(
            "Array.from(document.querySelectorAll('.trick-card, .picker .card-toggle, "
            ".played-cards .card-toggle:not([hidden])'))"
            ".map((e) => [e.getBoundingClientRect().width, e.getBoundingClientRect().height])"
        )
        assert len(sizes) == 52 + 52 + 5
        assert min(min(size) for size in sizes) >= 44
        screenshot(page, f"referee_marks_360_{language}")
        page.goto(f"{live_server.url}/nights/{night.pk}/judge/?ask=judge&trick=7H&trick=7H")
        expect(page.locator("#refusal .errorlist li")).to_have_count(4)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        # The hand screen the mark lands on, with the reneger alone so far.
        page.goto(f"{live_server.url}/nights/{night.pk}/?renege={people['Cecilia']}")
        expect(page.locator("#hand-check")).to_contain_text("Cecilia")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()


_IN_SIGHT = """() => {
  const box = document.querySelector('#verdict h2').getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
}"""


@pytest.mark.parametrize("language", ["en", "it", "pt-br", "es", "fr", "sv"])
def test_the_verdict_comes_into_sight_on_a_360_px_phone(live_server, phone_in, language):
    # It was asked as the host tapped the card played, and landed below the screen.
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    page = phone_in(language, night.table.owner).new_page()
    page.goto(f"{live_server.url}/nights/{night.pk}/judge/")
    page.wait_for_selector("form.judge-form.enhanced", state="attached")  # judge.js ran

    page.locator('label:has(input[name="trump"][value="S"])').click()
    page.locator('#judge-trick button.trick-card[value="7H"]').click()
    for card in ("9H", "4H", "KC"):
        page.locator(f'#judge-hand label:has(input[name="hand"][value="{card}"])').click()
    page.locator('#judge-played label:has(input[name="played"][value="4H"])').click()

    expect(page.locator("#verdict.is-renege")).to_be_visible()
    page.wait_for_function(_IN_SIGHT)
