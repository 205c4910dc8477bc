"""Reads for the history and statistics screens: database aggregates, a fixed
number of queries per page however many nights a table has played."""
