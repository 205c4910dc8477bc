"""``make bench``: the app measured against a bare Django project in the same run.

``python -m bench`` (see ``bench/__main__.py``) serves both under gunicorn with
production settings on throwaway databases, drives them over HTTP and prints one table
of medians and ratios; ``bench/bare/`` is the bare project.
"""
