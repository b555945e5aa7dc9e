"""Whole-pipeline throughput on a corpus, next to a bare lxml parse.

Each benchmark handles every page of the corpus once per round, with the
page's URL from the ground truth as its base URL when there is one. The summary
at the end gives each pipeline's time as a ratio to the bare parse (best
rounds compared); with ``--benchmark-disable`` each runs once, untimed.

The small-page benchmarks run each pipeline on the bundled example page
(``examples/article.html``, 6 KB of which most is the article), many calls a
round: what a call costs beyond the parse, for each block of text rather
than for each byte of markup, shows there at its largest.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

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


EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "article.html"
"""The bundled example page: a short article with a table, under a menu."""

_SMALL_CALLS = 50
_small_best: dict[str, float] = {}


@pytest.mark.parametrize("name", list(ENGINES))
def test_small_page_cost(benchmark, summary, name):
    benchmark.group = "one small page"
    page = Page("example", EXAMPLE.read_bytes(), "https://example.com/notes/logs")
    benchmark.extra_info.update(calls=_SMALL_CALLS, bytes=len(page.data))

    benchmark.pedantic(_run_all, args=(ENGINES[name], [page] * _SMALL_CALLS), rounds=5)

    if benchmark.stats is None:  # --benchmark-disable: one untimed pass
        return
    best = benchmark.stats.stats.min / _SMALL_CALLS
    _small_best[name] = best
    line = f"small page {name}: {best * 1e6:.0f} us a call"
    if BASELINE in _small_best and name != BASELINE:
        line += f", {best / _small_best[BASELINE]:.1f}x the bare parse"
    summary.append(line)
