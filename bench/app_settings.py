"""The app's own settings for a bench run, with one change: ``collectstatic`` writes to
the run's temporary directory (BENCH_STATIC_ROOT) instead of the checkout's
``staticfiles/``, so a run leaves nothing behind and two runs never share it."""

import os

from config.settings import *  # noqa: F403 - the app's settings, unchanged

STATIC_ROOT = os.environ["BENCH_STATIC_ROOT"]
