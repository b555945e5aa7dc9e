"""LlamaIndex adapters: a node parser that chunks web pages with pagechunk,
and a reader of saved pages.

:class:`PagechunkNodeParser` reads each document's text as a web page (or as
Markdown) and splits it the way :func:`~pagechunk.chunk_html` does. Each
``TextNode`` holds one chunk, has a stable id
(:func:`~pagechunk.integrations.chunk_id`) and the metadata of
:func:`~pagechunk.integrations.chunk_metadata` over its document's;
LlamaIndex's node parser base then links it to its document (the ``SOURCE``
relationship) and to its neighbours (``PREVIOUS`` and ``NEXT``).
:class:`PagechunkReader` reads ``.html``, ``.htm`` and ``.html.gz`` files
(gunzipped, charset decoded) into ``Document`` objects for the parser, alone
or as ``SimpleDirectoryReader``'s ``file_extractor``.

Needs the ``llamaindex`` extra: ``pip install 'pagechunk[llamaindex]'``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pagechunk.batch.settings import Settings
from pagechunk.batch.sources import InputError, Unreadable, input_paths, read_path
from pagechunk.html.decode import decode
from pagechunk.integrations import (
    METADATA_KEYS,
    PAGE_KEYS,
    adapter_options,
    chunk_id,
    chunk_page,
    document_url,
)
from pagechunk.options import Options

try:
    from llama_index.core.bridge.pydantic import ConfigDict, Field
    from llama_index.core.node_parser import NodeParser
    from llama_index.core.node_parser.node_utils import (
        build_nodes_from_splits,
        default_id_func,
    )
    from llama_index.core.readers.base import BaseReader
    from llama_index.core.schema import BaseNode, Document, MetadataMode
    from llama_index.core.utils import get_tqdm_iterable
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "pagechunk.integrations.llamaindex needs llama-index-core: "
        "pip install 'pagechunk[llamaindex]'"
    ) from error

__all__ = ["PagechunkNodeParser", "PagechunkReader"]

_OPTION_NAMES = (
    "target_chars",
    "max_chars",
    "overlap_chars",
    "prefix",
    "clean",
    "title_suffix",
    "body",
)
_DEFAULT = Options()


class PagechunkNodeParser(NodeParser):
    """Split documents holding web pages into one ``TextNode`` per chunk.

    The page's address is taken from the document's metadata: ``url``, else
    ``source``, else ``file_path``. pagechunk's metadata keys are left out of
    the text that is embedded, since the chunk text already opens with the
    title and heading path (with ``prefix``); the LLM still sees them.

    Nodes get pagechunk's stable chunk ids unless an ``id_func`` is given.
    :meth:`from_defaults` takes a whole :class:`~pagechunk.options.Options`.

    Args:
        target_chars: The size to fill chunks up to.
        max_chars: The size no chunk goes over.
        overlap_chars: How much of the previous chunk's end a chunk repeats.
        prefix: Whether each chunk opens with the title and heading path.
        clean: Whether to drop the page's menus and other chrome first.
        title_suffix: ``"auto"`` drops a site name after the title.
        body: ``"text"`` or ``"markdown"`` chunk bodies.
        tokenizer: Count sizes in this tokenizer's tokens
            (:func:`~pagechunk.tokenizer_length`).
        more_options: Any other option of :class:`~pagechunk.options.Options`
            by name (``{"tables": "text"}``).
        markdown: Read the documents as Markdown instead of HTML.
        **kwargs: The options of LlamaIndex's ``NodeParser``:
            ``include_metadata``, ``include_prev_next_rel``, ``id_func``,
            ``callback_manager``.

    Raises:
        ValueError: A size is below 1 or not a whole number, a tokenizer
            does not load, or an argument is none of these (a misspelt
            ``max_char=100`` included; pydantic's ``ValidationError`` is a
            ``ValueError``).
    """

    model_config = ConfigDict(extra="forbid")

    target_chars: int | None = Field(
        default=_DEFAULT.chunk.target_chars,
        strict=True,
        description="The size to fill chunks up to.",
    )
    max_chars: int | None = Field(
        default=_DEFAULT.chunk.max_chars,
        strict=True,
        description="The size no chunk goes over.",
    )
    overlap_chars: int = Field(
        default=_DEFAULT.chunk.overlap_chars,
        strict=True,
        description="How much of the previous chunk's end a chunk repeats.",
    )
    prefix: bool = Field(
        default=_DEFAULT.chunk.prefix,
        description="Open each chunk with the title and heading path.",
    )
    clean: bool = Field(
        default=_DEFAULT.clean,
        description="Drop the page's menus and other chrome first.",
    )
    title_suffix: str | None = Field(
        default=_DEFAULT.title_suffix,
        description="'auto' drops a site name after the title.",
    )
    body: str = Field(
        default=_DEFAULT.chunk.body, description="'text' or 'markdown' bodies."
    )
    tokenizer: str | None = Field(
        default=None, description="Count sizes in this tokenizer's tokens."
    )
    more_options: dict[str, Any] = Field(
        default_factory=dict, description="Any other pagechunk option by name."
    )
    markdown: bool = Field(
        default=False, description="Read the documents as Markdown, not HTML."
    )

    def model_post_init(self, context: Any, /) -> None:
        """Check the sizes as soon as the parser is made."""
        super().model_post_init(context)
        try:
            adapter_options(**self._option_values())
        except (TypeError, ValueError) as error:
            raise ValueError(str(error)) from None

    @classmethod
    def from_defaults(
        cls, *, options: Options | None = None, **values: Any
    ) -> PagechunkNodeParser:
        """A parser with ``options`` (a whole
        :class:`~pagechunk.options.Options`) and then the named values,
        which are the constructor's or any option's name, as LlamaIndex's
        parsers are made.

        Raises:
            ValueError: As the constructor; an ``options`` with a ``length``
                function (name a ``tokenizer`` instead).
        """
        fields: dict[str, Any] = {}
        more: dict[str, Any] = {}
        if options is not None:
            if not isinstance(options, Options):
                raise ValueError(f"options must be an Options, not {options!r}")
            if options.chunk.length is not None:
                raise ValueError(
                    "a node parser keeps its options as data: name a "
                    "tokenizer= instead of an Options with a length function"
                )
            changed = json.loads(Settings(options=options).to_json())
            for name in ("url", "site_memory", "tokenizer"):
                changed.pop(name, None)
            values = {**changed, **values}
        for name, value in values.items():
            if name in cls.model_fields:
                fields[name] = value
            else:  # an option by name, checked when the parser is made
                more[name] = value
        if more:
            fields["more_options"] = {**fields.get("more_options", {}), **more}
        return cls(**fields)

    @classmethod
    def class_name(cls) -> str:
        """The name LlamaIndex stores the parser under."""
        return "PagechunkNodeParser"

    @property
    def options(self) -> Options:
        """The pipeline options, as the other adapters hold them."""
        return adapter_options(tokenizer=self.tokenizer, **self._option_values())

    def _option_values(self) -> dict[str, Any]:
        values = {name: getattr(self, name) for name in _OPTION_NAMES}
        return {**self.more_options, **values}

    def _parse_nodes(
        self,
        nodes: Sequence[BaseNode],
        show_progress: bool = False,
        **kwargs: Any,
    ) -> list[BaseNode]:
        options = self.options
        own_ids = self.id_func is default_id_func
        parsed: list[BaseNode] = []
        for node in get_tqdm_iterable(nodes, show_progress, "Parsing nodes"):
            page = node.get_content(metadata_mode=MetadataMode.NONE)
            url = document_url(node.metadata)
            source = node.metadata.get("source")
            pieces = chunk_page(
                page,
                options,
                markdown=self.markdown,
                url=url,
                source=source if isinstance(source, str) else url,
            )
            texts = [piece.text for piece in pieces]
            children = build_nodes_from_splits(texts, node, id_func=self.id_func)
            for child, piece in zip(children, pieces, strict=True):
                child.metadata = {**child.metadata, **piece.metadata}
                if own_ids:
                    child.id_ = piece.id
                child.excluded_embed_metadata_keys = _merged(
                    child.excluded_embed_metadata_keys, [*METADATA_KEYS, *PAGE_KEYS]
                )
            parsed.extend(children)
        return parsed


class PagechunkReader(BaseReader):
    """Read saved pages (``.html``, ``.htm``, ``.html.gz``; a folder's at any
    depth, in path order) as one LlamaIndex ``Document`` each, for
    :class:`PagechunkNodeParser`: the page's HTML gunzipped and decoded
    (HTTP charset, byte order mark, ``<meta charset>``; a binary file gives
    none), with ``file_path``,
    ``file_name`` and ``source`` in its metadata and a stable id, the
    :func:`~pagechunk.integrations.chunk_id` of the path and text.

    Use it alone (``PagechunkReader().load_data("pages/")``) or as
    ``SimpleDirectoryReader``'s reader of ``.html`` and ``.gz`` files.
    """

    def load_data(
        self,
        file: str | os.PathLike[str],
        extra_info: dict[str, Any] | None = None,
        **load_kwargs: Any,
    ) -> list[Document]:
        """The pages at ``file``, with ``extra_info`` in their metadata.

        Raises:
            pagechunk.batch.sources.InputError: A file cannot be read; the
                message names it.
        """
        documents: list[Document] = []
        for path in input_paths([os.fspath(file)]):
            for read in read_path(path):
                if isinstance(read, Unreadable):
                    raise InputError(f"{read.key}: {read.message}")
                data = decode(read.content(), read.encoding)
                if data is None:  # an image, a PDF: not a page
                    continue
                text = data.decode("utf-8", "replace")
                metadata = {
                    **(extra_info or {}),
                    "file_path": read.key,
                    "file_name": Path(read.key).name,
                    "source": read.key,
                }
                identity = chunk_id(read.key, 0, text)
                documents.append(Document(text=text, metadata=metadata, id_=identity))
        return documents


def _merged(keys: list[str], more: Sequence[str]) -> list[str]:
    """``keys`` followed by those of ``more`` it lacks."""
    return [*keys, *(key for key in more if key not in keys)]
