"""Markdown in and out (stub, being written)."""

from __future__ import annotations


def render_markdown(blocks):
    raise NotImplementedError
