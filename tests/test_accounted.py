"""Every document of a batch ends as chunk records or as exactly one error
line, whatever mix of odd inputs the batch is made of."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from batch_pages import article, http_response, page_record, read_jsonl, warc_record
from pagechunk.batch.records import doc_id
from pagechunk.batch.run import chunk_inputs
from pagechunk.batch.settings import Settings

GOOD, EMPTY, FIFO, ODD_NAME = "good", "empty", "fifo", "odd"
MISSING, FOLDER = "missing", "folder"
"""Kinds of file input; a kind of WARC record is one of the RECORDS keys."""

RECORDS = {
    "page": lambda n: page_record(n),
    "bad-gzip": lambda n: warc_record(
        f"https://x.example/{n}",
        http_response(b"\x1f\x8b\x08\x00not gzip at all", Content_Encoding="gzip"),
    ),
    "long": lambda n: page_record(n, content_length=150),
    "short": lambda n: page_record(n, content_length=60),
    "empty-page": lambda n: warc_record(f"https://x.example/{n}", http_response(b"")),
}


def make(folder: Path, number: int, kind: str) -> list[str]:
    """Write one input of a kind; the source keys of its documents."""
    name = os.path.join(os.fsencode(folder), f"{number:03d}".encode())
    if kind == GOOD:
        Path(os.fsdecode(name + b".html")).write_text(article(number))
    elif kind == EMPTY:
        Path(os.fsdecode(name + b".html")).write_bytes(b"")
    elif kind == FIFO:
        os.mkfifo(name + b".html")
    elif kind == ODD_NAME:
        name += b"\xff\xfe"
        Path(os.fsdecode(name + b".html")).write_text(article(number))
    elif kind == FOLDER:
        os.mkdir(name + b".d")
        Path(os.fsdecode(name + b".d/in.html")).write_text(article(number))
        return [os.fsdecode(name + b".d/in.html")]
    elif kind == MISSING:
        pass
    return [os.fsdecode(name + b".html")]


def make_warc(folder: Path, number: int, kinds: list[str]) -> list[str]:
    path = folder / f"{number:03d}.warc"
    path.write_bytes(b"".join(RECORDS[kind](n) for n, kind in enumerate(kinds)))
    return [f"{path}#{n}" for n in range(1, len(kinds) + 1)]


inputs = st.lists(
    st.one_of(
        st.sampled_from([GOOD, EMPTY, FIFO, ODD_NAME, MISSING, FOLDER]),
        st.lists(st.sampled_from(sorted(RECORDS)), min_size=1, max_size=5),
    ),
    min_size=1,
    max_size=6,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(inputs)
def test_each_document_is_chunks_or_one_error_line(kinds):
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        site = folder / "site"
        site.mkdir()
        keys, named = [], []
        for number, kind in enumerate(kinds):
            if isinstance(kind, list):
                made = make_warc(folder, number, kind)
                named.append(made[0].rpartition("#")[0])
            else:
                made = make(site if kind != MISSING else folder, number, kind)
                if kind == MISSING:
                    named.append(made[0])
            keys += made
        out = folder / "out.jsonl"

        chunk_inputs([str(site), *named], str(out), settings=Settings())

        chunked = {record["doc_id"] for record in read_jsonl(out)}
        errors = [line["doc_id"] for line in read_jsonl(Path(f"{out}.errors.jsonl"))]
        assert len(errors) == len(set(errors))
        assert chunked.isdisjoint(errors)
        expected = {doc_id(key) for key in keys}
        assert chunked | set(errors) == expected
