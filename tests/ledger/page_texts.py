"""Print the pages a backup test compares, as each visitor sees them, from the database at
``DATABASE_URL``: ``python -m tests.ledger.page_texts '[[user_id, "/url/"], ...]'``.

Run in a process of its own, so the same pages are read from the original database and
from the one a backup was restored into. What is new on every request (the CSRF token,
the scripts' nonce) is blanked; nothing else is."""

import json
import os
import re
import sys

# New on every request: the CSRF token and the scripts' nonce.
PER_REQUEST = re.compile(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": ?"|nonce=")[^"]+')


def main(visits: list[list]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client

    pages = []
    for user_id, url in visits:
        client = Client(SERVER_NAME="localhost")
        client.force_login(get_user_model().objects.get(pk=user_id))
        response = client.get(url)
        pages.append(
            {
                "url": url,
                "status": response.status_code,
                "text": PER_REQUEST.sub(r"\1", response.content.decode()),
            }
        )
    json.dump(pages, sys.stdout)


if __name__ == "__main__":
    main(json.loads(sys.argv[1]))
