"""LangChain adapters: a document loader and a text splitter.

:class:`PagechunkLoader` reads pages from files, or from HTML the caller
already holds, and yields one ``Document`` per chunk. :class:`PagechunkSplitter`
is a ``TextSplitter`` that reads each text as a web page (or as Markdown) and
splits it the way :func:`~pagechunk.chunk_html` does. Each ``Document`` has the
chunk's text as ``page_content`` and ``url``, ``title``, ``heading`` and
``position`` (and ``lang`` when known) in its ``metadata``.

Needs the ``langchain`` extra: ``pip install 'pagechunk[langchain]'``.
"""

from __future__ import annotations

import copy
import os
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from pagechunk.batch.sources import InputError, Unreadable, input_paths, read_path
from pagechunk.integrations import adapter_options, chunk_page, document_url
from pagechunk.options import Options

try:
    from langchain_core.document_loaders import BaseLoader
    from langchain_core.documents import Document
    from langchain_text_splitters import TextSplitter
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "pagechunk.integrations.langchain needs langchain-core and "
        "langchain-text-splitters: pip install 'pagechunk[langchain]'"
    ) from error

__all__ = ["PagechunkLoader", "PagechunkSplitter", "Source"]

_CHUNK = Options().chunk
_CLEAN = Options().clean

Source = str | os.PathLike[str] | tuple[str | bytes, str]
"""A page for :class:`PagechunkLoader`: a path, or an ``(html, url)`` pair."""


class PagechunkLoader(BaseLoader):
    """Load web pages as chunk ``Document`` objects.

    A source is a path to a page (``.html``, ``.htm``, gzipped or not), a
    Markdown file (``.md``, ``.markdown``), a directory (its pages at any
    depth, in path order), a WARC archive (with the ``warc`` extra), or an
    ``(html, url)`` pair of a page already fetched and the address it came
    from. URLs are not fetched: fetch them yourself and pass pairs. A file's
    chunks have its path as their ``url``; ``-`` reads standard input.

    Args:
        sources: The pages, read in the order given. One path may stand
            alone; pairs always come in a list, since a tuple of two paths
            would read the same.
        target_chars: The size to fill chunks up to.
        max_chars: The size no chunk goes over.
        prefix: Whether each chunk opens with the title and heading path.
        clean: Whether to drop the page's menus and other chrome first.

    Raises:
        ValueError: A size is below 1.
        TypeError: A size is not a whole number.
    """

    def __init__(
        self,
        sources: str | os.PathLike[str] | Iterable[Source],
        *,
        target_chars: int | None = _CHUNK.target_chars,
        max_chars: int | None = _CHUNK.max_chars,
        prefix: bool = _CHUNK.prefix,
        clean: bool = _CLEAN,
    ) -> None:
        self.sources: Iterable[Source] = (
            [sources] if isinstance(sources, str | os.PathLike) else sources
        )
        self.options: Options = adapter_options(
            target_chars=target_chars, max_chars=max_chars, prefix=prefix, clean=clean
        )

    def lazy_load(self) -> Iterator[Document]:
        """Yield the chunks of each source in turn, reading one source at a time.

        Raises:
            ValueError: A source is a URL, or HTML where a path should be.
            TypeError: A source is neither a path nor an ``(html, url)`` pair.
            pagechunk.batch.sources.InputError: A file cannot be read; the message
                names it.
        """
        for source in self.sources:
            if isinstance(source, tuple):
                yield from self._pair(source)
            elif isinstance(source, str | os.PathLike):
                yield from self._path(os.fspath(source))
            else:
                raise TypeError(
                    "a PagechunkLoader source is a path or an (html, url) pair, "
                    f"not {type(source).__name__}"
                )

    def _pair(self, pair: tuple[Any, ...]) -> Iterator[Document]:
        if len(pair) != 2 or not isinstance(pair[1], str):
            raise TypeError("an (html, url) pair holds the page and its address")
        html, url = pair
        for text, metadata in chunk_page(html, self.options, url=url):
            yield Document(page_content=text, metadata=metadata)

    def _path(self, path: str) -> Iterator[Document]:
        if path.lstrip().startswith("<"):
            raise ValueError(
                "a PagechunkLoader path looks like HTML; "
                "pass pages as (html, url) pairs in a list"
            )
        scheme, separator, _ = path.partition("://")
        if separator and scheme.isalpha():
            raise ValueError(
                f"PagechunkLoader does not fetch URLs ({path}); "
                "fetch the page and pass an (html, url) pair"
            )
        for page_path in input_paths([path]):
            for document in read_path(page_path):
                if isinstance(document, Unreadable):
                    raise InputError(f"{document.key}: {document.message}")
                try:
                    content = document.content()
                except InputError as error:
                    raise InputError(f"{document.key}: {error}") from None
                pieces = chunk_page(
                    content,
                    self.options,
                    markdown=document.markdown,
                    url=document.base_url or document.url,
                    encoding=document.encoding,
                    content_language=document.content_language,
                )
                for text, metadata in pieces:
                    yield Document(page_content=text, metadata=metadata)


class PagechunkSplitter(TextSplitter):
    """A ``TextSplitter`` that reads each text as a web page and chunks it as
    :func:`~pagechunk.chunk_html` does (or as :func:`~pagechunk.chunk_markdown`
    does, with ``markdown``).

    :meth:`split_text` gives the chunk texts. :meth:`create_documents` and
    :meth:`split_documents` give ``Document`` objects whose metadata is that
    of the text they came from, with ``url``, ``title``, ``heading`` and
    ``position`` (and ``lang`` when known) set over it; the page's address is
    taken from the text's metadata: ``url``, else ``source``, else
    ``file_path``. Chunks do not overlap, and their sizes are pagechunk's,
    so LangChain's ``chunk_size`` is ``max_chars`` and its ``chunk_overlap``
    is 0.

    Args:
        target_chars: The size to fill chunks up to.
        max_chars: The size no chunk goes over.
        prefix: Whether each chunk opens with the title and heading path.
        clean: Whether to drop the page's menus and other chrome first.
        markdown: Read the texts as Markdown instead of HTML.

    Raises:
        ValueError: A size is below 1.
        TypeError: A size is not a whole number.
    """

    def __init__(
        self,
        *,
        target_chars: int | None = _CHUNK.target_chars,
        max_chars: int | None = _CHUNK.max_chars,
        prefix: bool = _CHUNK.prefix,
        clean: bool = _CLEAN,
        markdown: bool = False,
    ) -> None:
        self.options: Options = adapter_options(
            target_chars=target_chars, max_chars=max_chars, prefix=prefix, clean=clean
        )
        self.markdown = markdown
        super().__init__(
            chunk_size=max_chars or target_chars or sys.maxsize, chunk_overlap=0
        )

    def split_text(self, text: str) -> list[str]:
        """The chunk texts of one page.

        Raises:
            TypeError: ``text`` is not a string.
        """
        _check_text(text)
        pieces = chunk_page(text, self.options, markdown=self.markdown)
        return [piece for piece, _ in pieces]

    def create_documents(
        self, texts: list[str], metadatas: list[dict[Any, Any]] | None = None
    ) -> list[Document]:
        """The chunks of each page as ``Document`` objects, in order.

        Args:
            texts: The pages.
            metadatas: One dict for each page, copied into its chunks' metadata
                under pagechunk's keys.

        Raises:
            TypeError: A text is not a string.
            ValueError: ``metadatas`` is not as long as ``texts``.
        """
        if metadatas is not None and len(metadatas) != len(texts):
            raise ValueError(
                f"{len(metadatas)} metadata dicts for {len(texts)} texts; "
                "give one for each text"
            )
        documents: list[Document] = []
        for index, text in enumerate(texts):
            _check_text(text)
            given = metadatas[index] if metadatas is not None else {}
            url = document_url(given)
            pieces = chunk_page(text, self.options, markdown=self.markdown, url=url)
            for piece, metadata in pieces:
                merged = {**copy.deepcopy(given), **metadata}
                documents.append(Document(page_content=piece, metadata=merged))
        return documents


def _check_text(text: object) -> None:
    if not isinstance(text, str):
        raise TypeError(f"a page to split is a str, not {type(text).__name__}")
