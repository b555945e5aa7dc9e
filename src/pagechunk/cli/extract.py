"""``pagechunk extract FILE_OR_URL``: one page, cleaned, with its metadata.

The page is read as the other commands read it (a file, gzipped or not, ``-``
or an http(s) URL), run through :func:`~pagechunk.extract` (or read as
Markdown, for a ``.md`` file) and printed as Markdown under a front matter of
its metadata, as plain text under ``key: value`` lines, or as one JSON object.
The Markdown is :attr:`~pagechunk.ParsedPage.markdown`, the text chunk
``start`` and ``end`` count in.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pagechunk.batch.sources import InputError, read_input
from pagechunk.cli.args import EXTRACT_FORMATS, build_extract_parser
from pagechunk.errors import PagechunkError
from pagechunk.integrations import page_metadata
from pagechunk.model import ParsedPage
from pagechunk.options import Options
from pagechunk.pipeline import extract_page, markdown_page

__all__ = ["extract_command", "render_page"]


def extract_command(argv: list[str]) -> int:
    """Run ``pagechunk extract`` and return the exit status: 0, or 1 when
    the page cannot be read."""
    arguments = build_extract_parser().parse_args(argv)
    try:
        page, source = _read(arguments)
    except (InputError, PagechunkError) as error:
        message = " ".join(str(error).split()) or "failed"
        print(f"pagechunk extract: {arguments.input}: {message}", file=sys.stderr)
        return 1
    sys.stdout.write(render_page(page, source, arguments.format))
    return 0


def _read(arguments: argparse.Namespace) -> tuple[ParsedPage, str]:
    document = read_input(arguments.input, timeout=arguments.timeout)
    options = Options().with_values(
        clean=arguments.clean, title_suffix=arguments.title_suffix
    )
    context: dict[str, Any] = {
        "encoding": document.encoding,
        "content_language": document.content_language,
    }
    base_url = arguments.url or document.base_url
    if document.markdown:
        page = markdown_page(document.content(), options, url=base_url, **context)
    else:
        page = extract_page(document.content(), options, base_url=base_url, **context)
    return page, document.key


def render_page(page: ParsedPage, source: str, format: str) -> str:
    """The page as ``pagechunk extract --format`` prints it, ending in a
    line break.

    Raises:
        ValueError: ``format`` is none of :data:`EXTRACT_FORMATS`.
    """
    metadata = page_metadata(page, source)
    text = "\n\n".join(block.text for block in page.blocks)
    if format == "json":
        everything = {**metadata, "markdown": page.markdown, "text": text}
        return json.dumps(everything, ensure_ascii=False) + "\n"
    if format == "markdown":
        front = "".join(
            f"{key}: {json.dumps(value, ensure_ascii=False)}\n"
            for key, value in metadata.items()
        )
        return f"---\n{front}---\n\n{page.markdown}\n"
    if format == "text":
        head = "".join(f"{key}: {_plain(value)}\n" for key, value in metadata.items())
        return f"{head}\n{text}\n"
    raise ValueError(f"format must be one of {', '.join(EXTRACT_FORMATS)}")


def _plain(value: Any) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)
