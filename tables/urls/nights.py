from django.urls import path

from tables.views import hands, night_end, night_log, outbox

urlpatterns = [
    path("nights/<int:night_id>/", hands.night_detail, name="night_detail"),
    path("nights/<int:night_id>/check/", hands.hand_check, name="hand_check"),
    path("nights/<int:night_id>/hands/", hands.hand_record, name="hand_record"),
    path("nights/<int:night_id>/undo/", hands.hand_undo, name="hand_undo"),
    path("nights/<int:night_id>/outbox/", outbox.hand_send, name="hand_send"),
    path(
        "nights/<int:night_id>/hands/<int:number>/correct/",
        hands.hand_correct,
        name="hand_correct",
    ),
    path("nights/<int:night_id>/log/", night_log.night_log, name="night_log"),
    path("nights/<int:night_id>/close/", night_end.night_close, name="night_close"),
    path("nights/<int:night_id>/settle/", night_end.night_settlement, name="night_settlement"),
]
