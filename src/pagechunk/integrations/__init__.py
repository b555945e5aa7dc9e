"""Adapters for retrieval frameworks, each behind its own extra.

- :mod:`pagechunk.integrations.langchain` (``pip install 'pagechunk[langchain]'``):
  a document loader and a text splitter that return LangChain ``Document``
  objects.
- :mod:`pagechunk.integrations.llamaindex`
  (``pip install 'pagechunk[llamaindex]'``): a node parser that returns
  LlamaIndex ``TextNode`` objects, and a reader of ``.html`` and ``.html.gz``
  files.

Every adapter takes the pipeline's options as one
:class:`~pagechunk.options.Options` (``options=``) and any of them by name
(:func:`adapter_options`), and gives every chunk the same metadata
(:func:`chunk_metadata`) and a stable id (:func:`chunk_id`). This package
imports neither framework; ``import pagechunk`` does not import this package.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from pagechunk.html.metadata import METADATA_FIELDS
from pagechunk.model import Chunk, ParsedPage
from pagechunk.model import chunk_id as model_chunk_id
from pagechunk.options import Options
from pagechunk.pipeline import extract_page, markdown_page, page_chunks
from pagechunk.tokens import tokenizer_length

__all__ = [
    "METADATA_KEYS",
    "PAGE_KEYS",
    "URL_KEYS",
    "Piece",
    "adapter_options",
    "chunk_id",
    "chunk_metadata",
    "chunk_page",
    "document_url",
    "page_metadata",
]

METADATA_KEYS = (
    "source",
    "url",
    "title",
    "heading",
    "position",
    "start",
    "end",
    "lang",
)
"""The metadata keys the adapters set on each chunk; ``lang`` only when
known."""

PAGE_KEYS = (
    "page_type",
    "confidence",
    # canonical_url is left out: the page's address is set as "url".
    *(name for name in METADATA_FIELDS if name != "canonical_url"),
)
"""The page's own metadata, set on each chunk under these names when the
page gives a value."""

URL_KEYS = ("url", "source", "file_path")
"""The metadata keys read, in this order, for the address of a document handed
to a splitter or node parser: pagechunk's own, LangChain's loaders', and
LlamaIndex's file readers'."""

_DEFAULT = Options()


def adapter_options(
    options: Options | None = None, *, tokenizer: str | None = None, **values: Any
) -> Options:
    """The pipeline options of an adapter: ``options`` (by default
    ``Options()``, those of :func:`~pagechunk.chunk_html`) with the named
    ones changed, sizes counted in ``tokenizer``'s tokens when one is named
    (a spec of :func:`~pagechunk.tokenizer_length`), and no link list, which
    the metadata does not carry.

    Raises:
        TypeError: A name is no option, a size is not a whole number, or
            ``options`` is no :class:`~pagechunk.options.Options`.
        ValueError: A size is below 1, or the tokenizer does not load.
    """
    if options is None:
        options = _DEFAULT
    elif not isinstance(options, Options):
        raise TypeError(f"options must be an Options, not {type(options).__name__}")
    if tokenizer is not None:
        values["length"] = tokenizer_length(tokenizer)
    return options.with_values(links=False, **values)


@dataclass(frozen=True, slots=True)
class Piece:
    """One chunk as the adapters hand it on.

    Attributes:
        text: The chunk's text.
        metadata: Its metadata (:func:`chunk_metadata`).
        id: Its stable id (:func:`chunk_id`).
    """

    text: str
    metadata: dict[str, Any]
    id: str


def chunk_id(source: str, position: int, text: str) -> str:
    """A chunk's stable id: :func:`pagechunk.model.chunk_id` of the document's
    source, the chunk's position and its text, shaped as a UUID (as vector
    stores take ids); the same on every run and machine, and the chunk
    record's ``id`` when the source is the page's URL."""
    return str(uuid.UUID(hex=model_chunk_id(source, position, text)))


def chunk_metadata(chunk: Chunk, page: ParsedPage, source: str) -> dict[str, Any]:
    """The metadata of one chunk, as every adapter sets it: the keys of
    :data:`METADATA_KEYS` (``url`` is the page's address, else ``source``),
    then those of :data:`PAGE_KEYS` the page has a value for."""
    of_page = page_metadata(page, source or chunk.url)
    metadata: dict[str, Any] = {
        "source": of_page.pop("source"),
        "url": chunk.url or of_page.pop("url"),
        "title": chunk.title,
        "heading": chunk.heading,
        "position": chunk.position,
        "start": chunk.start,
        "end": chunk.end,
    }
    of_page.pop("url", None)
    of_page.pop("title")
    return {**metadata, **of_page}


def page_metadata(page: ParsedPage, source: str) -> dict[str, Any]:
    """What a page says about itself, as the adapters and ``pagechunk
    extract`` give it: ``source``, ``url`` (the page's address, else
    ``source``), ``title``, ``lang`` when known, and the keys of
    :data:`PAGE_KEYS` the page has a value for."""
    metadata: dict[str, Any] = {
        "source": source or page.url,
        "url": page.url or source,
        "title": page.title.strip(),
    }
    if page.lang:
        metadata["lang"] = page.lang
    for key in PAGE_KEYS:
        # Page fields that not every version of ParsedPage has.
        value = getattr(page, key, None)
        if value:
            metadata[key] = list(value) if isinstance(value, tuple) else value
    return metadata


def chunk_page(
    content: str | bytes,
    options: Options,
    *,
    markdown: bool = False,
    url: str = "",
    source: str = "",
    encoding: str | None = None,
    content_language: str | None = None,
) -> list[Piece]:
    """Chunk one page and give each chunk's text with its metadata and id.

    HTML is chunked as :func:`~pagechunk.chunk_html` does it, as on the
    command line. Markdown is read with
    :func:`~pagechunk.markdown.read_markdown`, cleaned first when ``url`` is
    an http(s) address, and titled by its first ``#`` heading.

    Args:
        content: The page, as text or as the bytes read.
        options: How to chunk it (see :func:`adapter_options`).
        markdown: Whether the page is Markdown rather than HTML.
        url: Where the page came from: resolves its links, names its site, and
            is the ``url`` of its chunks; a path without a scheme is taken as
            ``source`` only, and the page's own address is its ``url``.
        source: What names the document (a file's path); ``url`` when
            empty. Chunk ids derive from it.
        encoding: The charset the bytes were declared in, when known; one that
            names no text encoding is ignored, as :func:`~pagechunk.extract`
            ignores it.
        content_language: The ``Content-Language`` header the page came with,
            when known; the chunks' ``lang`` when the page states none.

    Returns:
        A :class:`Piece` for each chunk, in order; none for a page without
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
    source = source or url
    if "://" not in url:  # a path names the document but is no base URL
        url = ""
    if markdown:
        page = markdown_page(content, options, url=url or None, **context)
    else:
        page = extract_page(content, options, base_url=url or None, **context)
    pieces: list[Piece] = []
    for chunk in page_chunks(page, options.chunk):
        metadata = chunk_metadata(chunk, page, source)
        identity = chunk_id(metadata["source"], chunk.position, chunk.text)
        pieces.append(Piece(chunk.text, metadata, identity))
    return pieces


def document_url(metadata: dict[str, Any]) -> str:
    """The address a document's metadata gives under :data:`URL_KEYS`, or
    ``""``."""
    for key in URL_KEYS:
        value = metadata.get(key)
        if isinstance(value, str) and value:
            return value
    return ""
