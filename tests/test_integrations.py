"""What both adapters share: their options and chunk_page."""

from __future__ import annotations

import pytest

from chunk_texts import MODEL_KEYS
from pagechunk import chunk_html
from pagechunk.integrations import (
    adapter_options,
    chunk_id,
    chunk_metadata,
    chunk_page,
)
from pagechunk.model import Chunk, ParsedPage
from pagechunk.options import Options

PAGE = "<title>Tea</title><main><h1>Tea</h1><p>Steep green tea gently.</p></main>"


def test_adapter_options_are_those_of_chunk_html_without_links() -> None:
    options = adapter_options(max_chars=500)
    assert options == Options().with_values(max_chars=500, links=False)


@pytest.mark.parametrize(
    ("values", "error", "message"),
    [
        ({"max_char": 500}, TypeError, "unknown option 'max_char'"),
        ({"max_chars": 0}, ValueError, "max_chars must be at least 1"),
        ({"target_chars": "300"}, TypeError, "target_chars must be an int"),
    ],
)
def test_adapter_options_refuse_what_is_no_option(
    values: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        adapter_options(**values)


def test_chunk_page_gives_the_chunks_of_chunk_html() -> None:
    pieces = chunk_page(PAGE, adapter_options(), url="https://tea.example/")
    chunks = chunk_html(PAGE, base_url="https://tea.example/")
    assert [piece.text for piece in pieces] == [chunk.text for chunk in chunks]
    assert [piece.metadata for piece in pieces] == [
        {
            "source": "https://tea.example/",
            "url": "https://tea.example/",
            "title": "Tea",
            "heading": "Tea",
            "position": 0,
            "start": 7,
            "end": 30,
            **MODEL_KEYS,
            "headline": "Tea",
        }
    ]
    assert [piece.id for piece in pieces] == [
        chunk_id("https://tea.example/", 0, chunks[0].text)
    ]


def test_a_saved_page_is_its_source_and_its_canonical_url() -> None:
    page = '<link rel="canonical" href="https://tea.example/guide">' + PAGE
    (piece,) = chunk_page(page, adapter_options(), url="saved/tea.html")
    assert (piece.metadata["source"], piece.metadata["url"]) == (
        "saved/tea.html",
        "https://tea.example/guide",
    )
    (bare,) = chunk_page(PAGE, adapter_options(), source="saved/tea.html")
    assert (bare.metadata["source"], bare.metadata["url"]) == (
        "saved/tea.html",
        "saved/tea.html",
    )


def test_chunk_ids_are_stable_and_tell_chunks_apart() -> None:
    assert chunk_id("a.html", 0, "Tea") == "5d671932-7758-8373-fc18-22283c4108c2"
    ids = {
        chunk_id("a.html", 0, "Tea"),
        chunk_id("b.html", 0, "Tea"),
        chunk_id("a.html", 1, "Tea"),
        chunk_id("a.html", 0, "Coffee"),
    }
    assert len(ids) == 4


def test_chunk_metadata_carries_the_page_fields_it_has() -> None:
    page = ParsedPage(
        "Tea", [], [], lang="en", author="Ann", tags=("tea", "green"), license=""
    )
    chunk = Chunk("Tea\n\nSteep.", "Tea", 0, url="", title="Tea", lang="en")
    assert chunk_metadata(chunk, page, "tea.html") == {
        "source": "tea.html",
        "url": "tea.html",
        "title": "Tea",
        "heading": "Tea",
        "position": 0,
        "start": 0,
        "end": 0,
        "lang": "en",
        "author": "Ann",
        "tags": ["tea", "green"],
    }


def test_adapter_options_take_a_whole_options() -> None:
    base = Options().with_values(max_chars=300, body="markdown")
    options = adapter_options(base, overlap_chars=20)
    assert options == base.with_values(overlap_chars=20, links=False)
    with pytest.raises(TypeError, match="options must be an Options"):
        adapter_options({"max_chars": 3})  # type: ignore[arg-type]


@pytest.mark.parametrize("markdown", [False, True])
def test_an_encoding_that_names_no_codec_is_ignored(markdown: bool) -> None:
    page = "# Tea\n\nCafé au lait." if markdown else "<h1>Tea</h1><p>Café au lait.</p>"
    options = adapter_options(prefix=False)
    declared = chunk_page(page.encode(), options, markdown=markdown, encoding="bogus")
    assert declared == chunk_page(page.encode(), options, markdown=markdown)
    assert declared[-1].text.endswith("Café au lait.")


@pytest.mark.parametrize(
    ("options", "encoding", "message"),
    [
        ({"max_chars": 500}, None, "options must be an Options"),
        (adapter_options(), b"utf-8", "an encoding is a str, not bytes"),
    ],
)
def test_chunk_page_refuses_options_or_an_encoding_of_another_type(
    options: object, encoding: object, message: str
) -> None:
    with pytest.raises(TypeError, match=message):
        chunk_page(PAGE, options, encoding=encoding)  # type: ignore[arg-type]
