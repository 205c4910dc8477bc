from django.contrib.auth import views as auth_views
from django.urls import path

from bench.bare import views

urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("rows/", views.row_list, name="row_list"),
    path("rows/add/", views.row_add, name="row_add"),
]
