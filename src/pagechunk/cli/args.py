"""The arguments of the ``pagechunk`` commands, and the settings they make.

Each option's default is read from :class:`~pagechunk.options.Options`, so the
command line chunks as :func:`~pagechunk.chunk_html` does unless told
otherwise; :func:`settings_from` turns what the parsers read into the batch's
:class:`~pagechunk.batch.Settings`.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable

from pagechunk.batch.settings import Settings
from pagechunk.batch.sinks import FORMATS
from pagechunk.batch.sources import FETCH_TIMEOUT
from pagechunk.options import BODY_MODES, TITLE_SUFFIX_MODES, Options
from pagechunk.tokens import tokenizer_length
from pagechunk.version import __version__

__all__ = [
    "COMMANDS_HELP",
    "EXTRACT_FORMATS",
    "add_chunk_options",
    "build_chunk_parser",
    "build_extract_parser",
    "build_parser",
    "build_reprocess_parser",
    "read_input_lists",
    "settings_from",
    "whole_number",
]

_DEFAULT = Options()

EXTRACT_FORMATS = ("markdown", "text", "json")
"""What ``pagechunk extract --format`` prints."""

COMMANDS_HELP = """\
commands (each takes --help):
  pagechunk FILE_OR_URL ...          print the chunks of a few pages as JSON lines
  pagechunk extract FILE_OR_URL      print one page cleaned, with its metadata
  pagechunk explain FILE_OR_URL      say why each block was kept or dropped
  pagechunk chunk INPUT... -o OUT    chunk a crawl into one JSON Lines or Parquet file
  pagechunk reprocess MANIFEST       redo what an older version chunked
"""
"""The subcommands, as ``pagechunk --help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The parser of the default command, ``pagechunk FILE_OR_URL ...``."""
    parser = argparse.ArgumentParser(
        prog="pagechunk",
        description=(
            "Print the chunks of web pages as JSON lines: url, title, heading, "
            "position, text, chars, noindex, lang, start, end."
        ),
        epilog=COMMANDS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "inputs",
        nargs="+",
        metavar="FILE_OR_URL",
        help="an .html, .htm or .html.gz file, - for standard input, or an http(s) URL",
    )
    add_chunk_options(parser)
    _add_timeout(parser)
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__}"
    )
    return parser


def build_chunk_parser() -> argparse.ArgumentParser:
    """The parser of ``pagechunk chunk INPUT... -o OUT``."""
    parser = argparse.ArgumentParser(
        prog="pagechunk chunk",
        description=(
            "Chunk many pages into one file of records, in input order, on "
            "every core; failures go to OUT.errors.jsonl, and a manifest "
            "beside OUT lets a killed run --resume."
        ),
    )
    parser.add_argument(
        "inputs",
        nargs="*",
        metavar="INPUT",
        help="an HTML or Markdown (.md) file, a directory (its .html, .htm and "
        ".html.gz files), a .warc or .warc.gz archive, - for standard input, "
        "or an http(s) URL",
    )
    parser.add_argument(
        "-i",
        "--input-list",
        action="append",
        default=[],
        metavar="LIST",
        help="read more inputs from the file LIST, one path or URL a line "
        "(blank lines and lines starting with # are skipped); may be repeated",
    )
    parser.add_argument(
        "-o", "--output", required=True, metavar="OUT", help="the file to write"
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        help="jsonl (one JSON object per chunk) or parquet "
        "(default: parquet when OUT ends in .parquet, else jsonl)",
    )
    _add_batch_options(parser)
    parser.add_argument(
        "--resume",
        action="store_true",
        help="go on with the run that OUT's manifest records, with the same "
        "inputs and options",
    )
    parser.add_argument(
        "--dedupe",
        action="store_true",
        help="skip a document whose cleaned text an earlier document of the "
        "run had, with a skip line in the errors file",
    )
    parser.add_argument(
        "--dask-scheduler",
        metavar="ADDRESS",
        help="run on the Dask cluster at ADDRESS instead (no manifest)",
    )
    parser.add_argument(
        "--site-memory",
        action="store_true",
        help="also drop the short and link blocks that a site repeats on "
        f"{_DEFAULT.cleaning.min_site_pages} or more of its pages outside their "
        "articles; reads every input twice",
    )
    add_chunk_options(parser)
    _add_timeout(parser)
    return parser


def build_extract_parser() -> argparse.ArgumentParser:
    """The parser of ``pagechunk extract FILE_OR_URL``."""
    parser = argparse.ArgumentParser(
        prog="pagechunk extract",
        description=(
            "Print one page as the pipeline cleans it, with its metadata: as "
            "Markdown under a front matter, as text under key: value lines, "
            "or as one JSON object (with both)."
        ),
    )
    parser.add_argument(
        "input",
        metavar="FILE_OR_URL",
        help="an .html, .htm, .html.gz or .md file, - for standard input, or "
        "an http(s) URL",
    )
    parser.add_argument(
        "--format",
        choices=EXTRACT_FORMATS,
        default=EXTRACT_FORMATS[0],
        help=f"what to print (default {EXTRACT_FORMATS[0]})",
    )
    parser.add_argument(
        "--url",
        metavar="BASE_URL",
        help="the URL the page came from (default: a fetched URL's address, "
        "else the page's canonical URL)",
    )
    parser.add_argument(
        "--title-suffix",
        choices=[mode for mode in TITLE_SUFFIX_MODES if mode],
        default=_DEFAULT.title_suffix,
        help="'auto' drops a site name after the page title",
    )
    parser.add_argument(
        "--no-clean",
        dest="clean",
        action="store_false",
        default=_DEFAULT.clean,
        help="keep the blocks the boilerplate cleaner would drop",
    )
    _add_timeout(parser)
    return parser


def read_input_lists(lists: list[str]) -> list[str]:
    """The inputs that the files ``lists`` name, one a line, in order;
    blank lines and lines starting with ``#`` are skipped.

    Raises:
        OSError: A list cannot be read.
    """
    inputs: list[str] = []
    for name in lists:
        with open(name, encoding="utf-8") as listing:
            for line in listing:
                entry = line.strip()
                if entry and not entry.startswith("#"):
                    inputs.append(entry)
    return inputs


def build_reprocess_parser() -> argparse.ArgumentParser:
    """The parser of ``pagechunk reprocess MANIFEST``."""
    parser = argparse.ArgumentParser(
        prog="pagechunk reprocess",
        description=(
            "Redo, oldest first, the documents whose records an older "
            "pipeline version made, and rewrite their records in place."
        ),
    )
    parser.add_argument(
        "manifest", metavar="MANIFEST", help="the OUT.manifest.sqlite of a run"
    )
    _add_batch_options(parser)
    _add_timeout(parser)
    return parser


def _add_batch_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--workers",
        type=whole_number(1),
        default=_cores(),
        metavar="N",
        help="how many processes run the pipeline (default: the cores, here "
        f"{_cores()})",
    )
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print no progress bar and no closing summary",
    )


def _add_timeout(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--timeout",
        type=float,
        default=FETCH_TIMEOUT,
        metavar="SECONDS",
        help=f"how long a URL fetch may take (default {FETCH_TIMEOUT:g})",
    )


def add_chunk_options(parser: argparse.ArgumentParser) -> None:
    """Add the options every command that chunks pages shares."""
    parser.add_argument(
        "--url",
        metavar="BASE_URL",
        help="the URL the pages came from; links resolve against it "
        "(default: the address of a fetched URL)",
    )
    _add_size_options(parser)
    parser.add_argument(
        "--title-suffix",
        choices=[mode for mode in TITLE_SUFFIX_MODES if mode],
        default=_DEFAULT.title_suffix,
        help="'auto' drops a site name after the page title (' | Acme') when "
        "it matches og:site_name or the host (default: keep the title whole)",
    )
    parser.add_argument(
        "--no-prefix",
        dest="prefix",
        action="store_false",
        default=_DEFAULT.chunk.prefix,
        help="do not begin each chunk with the title and heading path",
    )
    parser.add_argument(
        "--body",
        choices=BODY_MODES,
        default=_DEFAULT.chunk.body,
        help="write chunk bodies as plain text, or as Markdown: fenced code, "
        "tables, [links](url) and image alt text "
        f"(default {_DEFAULT.chunk.body})",
    )
    parser.add_argument(
        "--no-clean",
        dest="clean",
        action="store_false",
        default=_DEFAULT.clean,
        help="keep the blocks the boilerplate cleaner would drop",
    )


def _add_size_options(parser: argparse.ArgumentParser) -> None:
    chunk = _DEFAULT.chunk
    parser.add_argument(
        "--target-chars",
        type=whole_number(1, none=True),
        default=chunk.target_chars,
        metavar="N",
        help="the chunk size to pack towards, or 'none' "
        f"(default {chunk.target_chars})",
    )
    parser.add_argument(
        "--max-chars",
        type=whole_number(1, none=True),
        default=chunk.max_chars,
        metavar="N",
        help=f"the size no chunk exceeds, or 'none' (default {chunk.max_chars})",
    )
    parser.add_argument(
        "--join-under",
        type=whole_number(1, none=True),
        default=chunk.join_under,
        metavar="N",
        help="join a heading section shorter than N to its neighbours, within "
        "the target size, or 'none' to keep sections apart "
        f"(default {chunk.join_under})",
    )
    parser.add_argument(
        "--tokenizer",
        type=_tokenizer,
        metavar="SPEC",
        help="count sizes in tokens: tiktoken:ENCODING (such as "
        "tiktoken:cl100k_base) or hf:NAME_OR_PATH (default: characters)",
    )
    parser.add_argument(
        "--overlap",
        dest="overlap_chars",
        type=whole_number(0),
        default=chunk.overlap_chars,
        metavar="N",
        help="open each chunk after the first of a section with up to N of the "
        f"previous chunk's end, in the sizes' unit (default {chunk.overlap_chars})",
    )


def whole_number(least: int, *, none: bool = False) -> Callable[[str], int | None]:
    """An argument type that reads a whole number of at least ``least``, and
    with ``none`` also the word ``none``, as None."""

    def read(value: str) -> int | None:
        if none and value.lower() == "none":
            return None
        try:
            number = int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {value!r}") from None
        if number < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}: {value}")
        return number

    return read


def _tokenizer(spec: str) -> str:
    # Loaded once here so that a bad spec fails before any document is read.
    try:
        tokenizer_length(spec)
    except (ValueError, ImportError) as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return spec


def _cores() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def settings_from(arguments: argparse.Namespace) -> Settings:
    """The batch settings that :func:`add_chunk_options` (and, for
    ``pagechunk chunk``, ``--site-memory``) parsed."""
    options = _DEFAULT.with_values(
        target_chars=arguments.target_chars,
        max_chars=arguments.max_chars,
        prefix=arguments.prefix,
        clean=arguments.clean,
        overlap_chars=arguments.overlap_chars,
        join_under=arguments.join_under,
        title_suffix=arguments.title_suffix,
        body=arguments.body,
    )
    return Settings(
        options=options,
        url=arguments.url,
        site_memory=getattr(arguments, "site_memory", False),
        tokenizer=arguments.tokenizer,
    )
