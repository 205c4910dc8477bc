from django.urls import path

from tables.views import (
    co_hosts,
    erasures,
    invites,
    payment_methods,
    players,
    roster,
    seats,
    tables,
)

urlpatterns = [
    path("tables/", tables.table_list, name="table_list"),
    path("tables/new/", tables.table_create, name="table_create"),
    path("tables/sample/", tables.table_sample_create, name="table_sample_create"),
    path("tables/<int:table_id>/put-away/", tables.table_sample_hide, name="table_sample_hide"),
    path("tables/<int:table_id>/", tables.table_detail, name="table_detail"),
    path("tables/<int:table_id>/edit/", tables.table_edit, name="table_edit"),
    path("tables/<int:table_id>/players/add/", players.player_add, name="player_add"),
    path("tables/<int:table_id>/nights/new/", tables.night_start, name="night_start"),
    path("players/<int:player_id>/rename/", players.player_rename, name="player_rename"),
    path("players/<int:player_id>/retire/", players.player_retire, name="player_retire"),
    path("players/<int:player_id>/erase/", erasures.player_erase, name="player_erase"),
    path("players/<int:player_id>/unretire/", players.player_unretire, name="player_unretire"),
    path(
        "players/<int:player_id>/invite/",
        invites.player_invite_create,
        name="player_invite_create",
    ),
    path("invites/<int:invite_id>/", invites.player_invite, name="player_invite"),
    path(
        "invites/<int:invite_id>/withdraw/",
        invites.player_invite_withdraw,
        name="player_invite_withdraw",
    ),
    path("players/<int:player_id>/co-host/", co_hosts.co_host_grant, name="co_host_grant"),
    path(
        "players/<int:player_id>/co-host/revoke/",
        co_hosts.co_host_revoke,
        name="co_host_revoke",
    ),
    path("players/<int:player_id>/unlink/", seats.player_unlink_confirm, name="player_unlink"),
    path(
        "players/<int:player_id>/payment-methods/add/",
        payment_methods.payment_method_add,
        name="payment_method_add",
    ),
    path(
        "payment-methods/<int:method_id>/remove/",
        payment_methods.payment_method_remove,
        name="payment_method_remove",
    ),
    path("nights/<int:night_id>/join/", roster.night_join, name="night_join"),
    path("nights/<int:night_id>/leave/<int:player_id>/", roster.night_leave, name="night_leave"),
]
