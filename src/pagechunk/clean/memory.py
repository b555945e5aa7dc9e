"""Site memory: the short and link-bearing blocks a site repeats across pages.

A menu, a footer or a cookie notice that a page's own evidence keeps (a few
site links in a plain ``<div>``) still gives itself away by standing on every
page of its site. :class:`SiteMemory` counts, per site, on how many pages each
such block was seen; :func:`~pagechunk.clean_blocks` given one drops a block
seen on ``min_site_pages`` pages or more when it stands outside the page's
article span.

A block is remembered by its signature: a short hash of its kind, its text
(case-folded, whitespace collapsed) and its link destinations. Only blocks
that could be chrome get one: not headings or code, and either holding a link
or under :data:`SHORT_CHARS` readable characters. A page counts once per
signature however often it repeats a block.

A site is the registrable domain of the page's URL (see
:func:`pagechunk.clean.site.site_key`), so ``www.example.com`` and
``example.com`` share one memory; a page without a site is neither counted
nor judged. Each site keeps at most ``max_signatures`` signatures, forgetting
the one seen longest ago first, so the memory holds at most that many per
site (and ``max_sites`` sites, when given). Chrome, seen on every page, stays;
an article's own lines, seen once, are what goes.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from pagechunk.checks import check_blocks, check_type
from pagechunk.clean.measure import readable_chars
from pagechunk.clean.site import site_key
from pagechunk.model import CODE, HEADING, Block

__all__ = [
    "MAX_SIGNATURES",
    "SHORT_CHARS",
    "SiteMemory",
    "block_signature",
    "page_signatures",
]

SHORT_CHARS = 200
"""Readable characters under which a block without links is remembered."""

MAX_SIGNATURES = 2000
"""Signatures one site keeps by default."""

_FORMAT = 1

_NOTHING: Mapping[str, int] = MappingProxyType({})


def block_signature(block: Block) -> str | None:
    """The signature of a block that could be chrome, else None.

    Args:
        block: A block with its links.

    Returns:
        16 hex digits of a hash of the block's kind, normalised text and link
        destinations; None for a heading, code, or a block without links of
        :data:`SHORT_CHARS` readable characters or more.
    """
    if block.kind in (HEADING, CODE):
        return None
    if not block.links and readable_chars(block.text) >= SHORT_CHARS:
        return None
    parts = [block.kind, " ".join(block.text.casefold().split())]
    parts.extend(link.url for link in block.links)
    text = "\0".join(parts).encode("utf-8", "surrogatepass")
    return hashlib.blake2b(text, digest_size=8).hexdigest()


def page_signatures(blocks: Iterable[Block]) -> list[str]:
    """The distinct signatures of a page's blocks, in order of first sight."""
    signatures = (block_signature(block) for block in blocks)
    return list(dict.fromkeys(sign for sign in signatures if sign is not None))


class SiteMemory:
    """Counts, per site, the pages each chrome-like block was seen on.

    Feed it every page of a crawl with :meth:`observe` (or
    :func:`~pagechunk.clean_blocks` ``memory=``, which observes the page, then
    cleans it), and read counts with :meth:`seen`. A :meth:`frozen` copy only
    reads: cleaning against it observes nothing.

    Args:
        max_signatures: Signatures kept per site; past it, the one seen
            longest ago is forgotten.
        max_sites: Sites kept; past it, the site seen longest ago is
            forgotten. None keeps every site.

    Raises:
        ValueError: A bound is below 1.
    """

    __slots__ = ("_sites", "max_signatures", "max_sites", "read_only")

    def __init__(
        self, max_signatures: int = MAX_SIGNATURES, max_sites: int | None = None
    ) -> None:
        if max_signatures < 1 or (max_sites is not None and max_sites < 1):
            raise ValueError("SiteMemory bounds must be at least 1")
        self.max_signatures = max_signatures
        self.max_sites = max_sites
        self.read_only = False
        self._sites: OrderedDict[str, OrderedDict[str, int]] = OrderedDict()

    def __len__(self) -> int:
        """How many signatures the memory holds over all sites."""
        return sum(map(len, self._sites.values()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SiteMemory):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def sites(self) -> list[str]:
        """The sites remembered, the one seen longest ago first."""
        return list(self._sites)

    def observe(self, site: str | None, blocks: Iterable[Block]) -> None:
        """Count one page of ``site`` (its URL or host).

        Raises:
            TypeError: The memory is frozen, ``site`` is neither text nor
                None, or ``blocks`` holds anything but blocks.
        """
        self.record(site, page_signatures(check_blocks(blocks)))

    def record(self, site: str | None, signatures: Iterable[str]) -> None:
        """Count one page of ``site`` by the signatures of its blocks;
        repeated signatures count once.

        Raises:
            TypeError: The memory is frozen.
        """
        if self.read_only:
            raise TypeError("a frozen SiteMemory observes nothing")
        key = site_key(site)
        if not key:
            return
        counts = self._site(key)
        for signature in dict.fromkeys(signatures):
            counts[signature] = counts.pop(signature, 0) + 1
        self._trim(counts)

    def _site(self, key: str) -> OrderedDict[str, int]:
        """The counts of a site, made the one seen last."""
        counts = self._sites.get(key)
        if counts is None:
            counts = self._sites[key] = OrderedDict()
            if self.max_sites is not None and len(self._sites) > self.max_sites:
                self._sites.popitem(last=False)
        else:
            self._sites.move_to_end(key)
        return counts

    def _trim(self, counts: OrderedDict[str, int]) -> None:
        while len(counts) > self.max_signatures:
            counts.popitem(last=False)

    def update(self, other: SiteMemory) -> None:
        """Add the counts of another memory, site by site in its order of
        sight, as if its pages had been observed here after this one's.

        Raises:
            TypeError: This memory is frozen, or ``other`` is no
                :class:`SiteMemory`.
        """
        check_type("other", other, SiteMemory)
        if self.read_only:
            raise TypeError("a frozen SiteMemory observes nothing")
        for key, others in other._sites.items():
            counts = self._site(key)
            for signature, count in others.items():
                counts[signature] = counts.pop(signature, 0) + count
            self._trim(counts)

    def clear(self) -> None:
        """Forget every site."""
        self._sites.clear()

    def seen(self, site: str | None, block: Block) -> int:
        """On how many pages of ``site`` the block was observed.

        Raises:
            TypeError: ``block`` is no :class:`~pagechunk.Block`, or ``site``
                is neither text nor None.
        """
        check_type("block", block, Block)
        signature = block_signature(block)
        return 0 if signature is None else self.count(site, signature)

    def count(self, site: str | None, signature: str) -> int:
        """On how many pages of ``site`` a signature was observed."""
        return self.counts(site).get(signature, 0)

    def counts(self, site: str | None) -> Mapping[str, int]:
        """On how many pages of ``site`` each signature was observed, as a
        read-only view that follows the memory."""
        counts = self._sites.get(site_key(site))
        return _NOTHING if counts is None else MappingProxyType(counts)

    def frozen(self) -> SiteMemory:
        """A read-only copy, to clean pages against counts already taken."""
        copy = self._copy()
        copy.read_only = True
        return copy

    def _copy(self) -> SiteMemory:
        copy = SiteMemory(self.max_signatures, self.max_sites)
        copy._sites = OrderedDict(
            (key, OrderedDict(counts)) for key, counts in self._sites.items()
        )
        return copy

    def to_json(self) -> str:
        """The memory as JSON text, order of sight included."""
        return json.dumps(
            {
                "format": _FORMAT,
                "max_signatures": self.max_signatures,
                "max_sites": self.max_sites,
                "sites": [
                    [key, list(counts.items())] for key, counts in self._sites.items()
                ],
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> SiteMemory:
        """The memory :meth:`to_json` wrote.

        Raises:
            ValueError: The text is not a memory this version wrote.
        """
        try:
            data = json.loads(text)
            if data["format"] != _FORMAT:
                raise ValueError(f"unknown SiteMemory format {data['format']!r}")
            memory = cls(int(data["max_signatures"]), data["max_sites"])
            for key, counts in data["sites"]:
                memory._sites[str(key)] = OrderedDict(
                    (str(signature), int(count)) for signature, count in counts
                )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a SiteMemory: {error}") from None
        return memory
