"""pagechunk: web pages in, clean heading-aware chunks for a retrieval index out.

The pipeline is layered, and each layer is a public call:

- :func:`parse_html` reads a page into its title, :class:`Block` objects,
  links and robots directives (the text API).
- :func:`clean_blocks` and :func:`clean_markdown` drop the site's menus,
  footers, dialogs and sign-in links, block by block; a :class:`SiteMemory`
  also drops what the other pages of a crawled site repeat.
- :func:`chunk_blocks` and :func:`chunk_markdown` pack blocks into
  :class:`Chunk` objects of a bounded size.
- :func:`chunk_html` runs all three; :func:`extract` stops after cleaning.
- :func:`tokenizer_length` sizes chunks in a tokenizer's tokens instead of
  characters.
"""

from pagechunk.chunk import chunk_blocks, chunk_markdown
from pagechunk.clean import CHROME_HEADINGS, SiteMemory, clean_blocks, clean_markdown
from pagechunk.errors import DecodeError, InputTooLarge, PagechunkError
from pagechunk.model import (
    CHROME_TAGS,
    CONTENT_TAGS,
    DROP_ROLES,
    DROP_TAGS,
    HEADING_SEPARATOR,
    MAX_CHARS,
    PERMALINK_GLYPHS,
    ROBOTS_NAMES,
    TARGET_CHARS,
    Block,
    Chunk,
    ImageSpan,
    LinkSpan,
    ParsedPage,
)
from pagechunk.options import ChunkOptions, CleanOptions, Options, ParseOptions
from pagechunk.pipeline import chunk_html, extract, parse_html
from pagechunk.tokens import tokenizer_length
from pagechunk.version import __version__

__all__ = [
    "CHROME_HEADINGS",
    "CHROME_TAGS",
    "CONTENT_TAGS",
    "DROP_ROLES",
    "DROP_TAGS",
    "HEADING_SEPARATOR",
    "MAX_CHARS",
    "PERMALINK_GLYPHS",
    "ROBOTS_NAMES",
    "TARGET_CHARS",
    "Block",
    "Chunk",
    "ChunkOptions",
    "CleanOptions",
    "DecodeError",
    "InputTooLarge",
    "ImageSpan",
    "LinkSpan",
    "Options",
    "PagechunkError",
    "ParseOptions",
    "ParsedPage",
    "SiteMemory",
    "chunk_blocks",
    "chunk_html",
    "chunk_markdown",
    "clean_blocks",
    "clean_markdown",
    "extract",
    "parse_html",
    "tokenizer_length",
    "__version__",
]
