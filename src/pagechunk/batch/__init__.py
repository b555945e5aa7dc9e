"""Batch crawls: read inputs, chunk them on every core, write records, resume."""
