"""The ``pagechunk`` command: pages in, chunks out as JSON lines.

``pagechunk FILE_OR_URL ...`` reads each input (an HTML file, gzipped or not,
``-`` for standard input, or an http(s) URL), runs the pipeline and prints one
JSON object per chunk. A problem with one input is reported on standard error
and the others are still processed; the exit status is then 1.

Commands that take a name as their first argument go in :data:`COMMANDS`:
``pagechunk chunk INPUT... -o OUT`` for batches (see :mod:`pagechunk.batch.run`),
``pagechunk reprocess MANIFEST``, ``pagechunk extract FILE_OR_URL`` (see
:mod:`pagechunk.cli.extract`) and ``pagechunk explain FILE_OR_URL``, which says
why each block of a page was kept or dropped; ``pagechunk --help`` lists them.
Any other first argument is an input, so ``pagechunk page.html`` keeps working;
a file named like a command is read as ``./chunk``. Batch commands exit with 0
when every document gave chunks, 1 when one failed, and 2 when the run could
not be done as asked. The arguments each command takes are in
:mod:`pagechunk.cli.args`.
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

from pagechunk.batch.records import page_records
from pagechunk.batch.run import chunk_inputs, reprocess
from pagechunk.batch.sinks import OutputError
from pagechunk.batch.sources import Document, InputError, read_input
from pagechunk.batch.tally import Tally
from pagechunk.cli.args import (
    add_chunk_options,
    build_chunk_parser,
    build_extract_parser,
    build_parser,
    build_reprocess_parser,
    read_input_lists,
    settings_from,
    whole_number,
)
from pagechunk.cli.extract import extract_command
from pagechunk.errors import PagechunkError

__all__ = [
    "COMMANDS",
    "add_chunk_options",
    "build_chunk_parser",
    "build_extract_parser",
    "build_parser",
    "build_reprocess_parser",
    "chunk_records",
    "main",
    "settings_from",
]

COMMANDS: dict[str, Callable[[list[str]], int]] = {}
"""Subcommands by name; each takes the arguments after its name."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        return COMMANDS[args[0]](args[1:])
    return _print_chunks(args)


def _print_chunks(argv: list[str]) -> int:
    arguments = build_parser().parse_args(argv)
    out = sys.stdout
    ascii_only = not (out.encoding or "").lower().replace("-", "").startswith("utf")
    status = 0
    for source in arguments.inputs:
        try:
            document = read_input(source, timeout=arguments.timeout)
            records = list(chunk_records(document, arguments))
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
    document: Document, arguments: argparse.Namespace
) -> Iterator[dict[str, Any]]:
    """Run the pipeline on one document and yield one dict per chunk."""
    yield from page_records(document, settings_from(arguments), with_id=False)


def _chunk(argv: list[str]) -> int:
    parser = build_chunk_parser()
    arguments = parser.parse_args(argv)
    try:
        arguments.inputs += read_input_lists(arguments.input_list)
    except OSError as error:
        parser.error(f"cannot read an input list: {error}")
    if not arguments.inputs:
        parser.error("give at least one INPUT, or -i LIST")
    format = arguments.format or (
        "parquet" if arguments.output.lower().endswith(".parquet") else "jsonl"
    )
    if arguments.dask_scheduler and (arguments.resume or "-" in arguments.inputs):
        parser.error("--dask-scheduler takes neither --resume nor - as an input")
    if arguments.dedupe and arguments.dask_scheduler:
        parser.error("--dedupe does not run with --dask-scheduler")
    if arguments.site_memory and (arguments.dask_scheduler or "-" in arguments.inputs):
        parser.error("--site-memory takes neither --dask-scheduler nor - as an input")
    progress = not arguments.quiet and sys.stderr.isatty()
    if arguments.dask_scheduler:
        work = partial(
            _chunk_on_dask,
            arguments.inputs,
            arguments.output,
            settings=settings_from(arguments),
            address=arguments.dask_scheduler,
            format=format,
            progress=progress,
        )
    else:
        work = partial(
            chunk_inputs,
            arguments.inputs,
            arguments.output,
            settings=settings_from(arguments),
            format=format,
            workers=arguments.workers,
            resume=arguments.resume,
            progress=progress,
            timeout=arguments.timeout,
            dedupe=arguments.dedupe,
        )
    return _run("chunk", work, arguments.quiet, "--resume goes on")


def _chunk_on_dask(*args: Any, **kwargs: Any) -> Tally:
    """:func:`~pagechunk.batch.dask.chunk_on_dask`, or an OutputError that
    names the extra to install."""
    try:
        import distributed  # noqa: F401

        from pagechunk.batch.dask import chunk_on_dask
    except ImportError:
        message = "--dask-scheduler needs dask: pip install 'pagechunk[dask]'"
        raise OutputError(message) from None
    return chunk_on_dask(*args, **kwargs)


def _reprocess(argv: list[str]) -> int:
    arguments = build_reprocess_parser().parse_args(argv)
    work = partial(
        reprocess,
        arguments.manifest,
        workers=arguments.workers,
        progress=not arguments.quiet and sys.stderr.isatty(),
        timeout=arguments.timeout,
    )
    return _run("reprocess", work, arguments.quiet, "run it again to go on")


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


def _explain(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="pagechunk explain",
        description="Say why each block of a page was kept or dropped: the "
        "page type, the chosen containers, and the step and rule that decided "
        "each block.",
    )
    parser.add_argument("input", metavar="FILE_OR_URL", help="an HTML file or URL")
    parser.add_argument("--url", help="the page's address, when reading a file")
    parser.add_argument("--width", type=whole_number(20), default=72)
    arguments = parser.parse_args(argv)
    from pagechunk.explain import explain, format_explanation

    try:
        document = read_input(arguments.input)
        explanation = explain(
            document.content(), base_url=arguments.url or document.base_url
        )
    except (InputError, PagechunkError) as error:
        _report(arguments.input, str(error))
        return 1
    try:
        print(format_explanation(explanation, arguments.width), flush=True)
    except BrokenPipeError:
        _silence_stdout()
    return 0


COMMANDS.update(
    chunk=_chunk, reprocess=_reprocess, extract=extract_command, explain=_explain
)


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
