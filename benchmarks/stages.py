"""Where ``chunk_html``'s time goes: each step of the pipeline, in times a
bare lxml parse of the same pages.

Run ``python -m benchmarks.stages [DIR] [--every N] [--rounds R]``. DIR is a
folder of pages or a corpus folder, read as ``benchmarks/compare.py`` reads
it (the AEB corpus by default), or a WCXB folder with each page's URL;
``--every N`` takes every Nth page. Each
page is parsed bare and then run through ``chunk_html`` with its URL, R
times over (3 by default), after one warm-up pass. While they run, every
step that :mod:`pagechunk.pipeline` calls by name (:data:`STEPS`) is
wrapped in a timer, so the table gives each step's total seconds over all
rounds and that total over the bare parse's. *other* is what the call spent
outside those steps (option checks, freeing the tree).

The figures are sums of single calls, not best times: run it on a quiet
machine, and compare steps within one run rather than across runs.
"""

from __future__ import annotations

import argparse
import gc
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import wraps
from pathlib import Path
from typing import Any

import lxml.html

from benchmarks.compare import corpus_pages_dir, load_pages
from benchmarks.wcxb import _read, is_wcxb
from pagechunk import chunk_html, pipeline

__all__ = ["STEPS", "main", "step_times"]

STEPS = (
    "decode",
    "load_tree",
    "read_head",
    "jsonld_objects",
    "declared",
    "read_metadata",
    "drop_unseen_text",
    "find_regions",
    "show_folded_content",
    "prune",
    "flatten",
    "visible_chars",
    "classify_page",
    "focus_page",
    "walk",
    "clean_with",
    "without_other_products",
    "with_product_description",
    "confidence_features",
    "confidence",
    "page_chunks",
)
"""The names in :mod:`pagechunk.pipeline` that are timed: the steps of
``extract`` in the order it calls them, then the chunking. None of them
calls another."""


def _timed(function: Callable[..., Any], name: str, spent: dict[str, float]) -> Any:
    clock = time.perf_counter

    @wraps(function)
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = clock()
        try:
            return function(*args, **kwargs)
        finally:
            spent[name] += clock() - start

    return timed


def step_times(
    pages: Sequence[tuple[bytes, str | None]], rounds: int = 3
) -> tuple[float, float, dict[str, float]]:
    """Seconds of the bare parse and of ``chunk_html`` over ``rounds`` passes
    of ``pages`` (bytes and URL), and the seconds each step of :data:`STEPS`
    took within them."""
    missing = [name for name in STEPS if not hasattr(pipeline, name)]
    if missing:
        raise RuntimeError(f"pagechunk.pipeline no longer calls {missing}")
    spent: defaultdict[str, float] = defaultdict(float)
    originals = {name: getattr(pipeline, name) for name in STEPS}
    for name, function in originals.items():
        setattr(pipeline, name, _timed(function, name, spent))
    clock = time.perf_counter
    try:
        for data, url in pages:
            chunk_html(data, base_url=url)
        spent.clear()
        bare = whole = 0.0
        for _ in range(rounds):
            gc.collect()
            for data, url in pages:
                start = clock()
                lxml.html.document_fromstring(data)
                bare += clock() - start
                start = clock()
                chunk_html(data, base_url=url)
                whole += clock() - start
    finally:
        for name, function in originals.items():
            setattr(pipeline, name, function)
    return bare, whole, spent


def _pages(directory: str | None) -> list[tuple[bytes, str | None]]:
    if directory is not None and is_wcxb(Path(directory)):
        return [(html.encode(), url) for _, url, html, _ in _read(Path(directory))]
    return [(page.data, page.url) for page in load_pages(corpus_pages_dir(directory))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", nargs="?", help="pages, or a corpus folder")
    parser.add_argument("--every", type=int, default=1, help="take every Nth page")
    parser.add_argument("--rounds", type=int, default=3, help="passes (3)")
    args = parser.parse_args(argv)
    if args.every < 1 or args.rounds < 1:
        parser.error("--every and --rounds take a whole number of at least 1")
    pages = _pages(args.directory)[:: args.every]
    if not pages:
        parser.error("no pages found")
    bare, whole, spent = step_times(pages, args.rounds)
    print(f"{len(pages)} pages, {args.rounds} rounds")
    print(f"{'step':26s} {'seconds':>8s} {'x parse':>8s}")
    print(f"{'bare lxml parse':26s} {bare:8.3f} {1:8.2f}")
    print(f"{'chunk_html':26s} {whole:8.3f} {whole / bare:8.2f}")
    for name, seconds in sorted(spent.items(), key=lambda item: -item[1]):
        print(f"  {name:24s} {seconds:8.3f} {seconds / bare:8.2f}")
    other = whole - sum(spent.values())
    print(f"  {'other':24s} {other:8.3f} {other / bare:8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
