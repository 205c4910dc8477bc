"""Whether this server answers (``/healthz``) and can serve pages (``/readyz``): for a load
balancer, a container's health check or a process supervisor. Plain text, never cached,
no session; a plain-HTTP probe is not sent to HTTPS (``SECURE_REDIRECT_EXEMPT``)."""

from io import StringIO

from django.core.management import call_command
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

NOT_READY = 503


def _plain(text: str, status: int = 200) -> HttpResponse:
    return HttpResponse(text + "\n", content_type="text/plain; charset=utf-8", status=status)


@never_cache
@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    """The process answers: nothing else is asked (a database down does not restart it)."""
    return _plain("ok")


@never_cache
@require_safe
def readyz(request: HttpRequest) -> HttpResponse:
    """The database answers, and every migration this code needs is applied: a server of a
    new version is sent requests only once ``migrate`` has run."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        return _plain("not ready: the database does not answer", NOT_READY)
    try:
        # Django's own check (``migrate --check``): exits when a migration is unapplied.
        call_command("migrate", check_unapplied=True, verbosity=0, stdout=StringIO())
    except SystemExit:
        return _plain("not ready: migrations are not applied (run manage.py migrate)", NOT_READY)
    return _plain("ready")
