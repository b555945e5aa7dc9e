"""The ``pagechunk`` command: pages in, chunks out as JSON lines.

``pagechunk FILE_OR_URL ...`` reads each input (an HTML file, gzipped or not,
``-`` for standard input, or an http(s) URL), runs the pipeline and prints one
JSON object per chunk. A problem with one input is reported on standard error
and the others are still processed; the exit status is then 1.

Commands that take a name as their first argument (a later batch command,
``pagechunk chunk INPUT... -o OUT``) go in :data:`COMMANDS`; any other first
argument is an input, so ``pagechunk page.html`` keeps working. A file named
like a command is read as ``./chunk``.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import sys
import urllib.error
import urllib.request
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

from pagechunk import __version__
from pagechunk.chunk import chunk_blocks
from pagechunk.errors import PagechunkError
from pagechunk.model import MAX_CHARS, TARGET_CHARS
from pagechunk.pipeline import extract

__all__ = ["COMMANDS", "main"]

FETCH_TIMEOUT = 30.0
"""Seconds a URL fetch may take before it fails, unless ``--timeout`` says."""

HTML_MEDIA_TYPES = frozenset({"text/html", "application/xhtml+xml"})
"""Media types a fetched input is read as; any other ``text/*`` is tried too."""

COMMANDS: dict[str, Callable[[list[str]], int]] = {}
"""Subcommands by name; each takes the arguments after its name."""

_GZIP_MAGIC = b"\x1f\x8b"


class InputError(Exception):
    """One input could not be read; the message says why."""


@dataclass(frozen=True, slots=True)
class Document:
    """The bytes of one input and what its source said about them."""

    data: bytes
    url: str
    base_url: str | None = None
    encoding: str | None = None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        return COMMANDS[args[0]](args[1:])
    return _print_chunks(args)


def build_parser() -> argparse.ArgumentParser:
    """The parser of the default command, ``pagechunk FILE_OR_URL ...``."""
    parser = argparse.ArgumentParser(
        prog="pagechunk",
        description=(
            "Print the chunks of web pages as JSON lines: url, title, heading, "
            "position, text, chars, noindex."
        ),
    )
    parser.add_argument(
        "inputs",
        nargs="+",
        metavar="FILE_OR_URL",
        help="an .html, .htm or .html.gz file, - for standard input, or an http(s) URL",
    )
    add_chunk_options(parser)
    parser.add_argument(
        "--timeout",
        type=float,
        default=FETCH_TIMEOUT,
        metavar="SECONDS",
        help=f"how long a URL fetch may take (default {FETCH_TIMEOUT:g})",
    )
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__}"
    )
    return parser


def add_chunk_options(parser: argparse.ArgumentParser) -> None:
    """Add the options every command that chunks pages shares."""
    parser.add_argument(
        "--url",
        metavar="BASE_URL",
        help="the URL the pages came from; links resolve against it "
        "(default: the address of a fetched URL)",
    )
    parser.add_argument(
        "--target-chars",
        type=_size,
        default=TARGET_CHARS,
        metavar="N",
        help=f"the chunk size to pack towards, or 'none' (default {TARGET_CHARS})",
    )
    parser.add_argument(
        "--max-chars",
        type=_size,
        default=MAX_CHARS,
        metavar="N",
        help=f"the size no chunk exceeds, or 'none' (default {MAX_CHARS})",
    )
    parser.add_argument(
        "--no-prefix",
        dest="prefix",
        action="store_false",
        help="do not begin each chunk with the title and heading path",
    )
    parser.add_argument(
        "--no-clean",
        dest="clean",
        action="store_false",
        help="keep the blocks the boilerplate cleaner would drop",
    )


def _size(value: str) -> int | None:
    if value.lower() == "none":
        return None
    try:
        size = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {value!r}") from None
    if size < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value}")
    return size


def _print_chunks(argv: list[str]) -> int:
    options = build_parser().parse_args(argv)
    out = sys.stdout
    ascii_only = not (out.encoding or "").lower().replace("-", "").startswith("utf")
    status = 0
    for source in options.inputs:
        try:
            document = read_input(source, timeout=options.timeout)
            records = list(chunk_records(document, options))
        except (InputError, PagechunkError) as error:
            _report(source, str(error))
            status = 1
            continue
        except Exception as error:  # one bad page must not stop a batch
            _report(source, f"{type(error).__name__}: {error}")
            status = 1
            continue
        try:
            for record in records:
                out.write(json.dumps(record, ensure_ascii=ascii_only) + "\n")
            out.flush()
        except BrokenPipeError:
            _silence_stdout()
            return status
    return status


def chunk_records(
    document: Document, options: argparse.Namespace
) -> Iterator[dict[str, Any]]:
    """Run the pipeline on one document and yield one dict per chunk."""
    base_url = options.url or document.base_url
    page = extract(
        document.data,
        base_url=base_url,
        encoding=document.encoding,
        clean=options.clean,
    )
    chunks = chunk_blocks(
        page.blocks,
        title=page.title,
        target_chars=options.target_chars,
        max_chars=options.max_chars,
        prefix=options.prefix,
    )
    url = base_url or document.url
    for chunk in chunks:
        yield {
            "url": url,
            "title": page.title,
            "heading": chunk.heading,
            "position": chunk.position,
            "text": chunk.text,
            "chars": len(chunk.text),
            "noindex": page.noindex,
        }


def read_input(
    source: str, *, timeout: float = FETCH_TIMEOUT, stdin: BinaryIO | None = None
) -> Document:
    """Read a file, ``-`` (standard input) or an http(s) URL into a Document."""
    if source == "-":
        stream = stdin if stdin is not None else sys.stdin.buffer
        return Document(_gunzip(stream.read()), url="-")
    scheme, separator, _ = source.partition("://")
    if separator and scheme.lower() in ("http", "https"):
        return _fetch(source, timeout)
    if separator and scheme.isalpha():
        raise InputError(f"cannot fetch {scheme}: URLs, only http and https")
    try:
        with open(source, "rb") as file:
            data = file.read()
    except OSError as error:
        raise InputError(error.strerror or str(error)) from None
    return Document(_gunzip(data), url=source)


def _fetch(url: str, timeout: float) -> Document:
    request = urllib.request.Request(
        url, headers={"User-Agent": f"pagechunk/{__version__}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            data = response.read()
            headers = response.headers
            final_url = response.geturl()
    except urllib.error.HTTPError as error:
        raise InputError(f"HTTP {error.code} {error.reason}") from None
    except urllib.error.URLError as error:
        raise InputError(f"cannot fetch: {error.reason}") from None
    except (OSError, ValueError, http.client.HTTPException) as error:
        raise InputError(f"cannot fetch: {error}") from None
    media_type = headers.get_content_type()
    if headers.get("Content-Type") and not _readable(media_type):
        raise InputError(f"not an HTML page: {media_type}")
    return Document(
        _gunzip(data),
        url=final_url,
        base_url=final_url,
        encoding=headers.get_content_charset(),
    )


def _readable(media_type: str) -> bool:
    return media_type in HTML_MEDIA_TYPES or media_type.startswith("text/")


def _gunzip(data: bytes) -> bytes:
    if not data.startswith(_GZIP_MAGIC):
        return data
    try:
        return gzip.decompress(data)
    except (OSError, EOFError, zlib.error) as error:
        raise InputError(f"broken gzip data: {error}") from None


def _report(source: str, message: str) -> None:
    message = " ".join(message.split()) or "failed"
    print(f"pagechunk: {source}: {message}", file=sys.stderr)


def _silence_stdout() -> None:
    """Point stdout at devnull so exiting after a closed pipe prints nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
