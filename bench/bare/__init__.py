"""A bare Django project, the yardstick of ``make bench``.

One model and two views, written the way a plain Django tutorial would: sign-in
through Django's own LoginView, a view that inserts one row and redirects, and a
view that renders the last five rows as a table. It runs on the same database
settings as the app (``bench.bare.settings`` reads them from ``config.settings``)
and under the same gunicorn command, so what the app costs on top of Django is
the ratio of the two. Nothing of the app imports it.
"""
