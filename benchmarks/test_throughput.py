"""Whole-pipeline throughput on a corpus, next to a bare lxml parse.

Each benchmark handles every page of the corpus once per round, with the
page's URL from the ground truth as its base URL when there is one. The summary
at the end gives each pipeline's time as a ratio to the bare parse (best
rounds compared); with ``--benchmark-disable`` each runs once, untimed.
"""

from __future__ import annotations

from collections.abc import Callable

import lxml.html
import pytest

from benchmarks.compare import Page
from pagechunk import chunk_blocks, chunk_html, parse_html

BASELINE = "lxml document_fromstring"


def _bare_parse(page: Page) -> object:
    return lxml.html.document_fromstring(page.data)


def _parse_and_chunk(page: Page) -> object:
    parsed = parse_html(page.data, base_url=page.url)
    return chunk_blocks(parsed.blocks, title=parsed.title)


def _chunk_html(page: Page) -> object:
    return chunk_html(page.data, base_url=page.url)


ENGINES: dict[str, Callable[[Page], object]] = {
    BASELINE: _bare_parse,
    "parse_html + chunk_blocks": _parse_and_chunk,
    "chunk_html": _chunk_html,
}

_best_seconds: dict[str, float] = {}


def _run_all(engine: Callable[[Page], object], pages: list[Page]) -> None:
    for page in pages:
        engine(page)


@pytest.mark.parametrize("name", list(ENGINES))
def test_corpus_throughput(benchmark, corpus, summary, name):
    benchmark.group = "corpus throughput"
    megabytes = sum(len(page.data) for page in corpus) / 1e6
    benchmark.extra_info.update(pages=len(corpus), megabytes=round(megabytes, 2))

    benchmark.pedantic(
        _run_all, args=(ENGINES[name], corpus), rounds=5, warmup_rounds=1
    )

    if benchmark.stats is None:  # --benchmark-disable: one untimed pass
        return
    best = benchmark.stats.stats.min
    _best_seconds[name] = best
    line = (
        f"corpus {name}: {best:.3f} s for {len(corpus)} pages "
        f"({len(corpus) / best:.0f} pages/s, {megabytes / best:.1f} MB/s)"
    )
    if BASELINE in _best_seconds and name != BASELINE:
        line += f", {best / _best_seconds[BASELINE]:.2f}x the bare parse"
    summary.append(line)
