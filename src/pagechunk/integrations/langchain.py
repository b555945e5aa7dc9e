"""LangChain adapters: a document loader and a text splitter.

:class:`PagechunkLoader` reads pages from files, or from HTML the caller
already holds, and yields one ``Document`` per chunk. :class:`PagechunkSplitter`
is a ``TextSplitter`` that reads each text as a web page (or as Markdown) and
splits it the way :func:`~pagechunk.chunk_html` does, sized as LangChain
sizes a splitter (``chunk_size``, ``chunk_overlap``, ``length_function``,
:meth:`~PagechunkSplitter.from_tiktoken_encoder`). Each ``Document`` has the
chunk's text as ``page_content``, a stable ``id``
(:func:`~pagechunk.integrations.chunk_id`), and the metadata of
:func:`~pagechunk.integrations.chunk_metadata`: ``source``, ``url``,
``title``, ``heading``, ``position``, ``start``, ``end`` and ``lang``.

Needs the ``langchain`` extra: ``pip install 'pagechunk[langchain]'``.
"""

from __future__ import annotations

import copy
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from pagechunk.batch.sources import InputError, Unreadable, input_paths, read_path
from pagechunk.integrations import Piece, adapter_options, chunk_page, document_url
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

Source = str | os.PathLike[str] | tuple[str | bytes, str]
"""A page for :class:`PagechunkLoader`: a path, or an ``(html, url)`` pair."""


class PagechunkLoader(BaseLoader):
    """Load web pages as chunk ``Document`` objects.

    A source is a path to a page (``.html``, ``.htm``, gzipped or not), a
    Markdown file (``.md``, ``.markdown``), a directory (its pages at any
    depth, in path order), a WARC archive (with the ``warc`` extra), or an
    ``(html, url)`` pair of a page already fetched and the address it came
    from. URLs are not fetched: fetch them yourself and pass pairs. A file's
    path is its chunks' ``source``, and their ``url`` is the page's own
    address (its canonical URL), else the path; ``-`` reads standard input.

    Args:
        sources: The pages, read in the order given. One path may stand
            alone; pairs always come in a list, since a tuple of two paths
            would read the same.
        options: The pipeline's options (default ``Options()``).
        tokenizer: Count sizes in this tokenizer's tokens
            (``"tiktoken:cl100k_base"``, ``"hf:/path/tokenizer.json"``).
        **option_values: Any option of :class:`~pagechunk.options.Options`
            by name, over ``options``: ``target_chars``, ``max_chars``,
            ``overlap_chars``, ``prefix``, ``clean``, ``title_suffix``,
            ``body``, ``tables``, ...

    Raises:
        ValueError: A size is below 1, or the tokenizer does not load.
        TypeError: A size is not a whole number, or a name is no option.
    """

    def __init__(
        self,
        sources: str | os.PathLike[str] | Iterable[Source],
        *,
        options: Options | None = None,
        tokenizer: str | None = None,
        **option_values: Any,
    ) -> None:
        self.sources: Iterable[Source] = (
            [sources] if isinstance(sources, str | os.PathLike) else sources
        )
        self.options: Options = adapter_options(
            options, tokenizer=tokenizer, **option_values
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
        yield from _documents(chunk_page(html, self.options, url=url))

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
                    url=document.base_url or "",
                    source=document.key,
                    encoding=document.encoding,
                    content_language=document.content_language,
                )
                yield from _documents(pieces)


def _documents(pieces: list[Piece]) -> Iterator[Document]:
    for piece in pieces:
        yield Document(page_content=piece.text, metadata=piece.metadata, id=piece.id)


class PagechunkSplitter(TextSplitter):
    """A ``TextSplitter`` that reads each text as a web page and chunks it as
    :func:`~pagechunk.chunk_html` does (or as :func:`~pagechunk.chunk_markdown`
    does, with ``markdown``).

    It is sized as any ``TextSplitter``: ``chunk_size`` is the size no chunk
    goes over (``max_chars``), ``chunk_overlap`` how much of the previous
    chunk's end a chunk repeats (``overlap_chars``, from a sentence or word
    start), and ``length_function`` what measures them;
    :meth:`from_tiktoken_encoder` counts tiktoken tokens. Chunks are filled
    towards ``target_chars`` (1200 by default, never above ``chunk_size``).

    :meth:`split_text` gives the chunk texts. :meth:`create_documents` and
    :meth:`split_documents` give ``Document`` objects with a stable ``id``,
    whose metadata is that of the text they came from with pagechunk's keys
    set over it; the page's address is taken from the text's metadata:
    ``url``, else ``source``, else ``file_path``.

    Args:
        chunk_size: The size no chunk goes over; default ``max_chars``'s
            (2000).
        chunk_overlap: The overlap; default 0.
        length_function: Measures sizes; ``len`` by default.
        markdown: Read the texts as Markdown instead of HTML.
        options: The pipeline's options (default ``Options()``).
        tokenizer: Count sizes in this tokenizer's tokens
            (:func:`~pagechunk.tokenizer_length`), instead of a
            ``length_function``.
        keep_separator: Taken for ``TextSplitter``'s sake; pagechunk keeps
            no separators.
        add_start_index: Set ``start_index``, the chunk's ``start``, in each
            Document's metadata, as ``TextSplitter`` does; it counts in the
            page's Markdown (:attr:`~pagechunk.ParsedPage.markdown`), not in
            the HTML.
        strip_whitespace: Taken for ``TextSplitter``'s sake; chunks are
            always stripped.
        **option_values: Any option of :class:`~pagechunk.options.Options`
            by name, over ``options`` (``target_chars``, ``prefix``,
            ``clean``, ``title_suffix``, ``body``, ...).

    Raises:
        ValueError: A size is below 1, the overlap is over the size, or the
            tokenizer does not load.
        TypeError: A size is not a whole number, a name is no option, or a
            size is given twice (``chunk_size`` and ``max_chars``).
    """

    def __init__(
        self,
        chunk_size: int | None = None,
        chunk_overlap: int | None = None,
        length_function: Callable[[str], int] | None = None,
        keep_separator: Any = False,
        add_start_index: bool = False,
        strip_whitespace: bool = True,
        *,
        markdown: bool = False,
        options: Options | None = None,
        tokenizer: str | None = None,
        **option_values: Any,
    ) -> None:
        for given, name in (
            (chunk_size, "max_chars"),
            (chunk_overlap, "overlap_chars"),
            (length_function, "length"),
        ):
            if given is not None and name in option_values:
                raise TypeError(f"give {name} or its TextSplitter name, not both")
        if chunk_size is not None:
            option_values["max_chars"] = chunk_size
        if chunk_overlap is not None:
            option_values["overlap_chars"] = chunk_overlap
        if length_function is not None and length_function is not len:
            if tokenizer is not None:
                raise TypeError("give length_function or tokenizer, not both")
            option_values["length"] = length_function
        self.options: Options = adapter_options(
            options, tokenizer=tokenizer, **option_values
        )
        self.markdown = markdown
        chunk = self.options.chunk
        super().__init__(
            chunk_size=chunk.max_chars or chunk.target_chars or sys.maxsize,
            chunk_overlap=chunk.overlap_chars,
            length_function=chunk.length or len,
            keep_separator=keep_separator,
            add_start_index=add_start_index,
            strip_whitespace=strip_whitespace,
        )

    @classmethod
    def from_tiktoken_encoder(
        cls,
        encoding_name: str = "gpt2",
        model_name: str | None = None,
        allowed_special: Any = None,
        disallowed_special: Any = "all",
        **kwargs: Any,
    ) -> PagechunkSplitter:
        """A splitter whose sizes count the tokens of a tiktoken encoding,
        ``encoding_name`` or that of ``model_name``, as
        ``TextSplitter.from_tiktoken_encoder`` makes one; ``kwargs`` are the
        constructor's. Text that spells a special token counts as plain
        text, so ``allowed_special`` and ``disallowed_special`` change
        nothing.

        Raises:
            ImportError: tiktoken is not installed.
            ValueError: The encoding does not load (the message says how to
                load it offline).
        """
        if model_name is not None:
            try:
                import tiktoken
            except ImportError as error:
                raise ImportError(
                    "from_tiktoken_encoder needs tiktoken: "
                    "pip install 'pagechunk[tiktoken]'"
                ) from error
            encoding_name = tiktoken.encoding_name_for_model(model_name)
        return cls(tokenizer=f"tiktoken:{encoding_name}", **kwargs)

    def split_text(self, text: str) -> list[str]:
        """The chunk texts of one page.

        Raises:
            TypeError: ``text`` is not a string.
        """
        _check_text(text)
        pieces = chunk_page(text, self.options, markdown=self.markdown)
        return [piece.text for piece in pieces]

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
            source = given.get("source")
            pieces = chunk_page(
                text,
                self.options,
                markdown=self.markdown,
                url=url,
                source=source if isinstance(source, str) else url,
            )
            for piece in pieces:
                metadata = {**copy.deepcopy(given), **piece.metadata}
                if self._add_start_index:
                    metadata["start_index"] = piece.metadata["start"]
                documents.append(
                    Document(page_content=piece.text, metadata=metadata, id=piece.id)
                )
        return documents


def _check_text(text: object) -> None:
    if not isinstance(text, str):
        raise TypeError(f"a page to split is a str, not {type(text).__name__}")
