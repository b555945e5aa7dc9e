"""Adapters for retrieval frameworks, each behind its own extra.

- :mod:`pagechunk.integrations.langchain` (``pip install 'pagechunk[langchain]'``):
  a document loader and a text splitter that return LangChain ``Document``
  objects.
- :mod:`pagechunk.integrations.llamaindex`
  (``pip install 'pagechunk[llamaindex]'``): a node parser that returns
  LlamaIndex ``TextNode`` objects.

Both give every chunk the same metadata: ``url``, ``title``, ``heading`` and
``position``, and ``lang`` when the page's language is known. This package
imports neither framework; ``import pagechunk`` does not import this package.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pagechunk.chunk import chunk_blocks
from pagechunk.model import MAX_CHARS, TARGET_CHARS
from pagechunk.options import Options
from pagechunk.pipeline import extract_page, markdown_page, page_chunks

__all__ = [
    "METADATA_KEYS",
    "URL_KEYS",
    "ChunkOptions",
    "chunk_page",
    "document_url",
]

METADATA_KEYS = ("url", "title", "heading", "position", "lang")
"""The metadata keys the adapters set on each chunk; ``lang`` only when known."""

URL_KEYS = ("url", "source", "file_path")
"""The metadata keys read, in this order, for the address of a document handed
to a splitter or node parser: pagechunk's own, LangChain's loaders', and
LlamaIndex's file readers'."""


@dataclass(frozen=True, slots=True)
class ChunkOptions:
    """How the adapters chunk a page: the options of
    :func:`~pagechunk.chunk_html` they pass on.

    Attributes:
        target_chars: The size to fill chunks up to.
        max_chars: The size no chunk goes over.
        prefix: Whether each chunk opens with the title and heading path.
        clean: Whether to drop the page's menus and other chrome first.
        markdown: Whether the text is Markdown rather than HTML.

    Raises:
        ValueError: A size is below 1.
        TypeError: A size is not a whole number.
    """

    target_chars: int | None = TARGET_CHARS
    max_chars: int | None = MAX_CHARS
    prefix: bool = True
    clean: bool = True
    markdown: bool = False

    def __post_init__(self) -> None:
        for name in ("target_chars", "max_chars"):
            size = getattr(self, name)
            if isinstance(size, bool) or not isinstance(size, int | None):
                raise TypeError(f"{name} must be an int or None, not {size!r}")
        chunk_blocks([], target_chars=self.target_chars, max_chars=self.max_chars)


def chunk_page(
    content: str | bytes,
    options: ChunkOptions,
    *,
    url: str = "",
    encoding: str | None = None,
    content_language: str | None = None,
) -> list[tuple[str, dict[str, Any]]]:
    """Chunk one page and give each chunk's text with its metadata.

    HTML is chunked as :func:`~pagechunk.chunk_html` does it, as on the
    command line. Markdown is read with
    :func:`~pagechunk.markdown.read_markdown`, cleaned first when ``url`` is
    an http(s) address, and titled by its first ``#`` heading.

    Args:
        content: The page, as text or as the bytes read.
        options: How to chunk it.
        url: Where the page came from: resolves its links, names its site, and
            is the ``url`` of its chunks.
        encoding: The charset the bytes were declared in, when known.
        content_language: The ``Content-Language`` header the page came with,
            when known; the chunks' ``lang`` when the page states none.

    Returns:
        ``(text, metadata)`` for each chunk, in order; none for a page without
        text.

    Raises:
        TypeError: ``content`` is neither text nor bytes.
    """
    if not isinstance(content, str | bytes):
        raise TypeError(f"a page is str or bytes, not {type(content).__name__}")
    settings = Options().with_values(
        target_chars=options.target_chars,
        max_chars=options.max_chars,
        prefix=options.prefix,
        clean=options.clean,
        links=False,  # the metadata carries no link list
    )
    if options.markdown:
        page = markdown_page(
            content,
            settings,
            url=url or None,
            encoding=encoding,
            content_language=content_language,
        )
    else:
        page = extract_page(
            content,
            settings,
            base_url=url or None,
            encoding=encoding,
            content_language=content_language,
        )
    chunks = page_chunks(page, settings.chunk)
    pieces: list[tuple[str, dict[str, Any]]] = []
    for chunk in chunks:
        metadata: dict[str, Any] = {
            "url": chunk.url,
            "title": chunk.title,
            "heading": chunk.heading,
            "position": chunk.position,
        }
        if chunk.lang:
            metadata["lang"] = chunk.lang
        pieces.append((chunk.text, metadata))
    return pieces


def document_url(metadata: dict[str, Any]) -> str:
    """The address a document's metadata gives under :data:`URL_KEYS`, or
    ``""``."""
    for key in URL_KEYS:
        value = metadata.get(key)
        if isinstance(value, str) and value:
            return value
    return ""
