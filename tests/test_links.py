"""Link resolution: the shortcut for plain absolute URLs agrees with urljoin."""

from __future__ import annotations

from urllib.parse import urljoin

from hypothesis import given
from hypothesis import strategies as st

from pagechunk.html.links import (
    _OTHER_SCHEME,
    _PLAIN_ABSOLUTE,
    _PLAIN_FRAGMENT,
    _PLAIN_ROOTED,
    Resolver,
    join,
    unsafe_url,
)

BASES = st.sampled_from(
    [
        "http://example.org/a/b?c#d",
        "https://example.org/",
        "https://user@sub.example.org:8080/x;p?q",
        "ftp://files.example.org/dir/",
        "mailto:someone@example.org",
    ]
)


@given(href=st.from_regex(_PLAIN_ABSOLUTE, fullmatch=True), base=BASES)
def test_plain_absolute_urls_are_what_urljoin_gives(href: str, base: str) -> None:
    assert urljoin(base, href) == href
    assert Resolver(base)(href) == href


PLAIN_BASES = st.one_of(
    st.sampled_from(
        [
            "http://example.org/a/b?c#d",
            "https://example.org",
            "https://example.org:8080/x/y/",
            "https://Example.org?q=1",
        ]
    ),
    st.from_regex(_PLAIN_ABSOLUTE, fullmatch=True),
)


@given(
    href=st.from_regex(_PLAIN_ROOTED, fullmatch=True)
    | st.from_regex(_PLAIN_FRAGMENT, fullmatch=True),
    base=PLAIN_BASES,
)
def test_plain_paths_and_fragments_are_joined_as_urljoin_joins_them(
    href: str, base: str
) -> None:
    assert Resolver(base)(href) == urljoin(base, href)


@given(
    href=st.from_regex(r"//[^\x00-\x20;?#\x7f]{0,20}(?:\?[^\x00-\x20#\x7f]+)?(?:#.+)?")
    | st.from_regex(_OTHER_SCHEME, fullmatch=True)
    | st.from_regex(r"[A-Za-z][A-Za-z0-9+.-]*:[^/].*", fullmatch=True)
    | st.just("#"),
    base=PLAIN_BASES,
)
def test_hrefs_without_a_scheme_or_with_another_are_joined_as_urljoin_joins_them(
    href: str, base: str
) -> None:
    assert Resolver(base)(href) == ("" if unsafe_url(href) else join(base, href))


TRICKY = [
    "HTTP://Example.org/x/../y",
    "https://example.org/x/../y",
    "https://example.org/p;x",
    "https://example.org/?",
    "https://example.org/#",
    "https://user@example.org/",
    " https://example.org/t\tab",
    "https://[::1]/",
    "../c",
    "//other.example.org/z",
    "#top",
    "#",
    "/",
    "/a/./b",
    "/a/../b",
    "/a/..",
    "/.well-known/x",
    "/a//b",
    "/a;p?q",
    "/a?",
    "/a?#",
    "/a#",
    "/a b",
    "/a?b?c#d#e",
    "/\u00e9t\u00e9?x",
    "//other.example.org",
    "//other.example.org?q#f",
    "//[::1]/x",
    "//user@host/x",
    "//ex\u00e4mple.org/x",
    "mailto:a@example.org",
    "tel:+1 555",
    "HTTPS:x",
    "https:x",
    "http:x",
    "ftp:x",
    "sms:1\t2",
    "whatsapp://send?text=hi",
    "a1+.-:x",
    "1a:x",
]


def test_every_other_url_is_joined_as_urljoin_joins_it() -> None:
    base = "https://example.org/a/b"
    resolve = Resolver(base)
    for href in TRICKY:
        assert not _PLAIN_ABSOLUTE.match(href) or urljoin(base, href) == href
        assert resolve(href) == urljoin(base, href), href
    assert resolve("javascript:alert(1)") == ""
    assert resolve("//[::1/x") == ""  # urljoin refuses it
