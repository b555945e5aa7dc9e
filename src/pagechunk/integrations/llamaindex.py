"""A LlamaIndex node parser that chunks web pages with pagechunk.

:class:`PagechunkNodeParser` reads each document's text as a web page (or as
Markdown) and splits it the way :func:`~pagechunk.chunk_html` does. Each
``TextNode`` holds one chunk and has ``url``, ``title``, ``heading`` and
``position`` (and ``lang`` when known) in its metadata; LlamaIndex's node
parser base then links it to its document (the ``SOURCE`` relationship) and
to its neighbours (``PREVIOUS`` and ``NEXT``), and copies the document's
metadata under pagechunk's keys.

Needs the ``llamaindex`` extra: ``pip install 'pagechunk[llamaindex]'``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pagechunk.integrations import (
    METADATA_KEYS,
    adapter_options,
    chunk_page,
    document_url,
)
from pagechunk.options import Options

try:
    from llama_index.core.bridge.pydantic import ConfigDict, Field
    from llama_index.core.node_parser import NodeParser
    from llama_index.core.node_parser.node_utils import build_nodes_from_splits
    from llama_index.core.schema import BaseNode, MetadataMode
    from llama_index.core.utils import get_tqdm_iterable
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        "pagechunk.integrations.llamaindex needs llama-index-core: "
        "pip install 'pagechunk[llamaindex]'"
    ) from error

__all__ = ["PagechunkNodeParser"]

_OPTION_NAMES = ("target_chars", "max_chars", "prefix", "clean")
_DEFAULT = Options()


class PagechunkNodeParser(NodeParser):
    """Split documents holding web pages into one ``TextNode`` per chunk.

    The page's address is taken from the document's metadata: ``url``, else
    ``source``, else ``file_path``. pagechunk's metadata keys are left out of
    the text that is embedded, since the chunk text already opens with the
    title and heading path (with ``prefix``); the LLM still sees them.

    Args:
        target_chars: The size to fill chunks up to.
        max_chars: The size no chunk goes over.
        prefix: Whether each chunk opens with the title and heading path.
        clean: Whether to drop the page's menus and other chrome first.
        markdown: Read the documents as Markdown instead of HTML.
        **kwargs: The options of LlamaIndex's ``NodeParser``:
            ``include_metadata``, ``include_prev_next_rel``, ``id_func``,
            ``callback_manager``.

    Raises:
        ValueError: A size is below 1 or not a whole number, or an argument
            is none of these (pydantic's ``ValidationError`` is a
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
    prefix: bool = Field(
        default=_DEFAULT.chunk.prefix,
        description="Open each chunk with the title and heading path.",
    )
    clean: bool = Field(
        default=_DEFAULT.clean,
        description="Drop the page's menus and other chrome first.",
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
    def class_name(cls) -> str:
        """The name LlamaIndex stores the parser under."""
        return "PagechunkNodeParser"

    @property
    def options(self) -> Options:
        """The pipeline options, as the other adapters hold them."""
        return adapter_options(**self._option_values())

    def _option_values(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _OPTION_NAMES}

    def _parse_nodes(
        self,
        nodes: Sequence[BaseNode],
        show_progress: bool = False,
        **kwargs: Any,
    ) -> list[BaseNode]:
        options = self.options
        parsed: list[BaseNode] = []
        for node in get_tqdm_iterable(nodes, show_progress, "Parsing nodes"):
            page = node.get_content(metadata_mode=MetadataMode.NONE)
            url = document_url(node.metadata)
            pieces = chunk_page(page, options, markdown=self.markdown, url=url)
            texts = [text for text, _ in pieces]
            children = build_nodes_from_splits(texts, node, id_func=self.id_func)
            for child, (_, metadata) in zip(children, pieces, strict=True):
                child.metadata = metadata
                child.excluded_embed_metadata_keys = _merged(
                    child.excluded_embed_metadata_keys, METADATA_KEYS
                )
            parsed.extend(children)
        return parsed


def _merged(keys: list[str], more: Sequence[str]) -> list[str]:
    """``keys`` followed by those of ``more`` it lacks."""
    return [*keys, *(key for key in more if key not in keys)]
