"""The host's taps, counted: what the tap-count tests measure (issue 15), and the night start
as the browser tests tap it."""

from playwright.sync_api import expect

# static/js/hand.js ignores a "Yes" tapped within 800 ms of Record or Misdeal (the second
# tap of a double tap): a deliberate answer comes a moment later.
YES_HOLD_MS = 900


def answer_yes(page, locator) -> None:
    """Tap the question's "Yes" as a host does: after reading it."""
    page.wait_for_timeout(YES_HOLD_MS)
    locator.click()


class Taps:
    """Clicks and checks on the page, each one tap, counted."""

    def __init__(self, page) -> None:
        self.page = page
        self.count = 0

    def tap(self, locator) -> None:
        if locator.evaluate("e => e.classList.contains('confirm-yes')"):
            answer_yes(self.page, locator)
        else:
            locator.click()
        self.count += 1

    def check(self, locator) -> None:
        locator.check()
        self.count += 1


def start_the_night(page, names, dealer: str, *, deals_first="%(name)s deals first", taps=None):
    """On the night start page: each player tapped in seat order, the first dealer, Start.
    ``deals_first``: the dealer radio's name, in the page's language."""
    taps = taps or Taps(page)
    seated = page.locator("#start-form .seated-list")
    for name in names:
        taps.tap(page.locator(".seat-picker").get_by_role("button", name=name, exact=True))
        # With htmx each tap swaps the form in: the next tap is on the new one.
        expect(seated).to_contain_text(name)
    taps.check(page.get_by_role("radio", name=deals_first % {"name": dealer}, exact=True))
    taps.tap(page.locator("#start-form button.block"))
    return taps
