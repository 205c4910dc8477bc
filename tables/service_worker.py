"""What the service worker is served with: its version and the static files it keeps.

The version is a hash of the static files' manifest — whitenoise's ``staticfiles.json``
in production, where every file's name carries its own hash; without one (debugging, the
test suite) a hash of every static file's name and content, worked out once a process.
A deploy that changes any static file changes the version, so the service worker's own
script changes and the browser installs it in place of the old one.
"""

import hashlib
from functools import cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.templatetags.static import static
from django.utils.crypto import salted_hmac

# The files a phone needs to draw and work every screen offline; the service worker's
# own source is served by its view, never as a static file.
KEPT = (".css", ".js", ".svg", ".png")
SOURCE = "js/service_worker.js"
# What htmx needs is django-htmx's; nothing else of a package's (the admin's) is kept.
PACKAGES = ("django_htmx/htmx-2.min.js", "django_htmx/django-htmx.js")


def manifest_text() -> str:
    """The static files' manifest: whitenoise's when the storage keeps one, else a listing
    of every static file with a hash of its content."""
    read = getattr(staticfiles_storage, "read_manifest", None)
    if read is not None:
        text = read()
        if text:
            return text
    return _listing()


@cache
def _listing() -> str:
    lines = []
    for path, storage in _static_files():
        with storage.open(path) as handle:
            lines.append(f"{path} {hashlib.sha256(handle.read()).hexdigest()}")
    return "\n".join(sorted(lines))


def version() -> str:
    return hashlib.sha256(manifest_text().encode()).hexdigest()[:16]


def _static_files():
    for finder in finders.get_finders():
        for path, storage in finder.list([]):
            path = path.replace("\\", "/")
            if path == SOURCE:
                continue
            if path in PACKAGES or (path.endswith(KEPT) and _ours(storage)):
                yield path, storage


def _ours(storage) -> bool:
    """A file of this project's static folders, not a package's (the admin's)."""
    location = str(getattr(storage, "location", ""))
    return any(location == str(folder) for folder in settings.STATICFILES_DIRS)


@cache
def _kept_paths() -> tuple[str, ...]:
    return tuple(sorted({path for path, _ in _static_files()}))


def precached() -> list[str]:
    """The addresses of the static files the service worker keeps, as pages ask for them
    (hashed names in production)."""
    return [static(path) for path in _kept_paths()]


def source() -> str:
    """The service worker's own code (static/js/service_worker.js)."""
    found = finders.find(SOURCE)
    with open(found, encoding="utf-8") as handle:
        return handle.read()


# The headers the service worker reads on a page: whose it is, and that it may be kept.
USER_HEADER = "X-Bourre-User"
KEEP_HEADER = "X-Bourre-Offline"
KEEP_HAND_SCREEN = "hand-screen"


def user_tag(user_id: int) -> str:
    """The signed-in host, to the service worker: keyed, so it says nothing of the id and
    cannot be made up for another host."""
    return salted_hmac("tables.service_worker.user_tag", str(user_id)).hexdigest()[:20]
