"""What a view does once its write is done: hands the event to the worker, with the site's
address as this request reached it (the links in the messages use it)."""

import logging

from django.conf import settings
from django.http import HttpRequest
from django.tasks import Task

logger = logging.getLogger(__name__)


def announce(request: HttpRequest, task: Task, object_id: int, *more) -> None:
    """Queue ``task`` with ``object_id`` (and ``more`` arguments), then the site's address."""
    origin = settings.SITE_URL or f"{request.scheme}://{request.get_host()}"

    # Queued at once: the views announce after their service's transaction committed, and
    # the tasks' database backend keeps the task in the same database anyway.
    try:
        task.enqueue(object_id, *more, origin)
    except Exception:
        # The write stands: a message that cannot be queued is logged, never a 500.
        logger.exception("Could not queue %s for #%s", task.name, object_id)
