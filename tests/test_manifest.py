"""The manifest beside a batch output: states, commit order, resume and staleness."""

from __future__ import annotations

import os
import sqlite3

import pytest

from batch_pages import read_jsonl, write_pages
from pagechunk.batch import pool
from pagechunk.batch.manifest import Manifest
from pagechunk.batch.run import chunk_inputs
from pagechunk.batch.settings import Settings
from pagechunk.batch.sinks import OutputError
from pagechunk.version import PIPELINE_VERSION


def states(manifest_path) -> dict[str, str]:
    with sqlite3.connect(manifest_path) as connection:
        return dict(connection.execute("SELECT source, state FROM documents"))


def test_documents_are_committed_as_queued_before_their_work_starts(
    tmp_path, monkeypatch
):
    pages = [str(path) for path in write_pages(tmp_path / "pages", 20)]
    out = tmp_path / "out.jsonl"
    manifest = f"{out}.manifest.sqlite"
    seen: list[dict[str, str]] = []
    run_batch = pool.run_batch

    def checked(items, settings):
        # Another connection sees only what was committed.
        seen.append({item.key: states(manifest)[item.key] for item in items})
        return run_batch(items, settings)

    monkeypatch.setattr(pool, "run_batch", checked)

    chunk_inputs(pages, str(out), settings=Settings())

    assert sum(map(len, seen)) == 20
    assert all(
        state == "queued" for batch_states in seen for state in batch_states.values()
    )
    assert set(states(manifest).values()) == {"done"}


def test_a_finished_run_records_every_document(tmp_path):
    pages = [str(path) for path in write_pages(tmp_path / "pages", 5)]
    out = tmp_path / "out.jsonl"

    tally = chunk_inputs(
        [*pages, str(tmp_path / "missing.html")], str(out), settings=Settings()
    )

    manifest = Manifest(f"{out}.manifest.sqlite")
    assert manifest.counts() == {"queued": 0, "requeued": 0, "done": 5, "failed": 1}
    entry = manifest.entry(pages[0])
    assert entry is not None
    assert entry.pipeline_version == PIPELINE_VERSION
    assert len(entry.digest) == 64
    assert entry.chunks == sum(1 for r in read_jsonl(out) if r["url"] == pages[0])
    assert manifest.get("records_bytes") == str(out.stat().st_size)
    assert (tally.documents, tally.failed, tally.failed_in_output) == (6, 1, 1)
    manifest.close()


def test_resume_cuts_off_what_was_never_committed(tmp_path):
    pages = [str(path) for path in write_pages(tmp_path / "pages", 6)]
    out = tmp_path / "out.jsonl"
    chunk_inputs(pages, str(out), settings=Settings())
    finished = out.read_bytes()
    with open(out, "ab") as tail:
        tail.write(b'{"half a record')

    tally = chunk_inputs(pages, str(out), settings=Settings(), resume=True)

    assert out.read_bytes() == finished
    assert (tally.documents, tally.kept) == (0, 6)


def test_resume_goes_on_with_documents_that_were_only_queued(tmp_path):
    pages = [str(path) for path in write_pages(tmp_path / "pages", 6)]
    out = tmp_path / "out.jsonl"
    chunk_inputs(pages, str(out), settings=Settings())
    finished = out.read_bytes()
    manifest = Manifest(f"{out}.manifest.sqlite")
    last_three = sorted(states(f"{out}.manifest.sqlite"))[3:]
    kept_lines = sum(manifest.entry(page).chunks for page in pages[:3])  # type: ignore[union-attr]
    manifest.connection.executemany(
        "UPDATE documents SET state = 'queued', chunks = 0 WHERE source = ?",
        [(source,) for source in last_three],
    )
    records = out.read_bytes().splitlines(keepends=True)
    manifest.set(records_bytes=str(sum(map(len, records[:kept_lines]))))
    manifest.close()

    tally = chunk_inputs(pages, str(out), settings=Settings(), resume=True)

    assert out.read_bytes() == finished
    assert (tally.documents, tally.kept) == (3, 3)


def test_resume_with_other_options_is_refused(tmp_path):
    pages = [str(path) for path in write_pages(tmp_path / "pages", 2)]
    out = tmp_path / "out.jsonl"
    chunk_inputs(pages, str(out), settings=Settings())

    other = Settings().with_values(max_chars=500)
    with pytest.raises(OutputError, match="other options"):
        chunk_inputs(pages, str(out), settings=other, resume=True)


OLD_SETTINGS = (
    '{"clean": true, "max_chars": 2000, "overlap_chars": 0, "prefix": true, '
    '"site_memory": false, "target_chars": 1200, "title_suffix": null, '
    '"tokenizer": null, "url": null}'
)
"""The settings a manifest of pagechunk 0.1 stored for the default options."""


def test_a_run_that_stored_its_settings_as_version_0_1_did_resumes(tmp_path):
    pages = [str(path) for path in write_pages(tmp_path / "pages", 4)]
    out = tmp_path / "out.jsonl"
    chunk_inputs(pages[:2], str(out), settings=Settings())
    manifest = Manifest(f"{out}.manifest.sqlite")
    manifest.set(settings=OLD_SETTINGS)
    # Version 0.1 stored no inputs, so any are taken.
    manifest.connection.execute("DELETE FROM run WHERE name = 'inputs'")
    manifest.close()

    tally = chunk_inputs(pages, str(out), settings=Settings(), resume=True)

    assert (tally.documents, tally.kept) == (2, 2)
    with pytest.raises(OutputError, match="other options"):
        chunk_inputs(pages, str(out), settings=Settings(url="u"), resume=True)


def test_settings_this_version_cannot_read_refuse_a_resume(tmp_path):
    pages = [str(path) for path in write_pages(tmp_path / "pages", 1)]
    out = tmp_path / "out.jsonl"
    chunk_inputs(pages, str(out), settings=Settings())
    manifest = Manifest(f"{out}.manifest.sqlite")
    manifest.set(settings='{"colour": "red"}')
    manifest.close()

    with pytest.raises(OutputError, match="unknown option 'colour'.*without --resume"):
        chunk_inputs(pages, str(out), settings=Settings(), resume=True)


def test_a_document_named_twice_is_done_once(tmp_path):
    (page,) = [str(path) for path in write_pages(tmp_path / "pages", 1)]
    out = tmp_path / "out.jsonl"

    tally = chunk_inputs(
        [page, str(tmp_path / "pages"), page], str(out), settings=Settings()
    )

    assert tally.documents == 1
    assert len({record["doc_id"] for record in read_jsonl(out)}) == 1


def test_stale_documents_come_oldest_first(tmp_path):
    pages = [str(path) for path in write_pages(tmp_path / "pages", 4)]
    out = tmp_path / "out.jsonl"
    chunk_inputs(pages, str(out), settings=Settings())
    manifest = Manifest(f"{out}.manifest.sqlite")
    manifest.connection.executemany(
        "UPDATE documents SET pipeline_version = '0.0.1', processed_at = ? "
        "WHERE source = ?",
        [(2.0, pages[0]), (1.0, pages[2]), (3.0, pages[3])],
    )

    assert [entry.source for entry in manifest.stale(PIPELINE_VERSION)] == [
        pages[2],
        pages[0],
        pages[3],
    ]
    manifest.close()


def test_a_file_name_that_is_not_utf8_is_kept_in_the_manifest_and_output(tmp_path):
    folder = os.fsencode(tmp_path / "site")
    os.mkdir(folder)
    for name in (b"a.html", b"x\xff.html"):
        with open(os.path.join(folder, name), "wb") as page:
            page.write(b"<p>A page called " + name + b".</p>")
    out = tmp_path / "out.jsonl"

    tally = chunk_inputs([str(tmp_path / "site")], str(out), settings=Settings())

    odd = os.fsdecode(os.path.join(folder, b"x\xff.html"))
    assert (tally.documents, tally.failed) == (2, 0)
    assert [record["url"] for record in read_jsonl(out)] == [
        str(tmp_path / "site" / "a.html"),
        odd,
    ]
    manifest = Manifest(f"{out}.manifest.sqlite")
    entry = manifest.entry(odd)
    assert entry is not None
    assert (entry.source, entry.url, entry.state) == (odd, odd, "done")
    with sqlite3.connect(manifest.path) as connection:
        ((stored,),) = connection.execute(
            "SELECT source FROM documents WHERE typeof(source) = 'blob'"
        )
    assert stored == os.path.join(folder, b"x\xff.html")
    manifest.close()

    again = chunk_inputs(
        [str(tmp_path / "site")], str(out), settings=Settings(), resume=True
    )
    assert (again.documents, again.kept) == (0, 2)
