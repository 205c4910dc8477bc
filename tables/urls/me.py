from django.urls import path

from tables.views import me, my_debts, my_payment_methods, notices

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
    path("me/debts/", my_debts.my_debts, name="my_debts"),
    path(
        "me/debts/<int:seat_id>/<int:other_id>/<str:currency>/",
        my_debts.my_debts_person,
        name="my_debts_person",
    ),
    path(
        "me/nights/<int:night_id>/transfers/<int:payer_id>/<int:payee_id>/sent/",
        my_debts.my_transfer_sent,
        name="my_transfer_sent",
    ),
    path(
        "debts/sent/<int:sent_id>/confirm/",
        my_debts.payment_sent_confirmed,
        name="payment_sent_confirm",
    ),
    path("accounts/welcome/", me.sign_in_landing, name="sign_in_landing"),
    path("me/nights/<int:night_id>/", me.my_night, name="my_night"),
    path("me/messages/", notices.notice_settings, name="notice_settings"),
    path("me/messages/mail-retry/", notices.mail_retry, name="mail_retry"),
    path("me/messages/push/", notices.push_subscribe, name="push_subscribe"),
    path("me/messages/push/remove/", notices.push_unsubscribe, name="push_unsubscribe"),
    path("unsubscribe/<str:token>/", notices.notice_unsubscribe, name="notice_unsubscribe"),
]
