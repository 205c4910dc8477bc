"""A condition the ORM lacks on SQLite: "this JSON list holds this value".

Hand.input["seated"] is a list of player ids; Django's ``contains`` lookup on
JSON fields is PostgreSQL-only, so each backend gets its own SQL here.
"""

import json
import re

from django.db.models import BooleanField, Expression, F

_KEY = re.compile(r"^[a-z_]+$")


class JSONListHas(Expression):
    """True where ``column[key]`` is a JSON list containing the integer ``value``."""

    conditional = True
    output_field = BooleanField()

    def __init__(self, column: str, key: str, value: int) -> None:
        if not _KEY.match(key):
            raise ValueError(f"Unsupported JSON key {key!r}")
        super().__init__()
        self.column = F(column)
        self.key = key
        self.value = int(value)

    def get_source_expressions(self):
        return [self.column]

    def set_source_expressions(self, exprs):
        (self.column,) = exprs

    def resolve_expression(self, query=None, allow_joins=True, reuse=None, summarize=False, *a):
        clone = self.copy()
        clone.column = self.column.resolve_expression(query, allow_joins, reuse, summarize)
        return clone

    def as_sql(self, compiler, connection):  # PostgreSQL: jsonb containment uses the index
        sql, params = compiler.compile(self.column)
        return f"(({sql} -> %s) @> %s::jsonb)", (*params, self.key, json.dumps([self.value]))

    def as_sqlite(self, compiler, connection):
        sql, params = compiler.compile(self.column)
        return (
            # Only the compiled column is interpolated; the key and value are parameters.
            f"EXISTS (SELECT 1 FROM json_each({sql}, %s) WHERE json_each.value = %s)",  # noqa: S608
            (*params, f"$.{self.key}", self.value),
        )
