"""The referee on a phone: a dispute over a card is judged at the table, the renege is
marked on the hand being entered with one tap, and the hand is recorded with it."""

import re

import pytest
from playwright.sync_api import expect

from ledger.models import Hand
from tests.factories import night_with
from tests.ledger.helpers import ids, record_all

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_host_judges_a_renege_on_a_phone_and_records_it_with_the_hand(
    live_server, phone, page, screenshot, sign_in
):
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    record_all(night, [{"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}}])
    dee = ids(night)["Dee"]
    sign_in(phone, night.table.owner)
    page.goto(f"{live_server.url}/nights/{night.pk}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")

    # Hearts were led (7♥), Cy trumped low (2♠); Dee held the 9♥, 4♥ and K♣ and played the
    # 4♥. Under the Louisiana rule a trumped trick needs no beating: legal. Then Dee, on
    # another trick of hearts (7♥ alone), plays the 4♥ again holding the 9♥: a renege.
    page.locator("details.night-more summary").click()  # the night's other pages
    page.get_by_role("link", name="Was that legal?").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Was that legal?")
    page.get_by_role("radio", name="spades").check()
    page.get_by_label("Card 1").select_option("7H")
    page.get_by_label("Who played?").select_option(label="Dee")
    for card in ("nine of hearts", "four of hearts", "king of clubs"):
        page.get_by_role("checkbox", name=card).check()
    page.get_by_label("The card they played").select_option("4H")
    assert page.get_by_role("checkbox", name="nine of hearts").is_checked()
    assert _fits_the_phone(page)
    screenshot(page, "referee_judge_picker")

    page.evaluate("window.stillTheSamePage = true")
    page.get_by_role("button", name="Was that legal?").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Dee held the 9♥ and had to beat the 7♥ — renege.")
    expect(verdict.get_by_role("heading")).to_have_text("Renege")
    expect(verdict.locator(".card-chips")).to_have_text("9♥nine of hearts")
    # The picker keeps the hand and frames the card Dee had to play.
    expect(page.get_by_role("checkbox", name="nine of hearts, may be played")).to_be_checked()
    assert "ask=judge" in page.url  # the answer has its own address, for the back button
    assert page.evaluate("window.stillTheSamePage") is True  # htmx swapped it in place
    assert _fits_the_phone(page)
    screenshot(page, "referee_verdict")

    # What may Dee play? The same picker, the legal cards highlighted.
    page.get_by_role("button", name="What may I play?").click()
    expect(page.locator("#verdict")).to_contain_text("Dee must follow suit and beat the 7♥.")
    expect(page.locator("label.card-toggle.legal")).to_have_count(1)
    page.get_by_role("button", name="Was that legal?").click()
    expect(page.locator("#verdict")).to_contain_text("renege")

    # One tap: back to the hand screen with Dee's renege ticked; nothing is recorded yet.
    page.get_by_role("link", name="Mark Dee as reneged on hand 2").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    seat = page.locator(f'.seat[data-player="{dee}"]')
    expect(page.get_by_label("Renege: Dee")).to_be_checked()
    expect(seat.get_by_role("radio", name="Stay")).to_be_checked()
    assert Hand.objects.filter(night=night, number=2).count() == 0
    screenshot(page, "referee_hand_renege_marked")

    # The host enters the tricks and records: the renege is in the hand.
    page.locator(".seat", has_text="Cy").get_by_role("radio", name="3 tricks").check()
    seat.get_by_role("radio", name="2 tricks").check()
    expect(page.locator("#hand-check")).to_contain_text("Ready to record.")
    page.get_by_role("button", name="Record hand 2", exact=True).click()
    page.wait_for_url(re.compile(r"\?after=2$"))
    expect(page.locator(".after")).to_contain_text("Dee reneged: pays")
    hand = Hand.objects.get(night=night, number=2, live=True)
    assert hand.input["reneged"] == [dee]
    assert hand.result["renege_payments"] == {str(dee): hand.result["pot_before"]}


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
        page.get_by_role("radio", name="spades").check()
        page.get_by_label("Card 1").select_option("8C")
        page.get_by_label("Card 2").select_option("9S")
        page.get_by_label("Who played?").select_option(label="Bob")
        for card in ("queen of spades", "four of spades", "jack of hearts"):
            page.get_by_role("checkbox", name=card).check()
        page.get_by_label("The card they played").select_option("4S")

        page.get_by_role("button", name="Was that legal?").click()

        page.wait_for_url(re.compile(r"ask=judge.*#verdict$"))
        expect(page.locator("#verdict")).to_contain_text(
            "Bob had no club, held the Q♠ and had to over-trump the 9♠ — renege."
        )
        assert _fits_the_phone(page)
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
