"""WARC records cut apart one by one, so that one damaged record costs no other.

:func:`warc_records` frames the records of an archive itself, from each
``WARC/1.x`` header line and its ``Content-Length``, and hands every record
on as its own bytes (for fastwarc to parse) or as damage: a record cut off
by the end of the archive, one whose ``Content-Length`` runs into the record
after it or stops short of its content, one with a broken header. After
damage it resynchronises on the next ``WARC/1.`` header line, so the records
that follow are still read, a record a wrong length swallowed included. An
archive that is gzipped (one member, or one per record) is unpacked member
by member; a member that cannot be unpacked is damage where it lay, and
unpacking goes on at the next member."""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import BinaryIO

__all__ = [
    "MAX_HEAD_BYTES",
    "MAX_RECORD_BYTES",
    "MIN_RECORD_BYTES",
    "NOT_WARC",
    "WARC_TYPES",
    "Frame",
    "warc_records",
]

NOT_WARC = "no WARC record in it"
"""The damage of a file in which no WARC header line was found."""

MAX_HEAD_BYTES = 1 << 16
"""The longest WARC header block read; a longer one is damage."""

WARC_TYPES = frozenset(
    (
        "warcinfo",
        "response",
        "resource",
        "request",
        "metadata",
        "revisit",
        "conversion",
        "continuation",
    )
)
"""The record types of WARC 1.0 and 1.1; a record of another is damage."""

MIN_RECORD_BYTES = 32
"""Fewer bytes between records than this, stray as they may be, cannot
have been a record, and pass without an error."""

MAX_RECORD_BYTES = 1 << 28
"""The largest WARC record read; a larger one is damage, passed over."""

_READ_BYTES = 1 << 20
_VERSION = b"WARC/1."
_VERSION_LINE = re.compile(rb"WARC/1\.\d\r?\n")
_HEAD_END = re.compile(rb"\r?\n\r?\n")
_EMBEDDED_HEAD = re.compile(rb"\r?\n\r?\nWARC/1\.\d\r?\n")
_TRAILER = b"\r\n\r\n"
_BLANK = b" \t\r\n\0"
_GZIP_MAGIC = b"\x1f\x8b\x08"
_GZIP_WBITS = 16 + zlib.MAX_WBITS
_FEED_BYTES = 1 << 16
_PADDING = re.compile(rb"\0+")


@dataclass(frozen=True, slots=True)
class Frame:
    """One record of an archive, whole or damaged.

    Attributes:
        kind: Its ``WARC-Type``, lower case; None when its header does not say.
        uri: Its ``WARC-Target-URI``, or ``""``.
        data: The record's bytes, header and block; empty when damaged.
        damage: What is wrong with it; empty when it is whole.
        whole_archive: Whether the damage is the archive's: no record in it.
    """

    kind: str | None
    uri: str
    data: bytes = b""
    damage: str = ""
    whole_archive: bool = False


def warc_records(stream: BinaryIO) -> Iterator[Frame]:
    """The records of a WARC archive in order, each whole or as damage.

    ``stream`` is the archive as stored, gzipped or not. Bytes between
    records other than whitespace, and gzip members that cannot be
    unpacked, give a damaged frame of unknown kind, since they may have held
    a record; a file with no WARC header at all gives one frame of damage
    to the whole archive.
    """
    buffer = _Buffer(_unpacked(stream))
    damage = buffer.stream.damage
    told = 0  # how many of the gzip damage notes were told

    def notes(limit: float) -> list[str]:
        """The gzip damage not yet told that lies before ``limit``."""
        nonlocal told
        first = told
        while told < len(damage) and damage[told][0] <= limit:
            told += 1
        return [note for _, note in damage[first:told]]

    found = False
    waiting: Frame | None = None  # a damaged record, until its causes are known
    while True:
        more, passed = buffer.next_header()
        if not (more or found):
            break
        early = notes(buffer.position() if more else float("inf"))
        if waiting is not None:
            yield _with_causes(waiting, early)
        elif early:
            # Damaged members before here may have held records.
            yield Frame(None, "", damage=_lost(early))
        elif passed >= MIN_RECORD_BYTES:
            # A record whose header is destroyed, most likely.
            yield Frame(None, "", damage=f"{passed} bytes that are no record")
        if not more:
            break
        found = True
        frame, size = _frame(buffer)
        waiting = frame if frame.damage else None
        if waiting is None:
            yield frame
        # A whole record is passed over; after damage the search for the
        # next header starts inside it, where a swallowed record may begin.
        buffer.skip(size or 1)
    if buffer.error:
        yield Frame(None, "", damage=f"the archive breaks off: {buffer.error}")
    elif not found:
        causes = notes(float("inf"))
        text = f"{NOT_WARC} ({'; '.join(causes)})" if causes else NOT_WARC
        yield Frame(None, "", damage=text, whole_archive=True)


def _with_causes(frame: Frame, causes: list[str]) -> Frame:
    if not causes:
        return frame
    return replace(frame, damage=f"{frame.damage} ({'; '.join(causes)})")


def _lost(notes: list[str]) -> str:
    return f"{'; '.join(notes)}; any records in the damaged part are lost"


def _frame(buffer: _Buffer) -> tuple[Frame, int]:
    """The record at the buffer's position, and its size without its trailer."""
    head_size = buffer.head_size()
    fields = _fields(buffer.view(head_size if head_size > 0 else MAX_HEAD_BYTES))
    kind = fields.get("warc-type", "").lower() or None
    uri = fields.get("warc-target-uri", "").strip().strip("<>")
    if head_size < 0:
        cause = f": {buffer.error}" if buffer.error else ""
        kind = kind if kind in WARC_TYPES else None
        return Frame(kind, uri, damage=f"its header has no end{cause}"), 0
    if kind not in WARC_TYPES:
        return Frame(None, uri, damage=f"an unknown WARC-Type {kind!r}"), 0
    length_text = fields.get("content-length", "")
    # str.isdigit also accepts digits int() refuses, such as a superscript
    # two decoded from a damaged byte, so only ASCII digits are a length.
    if not (length_text.isascii() and length_text.isdigit()):
        return Frame(kind, uri, damage="no valid Content-Length"), 0
    size = head_size + int(length_text)
    if size > MAX_RECORD_BYTES:
        damage = f"larger than the {MAX_RECORD_BYTES >> 20} MiB a record may have"
        return Frame(kind, uri, damage=damage), 0
    if not buffer.fill(size):
        held = buffer.held() - head_size
        cause = f"; {buffer.error}" if buffer.error else ""
        damage = f"cut off: {held} of its {length_text} bytes are there{cause}"
        return Frame(kind, uri, damage=damage), 0
    damage = _length_damage(buffer, head_size, size)
    if damage:
        return Frame(kind, uri, damage=damage), 0
    return Frame(kind, uri, data=bytes(buffer.view(size))), size


def _length_damage(buffer: _Buffer, head_size: int, size: int) -> str:
    """What is wrong with a record's Content-Length, or ``""``: it runs into
    the next record, or ends before its content does. Whitespace other than
    the blank lines that should follow a record is forgiven."""
    if buffer.fill(size + 4) and buffer.view(size + 4)[size:] == _TRAILER:
        return ""
    if buffer.held() == size:
        return ""  # the archive ends with it, without the blank lines
    if _EMBEDDED_HEAD.search(buffer.view(size)[head_size:]):
        return "its Content-Length runs into the next record"
    buffer.fill(size + MAX_HEAD_BYTES)
    after = bytes(buffer.view(size + MAX_HEAD_BYTES)[size:])
    gap = after[: after.find(_VERSION)] if _VERSION in after else after
    if gap.strip():
        return "its Content-Length ends before its content does"
    return ""


def _fields(head: memoryview) -> dict[str, str]:
    """The header fields of a WARC record by lower-case name."""
    fields: dict[str, str] = {}
    for line in bytes(head).decode("latin-1").splitlines()[1:]:
        name, colon, value = line.partition(":")
        if colon:
            fields.setdefault(name.strip().lower(), value.strip())
    return fields


class _Plain:
    """An archive that is not gzipped, read as it is."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.damage: list[tuple[int, str]] = []

    def read(self, size: int) -> bytes:
        return self.stream.read(size)


class _Gunzip:
    """A gzipped archive unpacked member after member. A damaged member is
    noted in :attr:`damage` and unpacking goes on at the next member, so the
    records in the members after it can still be framed. Each note of
    damage comes with how many unpacked bytes came before it."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.damage: list[tuple[int, str]] = []
        self.produced = 0
        self.member = zlib.decompressobj(_GZIP_WBITS)
        self.packed = b""  # packed bytes read
        self.at = 0  # how many of them were unpacked
        self.inside = False  # whether a member was begun and not ended

    def read(self, size: int) -> bytes:
        """Up to ``size`` unpacked bytes; ``b""`` at the end of the archive."""
        while True:
            if self.at >= len(self.packed):
                self.packed, self.at = self.stream.read(_READ_BYTES), 0
                if not self.packed:
                    if self.inside:
                        self.damage.append((self.produced, "the gzip data ends early"))
                        self.inside = False
                    return b""
            if not self.inside:  # pass over padding between members
                padding = _PADDING.match(self.packed, self.at)
                self.at = padding.end() if padding else self.at
                if self.at >= len(self.packed):
                    continue
            # Fed a slice at a time, so that what a member leaves over is
            # never a long copy.
            feed = self.packed[self.at : self.at + _FEED_BYTES]
            try:
                data = self.member.decompress(feed, size)
            except zlib.error as error:
                self.damage.append((self.produced, f"damaged gzip data: {error}"))
                self._next_member(self.at + 1)
                continue
            self.inside = True
            left = len(self.member.unconsumed_tail) + len(self.member.unused_data)
            self.at += len(feed) - left
            if self.member.eof:
                self.member = zlib.decompressobj(_GZIP_WBITS)
                self.inside = False
            if data:
                self.produced += len(data)
                return data

    def _next_member(self, start: int) -> None:
        """Go on at the next gzip member header from ``start`` on."""
        self.member = zlib.decompressobj(_GZIP_WBITS)
        self.inside = False
        while True:
            found = self.packed.find(_GZIP_MAGIC, start)
            if found >= 0:
                self.at = found
                return
            tail = self.packed[-2:]
            more = self.stream.read(_READ_BYTES)
            self.packed, self.at, start = tail + more, 0, 0
            if not more:
                self.at = len(self.packed)
                return


def _unpacked(stream: BinaryIO) -> _Plain | _Gunzip:
    """The archive's bytes unpacked, when they are gzipped."""
    magic = stream.read(2)
    stream.seek(0)
    return _Gunzip(stream) if magic == _GZIP_MAGIC[:2] else _Plain(stream)


class _Buffer:
    """A window on an unpacked archive, read on demand; its position is
    where the record being framed starts."""

    def __init__(self, stream: _Plain | _Gunzip) -> None:
        self.stream = stream
        self.data = bytearray()
        self.start = 0  # the position, in self.data
        self.offset = 0  # where self.data begins in the unpacked archive
        self.ended = False
        self.error = ""

    def held(self) -> int:
        """How many bytes from the position on are read."""
        return len(self.data) - self.start

    def fill(self, size: int) -> bool:
        """Read until ``size`` bytes from the position on are held; whether
        they are (the archive may end, or break, first)."""
        while self.held() < size and not self.ended:
            try:
                chunk = self.stream.read(max(_READ_BYTES, size - self.held()))
            except OSError as error:
                self.error = str(error) or type(error).__name__
                chunk = b""
            if not chunk:
                self.ended = True
            self.data += chunk
        return self.held() >= size

    def view(self, size: int) -> memoryview:
        """The ``size`` bytes from the position on, or as many as are held."""
        return memoryview(self.data)[self.start : self.start + size]

    def skip(self, size: int) -> None:
        """Move the position on by ``size`` bytes, dropping what lies well
        behind it."""
        self.start += size
        if self.start > _READ_BYTES and self.start * 2 > len(self.data):
            del self.data[: self.start]
            self.offset += self.start
            self.start = 0

    def position(self) -> int:
        """The position in the unpacked archive."""
        return self.offset + self.start

    def next_header(self) -> tuple[bool, int]:
        """Move to the next ``WARC/1.x`` version line: whether there is one,
        and how many bytes other than whitespace were passed over on the
        way. After damage, one may begin in the middle of a line."""
        at = self.start
        passed = 0
        while True:
            at = self.data.find(_VERSION, at)
            if at < 0:
                end = len(self.data) if self.ended else len(self.data) - len(_VERSION)
                passed += self._pass(max(self.start, end) - self.start)
                if self.ended:
                    return False, passed
                at = self.start
                self.fill(self.held() + _READ_BYTES)
                continue
            self.fill(at - self.start + 12)
            if _VERSION_LINE.match(self.data, at):
                return True, passed + self._pass(at - self.start)
            at += 1

    def _pass(self, size: int) -> int:
        """Skip ``size`` bytes; how many of them are not whitespace."""
        passed = len(bytes(self.view(size)).translate(None, _BLANK))
        self.skip(size)
        return passed

    def head_size(self) -> int:
        """The size of the header block at the position, with the blank line
        that ends it; -1 when it has none in :data:`MAX_HEAD_BYTES`."""
        while True:
            end = self.start + MAX_HEAD_BYTES
            match = _HEAD_END.search(self.data, self.start, end)
            if match is not None:
                return match.end() - self.start
            if self.held() >= MAX_HEAD_BYTES or self.ended:
                return -1
            self.fill(self.held() + 1)
