"""Settings for the Bourré ledger: one module, configured from the environment.

Every variable is listed in README.md. Development (`make run`) sets
DJANGO_DEBUG=true; production must set DJANGO_SECRET_KEY and
DJANGO_ALLOWED_HOSTS.
"""

import os
import sys
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP

from config.env import env_bool, env_int, env_list, env_secret, env_secrets, env_str
from config.lan import local_names

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DJANGO_DEBUG", default=False)
# pytest imports this module itself; the flag keeps tests on plain static
# storage and off HTTPS redirects without a second settings module.
TESTING = env_bool("DJANGO_TESTING", default="pytest" in sys.modules)
# Behind nginx or Caddy (README, "Deploying"): the proxy says which scheme and which
# client each request came with.
BEHIND_PROXY = env_bool("DJANGO_BEHIND_PROXY", default=False)

if DEBUG or TESTING:
    SECRET_KEY = env_str("DJANGO_SECRET_KEY", "insecure-development-key-" + "x" * 40)
else:
    SECRET_KEY = env_str("DJANGO_SECRET_KEY")

# The ledger's hash chain is keyed (ledger/seals.py): from its own key, or derived
# from the secret key when none is set. The previous values keep older entries
# checkable after a rotation.
LEDGER_KEY = env_secret("DJANGO_LEDGER_KEY")
LEDGER_KEYS_PREVIOUS = env_secrets("DJANGO_LEDGER_KEY_PREVIOUS")

# In development the phones at the table reach the laptop by its local network address
# (`make run HOST=0.0.0.0`, config/lan.py); production names its hosts.
ALLOWED_HOSTS = env_list(
    "DJANGO_ALLOWED_HOSTS",
    ["localhost", "127.0.0.1", "[::1]", *local_names()] if DEBUG or TESTING else [],
)
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "django_tasks_db",
    "ledger",
    "tables",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After authentication: a signed-in host's saved language beats the browser's.
    "tables.languages.HostLanguageMiddleware",
    "tables.middleware.PrivateWhenSignedInMiddleware",
    "tables.middleware.ServiceWorkerUserMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, so a locked-out sign-in never reaches the view.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "builtins": [
                "django_htmx.templatetags.django_htmx",
                # {% html_lang %} and |local_date, which every page's dates go through.
                "tables.templatetags.languages",
            ],
        },
    }
]

# A ledger must not lose a hand: SQLite waits for the write lock at BEGIN
# (IMMEDIATE) instead of failing half-way through a transaction, and flushes
# every commit to disk (synchronous=FULL) in WAL mode.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;",
}
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("DJANGO_CONN_MAX_AGE", 0),
        # A persistent connection is checked before each request reuses it.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = SQLITE_OPTIONS
    # A file, not memory: the concurrency tests need real locking between threads.
    # Named per process so two test runs on one machine never share a file.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f".test-db-{os.getpid()}.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
if TESTING:
    # Hashing strength is not under test; a fast hasher keeps the suite quick.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Login throttling: five failures per username and address lock it for an hour.
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = 1
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_ENABLED = env_bool("AXES_ENABLED", True)
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
if BEHIND_PROXY:
    # Every request arrives from the proxy's address; without this, five bad passwords
    # from anyone would lock the host out for an hour from every phone.
    AXES_CLIENT_IP_CALLABLE = "config.client_address.forwarded_client_address"
# Password-reset mails per hour, for one e-mail address and from one client address;
# counted in the database (ledger.models.PasswordResetRequest), so every server process
# counts every request.
PASSWORD_RESET_LIMIT_PER_EMAIL = env_int("PASSWORD_RESET_LIMIT_PER_EMAIL", 3)
PASSWORD_RESET_LIMIT_PER_CLIENT = env_int("PASSWORD_RESET_LIMIT_PER_CLIENT", 10)
# Sign-in codes mailed per hour, the same way (ledger.models.SignInCode).
SIGN_IN_CODE_LIMIT_PER_EMAIL = env_int("SIGN_IN_CODE_LIMIT_PER_EMAIL", 5)
SIGN_IN_CODE_LIMIT_PER_CLIENT = env_int("SIGN_IN_CODE_LIMIT_PER_CLIENT", 10)
# Seat invites a host may make in an hour, and tries at accepting one from one client
# address in an hour; counted in the database (ledger.models.PlayerInvite and
# PlayerInviteAttempt), as the password resets are.
PLAYER_INVITE_LIMIT_PER_HOST = env_int("PLAYER_INVITE_LIMIT_PER_HOST", 30)
PLAYER_INVITE_ATTEMPT_LIMIT_PER_CLIENT = env_int("PLAYER_INVITE_ATTEMPT_LIMIT_PER_CLIENT", 20)
# "This is me" claims from the live link one client address may make in an hour
# (ledger.models.SeatClaim).
SEAT_CLAIM_LIMIT_PER_CLIENT = env_int("SEAT_CLAIM_LIMIT_PER_CLIENT", 10)

LANGUAGE_CODE = "en"
# Each name in its own language: it is how a visitor recognises theirs in the switcher.
LANGUAGES = [
    ("en", "English"),
    ("it", "Italiano"),
    ("pt-br", "Português (Brasil)"),
    ("es", "Español"),
    ("fr", "Français"),
    ("sv", "Svenska"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The language a visitor picks stays on their phone for a year, not just until the
# browser closes (its HTTPS-only flag is with the other cookies' below).
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_HTTPONLY = True
TIME_ZONE = env_str("DJANGO_TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or TESTING
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

EMAIL_BACKEND = env_str("DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "bourre@localhost")

# Where the links in messages point, as players open the site ("https://bourre.example"):
# blank, the address of the request that caused the message (a reminder, caused by no
# request, takes its recipient's last message's).
SITE_URL = env_str("DJANGO_SITE_URL", "")

# Messages go out from a worker (`manage.py worker`, which `make run` starts beside the
# server), from tasks kept in the database: no broker. Tests run each task at once.
TASKS = {
    "default": {
        "BACKEND": (
            "django.tasks.backends.immediate.ImmediateBackend"
            if TESTING
            else "django_tasks_db.DatabaseBackend"
        ),
    }
}
# Web Push (RFC 8292): without both keys, push is off and its switch hidden. The private
# key as py_vapid writes it (PEM or its base64url DER); the public one base64url, raw.
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY", "")
VAPID_PUBLIC_KEY = env_str("VAPID_PUBLIC_KEY", "")
VAPID_SUBJECT = env_str("VAPID_SUBJECT", "mailto:" + DEFAULT_FROM_EMAIL)
# Messages one account may be sent in an hour, and messages one host's tables may cause
# in an hour; past either, a message is recorded as held back and not sent.
NOTICE_LIMIT_PER_RECIPIENT = env_int("NOTICE_LIMIT_PER_RECIPIENT", 20)
NOTICE_LIMIT_PER_HOST = env_int("NOTICE_LIMIT_PER_HOST", 200)

# HTTPS everywhere in production; off in development and tests, which speak HTTP.
SECURE = env_bool("DJANGO_SECURE", default=not (DEBUG or TESTING))
SECURE_SSL_REDIRECT = SECURE
# A load balancer's health probe asks over plain HTTP, from behind the proxy.
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
SESSION_COOKIE_SECURE = SECURE
CSRF_COOKIE_SECURE = SECURE
LANGUAGE_COOKIE_SECURE = SECURE
# Lax, as Django makes the session and CSRF cookies: it leaves the language cookie without
# SameSite, which some browsers then send along with another site's requests.
LANGUAGE_COOKIE_SAMESITE = "Lax"
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 31_536_000) if SECURE else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE
SECURE_HSTS_PRELOAD = SECURE
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
# Over HTTPS only: served over plain HTTP on a local network address (`make run
# HOST=0.0.0.0`), a browser ignores it, and says so as an error on every page.
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin" if SECURE else None

# No inline script anywhere: scripts come from our own static files only.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("DJANGO_LOG_LEVEL", "INFO")},
}

# Development and tests serve static files straight from the finders; production
# serves the collected, hashed and compressed copies.
WHITENOISE_USE_FINDERS = DEBUG or TESTING
WHITENOISE_AUTOREFRESH = DEBUG or TESTING
