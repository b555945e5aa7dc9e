"""The decode step: bytes and text in, one reading of the page out.

Each case reads a small page from ``tests/pages/`` named for what it shows, or
a one-line snippet when the rule is a single element, and states the exact
result.
"""

from __future__ import annotations

from pagechunk import Block, ParsedPage, parse_html
from pagechunk.html.decode import _check_utf8, decode


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


# Labels as the WHATWG Encoding Standard reads them

import codecs  # noqa: E402

import pytest  # noqa: E402

from pagechunk import DecodeError, chunk_html  # noqa: E402
from pagechunk.encodings import _ENCODINGS, codec_for  # noqa: E402
from pagechunk.pipeline import markdown_page  # noqa: E402

GRUSS = "<p>Grüße, 世界</p>"


def read(data: bytes, **options: object) -> list[str]:
    return texts(parse_html(data, **options))


def test_every_codec_of_the_label_table_exists():
    for codec in set(_ENCODINGS) - {"replacement", "x-user-defined"}:
        assert codecs.lookup(codec)._is_text_encoding


@pytest.mark.parametrize(
    ("label", "codec"),
    [
        (" Windows-1251\t", "cp1251"),
        (b"LATIN1", "cp1252"),
        ("ks_c_5601-1987", "cp949"),
        ("x-mac-ukrainian", "mac-cyrillic"),
        ("iso-8859-8-i", "iso8859-8"),
        ("utf-16", "utf-16-le"),
        ("latin-1", None),  # no label of the standard
        ("utf-32", None),
        ("cp037", None),
        ("utf-7", None),
        ("idna", None),
        ("base64", None),
        ("utf-8\x00", None),
        ("", None),
    ],
)
def test_codec_for_label(label, codec):
    assert codec_for(label) == codec


@pytest.mark.parametrize(
    "label",
    ["utf-16", "UTF-16LE", "utf-16be", "unicode", "ucs-2", "utf-32", "utf-32le"],
)
def test_a_utf16_or_utf32_label_in_meta_of_an_ascii_page_means_utf8(label):
    data = f'<meta charset="{label}">{GRUSS}'.encode()
    assert read(data) == ["Grüße, 世界"]
    assert read(data, encoding=label) == ["Grüße, 世界"]


@pytest.mark.parametrize(
    "label",
    ["cp037", "ebcdic-cp-us", "cp500", "ibm1140", "utf-7", "UTF-7", "mbcs", "cp65001"],
)
def test_a_label_outside_the_standard_is_ignored(label):
    page = f"<meta charset={label}><title>T</title>{GRUSS}"
    assert read(page.encode()) == ["Grüße, 世界"]
    latin = f"<meta http-equiv=content-type content='text/html; charset={label}'>"
    assert read(latin.encode() + "<p>Grüße</p>".encode("cp1252")) == ["Grüße"]
    assert read(GRUSS.encode(), encoding=label) == ["Grüße, 世界"]
    with pytest.raises(DecodeError, match="names no web page encoding"):
        parse_html(GRUSS.encode(), encoding=label, strict=True)


def test_utf7_text_never_becomes_markup():
    page = b"<meta charset=utf-7><p>+ADw-script+AD4-x()+ADw-/script+AD4-</p>"
    assert read(page) == ["+ADw-script+AD4-x()+ADw-/script+AD4-"]


@pytest.mark.parametrize(
    "label",
    [
        "hz-gb-2312",
        "iso-2022-kr",
        "csiso2022kr",
        "iso-2022-cn",
        "iso-2022-cn-ext",
        "replacement",
    ],
)
def test_the_replacement_encodings_read_as_one_replacement_character(label):
    # HZ would hide "<" and ">" between ~{ and ~}, and show script text.
    page = (
        f"<meta charset={label}><p>~{{<script>steal()</script>~}}</p>"
        "<script>secret()</script><p>Hi</p>"
    ).encode()
    assert read(page) == ["\ufffd"]
    assert read(GRUSS.encode(), encoding=label) == ["\ufffd"]
    body = "\n".join(chunk.text for chunk in chunk_html(page, clean=False))
    assert "secret" not in body and "steal" not in body and "<" not in body
    with pytest.raises(DecodeError):
        parse_html(page, strict=True)


def test_x_user_defined():
    # In the page it means windows-1252; from the transport it is its own.
    assert read(b"<meta charset=x-user-defined><p>caf\xe9</p>") == ["café"]
    assert read(b"<p>caf\xe9</p>", encoding="x-user-defined") == ["caf\uf7e9"]


def test_gbk_reads_as_gb18030():
    # Four-byte sequences are GB18030's, unknown to Python's GBK codec.
    data = "<meta charset=gbk><p>😀 中文</p>".encode("gb18030")
    assert read(data) == ["😀 中文"]


@pytest.mark.parametrize(
    ("label", "text"),
    [
        ("idna", "# Café"),
        ("punycode", "# Café"),
        ("undefined", "# Café"),
        ("base64", "# Café"),
        ("utf-7", "# Café"),
        ("cp037", "# Café"),
        ("windows-1252", "# CafÃ©"),
        ("hz-gb-2312", "\ufffd"),
    ],
)
def test_markdown_bytes_read_with_the_same_label_table(label, text):
    page = markdown_page("# Café".encode(), encoding=label)
    assert [block.text for block in page.blocks] == [text.lstrip("# ")]


def test_markdown_bytes_byte_order_mark_outranks_the_label():
    page = markdown_page(codecs.BOM_UTF16_LE + "# Café".encode("utf-16-le"))
    assert [block.text for block in page.blocks] == ["Café"]
    page = markdown_page(codecs.BOM_UTF8 + "# Café".encode(), encoding="cp1251")
    assert [block.text for block in page.blocks] == ["Café"]


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"plain ASCII",
        "caf\u00e9 \u4e2d\u6587 \U0001f600".encode() * 3000,  # sequences cut by slices
        b"a" * 16_383 + "\u00e9".encode(),  # one cut at the first slice's end
        b"a" * 16_383 + b"\xc3",  # cut, and never finished
        b"a" * 16_383 + b"\xe0\x80" + b"b" * 100,  # invalid across the cut
        b"a" * 40_000 + b"\xff" + b"b" * 10,  # invalid in a later slice
        b"\xed\xa0\x80",  # a surrogate
        b"a" * 16_384 + b"\xf0\x9f\x98",  # truncated at the very end
    ],
)
def test_check_utf8_agrees_with_decoding_the_whole(data):
    """The slice-by-slice check accepts exactly the bytes that decode."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        with pytest.raises(UnicodeDecodeError):
            _check_utf8(data)
    else:
        _check_utf8(data)
