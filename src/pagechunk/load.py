"""Step 1: bytes or text in, one lxml tree out.

Bytes are decoded by the first of: the encoding the caller declares (the HTTP
``Content-Type`` charset), a byte order mark, a ``<meta charset>`` or
``http-equiv`` declaration near the top, valid UTF-8, and Windows-1252, which
never fails. Whatever the source, libxml2 is handed valid UTF-8 and told so, so
a declaration inside the document can neither contradict the decision nor make
the parse raise.
"""

from __future__ import annotations

import codecs
import threading

from lxml import etree

__all__ = ["cap_nesting", "decode_html", "load_tree"]

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

_SNIFF_BYTES = 4096
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
        parser = etree.HTMLParser(
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
    """The Python codec for an encoding label, or None when it names none."""
    if not label:
        return None
    if isinstance(label, bytes):
        label = label.decode("ascii", "ignore")
    name = label.strip().strip("\"'").lower()
    name = _ALIASES.get(name, name)
    try:
        return codecs.lookup(name).name
    except LookupError:
        return None


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


def _bom(data: bytes) -> tuple[str | None, int]:
    for mark, name in _BOMS:
        if data.startswith(mark):
            return name, len(mark)
    # UTF-16 without a mark still shows as ASCII markup with NUL bytes between.
    if data[:1] == b"<" and data[1:2] == b"\x00" and data[3:4] == b"\x00":
        return "utf-16-le", 0
    if data[:1] == b"\x00" and data[1:2] == b"<" and data[2:3] == b"\x00":
        return "utf-16-be", 0
    return None, 0


def decode_html(data: bytes, encoding: str | None = None) -> str:
    """Decode page bytes by declared charset, BOM, ``<meta>``, UTF-8, then
    Windows-1252; never raises, replacing what the chosen codec cannot read."""
    return _to_utf8(data, encoding).decode("utf-8", "replace")


def _to_utf8(data: bytes, encoding: str | None) -> bytes:
    """``data`` re-encoded as valid UTF-8 without a byte order mark."""
    codec, skip = _bom(data)
    if codec is None:  # a BOM outranks a declared charset, as in browsers
        codec = _codec(encoding) or _declared_in_meta(data)
    body = data[skip:] if skip else data
    if codec == "utf-8" and _REPLACES_BAD_UTF8:
        return body
    if codec in (None, "utf-8"):
        try:
            body.decode("utf-8")
            return body
        except UnicodeDecodeError:
            if codec == "utf-8":
                return body.decode("utf-8", "replace").encode("utf-8")
            codec = _FALLBACK
    return body.decode(codec, "replace").encode("utf-8", "replace")


def load_tree(html: str | bytes, encoding: str | None = None) -> etree._Element | None:
    """Parse a document into an lxml tree; None when it holds no element.

    ``encoding`` is the charset the transport declared, used for bytes only.
    Comments and processing instructions (an XML declaration among them) are
    not kept, and nothing is fetched from the network.
    """
    if isinstance(html, str):
        try:
            data = html.encode("utf-8")
        except UnicodeEncodeError:
            data = html.encode("utf-8", "replace")
    elif isinstance(html, (bytes, bytearray, memoryview)):
        data = _to_utf8(bytes(html), encoding)
    else:
        raise TypeError(f"html must be str or bytes, not {type(html).__name__}")
    if not data.strip():
        return None
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
    kept: list[bytes] = []
    depth = 0
    start = 0
    at = data.find(b"<")
    while at != -1:
        end = data.find(b">", at)
        if end == -1:
            break
        closing = data[at + 1 : at + 2] == b"/"
        name_start = at + 2 if closing else at + 1
        name = data[name_start : name_start + 12].split(b" ", 1)[0]
        name = name.split(b">", 1)[0].split(b"/", 1)[0].lower()
        is_tag = name[:1].isalpha()
        if is_tag and not closing and name not in _VOID and data[end - 1] != 47:
            depth += 1
            drop = depth > limit
        elif is_tag and closing:
            drop = depth > limit
            depth = max(depth - 1, 0)
        else:
            drop = False
        if drop:
            kept.append(data[start:at])
            start = end + 1
        at = data.find(b"<", end)
    kept.append(data[start:])
    return b"".join(kept)
