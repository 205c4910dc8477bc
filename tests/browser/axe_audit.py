"""axe-core (Deque's accessibility engine) run in a page, for its WCAG 2.2 AA rules.

axe.min.js comes from the axe-playwright-python package (the dev dependencies), which ships
it unchanged under axe-core's MPL-2.0 licence. It is evaluated in the page the way
audit.js is, through Playwright's evaluate, not as a <script> element: the
Content-Security-Policy allows no inline script, and the browser tests fail on any
violation of it.
"""

from importlib.resources import files

AXE_SOURCE = files("axe_playwright_python").joinpath("axe.min.js").read_text(encoding="utf-8")

# WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe's tags for them; 2.2 added only AA rules
# axe can test).
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
OPTIONS = {"runOnly": {"type": "tag", "values": WCAG_AA}, "resultTypes": ["violations"]}
# What the suite refuses; axe's two lower impacts, moderate and minor, are reported by it
# but left to judgement.
REFUSED_IMPACTS = {"serious", "critical"}


def axe_violations(page) -> list[dict]:
    """axe's violations on the page as it is now: each {"id", "impact", "help", "nodes"}."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_SOURCE)
    return page.evaluate("(options) => axe.run(document, options)", OPTIONS)["violations"]


def described(name: str, violation: dict) -> str:
    """One line a violation: the screen, axe's rule and impact, where (up to 5 elements)."""
    targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
    where = "; ".join(targets[:5]) + (f" (+{len(targets) - 5} more)" if len(targets) > 5 else "")
    return f"{name}: {violation['id']} ({violation['impact']}) {violation['help']}: {where}"


def refused(name: str, violations: list[dict]) -> list[str]:
    """The serious and critical ones, described."""
    return [described(name, v) for v in violations if v["impact"] in REFUSED_IMPACTS]
