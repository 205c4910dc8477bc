"""Rows written once and never changed or deleted: the chip ledger's entries, the record
of each night file imported, the payment records (ways of getting paid and their
withdrawals, payment marks, their reversals, "settle everything") and the password-reset
requests the hour's limits count. A mistake is answered by
a new row pointing at the old one, so the audit keeps both.

This is the one mechanism: every such model subclasses ``AppendOnly``, and a model whose
manager needs methods of its own builds it on ``AppendOnlyQuerySet``. The models and their
querysets refuse an update or a delete; database triggers
(``ledger/append_only_triggers.py``, installed on every concrete subclass's table) refuse
them too, for whatever does not go through the models. The refusal is a programming error,
not a message for the host.

One exception, for personal data only: a model may name ``erasable_fields`` (a way of
getting paid's number and holder, a typed note). ``erase()`` rewrites just those, and the
triggers let an update through only when every other column stays as it was, so a person
can be erased without touching an amount, a time or who did what.
"""

from django.db import models


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise PermissionError(self.model.append_only_message)

    def delete(self):
        raise PermissionError(self.model.append_only_message)

    def bulk_update(self, objs, fields, batch_size=None):
        raise PermissionError(self.model.append_only_message)

    def erase(self, **values) -> int:
        """Rewrite personal data in place: only the model's ``erasable_fields``."""
        if not values or not set(values) <= set(self.model.erasable_fields):
            raise PermissionError(self.model.append_only_message)
        return super().update(**values)


class AppendOnly(models.Model):
    """A model whose rows are only ever added; ``append_only_message`` says so."""

    append_only_message = "This record is kept as written: it is never changed or deleted."
    # The columns an erasure may rewrite (ledger.services.erasures), and no others.
    erasable_fields: tuple[str, ...] = ()

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise PermissionError(self.append_only_message)
        # Always an INSERT: a new row given an id that exists must fail, not update it.
        kwargs.setdefault("force_insert", True)
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise PermissionError(self.append_only_message)
