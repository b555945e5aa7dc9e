"""Output files: rewriting in place, finishing an interrupted rewrite, Parquet."""

from __future__ import annotations

import pytest

from pagechunk.batch.manifest import Manifest
from pagechunk.batch.records import RECORD_FIELDS
from pagechunk.batch.sinks import (
    REWRITE_SUFFIX,
    OutputError,
    OutputFiles,
    jsonl_from_parquet,
    recover_rewrite,
    rewrite,
    write_parquet,
)


def test_rewrite_replaces_the_lines_of_some_documents(tmp_path):
    path = tmp_path / "out.jsonl"
    path.write_bytes(b"a1\na2\nb1\nc1\nc2\nnever committed\n")

    size = rewrite(str(path), [(2, None), (1, b"B1\nB2\n"), (2, None)])

    new = (tmp_path / f"out.jsonl{REWRITE_SUFFIX}").read_bytes()
    assert new == b"a1\na2\nB1\nB2\nc1\nc2\n"
    assert size == len(new)


def test_rewrite_refuses_a_file_shorter_than_its_layout(tmp_path):
    path = tmp_path / "out.jsonl"
    path.write_bytes(b"a1\n")

    with pytest.raises(OutputError, match="fewer lines"):
        rewrite(str(path), [(2, None)])


@pytest.mark.parametrize(("pending", "expected"), [("1", b"new\n"), ("0", b"old\n")])
def test_a_rewrite_is_finished_only_once_committed(tmp_path, pending, expected):
    files = OutputFiles(str(tmp_path / "out.jsonl"))
    (tmp_path / "out.jsonl").write_bytes(b"old\n")
    (tmp_path / f"out.jsonl{REWRITE_SUFFIX}").write_bytes(b"new\n")
    manifest = Manifest(files.manifest)
    manifest.set(rewrite_pending=pending)

    recover_rewrite(manifest, files)

    assert (tmp_path / "out.jsonl").read_bytes() == expected
    assert not (tmp_path / f"out.jsonl{REWRITE_SUFFIX}").exists()
    assert manifest.get("rewrite_pending") in (None, "0")
    manifest.close()


def test_parquet_and_back_gives_the_same_lines(tmp_path):
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    lines = (
        b'{"url": "u", "title": "T", "heading": "H", "position": 0, "text": '
        b'"caf\xc3\xa9", "chars": 4, "doc_id": "d", "noindex": false, "lang": "fr", '
        b'"start": 7, "end": 12, "page_type": "article", "confidence": 0.974, '
        b'"tokens": 3, "id": "i", "digest": "g", "source": "p.html", '
        b'"headline": "T", "author": "A; B", "published": "2024-05-01", '
        b'"modified": "", "description": "", "site_name": "S", '
        b'"canonical_url": "u", "image": "", "tags": ["x", "y"], "license": ""}\n'
    )
    spool = tmp_path / "spool.jsonl"
    spool.write_bytes(lines * 3)

    parquet, back = str(tmp_path / "out.parquet"), str(tmp_path / "back.jsonl")

    assert write_parquet(str(spool), parquet) == 3
    size = jsonl_from_parquet(parquet, back)

    assert (tmp_path / "back.jsonl").read_bytes() == lines * 3
    schema = pq.read_schema(parquet)
    assert schema.names == list(RECORD_FIELDS)
    assert pa.types.is_list(schema.field("tags").type)
    assert schema.field("tags").type.value_type == pa.string()
    assert size == len(lines) * 3
