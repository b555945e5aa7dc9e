"""Site-local links: the registrable domain of a page and of its links."""

from __future__ import annotations

import pytest

from pagechunk.clean.site import LinkSites, link_host, site_key

SITE = "https://www.example.com/articles/today"


@pytest.mark.parametrize(
    ("site", "key"),
    [
        ("https://www.example.com/a/b", "example.com"),
        ("http://user@Docs.Example.COM:8080/x", "example.com"),
        ("example.com", "example.com"),
        ("news.bbc.co.uk", "bbc.co.uk"),
        ("https://shop.example.com.au/", "example.com.au"),
        ("http://192.168.1.7/x", "192.168.1.7"),
        ("localhost", "localhost"),
        (None, ""),
        ("", ""),
    ],
)
def test_site_key_is_the_registrable_domain(site: str | None, key: str) -> None:
    assert site_key(site) == key


@pytest.mark.parametrize(
    ("url", "local"),
    [
        ("/about", True),
        ("about.html", True),
        ("#top", True),
        ("", True),
        ("mailto:desk@example.org", True),
        ("javascript:void(0)", True),
        ("/search?next=https://elsewhere.org/", True),
        ("https://example.com/", True),
        ("https://docs.example.com/guide", True),
        ("//cdn.example.com/x", True),
        ("https://example.org/", False),
        ("https://notexample.com/", False),
        ("https://example.com.evil.net/", False),
        # A social network's profiles and share buttons: the site's chrome.
        ("https://www.facebook.com/examplenews", True),
        ("https://m.facebook.com/sharer.php?u=x", True),
        ("https://x.com/intent/tweet?url=x", True),
        ("https://www.pinterest.co.uk/examplenews/", True),
        # The network's blog or documentation is a reference.
        ("https://engineering.fb.com/2024/a-post/", False),
        ("https://developers.facebook.com/docs/", False),
        ("https://www.youtube.com/watch?v=x", False),
    ],
)
def test_link_sites_local(url: str, local: bool) -> None:
    assert LinkSites(SITE).is_local(url) is local


def test_without_site_only_links_without_host_or_to_social_networks_are_local() -> None:
    sites = LinkSites(None)
    assert sites.is_local("/about")
    assert not sites.is_local("https://www.example.com/about")
    assert sites.is_local("https://www.instagram.com/example/")


@pytest.mark.parametrize(
    ("url", "host"),
    [
        ("https://Docs.Example.COM./guide", "docs.example.com"),
        ("http://user:pw@example.org:8080/x", "example.org"),
        ("//cdn.example.net/a.js", "cdn.example.net"),
        ("http://[2001:DB8::1]:80/", "[2001:db8::1]"),
        ("http://[::1", ""),
        ("/search?next=https://elsewhere.org/", ""),
        ("mailto:desk@example.org", ""),
        ("file:///home/me/page.html", ""),
        ("1http://example.org/", ""),
    ],
)
def test_link_host(url: str, host: str) -> None:
    assert link_host(url) == host


@pytest.mark.parametrize(
    "site",
    ["https://news.bbc.co.uk/a", "example.com", "[::1]", "http://[::1]:8/", "1.2.3.4"],
)
def test_a_site_key_is_its_own_key(site: str) -> None:
    assert site_key(site_key(site)) == site_key(site)


def test_bare_ipv6_host_keeps_its_brackets() -> None:
    assert site_key("[::1]:8080/x") == "[::1]"


def test_link_sites_read_the_page_site_once() -> None:
    assert LinkSites(SITE).key == "example.com"
    assert LinkSites(None).key == ""


@pytest.mark.parametrize(
    "url",
    [
        "https://docs.example.com/guide",
        "https://example.com?next=/a",
        "https://example.com#top/x",
        "http://user@example.org:80/x",
        "/search?next=https://elsewhere.org/",
        "/path//example.org/x",
        "http:?x//example.org/y",
        "//cdn.example.com",
        "https://[::1]/x",
        "http://[::1",
        "  https://example.org/x",
    ],
)
def test_link_sites_read_each_link_as_link_host_does(url: str) -> None:
    # LinkSites splits only a link's origin, once a page: the plain reading
    # of the whole link must agree with it.
    host = link_host(url)
    plain = not host or site_key(host) == site_key(SITE)
    sites = LinkSites(SITE)
    assert sites.is_local(url) is plain
    assert sites.is_local(url) is plain  # and once it is remembered
