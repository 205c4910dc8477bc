import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_home_page_loads_at_phone_size_without_horizontal_scrolling(
    live_server, page, screenshot
):
    page.goto(live_server.url + "/")

    assert page.get_by_role("heading", level=1).inner_text().startswith("The referee")
    assert page.get_by_role("link", name="Create an account").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert screenshot(page, "home").stat().st_size > 0
