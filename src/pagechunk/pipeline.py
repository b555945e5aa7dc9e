"""The one-call pipeline (stub, being written)."""

from __future__ import annotations


def chunk_html(html, *, base_url=None, clean=True, **options):
    raise NotImplementedError


def extract(html, *, base_url=None, clean=True):
    raise NotImplementedError
