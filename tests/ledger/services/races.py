"""Phones at the same moment: each call in a thread of its own, with its own database
connection, released together."""

import threading

from django.db import connections


def race(calls: list) -> list:
    """Each call in its own thread, all released at the same moment; the result of each,
    or the exception it raised."""
    barrier = threading.Barrier(len(calls))
    lock = threading.Lock()
    waiting = list(enumerate(calls))
    outcomes: dict[int, object] = {}

    def phone() -> None:
        with lock:
            index, call = waiting.pop()
        try:
            barrier.wait()
            outcome = call()
        except Exception as error:  # the outcome under test, whatever it is
            outcome = error
        finally:
            connections.close_all()
        outcomes[index] = outcome

    run_at_once(phone, len(calls))
    return [outcomes[index] for index in range(len(calls))]


def run_at_once(target, count: int) -> None:
    """``target`` in ``count`` threads started together; back once all have ended."""
    threads = [threading.Thread(target=target) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
