from django.urls import path

from tables.views import exports, share, stats

urlpatterns = [
    path("players/<int:player_id>/", stats.player_detail, name="player_detail"),
    path("nights/<int:night_id>/report/", stats.night_report, name="night_report"),
    path("tables/<int:table_id>/stats/", stats.table_stats, name="table_stats"),
    path("nights/<int:night_id>/share/", share.night_share_create, name="night_share_create"),
    path(
        "nights/<int:night_id>/share/revoke/", share.night_share_revoke, name="night_share_revoke"
    ),
    path("nights/<int:night_id>/live-link/", share.night_live_link, name="night_live_link"),
    path(
        "nights/<int:night_id>/live-link/open/",
        share.night_live_link_open,
        name="night_live_link_open",
    ),
    path("live/<str:token>/", share.share_view, name="share_view"),
    path("nights/<int:night_id>/export.json", exports.night_export_json, name="night_export_json"),
    path("nights/<int:night_id>/entries.csv", exports.night_entries_csv, name="night_entries_csv"),
    path("tables/<int:table_id>/results.csv", exports.table_results_csv, name="table_results_csv"),
    path("tables/<int:table_id>/import/", exports.night_import, name="night_import"),
]
