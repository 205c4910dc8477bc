"""The key a form carries so that tapping it twice, or a retry, writes once.

A page that writes something a second tap must not write again (a hand, a night) gets a
new key each time it is shown; its form posts the key back and the service records the
write under it, so the same key returns what it wrote the first time. A key that is not
one of ours is no key at all: the write is then made as if the form had none.
"""

import re
import uuid
from collections.abc import Mapping

FIELD = "key"
_KEY = re.compile(r"[0-9a-f]{1,64}")


def new_key() -> str:
    return uuid.uuid4().hex


def posted_key(post: Mapping[str, str]) -> str:
    key = post.get(FIELD, "")
    return key if _KEY.fullmatch(key) else ""
