from django.contrib.auth import views as auth_views
from django.urls import path

from tables.views import (
    account_data,
    accounts,
    claims,
    erasures,
    invites,
    passkeys,
    seats,
    sign_in,
)

urlpatterns = [
    path("account/seats/", seats.account_seats, name="account_seats"),
    path("account/seats/<int:player_id>/leave/", seats.seat_leave, name="seat_leave"),
    path("invite/<str:invite_token>/", invites.invite_view, name="invite_view"),
    path("live/<str:token>/claim/<int:player_id>/", claims.seat_claim, name="seat_claim"),
    path("claims/<int:claim_id>/accept/", claims.seat_claim_accept, name="seat_claim_accept"),
    path("claims/<int:claim_id>/refuse/", claims.seat_claim_refuse, name="seat_claim_refuse"),
    path("accounts/signup/", sign_in.signup, name="signup"),
    path(
        "accounts/signup/passkey-options/",
        sign_in.passkey_signup_options,
        name="passkey_signup_options",
    ),
    path("accounts/passkey/", sign_in.passkey_sign_in, name="passkey_sign_in"),
    path(
        "accounts/passkey/options/",
        sign_in.passkey_sign_in_options,
        name="passkey_sign_in_options",
    ),
    path("accounts/code/", sign_in.sign_in_code, name="sign_in_code"),
    path("accounts/code/ask/", sign_in.sign_in_code_request, name="sign_in_code_request"),
    path("account/passkeys/", passkeys.account_passkeys, name="account_passkeys"),
    path("account/data/", account_data.account_data, name="account_data"),
    path("account/delete/", erasures.account_delete, name="account_delete"),
    path("account/data/download.json", account_data.account_data_json, name="account_data_json"),
    path(
        "account/data/entries.csv",
        account_data.account_data_entries_csv,
        name="account_data_entries_csv",
    ),
    path("account/passkeys/options/", passkeys.passkey_add_options, name="passkey_add_options"),
    path(
        "account/passkeys/<int:passkey_id>/remove/",
        passkeys.passkey_remove,
        name="passkey_remove",
    ),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(next_page="sign_in_landing", redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", accounts.logout, name="logout"),
    path(
        "accounts/password/change/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path(
        "accounts/password/reset/",
        accounts.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/complete/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]
