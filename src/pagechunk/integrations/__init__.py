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

from typing import Any

from pagechunk.options import Options
from pagechunk.pipeline import extract_page, markdown_page, page_chunks

__all__ = [
    "METADATA_KEYS",
    "URL_KEYS",
    "adapter_options",
    "chunk_page",
    "document_url",
]

METADATA_KEYS = ("url", "title", "heading", "position", "lang")
"""The metadata keys the adapters set on each chunk; ``lang`` only when known."""

URL_KEYS = ("url", "source", "file_path")
"""The metadata keys read, in this order, for the address of a document handed
to a splitter or node parser: pagechunk's own, LangChain's loaders', and
LlamaIndex's file readers'."""

_DEFAULT = Options()


def adapter_options(**values: Any) -> Options:
    """The pipeline options of an adapter: ``Options()``, which are those of
    :func:`~pagechunk.chunk_html`, with the named ones changed, and no link
    list, which the metadata does not carry.

    Raises:
        TypeError: A name is no option, or a size is not a whole number.
        ValueError: A size is below 1.
    """
    return _DEFAULT.with_values(links=False, **values)


def chunk_page(
    content: str | bytes,
    options: Options,
    *,
    markdown: bool = False,
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
        options: How to chunk it (see :func:`adapter_options`).
        markdown: Whether the page is Markdown rather than HTML.
        url: Where the page came from: resolves its links, names its site, and
            is the ``url`` of its chunks.
        encoding: The charset the bytes were declared in, when known; one that
            names no text encoding is ignored, as :func:`~pagechunk.extract`
            ignores it.
        content_language: The ``Content-Language`` header the page came with,
            when known; the chunks' ``lang`` when the page states none.

    Returns:
        ``(text, metadata)`` for each chunk, in order; none for a page without
        text.

    Raises:
        TypeError: ``content`` is neither text nor bytes, ``options`` is no
            :class:`~pagechunk.options.Options`, or ``encoding`` is neither a
            string nor None.
    """
    if not isinstance(content, str | bytes):
        raise TypeError(f"a page is str or bytes, not {type(content).__name__}")
    if not isinstance(options, Options):
        raise TypeError(f"options must be an Options, not {type(options).__name__}")
    if not isinstance(encoding, str | None):
        raise TypeError(f"an encoding is a str, not {type(encoding).__name__}")
    context: dict[str, Any] = {
        "encoding": encoding,
        "content_language": content_language,
    }
    if markdown:
        page = markdown_page(content, options, url=url or None, **context)
    else:
        page = extract_page(content, options, base_url=url or None, **context)
    pieces: list[tuple[str, dict[str, Any]]] = []
    for chunk in page_chunks(page, options.chunk):
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
