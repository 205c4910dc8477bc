"""``python -m bench [--rounds N] [--quick]``: the comparison table of ``make bench``.

The database is the one DATABASE_URL names (SQLite by default): the run creates two
throwaway databases of that engine on that server, one for the app and one for the bare
project, and drops them at the end.
"""

import argparse
import dataclasses
import os
import secrets
import shutil
import sys
import tempfile
from pathlib import Path

import django


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--rounds", type=int, help="interleaved rounds per timing (default 45)")
    parser.add_argument(
        "--quick", action="store_true", help="every row on tiny nights, in seconds (for tests)"
    )
    args = parser.parse_args(argv)

    directory = Path(tempfile.mkdtemp(prefix="bourre-bench-"))
    try:
        # The same production environment for this process (which seeds the app's
        # database and counts queries) and for both servers.
        from bench.servers import production_env

        env = production_env(secrets.token_urlsafe(48))
        # The servers log as production does; this process only what goes wrong, so
        # the table is not lost among sign-in notices.
        env["DJANGO_LOG_LEVEL"] = os.environ.get("DJANGO_LOG_LEVEL", "INFO")
        os.environ.update(env)
        os.environ["DJANGO_LOG_LEVEL"] = "WARNING"
        os.environ["DJANGO_SETTINGS_MODULE"] = "bench.app_settings"
        os.environ["BENCH_STATIC_ROOT"] = str(directory / "static")
        django.setup()

        from bench.compare import FULL, QUICK, Run

        sizes = QUICK if args.quick else FULL
        if args.rounds:
            sizes = dataclasses.replace(sizes, rounds=max(1, args.rounds))
        ok = Run(sizes, directory, env).run()
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
