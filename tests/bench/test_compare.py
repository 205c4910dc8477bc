"""``python -m bench --quick``: the whole comparison, servers and all, on tiny nights."""

import os
import subprocess
import sys
from pathlib import Path

from django.db import connection

from bench.compare import QUICK, table_rows

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_quick_bench_serves_both_projects_and_prints_every_row():
    # Its own process: the bench runs with production settings, not the suite's.
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--quick"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )

    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    lines = done.stdout.splitlines()
    table = [line for line in lines if line.startswith("| ")]
    header, *rows = [[cell.strip() for cell in line.split("|")[1:-1]] for line in table]
    assert header == ["what", "app", "bare", "ratio", "goal"]
    expected = table_rows(QUICK, connection.vendor)
    assert [row[0] for row in rows] == [what for what, _ in expected.values()]
    assert [row[4] for row in rows] == [goal for _, goal in expected.values()]
    assert all(row[1] and row[1] != "not measured" for row in rows), done.stdout
    assert "NOT MEASURED" not in done.stdout
