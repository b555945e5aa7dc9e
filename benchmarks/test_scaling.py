"""Scaling guards: the whole pipeline stays linear on large and odd pages.

For each page shape, ``chunk_html`` (cleaning on) runs on the page at 1x and
at 8x its size in this one run, each the best of a few repeats; time at 8x
over time at 1x must stay under 10 (linear work gives about 8, quadratic 64).

The 1x sizes are past the point where the page's data stops fitting in the
CPU caches: below it, time per byte grows with size even for linear code (a
1 MB ``<pre>`` at 8x measured 12x here), and the guard would cry wolf. The
sizes the guards are named for (100 000 links, 50 000 rows, a 10 MB
``<pre>``, 20 000 nested ``<div>``s, a 5 MB paragraph) lie between 1x and 8x.
A paragraph of adjacent inline elements has the most elements per byte, so
its 1x is 200 000 of them: 160 000, which took 4.3 s when each read of its
text was quadratic, now lies under it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import os
import time
from collections.abc import Callable, Iterator

import pytest

from pagechunk import chunk_html, chunk_markdown

FACTOR = 8
LIMIT = float(os.environ.get("PAGECHUNK_SCALING_LIMIT", "10"))
"""The largest allowed ratio; CI raises it to keep timing noise from failing a
run while still catching quadratic work (about 64)."""
ROUNDS = 2
REPEATS_1X = 5
REPEATS_8X = 2
"""Each round runs the 1x page, then the 8x page, a few times back to back;
each size keeps its best time over all rounds, and alternating the sizes
spreads a busy machine's noise over both. Times are CPU time of this process,
so other processes on the machine count less."""

BASE_URL = "https://example.org/guide/page"

_PARAGRAPH = (
    "Linear time means that a page twice as long takes about twice as long "
    "to read, and this sentence is here to make the paragraph long enough. "
)
_CODE_LINE = "    total = total + weights[index] * values[index]  # running sum\n"


def _page(body: str, title: str = "Scaling guard") -> bytes:
    return (
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title>"
        f"</head><body>{body}</body></html>"
    ).encode()


def long_article(sections: int) -> bytes:
    """An article of many sections, each a heading, paragraphs and a list."""
    parts = ["<main><article><h1>A long article</h1>"]
    for number in range(sections):
        parts.append(
            f"<h2>Section {number}</h2><p>{_PARAGRAPH * 3}</p>"
            f"<h3>Details of {number}</h3><p>{_PARAGRAPH * 2}</p>"
            f"<ul><li>First point of {number}</li><li>Second point</li></ul>"
        )
    parts.append("</article></main>")
    return _page("".join(parts))


def many_links(links: int) -> bytes:
    """A page that is one long list of site-local links."""
    items = "".join(
        f'<li><a href="/guide/item-{number}">Item {number}</a></li>'
        for number in range(links)
    )
    return _page(f"<p>{_PARAGRAPH}</p><ul>{items}</ul>")


def big_table(rows: int) -> bytes:
    """A table of many short rows."""
    body = "".join(
        f"<tr><td>{number}</td><td>name {number}</td><td>{number * 7}</td></tr>"
        for number in range(rows)
    )
    return _page(f"<main><h1>Table</h1><table>{body}</table></main>")


def big_pre(size_bytes: int) -> bytes:
    """One ``<pre>`` block of about ``size_bytes`` of code."""
    code = _CODE_LINE * (size_bytes // len(_CODE_LINE))
    return _page(f"<main><h1>Code</h1><pre><code>{code}</code></pre></main>")


def nested_divs(depth: int) -> bytes:
    """Text at the bottom of ``depth`` nested ``<div>`` elements."""
    return _page("<div>" * depth + f"<p>{_PARAGRAPH}</p>" + "</div>" * depth)


def spaceless_paragraph(size_bytes: int) -> bytes:
    """One paragraph of ``size_bytes`` letters with no space to split at."""
    return _page(f"<main><p>{'abcdefghij' * (size_bytes // 10)}</p></main>")


def misnested_menu(items: int) -> bytes:
    """A one-line menu of ``items`` entries whose ``</li>`` comes before the
    ``</div>`` opened in it: libxml2 ignores every ``</li>``, so the page is
    parsed again, fed up to each one in turn (:mod:`pagechunk.html.nesting`)."""
    entry = '<li><a href="/x">Item</a><div class="dropdown">More</li></div>'
    menu = f"<header><nav><ul>{entry * items}</ul></nav></header>"
    return _page(f"{menu}<main><h1>Title</h1><p>{_PARAGRAPH}</p></main>")


def inline_run(words: int) -> bytes:
    """One paragraph of ``words`` bold words with no text between them: the
    flatten step leaves each word a text node of its own, which lxml joins in
    quadratic time unless they are joined first."""
    run = "".join(f"<b>w{number}</b>" for number in range(words))
    return _page(f"<main><p>{run}</p></main>")


def pruned_run(words: int) -> bytes:
    """One paragraph of ``words`` words in one ``<b>``, each followed by a
    hidden element that the prune step removes, its tail left behind, before
    the flatten step strips the ``<b>``."""
    run = "".join(f"w{number}<span hidden>x</span>" for number in range(words))
    return _page(f"<main><p><b>{run}</b></p></main>")


# name: (page maker, size at 1x, whether all of the page is content, so that
# 8x the input must give about 8x the text)
CASES: dict[str, tuple[Callable[[int], bytes], int, bool]] = {
    "long article (sections)": (long_article, 2_000, True),
    "links": (many_links, 12_500, False),
    "table rows": (big_table, 12_500, True),
    "<pre> bytes": (big_pre, 10_000_000, True),
    "nested <div>s": (nested_divs, 2_500, False),
    "paragraph bytes, no spaces": (spaceless_paragraph, 5_000_000, True),
    "misnested menu items": (misnested_menu, 12_500, False),
    "inline elements in one paragraph": (inline_run, 200_000, True),
    "hidden elements in one paragraph": (pruned_run, 120_000, True),
}


@pytest.fixture(scope="module", autouse=True)
def _reuse_freed_memory() -> Iterator[None]:
    """Make glibc keep big blocks on its heap instead of unmapping them.

    A block over 32 MB is otherwise mapped fresh on every run, so only the 8x
    pages pay the kernel's page faults each time, which measured up to 1.5x
    on this guard's ratio with linear code. Not glibc: nothing changes.
    """
    libc_name = ctypes.util.find_library("c")
    mallopt = getattr(ctypes.CDLL(libc_name), "mallopt", None) if libc_name else None
    if mallopt is not None:
        mallopt(-1, 2**31 - 1)  # M_TRIM_THRESHOLD: keep freed memory
        mallopt(-3, 2**30)  # M_MMAP_THRESHOLD: heap up to 1 GB blocks
    yield


def _cpu_seconds(work: Callable[[], object]) -> tuple[float, object]:
    """CPU seconds for one call of ``work``, and what it returned.

    The cyclic garbage collector is paused while the clock runs: its full
    passes walk the whole live heap, so they make even trivially linear code
    (building a list of tuples) measure 13 to 17 at 8x here, against 10 to
    12 without them.
    """
    gc.collect()
    gc.disable()
    try:
        start = time.process_time()
        result = work()
        return time.process_time() - start, result
    finally:
        gc.enable()


def _best_times(
    small: Callable[[], object], large: Callable[[], object]
) -> tuple[float, float, object, object]:
    """Best CPU times at both sizes over alternating rounds, and the results."""
    small_best = large_best = float("inf")
    small_result = large_result = None
    for _ in range(ROUNDS):
        for _ in range(REPEATS_1X):
            seconds, small_result = _cpu_seconds(small)
            small_best = min(small_best, seconds)
        for _ in range(REPEATS_8X):
            seconds, large_result = _cpu_seconds(large)
            large_best = min(large_best, seconds)
    return small_best, large_best, small_result, large_result


def _chunked_chars(page: bytes) -> int:
    # The generated pages repeat their text: every chunk is kept, so that the
    # output grows with the input and all of it is timed.
    chunks = chunk_html(page, base_url=BASE_URL, drop_repeats=False)
    return sum(len(chunk.text) for chunk in chunks)


@pytest.mark.parametrize("name", list(CASES))
def test_time_grows_linearly(name, summary):
    make_page, size, all_content = CASES[name]
    _assert_linear(name, size, make_page, _chunked_chars, summary, all_content)


def short_sections(sections: int) -> bytes:
    """Sections of a heading over a few words each: chunk_html joins them."""
    parts = [f"<h2>Part {n}</h2><p>Word {n} stands here.</p>" for n in range(sections)]
    return _page("<main>" + "".join(parts) + "</main>")


def test_joining_short_sections_grows_linearly(summary):
    # With no size to fill, every short section joins one group: measuring
    # each addition by joining the group again would be quadratic.
    def chunked(page: bytes) -> int:
        chunks = chunk_html(page, base_url=BASE_URL, target_chars=None, max_chars=None)
        return sum(len(chunk.text) for chunk in chunks)

    _assert_linear(
        "short sections, no size limit", 4_000, short_sections, chunked, summary
    )


def _assert_linear(
    name: str,
    size: int,
    make_page: Callable[[int], bytes],
    chunked: Callable[[bytes], int],
    summary: list[str],
    all_content: bool = True,
) -> None:
    """Time ``chunked`` (characters chunked from a page) on ``make_page`` at
    ``size`` and ``FACTOR`` times it, note the figures in ``summary``, and
    fail when the larger took :data:`LIMIT` times the time or more."""
    small, large = make_page(size), make_page(size * FACTOR)

    chunked(small)  # warm up imports and caches
    small_seconds, large_seconds, small_chars, large_chars = _best_times(
        lambda: chunked(small), lambda: chunked(large)
    )
    ratio = large_seconds / small_seconds

    summary.append(
        f"scaling {name}: {size:,} -> {size * FACTOR:,} "
        f"({len(small) / 1e6:.2f} -> {len(large) / 1e6:.2f} MB, "
        f"{small_chars:,} -> {large_chars:,} chars chunked): "
        f"{small_seconds:.4f} s -> {large_seconds:.4f} s, ratio {ratio:.1f}"
    )
    assert ratio < LIMIT, f"{name}: 8x input took {ratio:.1f}x the time"
    if all_content:  # a page cut short by the parser would time too well
        assert large_chars > (FACTOR - 1) * small_chars


def _hostile_markdown(repeats: int) -> str:
    """Unbalanced link brackets, then fences that open and close on alternate
    lines: the inputs a backtracking reader would take quadratic time on."""
    brackets = "[" * repeats + "](" * repeats + ")" * 100 + "]" * repeats
    fences = "\n".join(["```x```", "# h", "text", "~~~"] * repeats)
    return f"{brackets}\n\n{fences}"


def test_markdown_reading_grows_linearly(summary):
    small, large = _hostile_markdown(20_000), _hostile_markdown(20_000 * FACTOR)
    chunk_markdown(small)  # warm up
    small_seconds, large_seconds, _, _ = _best_times(
        lambda: chunk_markdown(small), lambda: chunk_markdown(large)
    )
    ratio = large_seconds / small_seconds
    summary.append(
        f"scaling hostile Markdown: 20,000 -> {20_000 * FACTOR:,} repeats: "
        f"{small_seconds:.4f} s -> {large_seconds:.4f} s, ratio {ratio:.1f}"
    )
    assert ratio < LIMIT, f"hostile Markdown: 8x input took {ratio:.1f}x the time"


def _linear_reference(items: int) -> str:
    rows = [(f"word {number}", number, [number]) for number in range(items)]
    return "\n".join(text for text, _, _ in rows)


def test_reference_ratio_of_linear_code(summary):
    """Not a guard: the ratio that trivially linear Python code gets on this
    machine, to read the guards' ratios against."""
    small_seconds, large_seconds, _, _ = _best_times(
        lambda: _linear_reference(50_000), lambda: _linear_reference(400_000)
    )
    summary.append(
        "scaling reference, a list of 50,000 -> 400,000 tuples joined: "
        f"{small_seconds:.4f} s -> {large_seconds:.4f} s, "
        f"ratio {large_seconds / small_seconds:.1f}"
    )
