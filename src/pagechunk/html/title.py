"""The page's title: the ``<title>`` text tidied, else the first heading, and
the site name that may trail it."""

from __future__ import annotations

from urllib.parse import urlsplit

from pagechunk.model import HEADING, Block

__all__ = ["TITLE_SEPARATORS", "drop_site_suffix", "page_title"]

TITLE_SEPARATORS = (" - ", " | ", " · ", " — ", " – ")
"""What stands between a page title and a site name after it."""


def page_title(raw: str, blocks: list[Block], strip_chars: str) -> str:
    """The title from the raw ``<title>`` text (see
    :func:`~pagechunk.html.prune.prune`): ``strip_chars`` deleted and
    whitespace collapsed; the first heading's text when that leaves nothing."""
    if strip_chars:
        raw = raw.translate(str.maketrans("", "", strip_chars))
    title = " ".join(raw.split())
    if not title:
        title = next((block.text for block in blocks if block.kind == HEADING), "")
    return title


def drop_site_suffix(title: str, *, site_name: str = "", url: str = "") -> str:
    """``title`` without a trailing site name, as in ``"Pricing | Acme"``.

    The part after the last separator of :data:`TITLE_SEPARATORS` (or an
    earlier one, so a site name may hold a separator) is dropped when it is
    ``site_name``, or names the host of ``url``: its words, case ignored, are
    all labels of the host without ``www.`` and the top-level domain, or run
    together make one (``"Example News"`` for ``news.example.com``). A title
    is never emptied: one that is only the site name stays as it is.
    """
    labels = _host_labels(url)
    site_words = _words(site_name)
    for start, end in _separator_cuts(title):
        kept = title[:start].strip()
        words = _words(title[end:])
        if not kept or not words:
            continue
        if words == site_words or (
            labels and ("".join(words) in labels or labels.issuperset(words))
        ):
            return kept
    return title


def _separator_cuts(title: str) -> list[tuple[int, int]]:
    """Each separator's start and end in ``title``, the last first."""
    cuts = []
    for separator in TITLE_SEPARATORS:
        start = title.find(separator)
        while start != -1:
            cuts.append((start, start + len(separator)))
            start = title.find(separator, start + 1)
    return sorted(cuts, reverse=True)


def _words(text: str) -> list[str]:
    """The letter and digit runs of ``text``, case-folded."""
    return "".join(c if c.isalnum() else " " for c in text.casefold()).split()


def _host_labels(url: str) -> frozenset[str]:
    """The labels of ``url``'s host without ``www`` and the top-level domain,
    each also split at and joined over its hyphens."""
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return frozenset()
    names = host.split(".")
    if names[0] == "www":
        names = names[1:]
    labels: set[str] = set()
    for name in names[:-1] if len(names) > 1 else names:
        labels.update((name, name.replace("-", ""), *name.split("-")))
    labels.discard("")
    return frozenset(labels)
