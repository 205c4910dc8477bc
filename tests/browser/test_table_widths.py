"""No table is wider than a 360 px phone without a sign that it scrolls, in any of the six
languages: on every screen of tests/browser/screens.py's world (every disclosure open, so
a chart's numbers too), each table fits the box it is in (its scrollWidth no more than the
box's width), or the box shows the scroll cue of app.css's .scroll: an inset shadow on the
edge that hides more, which its own sideways scroll drives.
"""

import pytest
from django.conf import settings

from tests.browser.screens import world

pytestmark = [
    pytest.mark.browser,
    pytest.mark.database_independent,
    pytest.mark.django_db(transaction=True),
]

LANGUAGES = [code for code, _name in settings.LANGUAGES]
PHONE_360 = {"width": 360, "height": 800}

# A box's scroll timeline (the cue's) follows its layout a frame later: after a page loads
# or a disclosure opens, the measures wait two frames.
TWO_FRAMES = "for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);"
OPEN_EVERY_DISCLOSURE = (
    'async () => { document.querySelectorAll("details").forEach((d) => { d.open = true; }); '
    + TWO_FRAMES
    + " }"
)

# Each visible table with the box it is laid out in: its nearest ancestor that scrolls
# sideways, or else its parent. Named by its caption, else its first column head.
MEASURE = """() => {
  const scrolls = (e) => ["auto", "scroll"].includes(getComputedStyle(e).overflowX);
  return [...document.querySelectorAll("main table")]
    .filter((t) => t.checkVisibility())
    .map((table) => {
      let box = table.parentElement;
      for (let e = box; e && e !== document.body; e = e.parentElement) {
        if (scrolls(e)) { box = e; break; }
      }
      const style = getComputedStyle(box);
      const label = (table.caption || table.querySelector("th") || table).textContent;
      return {
        table: label.replace(/\\s+/g, " ").trim().slice(0, 40),
        wide: box === table.parentElement && !scrolls(box) ? table.scrollWidth : box.scrollWidth,
        box: box.clientWidth,
        cue: scrolls(box) && style.boxShadow.includes("inset"),
      };
    });
}"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_table_fits_a_small_phone_or_shows_that_it_scrolls(
    live_server, browser, sign_in, language
):
    screens = world()
    context = browser.new_context(viewport=PHONE_360, device_scale_factor=1, is_mobile=True)
    context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    sign_in(context, screens.host)
    try:
        page = context.new_page()
        wider = []
        for name, path in (screens.anonymous | screens.signed_in).items():
            page.goto(live_server.url + path, wait_until="load")
            page.evaluate(OPEN_EVERY_DISCLOSURE)
            for table in page.evaluate(MEASURE):
                if table["wide"] > table["box"] and not table["cue"]:
                    wider.append(
                        f"{name}: {table['table']!r} {table['wide']}px in {table['box']}px"
                    )
    finally:
        context.close()

    assert wider == [], f"{language}: tables wider than their box, no cue:\n" + "\n".join(wider)


CUE_PAGE = """<!doctype html><html lang="en"><head><style>{css}</style>
<style>.phone {{ width: 200px; }}</style></head><body><div class="phone">
  <div class="scroll" id="wide"><table><tr>
    <td>Ann</td><td>Bob</td><td>Cy</td><td>Dee</td><td>Eve</td><td>Flo</td><td>Gus</td><td>Hal</td>
  </tr></table></div>
  <div class="scroll" id="narrow"><table><tr><td>Ann</td><td>+12</td></tr></table></div>
</div></body></html>"""


def _shadow(page, box: str) -> str:
    return page.evaluate(f"getComputedStyle(document.getElementById('{box}')).boxShadow")


def test_the_scroll_cue_shows_on_a_box_that_scrolls_and_only_there(page):
    css = (settings.BASE_DIR / "static" / "css" / "app.css").read_text()
    page.set_content(CUE_PAGE.format(css=css))
    page.evaluate(f"async () => {{ {TWO_FRAMES} }}")
    assert _shadow(page, "narrow") == "none"
    at_start = _shadow(page, "wide")
    assert "inset" in at_start
    page.evaluate("document.getElementById('wide').scrollLeft = 10000")
    page.wait_for_function(
        f"getComputedStyle(document.getElementById('wide')).boxShadow !== {at_start!r}"
    )
    assert "inset" in _shadow(page, "wide")
