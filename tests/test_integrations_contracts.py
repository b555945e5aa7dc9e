"""The adapters against the frameworks' own contracts: LangChain's
TextSplitter sizing and indexing API, LlamaIndex's from_defaults, readers
and IngestionPipeline.

Skipped where a framework is not installed, except under CI (``CI`` set).
"""

from __future__ import annotations

import gzip
import importlib
import os
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from chunk_texts import BLACK_TEA, GREEN_TEA


def _framework(name: str) -> ModuleType:
    if os.environ.get("CI"):
        return importlib.import_module(name)
    return pytest.importorskip(name)


_framework("langchain_core")
_framework("llama_index.core")

from langchain_core.embeddings import DeterministicFakeEmbedding  # noqa: E402
from langchain_core.indexing import InMemoryRecordManager, index  # noqa: E402
from langchain_core.vectorstores import InMemoryVectorStore  # noqa: E402
from llama_index.core import SimpleDirectoryReader  # noqa: E402
from llama_index.core.embeddings import MockEmbedding  # noqa: E402
from llama_index.core.ingestion import (  # noqa: E402
    DocstoreStrategy,
    IngestionPipeline,
)
from llama_index.core.readers.base import BaseReader  # noqa: E402
from llama_index.core.storage.docstore import SimpleDocumentStore  # noqa: E402

from pagechunk import chunk_html  # noqa: E402
from pagechunk.integrations import chunk_id  # noqa: E402
from pagechunk.integrations.langchain import (  # noqa: E402
    PagechunkLoader,
    PagechunkSplitter,
)
from pagechunk.integrations.llamaindex import (  # noqa: E402
    PagechunkNodeParser,
    PagechunkReader,
)
from pagechunk.options import Options  # noqa: E402
from pagechunk.tokens import tokenizer_length  # noqa: E402

TEA = (
    '<html lang="en"><title>Tea</title><main><h1>Tea</h1>'
    f"<p>{GREEN_TEA}</p><h2>Black</h2><p>{BLACK_TEA}</p></main>"
)
COFFEE = (
    '<html lang="en"><head><meta charset="latin-1"><title>Coffee</title></head>'
    "<main><p>Caf\xe9 needs hot water and patience.</p></main>"
)
TEXTS = [
    "Coffee\n\nCafé needs hot water and patience.",
    f"Tea\n\n{GREEN_TEA}",
    f"Tea › Black\n\n{BLACK_TEA}",
]


@pytest.fixture
def pages(tmp_path: Path) -> Path:
    (tmp_path / "tea.html").write_text(TEA, encoding="utf-8")
    (tmp_path / "coffee.html.gz").write_bytes(gzip.compress(COFFEE.encode("latin-1")))
    (tmp_path / "notes.txt").write_text("not a page")
    return tmp_path


# -- LangChain ---------------------------------------------------------------


def test_splitter_is_sized_as_a_text_splitter() -> None:
    words = "<main>" + "".join(f"<p>Sentence {n} is here.</p>" for n in range(9))
    splitter = PagechunkSplitter(60, 20, prefix=False)
    assert (splitter._chunk_size, splitter._chunk_overlap) == (60, 20)
    assert splitter.options.chunk.max_chars == 60
    expected = chunk_html(words, max_chars=60, overlap_chars=20, prefix=False)
    assert splitter.split_text(words) == [chunk.text for chunk in expected]
    assert all(len(text) <= 60 for text in splitter.split_text(words))


def test_splitter_measures_with_length_function() -> None:
    def words(text: str) -> int:
        return len(text.split())

    splitter = PagechunkSplitter(chunk_size=6, length_function=words, prefix=False)
    texts = splitter.split_text(TEA)
    assert texts[:3] == [
        "Green tea is steeped at eighty",
        "degrees for two minutes.",
        "Hotter water scalds the leaves",
    ]
    assert "Black tea takes boiling water and" in texts
    assert max(words(text) for text in texts) == 6


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"chunk_size": 50, "max_chars": 60}, TypeError, "max_chars or its"),
        ({"max_char": 50}, TypeError, "unknown option 'max_char'"),
        ({"chunk_size": 0}, ValueError, "max_chars must be at least 1"),
        ({"chunk_size": 10, "chunk_overlap": 20}, ValueError, "larger"),
    ],
)
def test_splitter_refuses_bad_sizes_and_unknown_options(
    arguments: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        PagechunkSplitter(**arguments)


class WordEncoding:
    """A stand-in for a tiktoken encoding: one token per word."""

    def encode(self, text: str, *, disallowed_special: Any) -> list[int]:
        return [0] * len(text.split())


def test_from_tiktoken_encoder_counts_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def get_encoding(name: str) -> WordEncoding:
        asked.append(name)
        return WordEncoding()

    fake = SimpleNamespace(
        get_encoding=get_encoding, encoding_name_for_model=lambda model: "o200k_base"
    )
    monkeypatch.setitem(sys.modules, "tiktoken", fake)
    tokenizer_length.cache_clear()
    splitter = PagechunkSplitter.from_tiktoken_encoder(chunk_size=6, prefix=False)
    assert splitter.split_text(TEA)[0] == "Green tea is steeped at eighty"
    PagechunkSplitter.from_tiktoken_encoder(model_name="gpt-4o", chunk_size=6)
    assert asked == ["gpt2", "o200k_base"]
    tokenizer_length.cache_clear()


def test_loader_documents_index_twice_without_duplicates(pages: Path) -> None:
    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=16))
    records = InMemoryRecordManager("pagechunk/test")
    records.create_schema()
    counts = [
        index(
            PagechunkLoader(pages),
            records,
            store,
            cleanup="scoped_full",
            source_id_key="source",
            key_encoder="sha256",
            batch_size=2,  # tea.html's two chunks straddle two batches
        )
        for _ in range(2)
    ]
    assert counts == [
        {"num_added": 3, "num_updated": 0, "num_skipped": 0, "num_deleted": 0},
        {"num_added": 0, "num_updated": 0, "num_skipped": 3, "num_deleted": 0},
    ]
    found = store.similarity_search(TEXTS[1], k=1)
    assert found[0].metadata["source"] == str(pages / "tea.html")


def test_loader_ids_make_a_second_upsert_replace_the_first(pages: Path) -> None:
    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=16))
    documents = PagechunkLoader(pages).load()
    assert [d.page_content for d in documents] == TEXTS
    assert [d.id for d in documents] == [
        chunk_id(str(pages / "coffee.html.gz"), 0, TEXTS[0]),
        chunk_id(str(pages / "tea.html"), 0, TEXTS[1]),
        chunk_id(str(pages / "tea.html"), 1, TEXTS[2]),
    ]
    store.add_documents(documents)
    store.add_documents(PagechunkLoader(pages).load())
    assert len(store.store) == 3


def test_loader_takes_a_whole_options_and_markdown_bodies() -> None:
    page = '<title>T</title><main><pre class="language-py">x = 1</pre></main>'
    options = Options().with_values(prefix=False)
    (document,) = PagechunkLoader(
        [(page, "u")], options=options, body="markdown"
    ).load()
    assert document.page_content == "```py\nx = 1\n```"


# -- LlamaIndex ----------------------------------------------------------------


def test_reader_reads_html_and_gzipped_pages(pages: Path) -> None:
    reader = PagechunkReader()
    assert isinstance(reader, BaseReader)
    documents = reader.load_data(pages)
    assert [d.metadata["file_name"] for d in documents] == [
        "coffee.html.gz",
        "tea.html",
    ]
    assert "Caf\xe9 needs" in documents[0].text
    assert documents[1].text == TEA
    assert [d.id_ for d in reader.load_data(pages)] == [d.id_ for d in documents]


def test_reader_serves_simple_directory_reader(pages: Path) -> None:
    reader = PagechunkReader()
    loaded = SimpleDirectoryReader(
        str(pages), file_extractor={".html": reader, ".gz": reader}
    ).load_data()
    pages_read = [d for d in loaded if d.metadata["file_name"] != "notes.txt"]
    nodes = PagechunkNodeParser().get_nodes_from_documents(pages_read)
    assert [node.get_content() for node in nodes] == TEXTS


def test_from_defaults_takes_a_whole_options() -> None:
    options = Options().with_values(max_chars=300, tables="text", prefix=False)
    parser = PagechunkNodeParser.from_defaults(options=options, body="markdown")
    assert (parser.max_chars, parser.prefix, parser.body) == (300, False, "markdown")
    assert parser.more_options == {"tables": "text"}
    assert parser.options == options.with_values(body="markdown", links=False)
    with pytest.raises(ValueError, match="unknown option 'max_char'"):
        PagechunkNodeParser.from_defaults(max_char=100)
    with pytest.raises(ValueError, match="name a tokenizer= instead"):
        PagechunkNodeParser.from_defaults(options=Options().with_values(length=len))
    with pytest.raises(ValueError, match="Extra inputs are not permitted"):
        PagechunkNodeParser(max_char=100)  # type: ignore[call-arg]


def test_ingestion_pipeline_runs_and_skips_what_it_has_seen(pages: Path) -> None:
    documents = PagechunkReader().load_data(pages)
    pipeline = IngestionPipeline(
        transformations=[PagechunkNodeParser(), MockEmbedding(embed_dim=8)],
        docstore=SimpleDocumentStore(),
        docstore_strategy=DocstoreStrategy.DUPLICATES_ONLY,
    )
    first = pipeline.run(documents=documents)
    assert [node.get_content() for node in first] == TEXTS
    assert [node.node_id for node in first] == [
        chunk_id(str(pages / "coffee.html.gz"), 0, TEXTS[0]),
        chunk_id(str(pages / "tea.html"), 0, TEXTS[1]),
        chunk_id(str(pages / "tea.html"), 1, TEXTS[2]),
    ]
    assert all(node.embedding is not None for node in first)
    assert pipeline.run(documents=documents) == []


def test_add_start_index_gives_the_start_in_the_page_markdown() -> None:
    splitter = PagechunkSplitter(add_start_index=True)
    documents = splitter.create_documents([TEA], [{"source": "tea.html"}])
    assert [d.metadata["start_index"] for d in documents] == [7, 333]
    assert [d.metadata["start"] for d in documents] == [7, 333]
