"""Player keys: how the engine tells players apart.

The engine never looks inside a key and never orders keys (every tie is broken by seat
order): the database passes player ids, a night file passes names, and either works. A
key must be hashable (it indexes the engine's maps), and neither None (which means
"nobody", as in "no winner") nor a bool (``True == 1`` would pass for player 1).
"""

from __future__ import annotations

from collections.abc import Hashable

type PlayerKey = Hashable


def is_player_key(value: object) -> bool:
    """Whether ``value`` can identify a player: hashable, not None, not a bool."""
    if value is None or isinstance(value, bool):
        return False
    try:
        hash(value)
    except TypeError:
        return False
    return True


def is_known(value: object, roster: frozenset[PlayerKey]) -> bool:
    """Whether ``value`` is the key of a player on ``roster`` (a bool never is, even
    where ``True == 1`` is on it; an unhashable value never is, without raising)."""
    return is_player_key(value) and value in roster
