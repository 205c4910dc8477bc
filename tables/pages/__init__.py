"""One module per screen: each builds everything its template shows from the screen's
one selector (``ledger.selectors``), and names the parts htmx swaps.

A builder returns a ``tables.responses.Page``: the template and its context, or, given
``part``, only what that part needs (nothing more is read for it). Views call one builder
and answer with ``tables.responses``; a page module never imports a view, nor another
page.
"""
