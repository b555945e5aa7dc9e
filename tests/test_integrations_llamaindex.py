"""The LlamaIndex adapter: PagechunkNodeParser.

Skipped where llama-index-core is not installed, except under CI (``CI``
set), where the test extra installs it and a missing framework is a failure.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chunk_texts import BLACK_TEA, GREEN_TEA, MODEL_KEYS


def _framework(name: str) -> ModuleType:
    if os.environ.get("CI"):
        return importlib.import_module(name)
    return pytest.importorskip(name)


_framework("llama_index.core")

from llama_index.core.node_parser import NodeParser  # noqa: E402
from llama_index.core.schema import (  # noqa: E402
    BaseNode,
    Document,
    MetadataMode,
    NodeRelationship,
    TextNode,
)

from pagechunk import chunk_html  # noqa: E402
from pagechunk.integrations.llamaindex import PagechunkNodeParser  # noqa: E402

TEA = f"""<!doctype html>
<html lang="en"><head><title>Tea guide</title></head><body>
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

KEYS = [
    "source",
    "url",
    "title",
    "heading",
    "position",
    "start",
    "end",
    "lang",
    "page_type",
    "confidence",
    "headline",
    "author",
    "published",
    "modified",
    "description",
    "site_name",
    "image",
    "tags",
    "license",
]


def _numbered(index: int, document: BaseNode) -> str:
    return f"{document.node_id}#{index}"


def _parser(**options: object) -> PagechunkNodeParser:
    return PagechunkNodeParser(id_func=_numbered, **options)


def _related(node: BaseNode, kind: NodeRelationship) -> str | None:
    info = node.relationships.get(kind)
    assert not isinstance(info, list)
    return None if info is None else info.node_id


def test_nodes_hold_the_chunks_with_pagechunk_metadata() -> None:
    page = Document(text=TEA, id_="tea", metadata={"url": TEA_URL, "site": "tea"})
    nodes = _parser().get_nodes_from_documents([page])
    assert all(type(node) is TextNode for node in nodes)
    assert [node.node_id for node in nodes] == ["tea#0", "tea#1"]
    assert [node.get_content() for node in nodes] == [GREEN, BLACK]
    assert [node.metadata for node in nodes] == [
        {
            "source": TEA_URL,
            "url": TEA_URL,
            "site": "tea",
            "title": "Tea guide",
            "heading": "Tea guide",
            "position": 0,
            "start": 13,
            "end": 327,
            "lang": "en",
            **MODEL_KEYS,
            "headline": "Tea guide",
        },
        {
            "source": TEA_URL,
            "url": TEA_URL,
            "site": "tea",
            "title": "Tea guide",
            "heading": "Tea guide › Black tea",
            "position": 1,
            "start": 343,
            "end": 646,
            "lang": "en",
            **MODEL_KEYS,
            "headline": "Tea guide",
        },
    ]


def test_nodes_link_to_their_document_and_neighbours() -> None:
    pages = [Document(text=TEA, id_="one"), Document(text=TEA, id_="two")]
    nodes = _parser().get_nodes_from_documents(pages)
    source = NodeRelationship.SOURCE
    assert [_related(node, source) for node in nodes] == ["one", "one", "two", "two"]
    assert [node.ref_doc_id for node in nodes] == ["one", "one", "two", "two"]
    previous = [_related(node, NodeRelationship.PREVIOUS) for node in nodes]
    following = [_related(node, NodeRelationship.NEXT) for node in nodes]
    assert previous == [None, "one#0", None, "two#0"]
    assert following == ["one#1", None, "two#1", None]


def test_pagechunk_keys_stay_out_of_the_embedded_text() -> None:
    page = Document(text=TEA, metadata={"url": TEA_URL, "site": "tea"})
    first = _parser().get_nodes_from_documents([page])[0]
    assert first.excluded_embed_metadata_keys == KEYS
    assert first.get_content(MetadataMode.EMBED) == f"site: tea\n\n{GREEN}"
    assert first.get_content(MetadataMode.LLM).startswith(f"url: {TEA_URL}\n")


def test_url_comes_from_source_or_file_path() -> None:
    pages = [
        Document(text=TEA, metadata={"source": "https://a.example/"}),
        Document(text=TEA, metadata={"file_path": "/pages/tea.html"}),
        Document(text=TEA),
    ]
    nodes = _parser(include_prev_next_rel=False).get_nodes_from_documents(pages)
    assert [node.metadata["url"] for node in nodes] == [
        "https://a.example/",
        "https://a.example/",
        "/pages/tea.html",
        "/pages/tea.html",
        "",
        "",
    ]


def test_options_reach_the_chunker() -> None:
    nodes = _parser(prefix=False, max_chars=30).get_nodes_from_documents(
        [Document(text=TEA)]
    )
    expected = chunk_html(TEA, prefix=False, max_chars=30)
    assert [node.get_content() for node in nodes] == [c.text for c in expected]
    assert all(len(node.get_content()) <= 30 for node in nodes)
    assert len(nodes) > 2


def test_markdown_documents() -> None:
    page = Document(text="# Tea\n\nGreen tea.\n\n## Black\n\nBlack tea.")
    nodes = _parser(markdown=True).get_nodes_from_documents([page])
    assert [node.metadata.pop("source") for node in nodes] == [""]
    assert [node.metadata.pop("url") for node in nodes] == [""]
    # Two short sections: one chunk under the path they share.
    assert [(node.get_content(), node.metadata) for node in nodes] == [
        (
            "Tea\n\nGreen tea.\n\nBlack\n\nBlack tea.",
            {"title": "Tea", "heading": "Tea", "position": 0, "start": 7, "end": 39},
        ),
    ]


def test_a_split_table_repeats_its_header_row() -> None:
    rows = "".join(f"<tr><td>Pot {n}</td><td>{n} l</td></tr>" for n in range(1, 5))
    page = f"<title>Pots</title><table><tr><th>Name</th><th>Size</th></tr>{rows}"
    nodes = _parser(target_chars=45, max_chars=60).get_nodes_from_documents(
        [Document(text=page)]
    )
    assert [node.get_content() for node in nodes] == [
        "Pots\n\nName | Size\n\nPot 1 | 1 l\n\nPot 2 | 2 l",
        "Pots\n\nName | Size\n\nPot 3 | 3 l\n\nPot 4 | 4 l",
    ]


@pytest.mark.parametrize("text", ["", "<html><body><nav></nav></body></html>"])
def test_empty_page_gives_no_nodes(text: str) -> None:
    assert _parser().get_nodes_from_documents([Document(text=text)]) == []


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_chars": 0}, "max_chars must be at least 1"),
        ({"target_chars": -1}, "target_chars must be at least 1"),
        ({"target_chars": "300"}, "valid integer"),
        ({"max_chars": True}, "valid integer"),
        ({"max_char": 500}, "Extra inputs are not permitted"),
    ],
)
def test_bad_sizes_and_unknown_options_fail_at_construction(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        PagechunkNodeParser(**options)  # type: ignore[arg-type]


def test_is_a_node_parser_and_round_trips() -> None:
    parser = PagechunkNodeParser(target_chars=300, markdown=True)
    assert isinstance(parser, NodeParser)
    stored = parser.to_dict()
    assert stored["class_name"] == "PagechunkNodeParser"
    # LlamaIndex stores id_func by name only, so no node parser reads it back.
    del stored["id_func"]
    again = PagechunkNodeParser.from_dict(stored)
    assert (again.target_chars, again.max_chars, again.markdown) == (300, 2000, True)


_words = st.from_regex(r"[a-z]{1,12}( [a-z]{1,12}){0,40}\.", fullmatch=True)
_sections = st.lists(
    st.tuples(
        st.from_regex(r"[A-Z][a-z]{2,9}", fullmatch=True),
        st.lists(_words, min_size=1, max_size=4),
    ),
    max_size=5,
)


@settings(max_examples=30, deadline=None)
@given(_sections, st.integers(20, 400), st.integers(40, 600))
def test_nodes_match_chunk_html(
    sections: list[tuple[str, list[str]]], target: int, limit: int
) -> None:
    body = "".join(
        f"<h2>{heading}</h2>" + "".join(f"<p>{text}</p>" for text in texts)
        for heading, texts in sections
    )
    page = f"<title>Page</title><article>{body}</article>"
    parser = _parser(target_chars=target, max_chars=limit)
    nodes = parser.get_nodes_from_documents([Document(text=page, id_="p")])
    expected = chunk_html(page, target_chars=target, max_chars=limit)
    assert [node.get_content() for node in nodes] == [c.text for c in expected]
    assert [node.metadata["position"] for node in nodes] == list(range(len(nodes)))
    assert [node.node_id for node in nodes] == [f"p#{i}" for i in range(len(nodes))]


def test_core_import_leaves_llama_index_out() -> None:
    code = (
        "import sys, pagechunk, pagechunk.cli, pagechunk.integrations\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] == 'llama_index']\n"
        "print(loaded, 'pagechunk.integrations.llamaindex' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout == "[] False\n"


def test_missing_extra_says_what_to_install() -> None:
    code = (
        "import sys\n"
        "sys.modules['llama_index.core.bridge.pydantic'] = None\n"
        "import pagechunk.integrations.llamaindex\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True
    )
    assert result.returncode == 1
    assert "pip install 'pagechunk[llamaindex]'" in result.stderr
