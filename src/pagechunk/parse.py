"""parse_html (stub, being written)."""

from __future__ import annotations


def parse_html(html, *, base_url=None, **options):
    raise NotImplementedError
