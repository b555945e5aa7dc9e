"""The ``pagechunk`` command: pages in, chunks out as JSON lines.

``pagechunk FILE_OR_URL ...`` reads each input (an HTML file, gzipped or not,
``-`` for standard input, or an http(s) URL), runs the pipeline and prints one
JSON object per chunk. A problem with one input is reported on standard error
and the others are still processed; the exit status is then 1.

Commands that take a name as their first argument go in :data:`COMMANDS`:
``pagechunk chunk INPUT... -o OUT`` for batches (see :mod:`pagechunk.batch.run`)
and ``pagechunk reprocess MANIFEST``. Any other first argument is an input, so
``pagechunk page.html`` keeps working; a file named like a command is read as
``./chunk``. Batch commands exit with 0 when every document gave chunks, 1
when one failed, and 2 when the run could not be done as asked.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any

from pagechunk.batch.records import Settings, page_records
from pagechunk.batch.run import Tally, chunk_inputs, chunk_on_dask, reprocess
from pagechunk.batch.sinks import FORMATS, OutputError
from pagechunk.batch.sources import FETCH_TIMEOUT, Document, InputError, read_input
from pagechunk.errors import PagechunkError
from pagechunk.model import MAX_CHARS, TARGET_CHARS
from pagechunk.tokens import tokenizer_length
from pagechunk.version import __version__

__all__ = ["COMMANDS", "main"]

COMMANDS: dict[str, Callable[[list[str]], int]] = {}
"""Subcommands by name; each takes the arguments after its name."""


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
            "position, text, chars, noindex, lang, start, end."
        ),
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
        nargs="+",
        metavar="INPUT",
        help="an HTML or Markdown (.md) file, a directory (its .html, .htm and "
        ".html.gz files), a .warc or .warc.gz archive, - for standard input, "
        "or an http(s) URL",
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
        "--dask-scheduler",
        metavar="ADDRESS",
        help="run on the Dask cluster at ADDRESS instead (no manifest)",
    )
    parser.add_argument(
        "--site-memory",
        action="store_true",
        help="also drop the short and link blocks that a site repeats on 3 or "
        "more of its pages outside their articles; reads every input twice",
    )
    add_chunk_options(parser)
    _add_timeout(parser)
    return parser


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
        type=_workers,
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
        "--tokenizer",
        type=_tokenizer,
        metavar="SPEC",
        help="count sizes in tokens: tiktoken:ENCODING (such as "
        "tiktoken:cl100k_base) or hf:NAME_OR_PATH (default: characters)",
    )
    parser.add_argument(
        "--overlap",
        dest="overlap_chars",
        type=_overlap,
        default=0,
        metavar="N",
        help="open each chunk after the first of a section with up to N of the "
        "previous chunk's end, in the sizes' unit (default 0)",
    )
    parser.add_argument(
        "--title-suffix",
        choices=["auto"],
        help="'auto' drops a site name after the page title (' | Acme') when "
        "it matches og:site_name or the host (default: keep the title whole)",
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


def _tokenizer(spec: str) -> str:
    # Loaded once here so that a bad spec fails before any document is read.
    try:
        tokenizer_length(spec)
    except (ValueError, ImportError) as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return spec


def _overlap(value: str) -> int:
    try:
        overlap = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {value!r}") from None
    if overlap < 0:
        raise argparse.ArgumentTypeError(f"must be at least 0: {value}")
    return overlap


def _workers(value: str) -> int:
    try:
        workers = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {value!r}") from None
    if workers < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value}")
    return workers


def _cores() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


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
    yield from page_records(document, settings_from(options), with_id=False)


def settings_from(options: argparse.Namespace) -> Settings:
    """The pipeline options that :func:`add_chunk_options` parsed."""
    return Settings(
        url=options.url,
        target_chars=options.target_chars,
        max_chars=options.max_chars,
        prefix=options.prefix,
        clean=options.clean,
        site_memory=getattr(options, "site_memory", False),
        tokenizer=options.tokenizer,
        overlap_chars=options.overlap_chars,
        title_suffix=options.title_suffix,
    )


def _chunk(argv: list[str]) -> int:
    parser = build_chunk_parser()
    options = parser.parse_args(argv)
    format = options.format or (
        "parquet" if options.output.lower().endswith(".parquet") else "jsonl"
    )
    if options.dask_scheduler and (options.resume or "-" in options.inputs):
        parser.error("--dask-scheduler takes neither --resume nor - as an input")
    if options.site_memory and (options.dask_scheduler or "-" in options.inputs):
        parser.error("--site-memory takes neither --dask-scheduler nor - as an input")
    progress = not options.quiet and sys.stderr.isatty()
    if options.dask_scheduler:
        work = partial(
            chunk_on_dask,
            options.inputs,
            options.output,
            settings=settings_from(options),
            address=options.dask_scheduler,
            format=format,
            progress=progress,
        )
    else:
        work = partial(
            chunk_inputs,
            options.inputs,
            options.output,
            settings=settings_from(options),
            format=format,
            workers=options.workers,
            resume=options.resume,
            progress=progress,
            timeout=options.timeout,
        )
    return _run("chunk", work, options.quiet, "--resume goes on")


def _reprocess(argv: list[str]) -> int:
    options = build_reprocess_parser().parse_args(argv)
    work = partial(
        reprocess,
        options.manifest,
        workers=options.workers,
        progress=not options.quiet and sys.stderr.isatty(),
        timeout=options.timeout,
    )
    return _run("reprocess", work, options.quiet, "run it again to go on")


def _run(command: str, work: Callable[[], Tally], quiet: bool, resume_hint: str) -> int:
    """Do a batch command's work and print its summary unless ``quiet``.

    Returns 0, 1 when a document failed, 2 when the work could not be done
    as asked, and 130 when it was interrupted.
    """
    try:
        tally = work()
    except (OutputError, OSError, sqlite3.Error) as error:
        print(f"pagechunk {command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"pagechunk {command}: interrupted; {resume_hint}", file=sys.stderr)
        return 130
    if not quiet:
        print(f"pagechunk: {tally.summary()}", file=sys.stderr)
    return 1 if tally.failed_in_output else 0


COMMANDS.update(chunk=_chunk, reprocess=_reprocess)


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
