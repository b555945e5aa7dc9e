"""Step 1: bytes or text in, one lxml tree out.

Bytes are decoded by the first of: a byte order mark, the encoding the caller
declares (the HTTP ``Content-Type`` charset), a ``<meta charset>`` or
``http-equiv`` declaration near the top, an XML declaration's ``encoding``,
valid UTF-8, and Windows-1252, which never fails. Whatever the source,
libxml2 is handed valid UTF-8 and told so, so a declaration inside the
document can neither contradict the decision nor make the parse raise.

Nothing is fetched: the parser loads no DTD, resolves no external entity and
reads no network or file. Input that would make libxml2 work harder than its
size warrants is reshaped first, keeping its text: nesting deeper than
1024 open elements (libxml2 would drop the rest of the page) and an element
with more than :data:`MAX_ATTRIBUTES` attributes (libxml2 adds each one in
time proportional to those before it).
"""

from __future__ import annotations

import codecs
import ctypes
import re
import sys
import threading
from collections.abc import Callable
from itertools import islice

from lxml import etree

from pagechunk.errors import DecodeError, InputTooLarge

__all__ = [
    "MAX_ATTRIBUTES",
    "RELEASE_BYTES",
    "release_free_memory",
    "cap_attributes",
    "cap_nesting",
    "load_tree",
]

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# Labels browsers read as another encoding (WHATWG Encoding Standard): the
# Latin-1 family is decoded as its Windows superset, and a UTF-16 label found
# in bytes that are evidently ASCII-compatible can only mean UTF-8.
_ALIASES = {
    "latin1": "cp1252",
    "latin-1": "cp1252",
    "iso-8859-1": "cp1252",
    "iso8859-1": "cp1252",
    "iso_8859-1": "cp1252",
    "l1": "cp1252",
    "us-ascii": "cp1252",
    "ascii": "cp1252",
    "gb2312": "gbk",
    "gb_2312-80": "gbk",
    "x-gbk": "gbk",
    "shift_jis": "cp932",
    "x-sjis": "cp932",
    "sjis": "cp932",
    "euc-kr": "cp949",
    "utf-16": "utf-8",
    "utf-16le": "utf-8",
    "utf-16be": "utf-8",
}

# Python codecs that are no web page encoding: bytes-to-bytes transforms are
# refused by bytes.decode, these raise whatever the error handler, and UTF-7
# (which no browser reads) would turn "+ADw-script+AD4-" into markup.
_NOT_PAGE_CODECS = frozenset(
    {"idna", "punycode", "undefined", "utf-7", "unicode-escape", "raw-unicode-escape"}
)

# File signatures (WHATWG MIME Sniffing and common archives): bytes that start
# with one are an image, a document format or an archive, never a page.
_BINARY_SIGNATURES = (
    b"\x89PNG\r\n\x1a\n",
    b"GIF87a",
    b"GIF89a",
    b"\xff\xd8\xff",
    b"%PDF-",
    b"PK\x03\x04",
    b"\x1f\x8b\x08",
    b"BZh91AY&SY",
    b"\xfd7zXZ\x00",
    b"7z\xbc\xaf\x27\x1c",
    b"Rar!\x1a\x07",
    b"\x28\xb5\x2f\xfd",
    b"\x00asm",
    b"\x7fELF",
    b"OggS\x00",
    b"wOFF",
    b"wOF2",
    b"\x00\x00\x01\x00",
)
_RIFF_FORMATS = (b"WEBP", b"WAVE", b"AVI ")

_SNIFF_BYTES = 4096
_XML_DECLARATION_BYTES = 256
_UTF16_SNIFF_BYTES = 64
# Deeper than this, a page's structure no longer says anything about its text.
_MAX_DEPTH = 1024
_FALLBACK = "cp1252"

# libxml2 2.14 replaces malformed UTF-8 with U+FFFD and reads on; before that
# it could stop at the first bad byte, so bytes are checked in Python first.
_REPLACES_BAD_UTF8 = etree.LIBXML_VERSION >= (2, 14)

_local = threading.local()


def _parser() -> etree.HTMLParser:
    """A parser for this thread: lxml parsers must not be shared across threads."""
    parser = getattr(_local, "parser", None)
    if parser is None:
        # lxml-stubs 0.5 lacks default_doctype, which lxml has had since 4.2.
        parser = etree.HTMLParser(  # type: ignore[call-arg]
            encoding="utf-8",
            remove_comments=True,
            remove_pis=True,
            no_network=True,
            huge_tree=True,
            default_doctype=False,
            collect_ids=False,
        )
        _local.parser = parser
    return parser


def _codec(label: str | bytes | None) -> str | None:
    """The Python codec for an encoding label, or None when it names no text
    encoding a page can be in."""
    if not label:
        return None
    if isinstance(label, bytes):
        label = label.decode("ascii", "ignore")
    name = label.strip().strip("\"'").lower()
    name = _ALIASES.get(name, name)
    try:
        info = codecs.lookup(name)
    except (LookupError, ValueError):  # ValueError: a NUL in the label
        return None
    if not info._is_text_encoding or info.name in _NOT_PAGE_CODECS:
        return None
    return info.name


def _declared_in_meta(data: bytes) -> str | None:
    """The charset a ``<meta>`` near the top of ``data`` declares, if any."""
    head = data[:_SNIFF_BYTES].lower()
    start = head.find(b"charset")
    while start != -1:
        opening = head.rfind(b"<", 0, start)
        if opening != -1 and head.startswith(b"<meta", opening):
            value = head[start + 7 :].lstrip(b" \t\r\n")
            if value.startswith(b"="):
                value = value[1:].lstrip(b" \t\r\n\"'")
                end = 0
                while end < len(value) and value[end : end + 1] not in b" \t\r\n\"';>/":
                    end += 1
                codec = _codec(value[:end])
                if codec:
                    return codec
        start = head.find(b"charset", start + 7)
    return None


def _declared_in_xml(data: bytes) -> str | None:
    """The encoding an XML declaration opening ``data`` names, if any: an
    XHTML page served as XML may declare it there alone."""
    head = data[:_XML_DECLARATION_BYTES].lstrip()
    if not head.startswith(b"<?xml"):
        return None
    declaration = head.split(b"?>", 1)[0]
    at = declaration.find(b"encoding")
    value = declaration[at + 8 :].lstrip() if at != -1 else b""
    if not value.startswith(b"="):
        return None
    value = value[1:].lstrip()
    end = value.find(value[:1], 1) if value[:1] in (b'"', b"'") else -1
    return _codec(value[1:end]) if end != -1 else None


def _bom(data: bytes) -> tuple[str | None, int]:
    for mark, name in _BOMS:
        if data.startswith(mark):
            return name, len(mark)
    return _unmarked_utf16(data), 0


def _unmarked_utf16(data: bytes) -> str | None:
    """UTF-16 without a mark: its markup, mostly ASCII, shows as a NUL byte
    in every other place."""
    head = data[: min(len(data), _UTF16_SNIFF_BYTES) & ~1]
    if len(head) < 4:
        return None
    even_nul, odd_nul = head[0::2].count(0), head[1::2].count(0)
    units = len(head) // 2
    if 4 * odd_nul >= 3 * units and 8 * even_nul <= units:
        return "utf-16-le"
    if 4 * even_nul >= 3 * units and 8 * odd_nul <= units:
        return "utf-16-be"
    return None


def _binary_format(data: bytes) -> str | None:
    """The signature that marks ``data`` as a binary file, if one does."""
    for signature in _BINARY_SIGNATURES:
        if data.startswith(signature):
            return repr(signature)
    if data[:4] == b"RIFF" and data[8:12] in _RIFF_FORMATS:
        return repr(data[8:12])
    if data[4:8] == b"ftyp":  # MP4, QuickTime, HEIF and AVIF
        return "b'ftyp'"
    return None


def _to_utf8(data: bytes, encoding: str | None, strict: bool = False) -> bytes:
    """``data`` re-encoded as valid UTF-8 without a byte order mark.

    With ``strict``, bytes the chosen codec cannot read, and an ``encoding``
    that names no codec, raise :class:`DecodeError` instead of being replaced
    or ignored.
    """
    codec, skip = _bom(data)
    if codec is None:  # a BOM outranks a declared charset, as in browsers
        declared = _codec(encoding)
        if strict and encoding and declared is None:
            raise DecodeError(f"{encoding!r} names no text encoding")
        codec = declared or _declared_in_meta(data) or _declared_in_xml(data)
    body = data[skip:] if skip else data
    if codec == "utf-8" and _REPLACES_BAD_UTF8 and not strict:
        return body
    errors = "strict" if strict else "replace"
    try:
        if codec in (None, "utf-8"):
            try:
                body.decode("utf-8")
                return body
            except UnicodeDecodeError:
                if codec == "utf-8":
                    return body.decode("utf-8", errors).encode("utf-8")
                # A guess, not a declaration: even strict reads it as it can.
                codec, errors = _FALLBACK, "replace"
        return body.decode(codec, errors).encode("utf-8", "replace")
    except UnicodeDecodeError as error:
        raise DecodeError(
            f"bytes {error.start}-{error.end} are not valid {error.encoding}"
        ) from None


def _text_to_utf8(html: str, strict: bool) -> bytes:
    """``html`` as UTF-8; a lone surrogate becomes U+FFFD, or with ``strict``
    raises :class:`DecodeError`."""
    try:
        return html.encode("utf-8")
    except UnicodeEncodeError as error:
        if strict:
            raise DecodeError(
                f"the text holds a lone surrogate at index {error.start}"
            ) from None
    # Through UTF-16, surrogate pairs written as two code points join up too.
    mended = html.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return mended.encode("utf-8")


def _document_bytes(
    html: str | bytes, encoding: str | None, max_bytes: int | None, strict: bool
) -> bytes | None:
    """The document as valid UTF-8 for the parser; None for binary data."""
    _check_limit(max_bytes)
    if isinstance(html, str):
        # Each character takes a byte at least, so a long text is turned
        # away before it is encoded.
        _check_size(len(html), max_bytes)
        data = _text_to_utf8(html, strict)
        _check_size(len(data), max_bytes)
        return data
    if not isinstance(html, (bytes, bytearray, memoryview)):
        raise TypeError(f"html must be str or bytes, not {type(html).__name__}")
    raw = bytes(html)
    _check_size(len(raw), max_bytes)
    binary = _binary_format(raw)
    if binary is None:
        return _to_utf8(raw, encoding, strict)
    if strict:
        raise DecodeError(f"the bytes start with {binary}, so they hold no page")
    return None


def _check_limit(max_bytes: int | None) -> None:
    if max_bytes is None:
        return
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int):
        raise TypeError(f"max_bytes must be an int, not {type(max_bytes).__name__}")
    if max_bytes < 0:
        raise ValueError(f"max_bytes must be at least 0, not {max_bytes}")


def _check_size(size: int, max_bytes: int | None) -> None:
    if max_bytes is not None and size > max_bytes:
        raise InputTooLarge(
            f"the document is over max_bytes={max_bytes} bytes (at least {size})"
        )


def load_tree(
    html: str | bytes,
    encoding: str | None = None,
    *,
    max_bytes: int | None = None,
    strict: bool = False,
) -> etree._Element | None:
    """Parse a document into an lxml tree; None when it holds no element.

    ``encoding`` is the charset the transport declared, used for bytes only.
    Comments and processing instructions (an XML declaration among them) are
    not kept, and nothing is fetched from the network or read from files.
    Bytes that start with the signature of a binary format (a PNG, a PDF, a
    gzip stream) hold no page: None.

    Raises:
        InputTooLarge: The document is over ``max_bytes`` bytes (for text,
            its UTF-8 encoding).
        DecodeError: With ``strict``: bytes the chosen encoding cannot read,
            an ``encoding`` that names none, binary data, or text with a
            lone surrogate. Without it, what cannot be read becomes U+FFFD.
        TypeError: ``html`` is neither text nor bytes.
    """
    data = _document_bytes(html, encoding, max_bytes, strict)
    if data is None or not data.strip():
        return None
    data = cap_attributes(data)
    parser = _parser()
    try:
        root = etree.fromstring(data, parser)
    except etree.ParserError:
        return None
    if parser.error_log.filter_from_fatals():
        # libxml2 gives up past a nesting depth of a few thousand and drops
        # the rest of the page; parse it again with the nesting capped.
        try:
            root = etree.fromstring(cap_nesting(data), parser)
        except etree.ParserError:
            return root
    return root


_VOID = frozenset(
    b"area base br col embed hr img input link meta param source track wbr".split()
)


def cap_nesting(data: bytes, limit: int = _MAX_DEPTH) -> bytes:
    """``data`` without the start and end tags that stand deeper than
    ``limit`` open elements; their text stays. Only an approximation of the
    HTML tree, used for pages the parser refuses whole."""
    pieces = _TAG_PIECE.split(data)  # text, tag, text, ..., tag, text
    steps: dict[bytes, int] = {}
    depth = 0
    for index in range(1, len(pieces), 2):
        tag = pieces[index]
        step = steps.get(tag)
        if step is None:
            step = steps[tag] = _nesting_step(tag)
        if step > 0:
            depth += 1
            if depth > limit:
                pieces[index] = b""
        elif step < 0:
            if depth > limit:
                pieces[index] = b""
            depth = max(depth - 1, 0)
    return b"".join(pieces)


# A tag as cap_nesting counts it: "<", a name, anything but "<" up to ">".
_TAG_PIECE = re.compile(rb"(</?[A-Za-z][^<>]*+>)")


def _nesting_step(tag: bytes) -> int:
    """1 for a tag that opens an element, -1 for an end tag, else 0."""
    if tag[1:2] == b"/":
        return -1
    name = tag[1:].split(None, 1)[0].split(b"/", 1)[0].rstrip(b">").lower()
    return 0 if name in _VOID or tag.endswith(b"/>") else 1


MAX_ATTRIBUTES = 512
"""The attributes a long start tag keeps, the first ones as written: libxml2
adds each attribute in time proportional to the ones before it, so a tag
with a million of them would take hours."""

_SAMPLE_STEP = 4096
"""Every this many bytes, the next ``_SAMPLE_STEP`` bytes are checked for a
``<`` and a ``>``; a stretch without either may be one long start tag."""

# A start tag, token by token with nothing given back (possessive), so that a
# match costs time linear in the tag however it ends. Tokens: white space or
# "/", "=" with its value (quoted values may hold ">"), an attribute name.
_START_TAG = re.compile(
    rb"""<[A-Za-z][^\s/>]*+(?:[\s/]++|=\s*+(?:"[^"]*+"?|'[^']*+'?|[^\s>]*+)"""
    rb"""|[^\s/>=]++)*+"""
)
_ATTRIBUTE = re.compile(
    rb"""[^\s/>=]++(?:\s*+=\s*+(?:"[^"]*+"?|'[^']*+'?|[^\s>]*+))?+"""
)
_TAG_NAME_END = re.compile(rb"[\s/>]")
_TAG_OPEN = re.compile(rb"<[A-Za-z]")
_RAW_TEXT_NAMES = (b"script", b"style", b"textarea", b"title")
_RAW_TEXT_OPENINGS = tuple(
    b"<" + form for name in _RAW_TEXT_NAMES for form in (name, name.upper())
)
_RAW_TEXT_CLOSINGS = tuple(b"</" + mark[1:] for mark in _RAW_TEXT_OPENINGS)
_AFTER_ATTRIBUTE = (b" ", b"\t", b"\n", b"\r", b"\x0c", b"/", b'"', b"'")


def cap_attributes(data: bytes, limit: int = MAX_ATTRIBUTES) -> bytes:
    """``data`` with every long start tag that holds more than ``limit``
    attributes cut down to its first ``limit``.

    Only start tags that span a sampled stretch of :data:`_SAMPLE_STEP` bytes
    without ``<`` or without ``>`` are read, so most pages pay a few ``find``
    calls per sample. A tag whose quoted values hold both ``<`` and ``>``
    every few kilobytes is not found; libxml2 parses it as it is.
    """
    size = len(data)
    kept: list[bytes] = []
    copied = 0  # data[:copied] is in kept, or was replaced there
    at = _SAMPLE_STEP
    while at + _SAMPLE_STEP <= size:
        window_end = at + _SAMPLE_STEP
        no_close = data.find(b">", at, window_end) == -1
        if not no_close and data.find(b"<", at, window_end) != -1:
            at = window_end
            continue
        start = _enclosing_tag_start(data, copied, at, no_close)
        match = _START_TAG.match(data, start) if start != -1 else None
        if match is None or match.end() <= at:
            # Not inside a start tag: skip the stretch that lacks the mark.
            at = data.find(b">" if no_close else b"<", at)
            if at == -1:
                break
            continue
        end = match.end()
        if _most_attributes(data, start, end) > limit:
            name_found = _TAG_NAME_END.search(data, start, end)
            name_end = name_found.start() if name_found else end
            attributes = [
                found.group()
                for found in islice(_ATTRIBUTE.finditer(data, name_end, end), limit + 1)
            ]
            # Counted first: a long value (inline JSON, say) has spaces and
            # quotes enough to pass the bound, and the raw-text check may
            # search back over the whole page.
            if len(attributes) > limit and not _in_raw_text(data, copied, start):
                kept += [data[copied:name_end], b" ", b" ".join(attributes[:limit])]
                copied = end
        at = end
    if not kept:
        return data
    kept.append(data[copied:])
    return b"".join(kept)


def _most_attributes(data: bytes, start: int, end: int) -> int:
    """A bound on the attributes in ``data[start:end]``: each one after the
    first follows white space, a slash or a closing quote."""
    return 1 + sum(data.count(mark, start, end) for mark in _AFTER_ATTRIBUTE)


def _in_raw_text(data: bytes, floor: int, at: int) -> bool:
    """Whether ``at`` is inside a script, style, textarea or title, where
    ``<`` opens no tag (``data[floor:at]`` is searched)."""
    opened = max(data.rfind(mark, floor, at) for mark in _RAW_TEXT_OPENINGS)
    if opened == -1:
        return False
    return opened > max(data.rfind(mark, opened, at) for mark in _RAW_TEXT_CLOSINGS)


def _enclosing_tag_start(data: bytes, floor: int, at: int, no_close: bool) -> int:
    """Where the start tag around ``at`` would begin, or -1.

    After a stretch without ``>``, it is the first tag opening after the last
    ``>`` (its values may hold ``<``); after one without ``<``, the last
    ``<`` (its values may hold ``>``).
    """
    if no_close:
        opening = _TAG_OPEN.search(data, data.rfind(b">", floor, at) + 1 or floor, at)
        return opening.start() if opening else -1
    start = data.rfind(b"<", floor, at)
    return start if start != -1 and data[start + 1 : start + 2].isalpha() else -1


RELEASE_BYTES = 4 << 20
"""Documents at least this big hand the memory of their freed tree back to
the system once the walk is done (see :func:`release_free_memory`)."""


def _find_malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim
    except (AttributeError, OSError):  # a C library other than glibc
        return None
    return trim


_MALLOC_TRIM = _find_malloc_trim()


def release_free_memory() -> None:
    """Return the C heap's free pages to the system, where the C library can.

    libxml2 allocates a tree node by node with ``malloc``; once a big tree is
    freed, glibc keeps its pages, and Python's own allocator (which maps
    memory of its own) cannot reuse them for the blocks and chunks that
    follow. Trimming lets the peak of a large page be the tree or the text,
    not both. A no-op where ``malloc_trim`` does not exist.
    """
    if _MALLOC_TRIM is not None:
        _MALLOC_TRIM(0)
