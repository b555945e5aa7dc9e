"""Step 1, decode: bytes or text in, valid UTF-8 out, for the lxml parse.

Bytes are decoded by the first of: a byte order mark, the encoding the caller
declares (the HTTP ``Content-Type`` charset), a ``<meta charset>`` or
``http-equiv`` declaration near the top, an XML declaration's ``encoding``,
valid UTF-8, and Windows-1252, which never fails. Labels are read as the
WHATWG Encoding Standard reads them (:mod:`pagechunk.encodings`): a label
outside it is no declaration, and a UTF-16 label in bytes that are evidently
ASCII-compatible (no byte order mark, no NUL byte in every other place) can
only mean UTF-8. Whatever the source, libxml2 is handed
valid UTF-8 and told so (:mod:`pagechunk.html.tree`), so a declaration inside
the document can neither contradict the decision nor make the parse raise.
Bytes that start with the signature of a binary format hold no page.
"""

from __future__ import annotations

import codecs
import re

from lxml import etree

from pagechunk.encodings import USER_DEFINED, codec_for, decode_as
from pagechunk.errors import DecodeError
from pagechunk.html.detect import FALLBACK, guess_encoding
from pagechunk.html.guard import check_max_bytes, check_size

__all__ = ["byte_order_mark", "decode"]

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
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
_LABEL_END = re.compile(rb"[ \t\r\n\"';>/]")
"""A byte that ends a charset label in a ``<meta>``."""
_XML_DECLARATION_BYTES = 256
_UTF16_SNIFF_BYTES = 64

# libxml2 2.14 replaces malformed UTF-8 with U+FFFD and reads on; before that
# it could stop at the first bad byte, so bytes are checked in Python first.
_REPLACES_BAD_UTF8 = etree.LIBXML_VERSION >= (2, 14)


def _codec(label: str | bytes | None, in_page: bool = False) -> str | None:
    """The codec for an encoding label, or None when it names no encoding of
    the WHATWG Encoding Standard.

    Bytes that reach a label are ASCII-compatible, so a UTF-16 label means
    UTF-8; in the page (``in_page``), x-user-defined means windows-1252, as
    the HTML standard's prescan says.
    """
    codec = codec_for(label)
    if codec in ("utf-16-le", "utf-16-be"):
        return "utf-8"
    if in_page and codec == USER_DEFINED:
        return FALLBACK
    return codec


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
                end = _LABEL_END.search(value)
                codec = _codec(value[: end.start()] if end else value, in_page=True)
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
    return _codec(value[1:end], in_page=True) if end != -1 else None


def byte_order_mark(data: bytes) -> tuple[str | None, int]:
    """The codec a byte order mark opening ``data`` names, and its length;
    None and 0 without one."""
    for mark, name in _BOMS:
        if data.startswith(mark):
            return name, len(mark)
    return None, 0


def _bom(data: bytes) -> tuple[str | None, int]:
    """The codec a byte order mark names, else unmarked UTF-16's, and the
    length of the mark."""
    codec, skip = byte_order_mark(data)
    return (codec, skip) if codec else (_unmarked_utf16(data), 0)


def _unmarked_utf16(data: bytes) -> str | None:
    """UTF-16 without a mark: its markup, mostly ASCII, shows as a NUL byte
    in every other place."""
    head = data[: min(len(data), _UTF16_SNIFF_BYTES) & ~1]
    if len(head) < 4 or b"\x00" not in head:
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
    if data.startswith(_BINARY_SIGNATURES):  # one call for a page's bytes
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
    that names no encoding, raise :class:`DecodeError` instead of being
    replaced or ignored.
    """
    codec, skip = _bom(data)
    if codec is None:  # a BOM outranks a declared charset, as in browsers
        declared = _codec(encoding)
        if strict and encoding and declared is None:
            raise DecodeError(f"{encoding!r} names no web page encoding")
        codec = declared or _declared_in_meta(data) or _declared_in_xml(data)
    body = data[skip:] if skip else data
    if codec == "utf-8" and _REPLACES_BAD_UTF8 and not strict:
        return body
    errors = "strict" if strict else "replace"
    try:
        if codec in (None, "utf-8"):
            try:
                _check_utf8(body)
                return body
            except UnicodeDecodeError:
                if codec == "utf-8":
                    return body.decode("utf-8", errors).encode("utf-8")
                # A guess, not a declaration: even strict reads it as it can.
                codec, errors = guess_encoding(body), "replace"
        return decode_as(body, codec, errors).encode("utf-8", "replace")
    except UnicodeDecodeError as error:
        raise DecodeError(
            f"bytes {error.start}-{error.end} are not valid {error.encoding}"
        ) from None


_CHECKED_BYTES = 16_384
"""How many bytes :func:`_check_utf8` decodes at a time: at least 4, so
that a slice holds a whole sequence and each step reads on."""


def _check_utf8(data: bytes) -> None:
    """Raise :class:`UnicodeDecodeError` when ``data`` is not valid UTF-8,
    as ``data.decode("utf-8")`` would (the error's positions are a slice's),
    without holding the whole text: decoded a slice at a time, each slice's
    text, thrown away, stays in the processor's cache. A sequence cut by a
    slice's end is read with the next slice. On the 45 AEB pages that
    declare no charset (190 KB on average) it takes 43 µs a page where
    decoding the whole text took 77."""
    view = memoryview(data)
    start = 0
    while True:
        end = start + _CHECKED_BYTES
        final = end >= len(data)
        _, read = codecs.utf_8_decode(view[start:end], "strict", final)
        if final:
            return
        start += read


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


def decode(
    html: str | bytes,
    encoding: str | None = None,
    *,
    max_bytes: int | None = None,
    strict: bool = False,
) -> bytes | None:
    """The document as UTF-8 without a byte order mark, for the parser; None
    for bytes that start like a binary file (an image, a PDF, an archive).
    The bytes are valid UTF-8, except that bytes declared as UTF-8 are
    passed on as they are where libxml2 replaces malformed UTF-8 itself.

    ``encoding`` is the charset the transport declared, read for bytes only.

    Raises:
        InputTooLarge: The document is over ``max_bytes`` bytes (for text,
            its UTF-8 encoding).
        DecodeError: With ``strict``: bytes the chosen encoding cannot read,
            an ``encoding`` that names none, binary data, or text with a
            lone surrogate. Without it, what cannot be read becomes U+FFFD.
        TypeError: ``html`` is neither text nor bytes, or ``max_bytes`` is
            not a whole number.
        ValueError: ``max_bytes`` is below 0.
    """
    check_max_bytes(max_bytes)
    if isinstance(html, str):
        # Each character takes a byte at least, so a long text is turned
        # away before it is encoded.
        check_size(len(html), max_bytes)
        data = _text_to_utf8(html, strict)
        check_size(len(data), max_bytes)
        return data
    if not isinstance(html, (bytes, bytearray, memoryview)):
        raise TypeError(f"html must be str or bytes, not {type(html).__name__}")
    raw = bytes(html)
    check_size(len(raw), max_bytes)
    binary = _binary_format(raw)
    if binary is None:
        return _to_utf8(raw, encoding, strict)
    if strict:
        raise DecodeError(f"the bytes start with {binary}, so they hold no page")
    return None
