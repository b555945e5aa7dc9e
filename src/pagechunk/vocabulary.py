"""Every word list the rules read, in one place: tag sets and heading names.

The text API's own tag sets (:data:`~pagechunk.DROP_TAGS` and the others) are
public constants of :mod:`pagechunk.model`; the sets here are the ones the
steps read besides them. Each is frozen: a caller who wants others passes them
as arguments.
"""

__all__ = ["CHROME_HEADINGS", "HTML_MEDIA_TYPES"]

CHROME_HEADINGS = frozenset(
    {
        "breadcrumb",
        "breadcrumbs",
        "categories",
        "connect with us",
        "cookie settings",
        "follow us",
        "footer",
        "footer menu",
        "footer navigation",
        "main menu",
        "main navigation",
        "more stories",
        "most popular",
        "most read",
        "navigation",
        "navigation menu",
        "popular posts",
        "primary navigation",
        "quick links",
        "recent posts",
        "recommended",
        "related",
        "related articles",
        "related posts",
        "related stories",
        "secondary navigation",
        "share this",
        "share this article",
        "share this post",
        "sidebar",
        "site map",
        "site navigation",
        "sitemap",
        "social links",
        "trending",
        "useful links",
        "you may also like",
    }
)
"""Lower-cased heading texts that name page chrome rather than content."""

HTML_MEDIA_TYPES = frozenset({"text/html", "application/xhtml+xml"})
"""Media types of an HTML page: what batch reads from an archive as a page,
and the originals whose Markdown :func:`~pagechunk.clean_markdown` cleans."""
