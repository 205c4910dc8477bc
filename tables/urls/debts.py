from django.urls import path

from tables.views import debts

urlpatterns = [
    path(
        "nights/<int:night_id>/transfers/<int:payer_id>/<int:payee_id>/mark/",
        debts.transfer_mark,
        name="transfer_mark",
    ),
    path("debts/transfers/<int:transfer_id>/mark/", debts.pooled_mark, name="pooled_mark"),
    path("debts/marks/<int:mark_id>/reverse/", debts.mark_reverse, name="mark_reverse"),
    path("tables/<int:table_id>/settle-everything/", debts.debts_settle, name="debts_settle"),
]
