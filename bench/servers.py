"""The two servers of a bench run: gunicorn as README's "Deploying" runs it, one for the
app and one for the bare project, each on its own loopback port."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from bench.client import HOST, Client

ROOT = Path(__file__).resolve().parent.parent
# README's deploy command: `gunicorn config.wsgi --bind 127.0.0.1:8000 --workers 3`.
WORKERS = 3
READY_SECONDS = 60


def production_env(secret_key: str) -> dict[str, str]:
    """Production settings on plain HTTP: debug off, a throwaway key, no HTTPS redirect
    or secure-only cookies (there is no TLS on the loopback)."""
    return {
        "DJANGO_DEBUG": "false",
        "DJANGO_TESTING": "false",
        "DJANGO_SECRET_KEY": secret_key,
        "DJANGO_ALLOWED_HOSTS": HOST,
        "DJANGO_SECURE": "false",
    }


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class Server:
    """``gunicorn <wsgi>`` in the background, its output in ``log``."""

    def __init__(self, name: str, wsgi: str, env: dict[str, str], log: Path) -> None:
        self.name = name
        self.port = free_port()
        self.log = log
        with open(log, "wb") as output:
            self.process = subprocess.Popen(  # noqa: S603 - our own interpreter and arguments
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    wsgi,
                    "--bind",
                    f"{HOST}:{self.port}",
                    "--workers",
                    str(WORKERS),
                ],
                cwd=ROOT,
                env={**os.environ, **env},
                stdout=output,
                stderr=subprocess.STDOUT,
            )

    def wait_ready(self, path: str) -> None:
        """Until ``path`` answers 200 (every worker has loaded the app by then or soon)."""
        deadline = time.monotonic() + READY_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the {self.name} server stopped:\n{self.tail()}")
            try:
                if Client(self.port).get(path).status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"the {self.name} server did not answer in time:\n{self.tail()}")

    def tail(self, lines: int = 30) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
