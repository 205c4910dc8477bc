"""Every htmx form refused on a phone: the message is swapped in on top of the part the
form belongs to, focused, and nothing is written; without JavaScript, the page again with
it on top (tables.responses)."""

from decimal import Decimal

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ledger import errors as err
from ledger.models import DebtPool, Hand, PaymentMark, PaymentMethod, Player
from ledger.rules import errors as rule_errors
from ledger.selectors.debts import table_debts
from ledger.services.debts import debts_pool, payment_mark, payment_mark_reverse
from ledger.services.payment_methods import PAYMENT_METHOD_WITHDRAWN, payment_method_remove
from ledger.services.tables import PLAYER_NAME_TAKEN
from tests.factories import NightFactory, PaymentMethodFactory
from tests.ledger.debt_nights import closed_example
from tests.ledger.helpers import ids, record_all
from tests.tables.night_helpers import said

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _refusal_seen(page, *lines: str) -> None:
    """The refusal is on screen, has the focus (so a screen reader reads it and the phone
    scrolls to it) and says ``lines``."""
    refusal = page.locator(".refusal")
    expect(refusal).to_be_visible()
    expect(refusal).to_be_focused()
    expect(refusal).to_have_attribute("role", "alert")
    for line in lines:
        expect(refusal).to_contain_text(line)
    box = refusal.bounding_box()
    viewport = page.viewport_size
    assert 0 <= box["y"] < viewport["height"], box  # in view, not below the fold


def test_a_refused_hand_is_swapped_in_on_top_of_the_screen(live_server, phone, page, sign_in):
    night = NightFactory()
    sign_in(phone, night.table.owner)
    page.goto(live_server.url + reverse("night_detail", args=[night.pk]))
    p = ids(night)
    # An older copy of the screen, without the referee in the phone: Record is not held,
    # and the server refuses the hand. Bob and Cy stay with 2 tricks each: 4 of 5.
    page.locator("#outbox").evaluate("(box) => { box.bourreReferee = null; }")
    page.locator(f'.seat[data-player="{p["Bob"]}"] .choice.count:has(input[value="2"])').click()
    page.locator(f'.seat[data-player="{p["Cy"]}"] .choice.count:has(input[value="2"])').click()

    with page.expect_response(lambda r: r.url.endswith("/hands/")) as answer:
        page.get_by_role("button", name="Record hand 1").click()

    assert answer.value.status == 200  # swapped in by htmx, not reloaded
    _refusal_seen(
        page,
        "Hand 1 was not recorded.",
        said(rule_errors.TRICKS_DO_NOT_ADD_UP, hand=1, total=4, tricks_per_hand=5),
    )
    assert not Hand.objects.exists()


def test_a_hand_another_phone_recorded_meanwhile_sends_the_host_to_the_screen_told_why(
    live_server, phone, page, sign_in
):
    night = NightFactory()
    sign_in(phone, night.table.owner)
    page.goto(live_server.url + reverse("night_detail", args=[night.pk]))
    p = ids(night)
    page.locator(f'.seat[data-player="{p["Bob"]}"] .choice.count:has(input[value="3"])').click()
    page.locator(f'.seat[data-player="{p["Cy"]}"] .choice.count:has(input[value="2"])').click()
    # The live check has read the hand ready (checked after the other phone's hand, it
    # would hold Record back and say so itself).
    expect(page.locator("#hand-check.ok")).to_contain_text("Tricks 5 of 5")
    # Meanwhile the other phone records hand 1.
    record_all(night, [{"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}])
    page.get_by_role("button", name="Record hand 1").click()

    refused = page.locator(".messages.refused")
    expect(refused).to_be_visible()
    expect(refused).to_be_focused()
    expect(refused).to_contain_text(said(err.HAND_ALREADY_RECORDED, number=1))
    expect(page.get_by_role("button", name="Record hand 2")).to_be_visible()
    assert Hand.objects.filter(night=night).count() == 1


def _settle_up(live_server, page, night):
    page.goto(live_server.url + reverse("night_settlement", args=[night.pk]))
    return page.locator("#transfers")


def test_marking_more_than_is_open_is_refused_on_the_settle_up(live_server, phone, page, sign_in):
    night = closed_example()
    sign_in(phone, night.table.owner)
    transfers = _settle_up(live_server, page, night)
    first = transfers.locator(".settle-up > li").first
    first.get_by_text("Partly paid", exact=True).click()
    first.get_by_label("Amount paid (USD)").fill("12.01")
    first.get_by_role("button", name="Save the part paid").click()

    _refusal_seen(page, said(err.DEBT_AMOUNT_ABOVE_OPEN, open=Decimal("12.00"), currency="USD"))
    assert page.locator("#transfers .refusal").count() == 1
    assert not PaymentMark.objects.exists()


def test_a_mark_taken_back_on_another_phone_is_refused(live_server, phone, page, sign_in):
    night = closed_example()
    p = ids(night)
    mark = payment_mark(night=night, payer_id=p["Bob"], payee_id=p["Ann"], by=night.started_by)
    sign_in(phone, night.table.owner)
    transfers = _settle_up(live_server, page, night)
    # Meanwhile another phone takes it back.
    payment_mark_reverse(mark=mark, reason="wrong transfer", by=night.started_by)
    transfers.get_by_text("Take this mark back").click()
    transfers.get_by_label("Why it is taken back").fill("double")
    transfers.get_by_role("button", name="Take back").click()

    _refusal_seen(page, said(err.DEBT_MARK_ALREADY_REVERSED))
    assert mark.reversal.reason == "wrong transfer"


def _table_page(live_server, page, table):
    page.goto(live_server.url + reverse("table_detail", args=[table.pk]))


def test_a_part_paid_above_a_settle_everything_transfer_is_refused(
    live_server, phone, page, sign_in
):
    night = closed_example()
    closed_example(night.table, cast={"Ann": "Bob", "Bob": "Ann"})
    usd = table_debts(night.table).of("USD")
    debts_pool(table=night.table, currency="USD", digest=usd.digest, by=night.started_by)
    sign_in(phone, night.table.owner)
    _table_page(live_server, page, night.table)
    part = page.locator("#debts .debt-parts > li").first
    part.get_by_text("Partly paid", exact=True).click()
    part.get_by_label("Amount paid (USD)").fill("999")
    part.get_by_role("button", name="Save the part paid").click()

    _refusal_seen(page, "still open")
    assert not PaymentMark.objects.exists()


def test_a_part_paid_above_a_proposed_transfer_is_refused_and_nothing_is_settled(
    live_server, phone, page, sign_in
):
    night = closed_example()
    closed_example(night.table, cast={"Ann": "Bob", "Bob": "Ann"})
    sign_in(phone, night.table.owner)
    _table_page(live_server, page, night.table)
    proposed = page.locator("#debts .settle-everything > li").first
    proposed.get_by_text("Partly paid", exact=True).click()
    proposed.get_by_label("Amount paid (USD)").fill("999")
    proposed.get_by_role("button", name="Save the part paid").click()

    _refusal_seen(page, "still open")
    assert not DebtPool.objects.exists() and not PaymentMark.objects.exists()


def test_settling_everything_after_another_phone_marked_is_refused(
    live_server, phone, page, sign_in
):
    night = closed_example()
    closed_example(night.table, cast={"Ann": "Bob", "Bob": "Ann"})
    sign_in(phone, night.table.owner)
    _table_page(live_server, page, night.table)
    # Meanwhile another phone marks a transfer paid: what this page shows has changed.
    p = ids(night)
    payment_mark(night=night, payer_id=p["Bob"], payee_id=p["Cy"], by=night.started_by)
    page.locator("#debts").get_by_role("button", name="Settle everything in USD").click()

    _refusal_seen(page, said(err.DEBT_CHANGED))
    assert not DebtPool.objects.exists()


def test_a_player_already_at_the_table_is_refused_in_the_players_section(
    live_server, phone, page, sign_in
):
    night = NightFactory()
    sign_in(phone, night.table.owner)
    _table_page(live_server, page, night.table)
    players = page.locator("#players")
    players.get_by_label("Add a player").fill("ann")
    players.get_by_role("button", name="Add", exact=True).click()

    _refusal_seen(page, said(PLAYER_NAME_TAKEN, name="ann"))
    assert page.locator("#players .refusal").count() == 1
    assert not Player.objects.filter(name="ann").exists()


def test_two_refused_parts_of_one_page_each_keep_their_own_refusal(
    live_server, phone, page, sign_in
):
    # A "settle everything": the table page marks its transfers (a night's, on its own
    # settle-up).
    night = closed_example()
    closed_example(night.table, cast={"Ann": "Bob", "Bob": "Ann"})
    usd = table_debts(night.table).of("USD")
    debts_pool(table=night.table, currency="USD", digest=usd.digest, by=night.started_by)
    sign_in(phone, night.table.owner)
    _table_page(live_server, page, night.table)
    page.locator("#players").get_by_label("Add a player").fill("ann")
    page.locator("#players").get_by_role("button", name="Add", exact=True).click()
    expect(page.locator("#players .refusal")).to_be_focused()
    part = page.locator("#debts .debt-parts > li").first
    part.get_by_text("Partly paid", exact=True).click()
    part.get_by_label("Amount paid (USD)").fill("999")
    part.get_by_role("button", name="Save the part paid").click()

    expect(page.locator("#debts .refusal")).to_be_focused()
    ids_shown = page.locator(".refusal").evaluate_all("els => els.map(e => e.id)")
    assert sorted(ids_shown) == ["refusal-debts", "refusal-players"]


def _player_page(live_server, page, player):
    page.goto(live_server.url + reverse("player_detail", args=[player.pk]))
    return page.locator("#payment-methods")


def test_a_bad_swish_number_is_refused_in_the_payment_section(live_server, phone, page, sign_in):
    night = NightFactory()
    ann = night.table.players.get(name="Ann")
    sign_in(phone, night.table.owner)
    section = _player_page(live_server, page, ann)
    section.get_by_label("How").select_option("swish")
    section.get_by_label("Number, key, account or name").fill("12345")
    section.get_by_role("button", name="Add", exact=True).click()

    _refusal_seen(page, "is not a Swedish mobile number")
    # The line names the field and leads to it.
    page.locator(".refusal a").first.click()
    expect(section.get_by_label("Number, key, account or name")).to_be_focused()
    assert not PaymentMethod.objects.exists()


def test_a_way_of_getting_paid_removed_on_another_phone_is_refused(
    live_server, phone, page, sign_in
):
    night = NightFactory()
    ann = night.table.players.get(name="Ann")
    method = PaymentMethodFactory(player=ann)
    sign_in(phone, night.table.owner)
    section = _player_page(live_server, page, ann)
    payment_method_remove(method=method, by=night.table.owner, reason="closed account")
    section.locator("summary", has_text="Remove").click()
    section.get_by_role("button", name="Remove").click()

    _refusal_seen(page, said(PAYMENT_METHOD_WITHDRAWN))


def test_the_judge_says_why_it_cannot_answer_yet(live_server, phone, page, sign_in):
    night = NightFactory()
    sign_in(phone, night.table.owner)
    page.goto(live_server.url + reverse("night_judge", args=[night.pk]))
    page.get_by_role("button", name="Was that legal?").click()

    problems = page.locator("#refusal-referee")
    expect(problems).to_be_visible()
    expect(problems).to_be_focused()
    expect(problems).to_contain_text("Trump: Pick trump: ♠, ♥, ♦ or ♣.")
    expect(problems.get_by_role("link").first).to_have_attribute("href", "#judge-trump")


def test_without_javascript_a_refusal_is_on_top_of_the_page_again(browser, live_server, sign_in):
    night = closed_example()
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, java_script_enabled=False
    )
    try:
        sign_in(context, night.table.owner)
        page = context.new_page()
        transfers = _settle_up(live_server, page, night)
        first = transfers.locator(".settle-up > li").first
        first.get_by_text("Partly paid", exact=True).click()
        first.get_by_label("Amount paid (USD)").fill("12.01")
        first.get_by_role("button", name="Save the part paid").click()

        refusal = page.locator("main > #refusal")
        expect(refusal).to_be_visible()
        expect(refusal).to_be_focused()
        expect(refusal).to_contain_text(
            said(err.DEBT_AMOUNT_ABOVE_OPEN, open=Decimal("12.00"), currency="USD")
        )
        assert page.locator("#transfers .refusal").count() == 0
        assert not PaymentMark.objects.exists()
    finally:
        context.close()
