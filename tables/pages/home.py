"""The front page: what the app is for, and the way in."""

from tables.responses import Page

TEMPLATE = "home.html"


def home_page() -> Page:
    return Page(TEMPLATE, {})
