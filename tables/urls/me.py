from django.urls import path

from tables.views import me, my_payment_methods

urlpatterns = [
    path("me/", me.my_games, name="my_games"),
    path(
        "me/payment-methods/",
        my_payment_methods.my_payment_methods,
        name="my_payment_methods",
    ),
    path(
        "me/payment-methods/add/",
        my_payment_methods.my_payment_method_add,
        name="my_payment_method_add",
    ),
    path(
        "me/payment-methods/<int:method_id>/remove/",
        my_payment_methods.my_payment_method_remove,
        name="my_payment_method_remove",
    ),
    path("accounts/welcome/", me.sign_in_landing, name="sign_in_landing"),
    path("me/nights/<int:night_id>/", me.my_night, name="my_night"),
]
