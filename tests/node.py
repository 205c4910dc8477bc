"""Node, for the tests that run the phone's JavaScript against the server's Python."""

import os
import shutil

import pytest


def node() -> str:
    """Node's path; without it the test is skipped, except under CI, where it fails."""
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but Node is missing: install Debian's 'nodejs'.")
        pytest.skip("Node is not installed; the phone's JavaScript is not checked.")
    return found
