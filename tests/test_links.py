"""Link resolution: the shortcut for plain absolute URLs agrees with urljoin."""

from __future__ import annotations

from urllib.parse import urljoin

from hypothesis import given
from hypothesis import strategies as st

from pagechunk.html.links import (
    _PLAIN_ABSOLUTE,
    _PLAIN_FRAGMENT,
    _PLAIN_ROOTED,
    Resolver,
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
]


def test_every_other_url_is_joined_as_urljoin_joins_it() -> None:
    base = "https://example.org/a/b"
    resolve = Resolver(base)
    for href in TRICKY:
        assert not _PLAIN_ABSOLUTE.match(href) or urljoin(base, href) == href
        assert resolve(href) == urljoin(base, href), href
    assert resolve("javascript:alert(1)") == ""
