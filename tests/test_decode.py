"""The decode step: bytes and text in, one reading of the page out.

Each case reads a small page from ``tests/pages/`` named for what it shows, or
a one-line snippet when the rule is a single element, and states the exact
result.
"""

from __future__ import annotations

from pagechunk import Block, ParsedPage, parse_html
from pagechunk.html.decode import decode


def texts(parsed: ParsedPage) -> list[str]:
    return [block.text for block in parsed.blocks]


# Encodings


def test_bytes_utf8_without_meta(page_bytes):
    parsed = parse_html(page_bytes("bytes_utf8_no_meta"))
    assert parsed.title == "Café"
    assert texts(parsed) == ["Naïve – “quoted” 日本"]


def test_bytes_meta_charset_latin1(page_bytes):
    parsed = parse_html(page_bytes("bytes_meta_charset_latin1"))
    assert parsed.title == "Crème brûlée"
    assert texts(parsed) == ["Voilà, déjà vu."]


def test_bytes_utf8_bom_overrides_meta(page_bytes):
    parsed = parse_html(page_bytes("bytes_utf8_bom_overrides_meta"))
    assert parsed.title == "Größe"
    assert texts(parsed) == ["Über 9000 – ja."]


def test_bytes_utf16_bom(page_bytes):
    parsed = parse_html(page_bytes("bytes_utf16_bom"))
    assert parsed.title == "Ελληνικά"
    assert texts(parsed) == ["Καλημέρα κόσμε."]


def test_bytes_encoding_argument_overrides_meta(page_bytes):
    raw = page_bytes("bytes_declared_encoding_overrides_meta")
    parsed = parse_html(raw, encoding="windows-1252")
    assert parsed.title == "Price €5"
    assert texts(parsed) == ["It’s “cheap” – €5."]


def test_str_with_meta_charset_is_not_decoded_again():
    parsed = parse_html('<meta charset="iso-8859-1"><p>Café – ok</p>')
    assert texts(parsed) == ["Café – ok"]


def test_str_with_xml_declaration(page):
    parsed = parse_html(page("xml_declaration_prefix"))
    assert parsed == ParsedPage("XHTML page", [Block("Served as XHTML.")], [])


def test_decode_hands_the_parser_utf8_without_a_mark():
    assert decode("café") == "café".encode()
    assert decode(b"caf\xe9") == "café".encode()  # not UTF-8: Windows-1252
    assert decode(b"\xef\xbb\xbfcaf\xc3\xa9") == "café".encode()
    assert decode(b"\xff\xfe" + "café".encode("utf-16-le")) == "café".encode()


def test_decode_finds_no_page_in_binary_data():
    assert decode(b"%PDF-1.7\n<p>not a page</p>") is None
