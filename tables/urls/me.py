from django.urls import path

from tables.views import me

urlpatterns = [
    path("me/", me.my_games, name="my_games"),
    path("accounts/welcome/", me.sign_in_landing, name="sign_in_landing"),
    path("me/nights/<int:night_id>/", me.my_night, name="my_night"),
]
