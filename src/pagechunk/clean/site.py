"""Whether a link points back into the page's own site.

A site is compared by its registrable domain, approximated without a public
suffix list: the last two labels of the host, or three under a two-letter
country code whose second level is a generic one (``bbc.co.uk``). Subdomains
of one site therefore count as that site.
"""

from __future__ import annotations

__all__ = ["LinkSites", "site_key"]

_GENERIC_SECOND_LEVEL = frozenset(
    {"ac", "co", "com", "edu", "go", "gob", "gov", "mil", "ne", "net", "or", "org"}
)
_SCHEME_MARKS = str.maketrans("", "", "+-.")


def _host(url: str) -> str:
    """The lower-cased host of an absolute or scheme-relative URL, else ''."""
    slashes = url.find("//")
    if slashes == -1:
        return ""
    if slashes:
        scheme = url[: slashes - 1]
        if url[slashes - 1] != ":" or not scheme[:1].isalpha():
            return ""
        if not scheme.translate(_SCHEME_MARKS).isalnum():
            return ""
    authority = url[slashes + 2 :]
    for end in "/?#":
        cut = authority.find(end)
        if cut != -1:
            authority = authority[:cut]
    authority = authority.rpartition("@")[2]
    if authority.startswith("["):
        return authority.partition("]")[0].lower() + "]"
    return authority.partition(":")[0].lower().rstrip(".")


def site_key(site: str | None) -> str:
    """The registrable domain of a URL or bare host; '' for None or none."""
    if not site:
        return ""
    host = _host(site) if "//" in site else site.split("/", 1)[0].partition(":")[0]
    host = host.lower().rstrip(".")
    if not host or host.startswith("[") or host.replace(".", "").isdigit():
        return host
    labels = host.split(".")
    keep = 2
    if len(labels) > 2 and len(labels[-1]) == 2 and labels[-2] in _GENERIC_SECOND_LEVEL:
        keep = 3
    return ".".join(labels[-keep:])


class LinkSites:
    """Tells site-local links from others for one page.

    A link without a host (relative, a fragment, ``mailto:``, an anchor with
    no ``href``) is always local; one with a host is local when it shares the
    page's registrable domain. Without a site only host-less links are local.
    """

    __slots__ = ("_key", "_seen")

    def __init__(self, site: str | None) -> None:
        self._key = site_key(site)
        self._seen: dict[str, bool] = {}

    def is_local(self, url: str) -> bool:
        """Whether ``url`` points into the page's own site."""
        host = _host(url)
        if not host:
            return True
        local = self._seen.get(host)
        if local is None:
            local = bool(self._key) and site_key(host) == self._key
            self._seen[host] = local
        return local

    def mostly_local(self, urls: list[str]) -> bool:
        """Whether more than half of ``urls`` are local."""
        local = sum(map(self.is_local, urls))
        return 2 * local > len(urls)
