"""Throughput on hostile pages, next to the corpus average.

Each input of the reliability issue is built as a page of a few megabytes
made of that hostility (the 100 MB text node as it is), and ``chunk_html``
(cleaning on) runs on it; the time is the CPU time of this process, best of
five runs (up to ten near the floor), so other processes on a shared machine
count little. Each run of a hostile page is paired with a run over the
corpus right after it, and its share is taken against the best corpus time
of its own pairs: a neighbour that loads the machine (and its caches) for a
while then slows both sides of the share alike. The summary gives MB/s per
input and the slowest, next to the corpus average; the slowest must stay
above a tenth of it.

A second guard runs the hostile shapes made of markup at 1x and 8x their
size: time at 8x over time at 1x must stay under the scaling limit, as in
``test_scaling.py``.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from benchmarks.compare import Page
from benchmarks.test_scaling import (  # noqa: F401 (an autouse fixture)
    FACTOR,
    LIMIT,
    _best_times,
    _cpu_seconds,
    _reuse_freed_memory,
)
from pagechunk import chunk_html

BASE = "https://example.org/news/story"
FLOOR = 0.1
"""The slowest hostile input must run at this share of the corpus MB/s."""
CLOSE = 1.5
MORE_RUNS = 10
"""A page of the usual size whose share after its runs is under ``CLOSE``
times the floor gets more paired runs, up to ``MORE_RUNS`` in all: a best of
five can still fall in a slow spell of the shared machine, and the pages
near the floor are the ones where that decides the outcome."""
SIZE = 2_000_000
"""About how many bytes each hostile page has, unless its shape sets it."""

_PARAGRAPH = (
    "The council voted on Tuesday to reopen the old bridge, which had been "
    "closed for repairs since the spring floods damaged its eastern pier. "
)


@dataclass(frozen=True)
class Hostile:
    """A hostile page maker: ``make(size)`` gives the document and the
    keyword arguments ``chunk_html`` gets with it."""

    make: Callable[[int], str | bytes]
    options: dict[str, object] = field(default_factory=dict)
    size: int = SIZE
    repeats: int = 5


def _repeat(unit: str, size: int) -> str:
    return unit * max(1, size // len(unit.encode("utf-8", "surrogatepass")))


def _article(size: int) -> str:
    section = (
        f"<h2>Section</h2><p>{_PARAGRAPH * 3}</p>"
        f"<ul><li>First point, <a href='/more'>more</a></li><li>Second</li></ul>"
        "<p>Grüße aus Köln — café, naïve, 日本語のテキスト.</p>"
    )
    body = _repeat(section, size)
    return f"<html><head><title>Article</title></head><body><main>{body}</main>"


def _png(size: int) -> bytes:
    def part(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", 0)

    pixels = bytes(range(256)) * (size // 256)
    header = struct.pack(">IIBBBBB", 1024, len(pixels) // 3072 or 1, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + part(b"IHDR", header) + part(b"IDAT", pixels)


HOSTILE: dict[str, Hostile] = {
    "NUL and C0 controls in text and attributes": Hostile(
        lambda size: _repeat(
            "<p title='a\x00\x01b' class='\x07'>one\x00two\x01three\x1f four\x7f"
            f" {_PARAGRAPH}</p><a href='/a\x00b'>link\x08text</a>",
            size,
        ).encode()
    ),
    "lone surrogates in str": Hostile(
        lambda size: _repeat(f"<p>word \ud800 word \udfff {_PARAGRAPH}</p>", size)
    ),
    "invalid UTF-8": Hostile(
        lambda size: (
            b"<meta charset=utf-8>"
            + _repeat(
                f"<p>caf\udce9 \udcff\udcfe \udcc3( {_PARAGRAPH}</p>", size
            ).encode("utf-8", "surrogateescape")
        )
    ),
    "UTF-16 with BOM": Hostile(lambda size: _article(size // 2).encode("utf-16")),
    "UTF-16 without BOM": Hostile(lambda size: _article(size // 2).encode("utf-16-le")),
    "wrong declared charset": Hostile(
        lambda size: _article(size).encode("latin-1", "replace"),
        {"encoding": "utf-8"},
    ),
    "XML declaration in str": Hostile(
        lambda size: '<?xml version="1.0" encoding="ISO-8859-1"?>' + _article(size)
    ),
    "XML declaration in bytes": Hostile(
        lambda size: (
            '<?xml version="1.0" encoding="ISO-8859-1"?>' + _article(size)
        ).encode("latin-1", "replace")
    ),
    "XHTML served as XML": Hostile(
        lambda size: (
            '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html PUBLIC '
            '"-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/'
            'xhtml1-strict.dtd"><html xmlns="http://www.w3.org/1999/xhtml"><head>'
            "<title>X</title></head><body>"
            + _repeat(
                f"<p>{_PARAGRAPH}<br/>line</p><div/><script>//<![CDATA[\nx<1\n//]]>"
                "</script>",
                size,
            )
            + "</body></html>"
        ).encode()
    ),
    "100 000 nested elements": Hostile(
        lambda size: "<div>" * (size // 11) + _PARAGRAPH + "</div>" * (size // 11),
        size=1_100_000,
    ),
    "unclosed tags everywhere": Hostile(
        lambda size: (
            "<title>Broken</title>"
            + _repeat(
                f"<h2>Head<p>{_PARAGRAPH}<b>bold <i>italic <a href=/x>link<p>more"
                "<ul><li>one<li>two</ul><table><tr><td>a<td>b</table><div>",
                size,
            )
        )
    ),
    "1 000 000 attributes": Hostile(
        lambda size: (
            "<p "
            + " ".join(f"a{number}=v" for number in range(size // 10))
            + f">{_PARAGRAPH}</p>"
        ),
        size=10_000_000,
        repeats=2,
    ),
    "100 MB single text node": Hostile(
        lambda size: b"<p>" + b"word " * (size // 5) + b"</p>",
        size=100_000_000,
        repeats=1,
    ),
    "comment and CDATA tricks": Hostile(
        lambda size: _repeat(
            f"<p>a<!-->b<!--->c {_PARAGRAPH}</p><![CDATA[<b>x</b>]]><!-- x -- > y"
            " --!>z<?pi x?><!>",
            size,
        )
    ),
    "script split by </scr + ipt>": Hostile(
        lambda size: _repeat(
            "<script>var s = '</scr' + 'ipt>'; document.write(s);</script>"
            f"<p>{_PARAGRAPH}</p>",
            size,
        )
    ),
    "minified scripts that read as long start tags": Hostile(
        lambda size: _repeat(
            "<script>for(i=0;i<items.length;i++){"
            + "x " * 2500
            + f"}}</script><p>{_PARAGRAPH}</p>",
            size,
        )
    ),
    "an accordion of many questions": Hostile(
        lambda size: (
            "<dl>"
            + "".join(
                f"<dt><button aria-expanded='false' aria-controls='a{n}'>Is the bridge"
                f" open on Sundays?</button></dt><dd id='a{n}'><p>{_PARAGRAPH}</p></dd>"
                for n in range(size // 260)
            )
            + "</dl>"
        ),
        # Smaller than the others: a search of the page per question, which
        # the guard is there to catch, takes minutes at 8x of 500 KB.
        size=125_000,
    ),
    "invisible text, odd spacing and case": Hostile(
        lambda size: _repeat(
            "<div style='DISPLAY : NONE !important'>gone</div><p hidden>x</p>"
            f"<p aria-hidden=' TRUE '>y</p><p>{_PARAGRAPH}</p>",
            size,
        )
    ),
    "binary data (a PNG)": Hostile(_png),
    "syntax-highlighted code, a <span> per token": Hostile(
        lambda size: (
            "<main><pre><code>"
            + _repeat(
                "<span class=k>def</span> <span class=n>name</span>"
                "<span class=p>(</span><span class=n>x</span><span class=p>):</span>\n",
                size,
            )
            + "</code></pre></main>"
        )
    ),
    "unsafe and broken links": Hostile(
        lambda size: _repeat(
            "<p><a href=' JaVa\tScript:x()'>js</a> <a href='http://[::1'>v6</a> "
            f"<a href='data:text/html,x'>data</a> {_PARAGRAPH}</p>",
            size,
        ),
        {"base_url": BASE},
    ),
}


def _runner(document: str | bytes, options: dict[str, object]) -> Callable[[], object]:
    return lambda: chunk_html(document, **options)


def _megabytes_per_second(document: str | bytes, seconds: float) -> float:
    size = (
        len(document)
        if isinstance(document, bytes)
        else len(document.encode("utf-8", "surrogatepass"))
    )
    return size / 1e6 / seconds


def test_hostile_throughput_stays_within_a_tenth_of_the_corpus(corpus, summary):
    corpus_bytes = sum(len(page.data) for page in corpus)

    def run_corpus(pages: list[Page] = corpus) -> None:
        for page in pages:
            chunk_html(page.data, base_url=page.url)

    run_corpus()  # warm up imports and caches
    fastest_corpus = float("inf")
    rates: dict[str, float] = {}
    shares: dict[str, float] = {}
    lines: list[str] = []
    for name, hostile in HOSTILE.items():
        document = hostile.make(hostile.size)
        run = _runner(document, hostile.options)
        seconds = corpus_seconds = float("inf")
        runs = 0
        while runs < hostile.repeats or (
            hostile.size <= SIZE and runs < MORE_RUNS and shares[name] < CLOSE * FLOOR
        ):
            seconds = min(seconds, _cpu_seconds(run)[0])
            corpus_seconds = min(corpus_seconds, _cpu_seconds(run_corpus)[0])
            runs += 1
            rates[name] = _megabytes_per_second(document, seconds)
            shares[name] = rates[name] / (corpus_bytes / 1e6 / corpus_seconds)
        fastest_corpus = min(fastest_corpus, corpus_seconds)
        lines.append(
            f"hostile {name}: {rates[name]:.1f} MB/s "
            f"({shares[name]:.2f} of the corpus average)"
        )
        del document

    summary.append(
        f"hostile: corpus average {corpus_bytes / 1e6 / fastest_corpus:.1f} MB/s "
        f"at best ({corpus_bytes / 1e6:.1f} MB in {fastest_corpus:.3f} s CPU)"
    )
    summary.extend(lines)
    slowest = min(shares, key=shares.__getitem__)
    share = shares[slowest]
    summary.append(
        f"hostile slowest: {slowest}, {rates[slowest]:.1f} MB/s, "
        f"{share:.2f} of the corpus average (floor {FLOOR})"
    )
    assert share > FLOOR, f"{slowest} runs at {share:.2f} of the corpus MB/s"


SCALED = [
    "NUL and C0 controls in text and attributes",
    "100 000 nested elements",
    "unclosed tags everywhere",
    "comment and CDATA tricks",
    "minified scripts that read as long start tags",
    "an accordion of many questions",
    "invisible text, odd spacing and case",
    "unsafe and broken links",
    "syntax-highlighted code, a <span> per token",
]
"""The shapes run at 1x and 8x: those with markup a step could trip on.
Decoding is done by codecs in C, and the million attributes and the 100 MB
text node are past the sizes where quadratic work shows already."""
SCALED_SIZE = 2_000_000
"""The 1x size: past the point where the tree stops fitting in the CPU
caches (below it, time per byte grows with size even for linear code)."""


@pytest.mark.parametrize("name", SCALED)
def test_hostile_time_grows_linearly(name, summary):
    hostile = HOSTILE[name]
    size = min(SCALED_SIZE, hostile.size)
    small, large = hostile.make(size), hostile.make(size * FACTOR)

    run_small = _runner(small, hostile.options)
    run_small()
    run_large = _runner(large, hostile.options)
    small_seconds, large_seconds, _, _ = _best_times(run_small, run_large)
    ratio = large_seconds / small_seconds if small_seconds else 0.0
    summary.append(f"hostile scaling {name}: 8x input, {ratio:.1f}x the time")
    assert ratio < LIMIT, f"{name}: 8x input took {ratio:.1f}x the time"
