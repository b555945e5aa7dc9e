"""Markdown: reading it into blocks, and writing blocks as it.

:func:`read_markdown` (:mod:`pagechunk.markdown.read`) is the one reader of
Markdown input; :func:`render_markdown` is the writer of
:mod:`pagechunk.model`, whose layout :attr:`Chunk.start` and
:attr:`Chunk.end` count in.
"""

from pagechunk.markdown.links import scan_links
from pagechunk.markdown.read import MarkdownBlock, read_blocks, read_markdown
from pagechunk.model import render_markdown

__all__ = [
    "MarkdownBlock",
    "read_blocks",
    "read_markdown",
    "render_markdown",
    "scan_links",
]
