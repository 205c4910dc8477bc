from django.urls import path

from tables.views import referee

urlpatterns = [
    path("nights/<int:night_id>/judge/", referee.night_judge, name="night_judge"),
    path("nights/<int:night_id>/rules/", referee.night_rules, name="night_rules"),
    path("live/<str:token>/rules/", referee.share_rules, name="share_rules"),
]
