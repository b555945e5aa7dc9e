"""Damaged WARC archives: one bad record costs no other, and each is named."""

from __future__ import annotations

import gzip
import io
import zlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from batch_pages import http_response, page_record, warc_record
from pagechunk.batch.sources import Document, Unreadable, documents, read_sources
from pagechunk.batch.warc import warc_records

pytest.importorskip("fastwarc")


def outline(path: Path) -> list[tuple[str, str]]:
    """Each item of an archive: its record number and its page, or the
    message of its error."""
    items = []
    for item in documents([str(path)]):
        number = item.key.rpartition("#")[2] if "#" in item.key else ""
        if isinstance(item, Document):
            items.append((number, item.content().decode()))
        else:
            items.append((number, item.message))
    return items


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


PAGES = [(str(n), f"<p>page {n}</p>") for n in range(1, 5)]


def test_a_whole_archive_reads_the_same_gzipped_per_record_or_not(tmp_path):
    records = [page_record(n) for n in range(1, 5)]
    plain = write(tmp_path / "a.warc", b"".join(records))
    members = write(
        tmp_path / "b.warc.gz", b"".join(gzip.compress(record) for record in records)
    )
    whole = write(tmp_path / "c.warc.gz", gzip.compress(b"".join(records)))

    assert outline(plain) == outline(members) == outline(whole) == PAGES


def test_a_corrupt_gzip_body_costs_only_its_own_record(tmp_path):
    broken = http_response(b"\x1f\x8b\x08\x00not gzip at all", Content_Encoding="gzip")
    archive = b"".join(
        [
            page_record(1),
            warc_record("https://x.example/2", broken),
            page_record(3),
            page_record(4),
        ]
    )

    items = outline(write(tmp_path / "a.warc.gz", gzip.compress(archive)))

    assert items[0] == PAGES[0]
    assert items[1][0] == "2"
    assert items[1][1].startswith("its HTTP body cannot be decoded: ")
    assert items[2:] == PAGES[2:]


@pytest.mark.parametrize(
    "encoding",
    [
        {"Transfer_Encoding": "chunked"},
        {"Content_Encoding": "br"},
        {"Content_Encoding": "deflate"},
    ],
)
def test_a_body_broken_in_any_encoding_costs_only_its_own_record(tmp_path, encoding):
    broken = http_response(b"zz\r\nnot encoded at all, or not right", **encoding)
    archive = page_record(1) + warc_record("https://x.example/2", broken)
    archive += page_record(3)

    items = outline(write(tmp_path / "a.warc", archive))

    assert items[0] == PAGES[0]
    assert items[1][0] == "2"
    assert items[1][1].startswith("its HTTP body cannot be decoded: ")
    assert items[2] == PAGES[2]


def test_the_error_of_a_bad_record_names_its_own_url(tmp_path):
    broken = http_response(b"\x1f\x8b\x08\x00not gzip at all", Content_Encoding="gzip")
    archive = page_record(1) + warc_record("https://x.example/2", broken)

    (_, error) = documents([str(write(tmp_path / "a.warc", archive))])

    assert isinstance(error, Unreadable)
    assert (error.source, error.url) == (
        f"{tmp_path / 'a.warc'}#2",
        "https://x.example/2",
    )


@pytest.mark.parametrize("packed", [False, True])
def test_a_truncated_last_record_is_an_error_not_a_short_page(tmp_path, packed):
    data = b"".join(page_record(n) for n in range(1, 5))[:-12]
    if packed:
        data = gzip.compress(data)

    items = outline(write(tmp_path / "a.warc", data))

    assert items[:3] == PAGES[:3]
    assert items[3] == (
        "4",
        "a damaged WARC record: cut off: 69 of its 77 bytes are there",
    )


def test_a_gzip_stream_cut_inside_the_last_record_says_so(tmp_path):
    members = b"".join(gzip.compress(page_record(n)) for n in range(1, 5))

    items = outline(write(tmp_path / "a.warc.gz", members[:-30]))

    assert items[:3] == PAGES[:3]
    assert items[3][0] == "4"
    assert items[3][1].startswith("a damaged WARC record: cut off: ")
    assert items[3][1].endswith("(the gzip data ends early)")


def test_a_content_length_past_the_end_of_a_middle_record_swallows_nothing(tmp_path):
    archive = b"".join(
        [page_record(1), page_record(2, content_length=120), page_record(3)]
    )
    archive += page_record(4)

    items = outline(write(tmp_path / "a.warc", archive))

    assert items == [
        PAGES[0],
        ("2", "a damaged WARC record: its Content-Length runs into the next record"),
        *PAGES[2:],
    ]


def test_a_content_length_past_the_end_of_the_archive_swallows_nothing(tmp_path):
    archive = b"".join(
        [page_record(1), page_record(2, content_length=10_000), page_record(3)]
    )

    items = outline(write(tmp_path / "a.warc", archive))

    assert items[0] == PAGES[0]
    assert items[1][0] == "2"
    assert items[1][1].startswith("a damaged WARC record: cut off: ")
    assert items[2] == PAGES[2]


def test_a_content_length_short_of_the_content_is_an_error(tmp_path):
    archive = b"".join([page_record(1), page_record(2, content_length=70)])
    archive += page_record(3)

    items = outline(write(tmp_path / "a.warc", archive))

    assert items == [
        PAGES[0],
        ("2", "a damaged WARC record: its Content-Length ends before its content does"),
        PAGES[2],
    ]


def test_a_content_length_with_a_non_ascii_digit_is_an_error(tmp_path):
    # A damaged byte 0xB2 reads as a superscript two, which str.isdigit
    # accepts and int() refuses.
    record = page_record(2)
    length = record.split(b"Content-Length: ", 1)[1].split(b"\r\n", 1)[0]
    record = record.replace(
        b"Content-Length: " + length, b"Content-Length: \xb2" + length[1:], 1
    )
    archive = b"".join([page_record(1), record, page_record(3)])

    items = outline(write(tmp_path / "a.warc", archive))

    assert items[0] == PAGES[0]
    assert items[1] == ("2", "a damaged WARC record: no valid Content-Length")
    assert items[-1] == PAGES[2]


def test_a_damaged_gzip_member_is_one_error_and_the_members_after_it_are_read(
    tmp_path,
):
    members = [gzip.compress(page_record(n)) for n in range(1, 5)]
    damaged = bytearray(members[1])
    damaged[20:40] = bytes(20)
    members[1] = bytes(damaged)

    items = outline(write(tmp_path / "a.warc.gz", b"".join(members)))

    assert items[0] == PAGES[0]
    assert items[1][0] == "2"
    assert items[1][1].startswith("a damaged WARC record: damaged gzip data: ")
    assert items[1][1].endswith("any records in the damaged part are lost")
    assert items[2:] == PAGES[2:]


def test_padding_after_the_last_gzip_member_is_no_damage(tmp_path):
    members = b"".join(gzip.compress(page_record(n)) for n in range(1, 3))

    assert outline(write(tmp_path / "a.warc.gz", members + bytes(64))) == PAGES[:2]


def test_a_broken_header_between_records_is_one_error(tmp_path):
    archive = page_record(1) + b"zz\r\nWARC/1.1\r\nWARC-Type: resp" + page_record(3)

    items = outline(write(tmp_path / "a.warc", archive))

    assert items == [
        PAGES[0],
        ("2", "a damaged WARC record: an unknown WARC-Type 'respwarc/1.1'"),
        ("3", "<p>page 3</p>"),
    ]


def test_a_record_whose_version_line_is_destroyed_is_one_error(tmp_path):
    destroyed = b"X" + page_record(2)[1:]
    archive = page_record(1) + destroyed + page_record(3)

    items = outline(write(tmp_path / "a.warc", archive))

    unblank = len(destroyed.translate(None, b" \t\r\n"))  # whitespace is no damage
    assert items == [
        PAGES[0],
        ("2", f"a damaged WARC record: {unblank} bytes that are no record"),
        ("3", "<p>page 3</p>"),
    ]


def test_a_damaged_record_that_is_no_response_gives_no_line(tmp_path):
    request = b"GET / HTTP/1.1\r\nHost: x.example\r\n\r\n"
    archive = warc_record("https://x.example/", request, kind="request")
    archive = archive.replace(b"Content-Length: 35", b"Content-Length: 99")
    archive += page_record(1)

    assert outline(write(tmp_path / "a.warc", archive)) == PAGES[:1]


@pytest.mark.parametrize("data", [b"", b"<html><p>not an archive</p></html>"])
def test_a_file_with_no_warc_record_is_one_error_naming_the_file(tmp_path, data):
    path = write(tmp_path / "a.warc", data)

    (item,) = documents([str(path)])

    assert isinstance(item, Unreadable)
    assert (item.source, item.message) == (
        str(path),
        "a damaged WARC record: no WARC record in it",
    )


def test_records_after_damage_are_read_again_by_the_same_keys(tmp_path):
    archive = b"".join(
        [page_record(1), page_record(2, content_length=120), page_record(3)]
    )
    path = write(tmp_path / "a.warc", archive)

    again = list(read_sources([f"{path}#3", f"{path}#2"]))

    assert [item.key for item in again] == [f"{path}#2", f"{path}#3"]
    assert isinstance(again[0], Unreadable)
    assert isinstance(again[1], Document)
    assert again[1].content() == b"<p>page 3</p>"


RECORDS = [page_record(n) for n in range(1, 6)]
ARCHIVE = b"".join(RECORDS)


@given(st.integers(0, len(ARCHIVE)))
def test_records_wholly_before_a_cut_are_read_as_they_were(cut):
    frames = list(warc_records(io.BytesIO(ARCHIVE[:cut])))

    whole = [frame.data for frame in frames if not frame.damage]
    ends = _ends(RECORDS)[1:]
    pairs = zip(RECORDS, ends, strict=True)
    before = [record[:-4] for record, end in pairs if end - 4 <= cut]
    assert whole == before
    assert len(frames) <= len(before) + 1


@given(st.integers(0, len(ARCHIVE) - 1), st.integers(0, 255))
def test_one_damaged_byte_costs_at_most_the_records_around_it(at, value):
    damaged = bytearray(ARCHIVE)
    damaged[at] = value

    frames = list(warc_records(io.BytesIO(bytes(damaged))))

    whole = [frame.data for frame in frames if not frame.damage]
    hit = max(n for n, end in enumerate(_ends(RECORDS)[:-1]) if end <= at)
    untouched = [record[:-4] for n, record in enumerate(RECORDS) if abs(n - hit) > 1]
    assert all(record in whole for record in untouched)


def _ends(records: list[bytes]) -> list[int]:
    ends, end = [0], 0
    for record in records:
        end += len(record)
        ends.append(end)
    return ends


def test_a_zlib_error_inside_a_member_does_not_escape(tmp_path):
    member = bytearray(gzip.compress(page_record(1) * 3))
    member[15:25] = b"\xff" * 10
    with pytest.raises(zlib.error):
        gzip.decompress(bytes(member))

    items = list(documents([str(write(tmp_path / "a.warc.gz", bytes(member)))]))

    assert items and all(isinstance(item, Unreadable) for item in items)
