"""What both adapters share: their options and chunk_page."""

from __future__ import annotations

import pytest

from pagechunk import chunk_html
from pagechunk.integrations import adapter_options, chunk_page
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
    assert [text for text, _ in pieces] == [chunk.text for chunk in chunks]
    assert [metadata for _, metadata in pieces] == [
        {"url": "https://tea.example/", "title": "Tea", "heading": "Tea", "position": 0}
    ]


@pytest.mark.parametrize("markdown", [False, True])
def test_an_encoding_that_names_no_codec_is_ignored(markdown: bool) -> None:
    page = "# Tea\n\nCafé au lait." if markdown else "<h1>Tea</h1><p>Café au lait.</p>"
    options = adapter_options(prefix=False)
    declared = chunk_page(page.encode(), options, markdown=markdown, encoding="bogus")
    assert declared == chunk_page(page.encode(), options, markdown=markdown)
    assert declared[-1][0].endswith("Café au lait.")


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
