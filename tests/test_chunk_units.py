"""The units chunks are made of: measuring, placing and grouping them.

Sizing with a length function through chunk_blocks is tested in
test_chunk_sizing.py.
"""

from __future__ import annotations

import dataclasses

import pytest

from pagechunk.chunk.units import ChunkSource, Meter, Source, Unit, join, pack
from pagechunk.model import chunk_id


def unit(text: str, source: Source | None = None, start: int = 0) -> Unit:
    source = source or Source(text, 0)
    return Unit(text, len(text), source, start, source, start + len(text))


def test_meter_counts_characters_without_a_length() -> None:
    meter = Meter(None)
    assert meter.exact and meter.measure is len
    assert (meter("abc"), meter.space, meter.newline, meter.paragraph) == (3, 1, 1, 2)
    assert meter.chars_for(7, 100, 50) == 7


def test_meter_with_a_length_converts_sizes_to_characters() -> None:
    meter = Meter(lambda text: len(text.split()))
    assert not meter.exact
    assert (meter("one two"), meter.space, meter.paragraph) == (2, 0, 0)
    # 10 characters measure 2: 3 of the unit take about 15 characters.
    assert meter.chars_for(3, 10, 2) == 15
    assert meter.chars_for(3, 10, 0) == 3


@pytest.mark.parametrize("size", [-1, 1.5, None])
def test_meter_refuses_what_is_no_count(size: object) -> None:
    # The meter measures its glue as it is made, so a bad length shows at once.
    with pytest.raises(ValueError, match="length must return an int"):
        Meter(lambda text: size)  # type: ignore[arg-type, return-value]


def test_source_offsets_skip_the_marks_after_line_breaks() -> None:
    # "- one\n  two": the item's text begins at 2, and "  " follows its break.
    source = Source("one\ntwo", 2, [3], 2)
    assert [source.offset(index) for index in (0, 3, 4, 7)] == [2, 5, 8, 11]
    assert Source("one\ntwo", 5).offset(4) == 9


def test_pack_fills_each_run_up_to_the_limit() -> None:
    units = [unit("aaa"), unit("bb"), unit("c"), unit("dddd")]
    runs = pack(units, 1, 6)
    assert [[u.text for u in run] for run in runs] == [["aaa", "bb"], ["c", "dddd"]]
    assert pack(units, 1, None) == [units]
    assert pack([], 1, 6) == []


def test_join_keeps_its_parts_and_where_they_came_from() -> None:
    source = Source("one two", 10)
    first, second = unit("one", source), unit("two", source, 4)
    joined = join([first, second], " ", 1)
    assert (joined.text, joined.size, joined.start, joined.end) == ("one two", 7, 0, 7)
    assert joined.parts == (first, second) and joined.glue == " "
    assert join([first], " ", 1) is first


def test_chunk_source_is_a_frozen_value() -> None:
    source = ChunkSource("https://example.org/", "Guide", "en")
    assert dataclasses.astuple(source) == (
        "https://example.org/",
        "Guide",
        "en",
        "",
        0.0,
        "",
        {},
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        source.title = "Other"  # type: ignore[misc]


def test_chunk_source_makes_ids_only_for_a_document_with_an_identity() -> None:
    assert ChunkSource().chunk_id(0, "text") == ""
    source = ChunkSource(document="https://example.org/")
    assert source.chunk_id(2, "text") == chunk_id("https://example.org/", 2, "text")
