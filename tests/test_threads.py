"""The pipeline from eight threads at once gives what sequential calls give.

lxml parsers must not be shared between threads, so each thread parses with
its own; compiled XPath objects lock themselves. Each thread here runs every
page, starting at a different one, so different pages are in flight at
once, with Python switching threads far more often than it does by default.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from pagechunk import chunk_html, chunk_markdown, clean_markdown, extract, parse_html

THREADS = 8
ROUNDS = 2
PAGES = Path(__file__).parent / "pages"
BASE = "https://example.org/docs/page"


def _documents() -> list[str | bytes]:
    """The fixture pages as fetched bytes and as text, and a few odd ones
    that take the parser's other paths."""
    documents: list[str | bytes] = []
    for path in sorted(PAGES.glob("*.html")):
        documents.append(path.read_bytes())
        documents.append(path.read_text(encoding="utf-8", errors="replace"))
    documents += [
        "<div>" * 5000 + "deep text" + "</div>" * 5000 + "<p>after</p>",
        "<p " + " ".join(f"a{n}=v" for n in range(3000)) + ">many attributes</p>",
        "\ufeff<title>Grüße</title><p>utf-16 text</p>".encode("utf-16-le"),
        b"<meta charset=latin1><p>caf\xe9</p>",
        b"<meta charset=utf-8><p>bad \xff bytes</p>",
    ]
    return documents


def _markdowns() -> list[str]:
    return [path.read_text(encoding="utf-8") for path in sorted(PAGES.glob("*.md"))]


def _page_result(document: str | bytes) -> object:
    parsed = parse_html(document, base_url=BASE)
    extracted = extract(document, base_url=BASE)
    return (
        chunk_html(document, base_url=BASE),
        parsed,
        [block.links for block in parsed.blocks],
        extracted,
        [block.links for block in extracted.blocks],
    )


def _markdown_result(markdown: str) -> object:
    cleaned = clean_markdown(markdown, media_type="text/html", source_uri=BASE)
    return cleaned, chunk_markdown(cleaned, title="Title")


@pytest.fixture
def frequent_switches() -> Iterator[None]:
    """Switch threads every 10 microseconds instead of every 5 milliseconds."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    yield
    sys.setswitchinterval(interval)


def _run_in_threads(tasks: list[object], work) -> list[list[tuple[int, object]]]:
    """Run ``work`` on every task from each thread, each thread starting at a
    different task; return each thread's (task index, result) pairs."""
    barrier = threading.Barrier(THREADS)
    results: list[list[tuple[int, object]]] = [[] for _ in range(THREADS)]
    errors: list[BaseException] = []

    def run(thread_index: int) -> None:
        try:
            barrier.wait()
            start = thread_index * len(tasks) // THREADS
            for _ in range(ROUNDS):
                for offset in range(len(tasks)):
                    index = (start + offset) % len(tasks)
                    results[thread_index].append((index, work(tasks[index])))
        except BaseException as error:  # re-raised in the main thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return results


def test_pages_from_eight_threads_match_sequential_calls(frequent_switches):
    documents = _documents()
    expected = [_page_result(document) for document in documents]
    for thread_results in _run_in_threads(documents, _page_result):
        assert len(thread_results) == ROUNDS * len(documents)
        for index, result in thread_results:
            assert result == expected[index], f"document {index} differs"


def test_markdown_from_eight_threads_matches_sequential_calls(frequent_switches):
    markdowns = _markdowns()
    assert markdowns
    expected = [_markdown_result(markdown) for markdown in markdowns]
    for thread_results in _run_in_threads(markdowns, _markdown_result):
        for index, result in thread_results:
            assert result == expected[index], f"markdown {index} differs"
