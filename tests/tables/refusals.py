"""What a refused form showed: tables.responses.refuse puts its lines in the context."""

import re
from html import unescape


def refusal(response) -> list[str]:
    """The lines of the refusal a response shows (at the top of the page, or of the part
    htmx swapped in), as the page wrote them; [] if it shows none."""
    html = response.content.decode()
    block = re.search(r'<div class="error-summary refusal"[^>]*>(.*?)</div>', html, re.S)
    if block is None:
        return []
    items = re.findall(r"<li>(.*?)</li>", block.group(1), re.S)
    return [unescape(re.sub(r"<[^>]+>", "", item)).strip() for item in items]


def refused(response, status: int = 400) -> list[str]:
    """The refusal's lines, once checked that it is one: the status, and an alert that
    takes the focus."""
    assert response.status_code == status, response.status_code
    html = response.content.decode()
    summary = re.search(r'<div class="error-summary refusal"[^>]*>', html)
    assert summary is not None, "no refusal shown"
    assert 'role="alert"' in summary.group(0) and "autofocus" in summary.group(0)
    return refusal(response)
