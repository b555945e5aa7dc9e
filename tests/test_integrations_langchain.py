"""The LangChain adapters: PagechunkLoader and PagechunkSplitter.

Skipped where langchain-core is not installed, except under CI (``CI`` set),
where the test extra installs it and a missing framework is a failure.
"""

from __future__ import annotations

import doctest
import gzip
import importlib
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chunk_texts import BLACK_TEA, GREEN_TEA, MODEL_KEYS


def _framework(name: str) -> ModuleType:
    if os.environ.get("CI"):
        return importlib.import_module(name)
    return pytest.importorskip(name)


_framework("langchain_core")
_framework("langchain_text_splitters")

from langchain_core.documents import Document  # noqa: E402
from langchain_text_splitters import TextSplitter  # noqa: E402

from pagechunk import chunk_html  # noqa: E402
from pagechunk.batch.sources import InputError  # noqa: E402
from pagechunk.integrations import chunk_id  # noqa: E402
from pagechunk.integrations.langchain import (  # noqa: E402
    PagechunkLoader,
    PagechunkSplitter,
)

DOCS = Path(__file__).parent.parent / "docs"
PAGES = Path(__file__).parent / "pages"

TEA = f"""<!doctype html>
<html lang="en"><head><title>Tea guide</title></head><body>
<nav><a href="/">Home</a> <a href="/shop">Shop</a> <a href="/about">About</a></nav>
<main>
<h1>Tea guide</h1>
<p>{GREEN_TEA}</p>
<h2>Black tea</h2>
<p>{BLACK_TEA}</p>
</main>
</body></html>"""

TEA_URL = "https://tea.example/guide"

GREEN = f"Tea guide\n\n{GREEN_TEA}"
BLACK = f"Tea guide › Black tea\n\n{BLACK_TEA}"


SPANS = {0: (13, 327), 1: (343, 646)}
"""Where each TEA chunk's body stands in the page's Markdown."""


def _meta(url: str, heading: str, position: int, **more: object) -> dict[str, object]:
    start, end = SPANS[position]
    return {
        "source": url,
        "url": url,
        "title": "Tea guide",
        "heading": heading,
        "position": position,
        "start": start,
        "end": end,
        "lang": "en",
        **MODEL_KEYS,
        "headline": "Tea guide",
        **more,
    }


def test_loader_yields_one_document_per_chunk() -> None:
    documents = list(PagechunkLoader([(TEA, TEA_URL)]).lazy_load())
    assert documents == [
        Document(
            page_content=GREEN,
            metadata=_meta(TEA_URL, "Tea guide", 0),
            id=chunk_id(TEA_URL, 0, GREEN),
        ),
        Document(
            page_content=BLACK,
            metadata=_meta(TEA_URL, "Tea guide › Black tea", 1),
            id=chunk_id(TEA_URL, 1, BLACK),
        ),
    ]


def test_loader_reads_bytes_and_files_in_order(tmp_path: Path) -> None:
    path = tmp_path / "tea.html.gz"
    path.write_bytes(gzip.compress(TEA.encode("utf-8")))
    pairs = [(TEA.encode("utf-8"), "https://b.example/")]
    documents = PagechunkLoader([str(path), *pairs]).load()
    assert [(d.metadata["url"], d.metadata["position"]) for d in documents] == [
        (str(path), 0),
        (str(path), 1),
        ("https://b.example/", 0),
        ("https://b.example/", 1),
    ]
    assert [d.page_content for d in documents] == [GREEN, BLACK, GREEN, BLACK]


def test_loader_takes_one_path_alone_and_reads_markdown(tmp_path: Path) -> None:
    path = tmp_path / "notes.md"
    path.write_text("# Notes\n\nFirst point.\n\n## Later\n\nSecond point.\n")
    documents = PagechunkLoader(path).load()
    # Two short sections: joined into one chunk under the path they share.
    assert [d.page_content for d in documents] == [
        "Notes\n\nFirst point.\n\nLater\n\nSecond point."
    ]
    assert [d.metadata for d in documents] == [
        {
            "source": str(path),
            "url": str(path),
            "title": "Notes",
            "heading": "Notes",
            "position": 0,
            "start": 9,
            "end": 46,
        },
    ]


def test_loader_reads_a_directory_in_path_order(tmp_path: Path) -> None:
    (tmp_path / "b.html").write_text(TEA)
    (tmp_path / "a.htm").write_text("<title>A</title><p>Only a line.</p>")
    (tmp_path / "skip.txt").write_text("not a page")
    documents = PagechunkLoader([tmp_path]).load()
    assert [(d.metadata["url"], d.page_content) for d in documents] == [
        (str(tmp_path / "a.htm"), "A\n\nOnly a line."),
        (str(tmp_path / "b.html"), GREEN),
        (str(tmp_path / "b.html"), BLACK),
    ]


def test_loader_options_reach_the_chunker() -> None:
    html = (PAGES / "clean_repeated_menu.html").read_text(encoding="utf-8")
    raw = PagechunkLoader([(html, "u")], prefix=False, clean=False).load()
    cleaned = PagechunkLoader([(html, "u")], prefix=False).load()
    expected = chunk_html(html, clean=False, prefix=False)
    assert [d.page_content for d in raw] == [chunk.text for chunk in expected]
    assert raw[0].page_content.startswith("Home · Recipes · About\n\n")
    assert "Home" not in cleaned[0].page_content
    assert len(cleaned) == 1
    assert cleaned[0].page_content == chunk_html(html, prefix=False)[0].text


@pytest.mark.parametrize("page", ["", "<html><body><nav></nav></body></html>"])
def test_empty_page_gives_no_documents(page: str) -> None:
    assert PagechunkLoader([(page, TEA_URL)]).load() == []
    assert PagechunkSplitter().split_text(page) == []
    assert PagechunkSplitter().create_documents([page]) == []


def test_page_without_lang_has_no_lang_key() -> None:
    (document,) = PagechunkLoader([("<title>T</title><p>Body.</p>", "u")]).load()
    assert document.metadata == {
        "source": "u",
        "url": "u",
        "title": "T",
        "heading": "",
        "position": 0,
        "start": 0,
        "end": 5,
        **MODEL_KEYS,
    }


POTS = (
    "<title>Pots</title><main><h1>Pots</h1><table>"
    "<tr><th>Name</th><th>Size</th></tr>"
    + "".join(f"<tr><td>Pot {n}</td><td>{n} litres</td></tr>" for n in range(1, 5))
    + "</table></main>"
)


def test_a_split_table_repeats_its_header_row_as_chunk_html_does() -> None:
    splitter = PagechunkSplitter(target_chars=60, max_chars=80)
    assert splitter.split_text(POTS) == [
        "Pots\n\nName | Size\n\nPot 1 | 1 litres\n\nPot 2 | 2 litres",
        "Pots\n\nName | Size\n\nPot 3 | 3 litres\n\nPot 4 | 4 litres",
    ]
    expected = chunk_html(POTS, target_chars=60, max_chars=80)
    assert splitter.split_text(POTS) == [chunk.text for chunk in expected]


def test_loader_takes_the_language_of_a_warc_response(tmp_path: Path) -> None:
    pytest.importorskip("fastwarc")
    from batch_pages import http_response, write_warc

    path = tmp_path / "tea.warc.gz"
    page = b"<title>Tee</title><p>Gruener Tee.</p>"
    write_warc(path, [(TEA_URL, http_response(page, Content_Language="de"))])
    (document,) = PagechunkLoader(path).load()
    assert document.metadata == {
        "source": f"{path}#1",
        "url": TEA_URL,
        "title": "Tee",
        "heading": "",
        "position": 0,
        "start": 0,
        "end": 12,
        "lang": "de",
        **MODEL_KEYS,
    }


@pytest.mark.parametrize(
    ("source", "error", "message"),
    [
        ("https://tea.example/", ValueError, "does not fetch URLs"),
        ("<p>html</p>", ValueError, "looks like HTML"),
        (42, TypeError, "not int"),
        (("<p>x</p>",), TypeError, r"\(html, url\) pair"),
        (("<p>x</p>", None), TypeError, r"\(html, url\) pair"),
        ((42, "u"), TypeError, "str or bytes, not int"),
    ],
)
def test_loader_rejects_bad_sources(
    source: object, error: type[Exception], message: str
) -> None:
    loader = PagechunkLoader([source])  # type: ignore[list-item]
    with pytest.raises(error, match=message):
        loader.load()


def test_loader_names_a_file_it_cannot_read(tmp_path: Path) -> None:
    missing = tmp_path / "missing.html"
    with pytest.raises(InputError, match=f"^{missing}: No such file"):
        PagechunkLoader([missing]).load()
    broken = tmp_path / "broken.html.gz"
    broken.write_bytes(gzip.compress(b"<p>cut short</p>")[:12])
    with pytest.raises(InputError, match=f"^{broken}: broken gzip data"):
        PagechunkLoader([broken]).load()


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"max_chars": 0}, ValueError),
        ({"target_chars": -5}, ValueError),
        ({"target_chars": "300"}, TypeError),
        ({"max_chars": 1.5}, TypeError),
    ],
)
def test_bad_sizes_fail_at_construction(
    options: dict[str, object], error: type[Exception]
) -> None:
    with pytest.raises(error, match="_chars"):
        PagechunkLoader([], **options)  # type: ignore[arg-type]
    with pytest.raises(error, match="_chars"):
        PagechunkSplitter(**options)  # type: ignore[arg-type]


def test_splitter_is_a_text_splitter() -> None:
    splitter = PagechunkSplitter(target_chars=300, max_chars=500)
    assert isinstance(splitter, TextSplitter)
    assert splitter.split_text(TEA) == [GREEN, BLACK]


def test_create_documents_sets_pagechunk_keys_over_given_metadata() -> None:
    given = [{"source": TEA_URL, "title": "old", "tags": ["a"]}, {}]
    documents = PagechunkSplitter().create_documents([TEA, TEA], given)
    assert documents[:2] == [
        Document(
            page_content=GREEN,
            metadata=_meta(TEA_URL, "Tea guide", 0, tags=["a"]),
            id=chunk_id(TEA_URL, 0, GREEN),
        ),
        Document(
            page_content=BLACK,
            metadata=_meta(TEA_URL, "Tea guide › Black tea", 1, tags=["a"]),
            id=chunk_id(TEA_URL, 1, BLACK),
        ),
    ]
    assert [d.metadata["url"] for d in documents[2:]] == ["", ""]
    documents[0].metadata["tags"].append("b")
    assert given[0]["tags"] == ["a"]
    assert documents[1].metadata["tags"] == ["a"]


def test_split_documents_reads_the_url_from_metadata() -> None:
    pages = [
        Document(page_content=TEA, metadata={"url": "https://one.example/"}),
        Document(page_content=TEA, metadata={"file_path": "/pages/tea.html"}),
    ]
    documents = PagechunkSplitter().split_documents(pages)
    assert [d.metadata["url"] for d in documents] == [
        "https://one.example/",
        "https://one.example/",
        "/pages/tea.html",
        "/pages/tea.html",
    ]


def test_splitter_reads_markdown_when_asked() -> None:
    text = "# Tea\n\nGreen tea.\n\n## Black\n\nBlack tea."
    assert PagechunkSplitter(markdown=True).split_text(text) == [
        "Tea\n\nGreen tea.\n\nBlack\n\nBlack tea."
    ]
    assert PagechunkSplitter().split_text(text) == [text.replace("\n\n", " ")]


def test_splitter_rejects_what_is_not_text() -> None:
    splitter = PagechunkSplitter()
    with pytest.raises(TypeError, match="a str, not bytes"):
        splitter.split_text(b"<p>x</p>")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a str, not NoneType"):
        splitter.create_documents([None])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="1 metadata dicts for 2 texts"):
        splitter.create_documents([TEA, TEA], [{}])


_words = st.from_regex(r"[a-z]{1,12}( [a-z]{1,12}){0,40}\.", fullmatch=True)
_sections = st.lists(
    st.tuples(
        st.from_regex(r"[A-Z][a-z]{2,9}", fullmatch=True),
        st.lists(_words, min_size=1, max_size=4),
    ),
    max_size=5,
)


@settings(max_examples=40, deadline=None)
@given(_sections, st.integers(20, 400), st.integers(40, 600))
def test_splitter_matches_chunk_html(
    sections: list[tuple[str, list[str]]], target: int, limit: int
) -> None:
    body = "".join(
        f"<h2>{heading}</h2>" + "".join(f"<p>{text}</p>" for text in texts)
        for heading, texts in sections
    )
    page = f"<title>Page</title><article>{body}</article>"
    splitter = PagechunkSplitter(target_chars=target, max_chars=limit)
    expected = chunk_html(page, target_chars=target, max_chars=limit)
    assert splitter.split_text(page) == [chunk.text for chunk in expected]
    documents = splitter.create_documents([page], [{"url": "u"}])
    assert [d.metadata["position"] for d in documents] == list(range(len(expected)))
    assert [d.metadata["heading"] for d in documents] == [c.heading for c in expected]
    assert all(len(d.page_content) <= limit for d in documents)


def test_core_import_leaves_langchain_out() -> None:
    code = (
        "import sys, pagechunk, pagechunk.cli, pagechunk.integrations\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] in "
        "('langchain_core', 'langchain_text_splitters', 'langchain')]\n"
        "print(loaded, 'pagechunk.integrations.langchain' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout == "[] False\n"


def test_missing_extra_says_what_to_install() -> None:
    code = (
        "import sys\n"
        "sys.modules['langchain_core'] = None\n"
        "import pagechunk.integrations.langchain\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True
    )
    assert result.returncode == 1
    assert "pip install 'pagechunk[langchain]'" in result.stderr


def test_docs_page_examples_run() -> None:
    _framework("llama_index.core")
    failures, tried = doctest.testfile(
        str(DOCS / "integrations.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert tried > 0
    assert failures == 0
