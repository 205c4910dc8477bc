from django.db import models


class Row(models.Model):
    """One line of the bare table: about what a hand's row holds, a name and a number."""

    name = models.CharField(max_length=40)
    amount = models.IntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.name}: {self.amount}"
