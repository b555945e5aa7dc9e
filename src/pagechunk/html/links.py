"""URLs of the head step: links made absolute against the page's base, and
the schemes that are never followed.

:class:`Resolver` joins each distinct ``href`` once; the head step builds one
per page and hands it on, so the walk's link spans and the page's link list
agree.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

__all__ = ["UNSAFE_SCHEMES", "Resolver", "join", "unsafe_url"]

UNSAFE_SCHEMES = frozenset({"javascript", "data", "vbscript"})
"""URL schemes that run script or carry a document of their own: links with
them are left out of :attr:`ParsedPage.links`, their link spans get the URL
``""``, and a ``<base href>`` with one is ignored."""

_C0_OR_SPACE = "".join(map(chr, range(0x21)))
_TAB_OR_NEWLINE = str.maketrans("", "", "\t\n\r")

# An absolute http(s) URL that urljoin returns unchanged against any base:
# lower-case scheme, a plain host and port, a path without ";" (urljoin would
# split parameters off it), a non-empty query and fragment if any, and no
# white space or control character (urljoin strips or removes those).
# tests/test_links.py pins it to urljoin.
_PLAIN_ABSOLUTE = re.compile(
    r"https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:/[^\x00-\x20;?#\x7f]*)?"
    r"(?:\?[^\x00-\x20#\x7f]+)?(?:#[^\x00-\x20\x7f]+)?\Z"
)
_ORIGIN = re.compile(r"https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?")
"""The scheme and host of a plain absolute URL."""

# A path from the root (one "/", not the "//" of a host) that urljoin gives
# back after a plain absolute base's origin as it is: no segment is "." or
# ".." (nor starts with a dot, to keep the test simple), no ";" (parameters),
# a non-empty query and fragment if any, and no white space or control
# character. A fragment alone stands after the base without its own.
# tests/test_links.py pins both to urljoin.
_PLAIN_ROOTED = re.compile(
    r"/(?![/.])[^\x00-\x20;?#\x7f/]*(?:/(?!\.)[^\x00-\x20;?#\x7f/]*)*"
    r"(?:\?[^\x00-\x20#\x7f]+)?(?:#[^\x00-\x20\x7f]+)?\Z"
)
_PLAIN_FRAGMENT = re.compile(r"#[^\x00-\x20\x7f]+\Z")

# A URL with a scheme and no authority ("mailto:", "tel:", "sms:"),
# nothing urljoin strips or removes in it (it opens with a letter, and holds
# no tab or line break), so that urljoin reads no host it could refuse.
# tests/test_links.py pins it to urljoin.
_OTHER_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):(?!//)[^\t\n\r]*\Z")


def unsafe_url(href: str) -> bool:
    """Whether ``href`` has a scheme of :data:`UNSAFE_SCHEMES`, read as
    browsers read it: control characters and spaces before it and tabs and
    newlines inside it ignored, ASCII letters in any case."""
    colon = href.find(":")
    if colon == -1:
        return False
    scheme = href[:colon].translate(_TAB_OR_NEWLINE).lstrip(_C0_OR_SPACE)
    return scheme.isascii() and scheme.lower() in UNSAFE_SCHEMES


def join(base: str | None, href: str) -> str:
    """``href`` against ``base``; ``""`` when the two cannot be joined."""
    try:
        return urljoin(base or "", href)
    except ValueError:
        return ""


def _parses(url: str) -> bool:
    try:
        urlsplit(url)
    except ValueError:
        return False
    return True


class Resolver:
    """Absolute URLs against one base, each distinct ``href`` joined once;
    ``""`` for an unsafe ``href`` and for one that cannot be joined. A base
    that is no URL at all leaves every ``href`` as written."""

    __slots__ = ("base", "known", "origin", "unmarked")

    def __init__(self, base: str | None) -> None:
        self.base = base if base and _parses(base) else None
        self.known: dict[str, str] = {}
        # A plain absolute base: a path from the root, or a fragment, is
        # joined to it by concatenation, as urljoin would join it.
        plain = self.base is not None and _PLAIN_ABSOLUTE.match(self.base)
        found = _ORIGIN.match(self.base) if plain and self.base else None
        self.origin = found.group() if found else None
        self.unmarked = self.base.split("#", 1)[0] if found and self.base else None

    def __call__(self, href: str) -> str:
        url = self.known.get(href)
        if url is None:
            if _PLAIN_ABSOLUTE.match(href):
                url = href  # what urljoin gives back for it, at a tenth the cost
            elif self.origin is not None and _PLAIN_ROOTED.match(href):
                url = self.origin + href
            elif self.unmarked is not None and _PLAIN_FRAGMENT.match(href):
                url = self.unmarked + href
            else:
                url = self._joined(href)
            self.known[href] = url
        return url

    def _joined(self, href: str) -> str:
        """An ``href`` that is neither plain absolute nor, against a plain
        base, a plain path from the root or fragment, joined to the base."""
        if unsafe_url(href):
            return ""
        if self.origin is not None and self.unmarked is not None:
            shortcut = _plain_join(href, self.origin, self.unmarked)
            if shortcut is not None:
                return shortcut
        return join(self.base, href) if self.base else href


def _plain_join(href: str, origin: str, unmarked: str) -> str | None:
    """What urljoin gives for ``href`` against a plain absolute base with
    ``origin``, whose address without its fragment is ``unmarked``, when
    that is known without joining; None for any other ``href``. A fragment
    of nothing leaves the base's out; an address without a scheme (``//``)
    that is plain with the base's scheme takes it; one with another scheme
    and no authority stays as written, since urljoin reads it alone."""
    if href == "#":
        return unmarked
    scheme = origin.partition(":")[0]
    if href[:2] == "//":
        url = f"{scheme}:{href}"
        return url if _PLAIN_ABSOLUTE.match(url) else None
    other = _OTHER_SCHEME.match(href)
    if other is not None and other[1].lower() != scheme:
        return href
    return None
