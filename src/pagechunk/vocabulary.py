"""Every word list the rules read, in one place: tag sets and heading names.

The text API's own tag sets (:data:`~pagechunk.DROP_TAGS` and the others) are
public constants of :mod:`pagechunk.model`; the sets here are the ones the
steps read besides them. Each is frozen: a caller who wants others passes them
as arguments.

The tag sets are grouped by the step of :mod:`pagechunk.html` that reads them,
in the order the steps run: guard, head, flatten, focus, walk and tables.
"""

from types import MappingProxyType

from pagechunk.model import CODE, ITEM, QUOTE, ROW

__all__ = [
    "BLOCK_TAGS",
    "CELL_TAGS",
    "CHROME_HEADINGS",
    "CODE_LANGUAGE_PREFIXES",
    "CONTENT_NAME_WORDS",
    "FIGURE_TEXT_TAGS",
    "HEADING_LEVELS",
    "HEAD_TAGS",
    "HTML_MEDIA_TYPES",
    "INLINE_TAGS",
    "ITEM_TAGS",
    "LAYOUT_ROLES",
    "LINE_TAGS",
    "LINK_TAGS",
    "NAMED_TAGS",
    "PICTURE_TAGS",
    "PROSE_TAGS",
    "RAW_TEXT_TAGS",
    "SOCIAL_NETWORK_HOSTS",
    "SOCIAL_NETWORK_NAMES",
    "SOCIAL_NETWORK_SITES",
    "TABLE_LAYOUT_TAGS",
    "TAG_KINDS",
    "UNSHOWN_TAGS",
    "VOID_TAGS",
]

# -- guard: reading tags in the raw bytes ------------------------------------

VOID_TAGS = frozenset(
    {
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "param", "source", "track", "wbr",
    }
)  # fmt: skip
"""Elements that have no end tag, so open nothing that nests."""

RAW_TEXT_TAGS = frozenset({"script", "style", "textarea", "title"})
"""Elements whose text is read as text: a ``<`` inside opens no tag."""

UNSHOWN_TAGS = frozenset({"script", "style", "template"})
"""Elements whose text no reader sees wherever they stand: what a
``<noscript>``, a JSON-LD text written in HTML or a code block's lines hold
of them is left out when the safety net or the code join reads them."""

# -- head: what the page declares about itself -------------------------------

LINK_TAGS = frozenset({"a", "area"})
"""Elements whose ``href`` is one of the page's links."""

HEAD_TAGS = LINK_TAGS | {"base", "meta", "link", "template"}
"""Elements the head step reads: links, ``<base>``, ``<meta>``, ``<link>``,
and ``<template>``, whose links are never shown. (``<title>`` is read by the
prune step: only a title outside what it drops counts.)"""

# -- flatten: inline markup merged into its block ----------------------------

INLINE_TAGS = frozenset(
    {
        "abbr", "acronym", "b", "bdi", "bdo", "big", "cite", "code", "data",
        "del", "dfn", "em", "font", "i", "img", "input", "ins", "kbd", "label",
        "link", "mark", "meta", "nobr", "picture", "q", "rp", "rt", "ruby", "s",
        "samp", "small", "source", "span", "strike", "strong", "sub", "sup",
        "time", "tt", "u", "var", "wbr",
    }
)  # fmt: skip
"""Elements whose text runs on in their parent's line; merging them into the
parent before the walk leaves it far fewer nodes to visit."""

# -- focus: where the article's prose stands ---------------------------------

LINE_TAGS = frozenset({"p", "pre"})
"""Paragraph tags: their text runs on after each link and line break."""

PROSE_TAGS = frozenset(
    {
        "p",
        "pre",
        "div",
        "td",
        "section",
        "article",
        "main",
        "blockquote",
        "center",
        "dd",
    }
)
"""Blocks whose own text can be prose."""

NAMED_TAGS = frozenset(
    {"ul", "ol", "aside", "footer", "header", "form", "table", "figure", "figcaption"}
)
"""Blocks read for their ``class`` and ``id`` names only, never for prose."""

PICTURE_TAGS = frozenset({"figure", "figcaption"})
"""Elements that hold a picture and its caption: boilerplate inside an
article by their tag alone."""

FIGURE_TEXT_TAGS = ("table", "pre")
"""What a ``<figure>`` may hold that makes it text, not a picture: a table
(WordPress wraps each one in ``<figure class="wp-block-table">``) or a code
listing (Jekyll's ``<figure class="highlight"><pre>``)."""

CONTENT_NAME_WORDS = ("article", "content", "entry", "post", "story", "body", "text")
"""Words inside a ``class`` or ``id`` that name the article's own box."""

# -- walk and tables: blocks and their kinds ---------------------------------

BLOCK_TAGS = frozenset(
    {
        "address", "article", "aside", "blockquote", "body", "caption", "center",
        "dd", "details", "dialog", "div", "dl", "dt", "fieldset", "figcaption",
        "figure", "footer", "form", "header", "hgroup", "legend", "li", "main",
        "menu", "nav", "ol", "p", "pre", "search", "section", "summary", "table",
        "tbody", "tfoot", "thead", "tr", "ul",
    }
)  # fmt: skip
"""Elements that end the text before them and start a block of their own."""

HEADING_LEVELS = MappingProxyType({f"h{level}": level for level in range(1, 7)})
"""The heading elements, each with its level."""

ITEM_TAGS = frozenset({"li", "dt", "dd"})
"""List items, definition terms and descriptions."""

TAG_KINDS = MappingProxyType(
    {**dict.fromkeys(ITEM_TAGS, ITEM), "tr": ROW, "pre": CODE, "blockquote": QUOTE}
)
"""The :attr:`~pagechunk.Block.kind` of a block element other than a
paragraph; every other block element reads as a paragraph."""

CODE_LANGUAGE_PREFIXES = ("language-", "lang-", "highlight-source-", "highlight-")
"""Class-name prefixes that name a code block's language
(``class="language-python"``), the longer of two that overlap first."""

CELL_TAGS = frozenset({"td", "th"})
"""Table cells."""

TABLE_LAYOUT_TAGS = frozenset({"table", "pre", *HEADING_LEVELS})
"""Elements that make a table holding one a page's layout, not data."""

LAYOUT_ROLES = frozenset({"presentation", "none"})
"""``role`` values that make a table a page's layout, not data."""

# -- clean: heading names ------------------------------------------------------

CHROME_HEADINGS = frozenset(
    {
        # English
        "breadcrumb",
        "breadcrumbs",
        "categories",
        "connect with us",
        "cookie settings",
        "follow us",
        "footer",
        "footer menu",
        "footer navigation",
        "in this article",
        "in this post",
        "jump to",
        "jump to section",
        "main menu",
        "main navigation",
        "more stories",
        "most popular",
        "most read",
        "navigation",
        "navigation menu",
        "on this page",
        "page contents",
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
        "table of contents",
        "trending",
        "useful links",
        "you may also like",
        # German
        "das könnte sie auch interessieren",
        "folgen sie uns",
        "inhaltsverzeichnis",
        "meistgelesen",
        "verwandte artikel",
        "ähnliche artikel",
        "lesen sie auch",
        "mehr zum thema",
        "weitere artikel",
        # French
        "articles similaires",
        "les plus lus",
        "sommaire",
        "suivez-nous",
        "sur le même sujet",
        "table des matières",
        "à lire aussi",
        "lire aussi",
        "voir aussi",
        # Spanish and Portuguese
        "artigos relacionados",
        "artículos relacionados",
        "leia também",
        "lo más leído",
        "mais lidas",
        "siga-nos",
        "síguenos",
        "tabla de contenidos",
        "te puede interesar",
        "entradas relacionadas",
        "noticias relacionadas",
        "notícias relacionadas",
        "posts relacionados",
        # Italian
        "articoli correlati",
        "potrebbe interessarti",
        "seguici",
        "leggi anche",
        "notizie correlate",
        # Dutch
        "gerelateerde artikelen",
        "inhoudsopgave",
        "volg ons",
        # Russian
        "оглавление",
        "похожие статьи",
        "содержание",
        "читайте также",
        "новости по теме",
        "по теме",
        # Chinese and Japanese
        "目录",
        "相关文章",
        "目次",
        "関連記事",
        "相关新闻",
        "相关阅读",
        "延伸阅读",
        "あわせて読みたい",
    }
)
"""Heading texts, case folded, that name page chrome rather than content
(menus, tables of contents, related links, social links), in English and
in the languages most written on the web."""

# -- clean: where links lead --------------------------------------------------

SOCIAL_NETWORK_NAMES = frozenset(
    {
        "facebook",
        "instagram",
        "linkedin",
        "pinterest",
        "tiktok",
        "tumblr",
        "twitter",
        "whatsapp",
    }
)
"""First labels of the registrable domains of social networks, whatever
the country's suffix (``pinterest.ca``, ``facebook.com``): a link there
from a page is its site's profile ("Follow us") or a share button, page
chrome as a link into the site is. YouTube and Reddit are left out: a
link to a video or a thread is often the article's own reference."""

SOCIAL_NETWORK_SITES = frozenset({"bsky.app", "t.me", "threads.net", "wa.me", "x.com"})
"""Registrable domains of social networks whose first label is no name of
its own (``x.com``, ``t.me``), read with :data:`SOCIAL_NETWORK_NAMES`."""

SOCIAL_NETWORK_HOSTS = frozenset({"", "www", "m", "mobile"})
"""Subdomains of a social network's domain that serve its profiles and
share buttons (``www.facebook.com``, ``m.facebook.com``); another
(``engineering.fb.com``, ``developers.facebook.com``) is the company's
blog or documentation, which an article may cite."""

HTML_MEDIA_TYPES = frozenset({"text/html", "application/xhtml+xml"})
"""Media types of an HTML page: what batch reads from an archive as a page,
and the originals whose Markdown :func:`~pagechunk.clean_markdown` cleans."""
