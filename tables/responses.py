"""How every view answers: a page or the part of it htmx swaps, a refusal, a redirect.

The same rules for every form, with and without JavaScript:

- **shown**: 200, the whole page; to htmx only the part it asked to swap, when the
  page names one (``Page.part``);
- **refused**, nothing written: the page again with what is wrong at its top, 400 (the
  input breaks a rule) or 409 (another phone got there first) — or, to htmx, the part
  again with it at the part's top, 200. Either way it is a ``role="alert"`` that takes
  the focus, so the host sees it where the eye is (templates/_refusal.html). htmx gets a
  200 because it swaps only a 2xx answer (base.html), and a browser logs every 4xx it
  fetches as a console error;
- **done**, something written: a redirect to where the result shows, the notice in
  Django's messages; to htmx, a full-page redirect (``HX-Redirect``) unless the view
  answers with the changed part itself.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django import forms
from django.contrib import messages
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.utils.translation import pgettext
from django_htmx.http import HttpResponseClientRedirect

REFUSED = 400
CONFLICT = 409


@dataclass(frozen=True)
class Page:
    """What a screen renders: its template, its context, and the part htmx swaps
    (``template#part``), if this answer is only that part."""

    template: str
    context: Mapping
    part: str | None = None

    @property
    def name(self) -> str:
        return f"{self.template}#{self.part}" if self.part else self.template


@dataclass(frozen=True)
class Problem:
    """One line of a refusal; ``field``, the id of the input it is about, if any (the
    line then links to it)."""

    text: str
    field: str = ""


@dataclass(frozen=True)
class Refusal:
    problems: tuple[Problem, ...] = field(default_factory=tuple)
    title: str = ""  # what was not done ("Hand 4 was not recorded."); a default otherwise
    # The part it was swapped in with, if any: a page with two parts can hold the
    # refusals of both, each with an id of its own.
    part: str = ""

    def __bool__(self) -> bool:
        return bool(self.problems or self.title)

    @property
    def anchor(self) -> str:
        return f"refusal-{self.part}" if self.part else "refusal"


def swapped(request: HttpRequest, part: str) -> str | None:
    """``part`` when htmx asks (the page's part is all it swaps), else None: a page
    builder's ``part`` argument."""
    return part if request.htmx else None


def show(request: HttpRequest, page: Page, *, status: int = 200) -> HttpResponse:
    context = {**page.context, "swapped": page.part is not None}
    return render(request, page.name, context, status=status)


def refuse(
    request: HttpRequest,
    page: Page,
    problems: Iterable[str | Problem] = (),
    *,
    form: forms.Form | None = None,
    title: str | tuple[str, ...] = "",
    status: int = REFUSED,
) -> HttpResponse:
    """``page`` again with what is wrong on top: ``problems`` (sentences, or lines made by
    ``form_problems``), then each of ``form``'s errors, linked to its field. ``title``:
    what was not done, in words (or sentences, one after the other)."""
    lines = [p if isinstance(p, Problem) else Problem(str(p)) for p in problems]
    if form is not None:
        lines += form_problems(form)
    swapped_in = bool(request.htmx) and page.part is not None
    refusal = Refusal(tuple(lines), _sentences(title), page.part if swapped_in else "")
    context = {**page.context, "refusal": refusal}
    return show(
        request, Page(page.template, context, page.part), status=200 if swapped_in else status
    )


def _sentences(title: str | tuple[str, ...]) -> str:
    # A lazy translation is a str to be, not a sequence of characters.
    return " ".join(str(part) for part in title) if isinstance(title, tuple) else str(title)


def form_problems(form: forms.Form, *, linked: bool = True) -> list[Problem]:
    """A bound form's errors as a refusal's lines: the form's own, then each field's,
    named by its label and, when ``linked``, linked to its input (a form whose inputs
    the template writes by hand, with ids of its own, is not)."""
    lines = [Problem(str(error)) for error in form.non_field_errors()]
    for name, errors in form.errors.items():
        if name == NON_FIELD_ERRORS:
            continue
        bound = form[name]
        for error in errors:
            text = (
                # Translators: a refused form's line about one field ("Chip value: ...").
                pgettext("a form field's error", "%(field)s: %(error)s")
                % {"field": bound.label, "error": error}
                if bound.label
                else str(error)
            )
            lines.append(Problem(text, bound.id_for_label if linked else ""))
    return lines


def go(
    request: HttpRequest, to: str, message: str = "", *, level: int = messages.SUCCESS
) -> HttpResponse:
    """Done: to ``to``, ``message`` shown on top of it. To htmx a full-page redirect, so
    the page it lands on is whole (its messages with it)."""
    if message:
        messages.add_message(request, level, message)
    if request.htmx:
        return HttpResponseClientRedirect(to)
    # An address, never a URL name: ``redirect`` would try a bare word as one.
    return HttpResponseRedirect(to)


def data(
    payload: dict, *, status: int = 200, content_type: str = "application/json"
) -> HttpResponse:
    """What a script or the browser itself asks for (the outbox sending a hand, the web
    app manifest): JSON, never a page."""
    return JsonResponse(payload, status=status, content_type=content_type)


def script(source: str, headers: dict[str, str] | None = None) -> HttpResponse:
    """JavaScript the app makes for itself (the service worker)."""
    response = HttpResponse(source, content_type="text/javascript; charset=utf-8")
    for name, value in (headers or {}).items():
        response[name] = value
    return response
