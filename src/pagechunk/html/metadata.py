"""Step 3b, metadata: what a page says about its content, read before
anything is pruned.

The page's headline, author, dates, description, site name, canonical URL,
image, tags and license come from five kinds of markup. Each field takes the
first value found in this order of precedence:

1. JSON-LD (``pagechunk.html.jsonld``, ``@graph`` included): the main
   object first (an article, posting, question, recipe, product or the
   like, see :data:`MAIN_TYPES`), then a ``WebPage`` and its
   ``mainEntity``, then the ``WebSite`` and ``Organization`` for the site
   name; an ``author`` given as ``{"@id": ...}`` is looked up in the graph.
2. OpenGraph ``<meta property="og:*">`` and ``article:*``.
3. Twitter cards, ``<meta name="twitter:*">``.
4. Other ``<meta name>`` values (``author``, ``description``,
   ``keywords``, Dublin Core, ``citation_*`` and the like) and
   ``<link rel>`` / ``<a rel>`` (``canonical``, ``license``, ``author``).
5. Microdata ``itemprop`` values inside an item of a main type.
6. Fallbacks, read only while nothing above gave the field: the first
   ``<h1>`` for the headline; for the author an element whose ``class``
   names an author, a link to an ``/author/`` page or a "By ..." line; for
   the published date a ``<time>``, a date line whose ``class`` names a
   date, the text after the first ``<h1>``, or a short text that is a date
   alone.

``<meta>``, ``<link>``, ``<h1>`` and ``<time>`` are read in one
tag-filtered pass; the rest of the page is visited once more, and only as
far as its first 1,500 elements, when microdata or a
fallback is still needed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from datetime import datetime
from email.utils import parsedate_to_datetime
from functools import lru_cache, partial
from html import unescape
from itertools import islice
from operator import itemgetter
from typing import Any

from lxml import etree

from pagechunk.html.head import Gathered, PageHead
from pagechunk.html.jsonld import JsonObject, type_names
from pagechunk.html.links import join, unsafe_url
from pagechunk.html.title import drop_site_suffix

__all__ = [
    "DATE_CACHE",
    "MAIN_TYPES",
    "METADATA_FIELDS",
    "PageMetadata",
    "iso_date",
    "language_tag",
    "read_metadata",
]

MAIN_TYPES = frozenset(
    {
        "Article",
        "AdvertiserContentArticle",
        "AnalysisNewsArticle",
        "APIReference",
        "BackgroundNewsArticle",
        "BlogPosting",
        "Book",
        "Course",
        "CreativeWork",
        "DiscussionForumPosting",
        "Event",
        "HowTo",
        "LiveBlogPosting",
        "MedicalWebPage",
        "NewsArticle",
        "OpinionNewsArticle",
        "Product",
        "Question",
        "Recipe",
        "Report",
        "ReportageNewsArticle",
        "Review",
        "ReviewNewsArticle",
        "ScholarlyArticle",
        "SocialMediaPosting",
        "SoftwareApplication",
        "SoftwareSourceCode",
        "TechArticle",
        "VideoObject",
    }
)
"""JSON-LD and microdata types whose object is the page's content, read
before a ``WebPage``."""

_PAGE_TYPES = frozenset(
    {
        "WebPage",
        "AboutPage",
        "CollectionPage",
        "ContactPage",
        "FAQPage",
        "ItemPage",
        "ProfilePage",
        "QAPage",
        "SearchResultsPage",
    }
)
_SITE_TYPES = frozenset({"WebSite", "Organization", "NewsMediaOrganization"})

_META_AUTHOR = (
    "author",
    "article:author",
    "dc.creator",
    "dcterms.creator",
    "citation_author",
    "parsely-author",
    "sailthru.author",
    "byl",
)
_META_PUBLISHED = (
    "article:published_time",
    "og:published_time",
    "date",
    "pubdate",
    "publishdate",
    "publish_date",
    "publish-date",
    "dc.date",
    "dc.date.issued",
    "dcterms.date",
    "dcterms.issued",
    "dcterms.created",
    "citation_publication_date",
    "citation_date",
    "parsely-pub-date",
    "sailthru.date",
    "article.published",
    "datepublished",
)
_META_MODIFIED = (
    "article:modified_time",
    "og:updated_time",
    "last-modified",
    "dcterms.modified",
    "dc.date.modified",
    "datemodified",
)
_BY_LABELS = frozenset({"written by", "author", "by"})
_META_LICENSE = ("license", "dc.rights", "dcterms.license", "dcterms.rights")
_MICRODATA = {
    "headline": "headline",
    "name": "name",
    "author": "author",
    "creator": "author",
    "datepublished": "published",
    "datecreated": "published",
    "datemodified": "modified",
    "description": "description",
    "image": "image",
    "keywords": "tags",
    "license": "license",
}
_DATE_CLASSES = (
    "date",
    "Date",
    "publish",
    "ublication",
    "posted",
    "updated",
    "byline",
    "meta",
)
_AUTHOR_CLASSES = ("author", "Author")
_DATES = frozenset({"published", "modified"})
_DATE_TEXT_TAGS = frozenset(
    {"b", "dd", "div", "em", "i", "li", "p", "small", "span", "strong", "td"}
)
"""Elements whose own text may be a date standing alone."""
_NOT_LINES = frozenset({"time", "body", "html", "script", "style"})
_MICRODATA_FIELDS = ("headline", "author", "published")
"""The fields worth a microdata pass when no better source gave them."""


_BODY_ELEMENTS = 1500
"""How far into the page, in elements, bylines and date lines are looked
for: they stand near the top of an article."""
_MARKUP_TAGS = ("meta", "link", "h1", "time")
_BYLINE_PREFIX = re.compile(
    r"^(?:(?:written|posted|published|reviewed|edited)\s+)?(?:by|author)\s*:?\s+",
    re.I,
)
_BYLINE_END = re.compile(r"\s+(?:[•|·—–]|-\s|on\s|in\s|updated\b)|\s*[•|·]", re.I)


@dataclass(frozen=True, slots=True)
class PageMetadata:
    """What a page says about its content; ``""`` (or ``()``) for what it
    does not say.

    Attributes:
        headline: The content's own title, without a trailing site name.
        author: Its author or authors, joined by ``"; "``.
        published: When it was published, ISO 8601: ``"2024-05-01"``, or
            with the time and offset when the page gives them.
        modified: When it was last changed, in the same form.
        description: Its summary, whitespace collapsed.
        site_name: The name of the site it belongs to.
        canonical_url: ``<link rel=canonical>``, else ``og:url``, made
            absolute.
        image: The address of its main image, made absolute.
        tags: Its keywords and tags, in order, without repeats.
        license: The license it is published under: a URL or a name.
    """

    headline: str = ""
    author: str = ""
    published: str = ""
    modified: str = ""
    description: str = ""
    site_name: str = ""
    canonical_url: str = ""
    image: str = ""
    tags: tuple[str, ...] = ()
    license: str = ""


METADATA_FIELDS = tuple(f.name for f in fields(PageMetadata))
"""The names of the metadata fields, in order: those
:class:`~pagechunk.ParsedPage` and :class:`~pagechunk.Chunk` carry too, and
the batch records and the adapters write."""


def read_metadata(
    root: etree._Element,
    head: PageHead,
    objects: list[JsonObject],
    gathered: Gathered | None = None,
) -> PageMetadata:
    """Read the page's metadata from its unpruned tree, what the head step
    read and its JSON-LD objects (``pagechunk.html.jsonld.jsonld_objects``),
    in the order of precedence the module says; ``gathered`` holds the
    tree's ``<meta>``, ``<link>``, ``<h1>`` and ``<time>`` when the head
    step's pass has gathered them (``pagechunk.html.head.gather``)."""
    found = _Found()
    _read_jsonld(found, objects)
    _read_markup(found, root, gathered)
    canonical = found.first("canonical")
    if canonical and unsafe_url(canonical):
        canonical = ""
    absolute = _joiner(head)
    canonical = absolute(canonical) if head.url and canonical else canonical
    site_name = found.first("site_name") or head.site_name
    headline = _text(found.first("headline"))
    if headline:
        headline = drop_site_suffix(
            headline, site_name=site_name, url=canonical or head.url
        )
    image = found.first("image")
    if image and head.url:
        image = absolute(image) or image
    license = found.first("license")
    if license and head.url and "/" in license:
        license = absolute(license) or license
    return PageMetadata(
        headline=headline,
        author=_text(found.first("author")),
        published=_first_date(found.values.get("published", [])),
        modified=_first_date(found.values.get("modified", [])),
        description=_text(found.first("description")),
        site_name=_text(site_name),
        canonical_url=canonical or "",
        image=image,
        tags=tuple(dict.fromkeys(filter(None, map(_text, found.first_list("tags"))))),
        license=_text(license),
    )


def _joiner(head: PageHead) -> Callable[[str], str]:
    """What makes an address absolute against the page's own: the head's
    resolver when its base is that address (it joins as ``join`` does, a
    plain absolute address without ``urljoin``'s cost), else ``join``. The
    resolver gives ``""`` for an unsafe address where ``join`` gives it
    back: callers keep what they had when given ``""``, or pass no unsafe
    address."""
    if head.resolve.base == head.url:
        return head.resolve
    return partial(join, head.url)


_RANK = itemgetter(0)
"""The rank of a candidate (rank, value)."""


@dataclass(slots=True)
class _Found:
    """Candidate values by field and by rank of their source: a field's value
    is the first candidate of its best-ranked source."""

    values: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)

    def add(self, name: str, rank: int, value: Any) -> None:
        if isinstance(value, str):
            value = (unescape(value) if "&" in value else value).strip()
            if value and name in _DATES:
                value = iso_date(value)
            if value:
                self.values.setdefault(name, []).append((rank, value))

    def lacks(self, name: str, rank: int = 50) -> bool:
        """Whether no source ranked before ``rank`` (a fallback, by default)
        has given the field."""
        candidates = self.values.get(name)
        return not candidates or min(candidates, key=_RANK)[0] >= rank

    def first(self, name: str) -> str:
        candidates = self.values.get(name)
        if not candidates:
            return ""
        return min(candidates, key=_RANK)[1]

    def first_list(self, name: str) -> list[str]:
        """All candidates of the best-ranked source, each split at commas."""
        candidates = self.values.get(name)
        if not candidates:
            return []
        best = min(rank for rank, _ in candidates)
        return [
            part
            for rank, value in candidates
            if rank == best
            for part in value.split(",")
        ]


# Ranks: JSON-LD main 0, page 1, other 2; OpenGraph 10; Twitter 20; <meta>
# and <link> 30; microdata 40; fallbacks (<h1>, <time>) 50.
_JSONLD, _OG, _TWITTER, _META, _MICRO, _FALLBACK = 0, 10, 20, 30, 40, 50


def _read_jsonld(found: _Found, objects: list[JsonObject]) -> None:
    by_id = {o["@id"]: o for o in objects if isinstance(o.get("@id"), str)}
    ranked: list[tuple[int, JsonObject]] = []
    for item in objects:
        names = set(type_names(item))
        if names & MAIN_TYPES:
            ranked.append((0, item))
        elif names & _PAGE_TYPES:
            ranked.append((1, item))
            main = _resolve(item.get("mainEntity"), by_id)
            if isinstance(main, dict) and set(type_names(main)) & MAIN_TYPES:
                ranked.append((0, main))
        elif names & _SITE_TYPES:
            if "WebSite" in names:
                found.add("site_name", _JSONLD + 1, item.get("name"))
            else:
                found.add("site_name", _JSONLD + 2, item.get("name"))
    ranked.sort(key=lambda pair: pair[0])
    for rank, item in ranked:
        names = set(type_names(item))
        found.add("headline", rank, item.get("headline"))
        if rank == 0 and not names & {"Review", "VideoObject"}:
            found.add("headline", rank + 1, item.get("name"))
        if "author" not in found.values:  # the first object naming authors
            persons = [
                _name(_resolve(person, by_id))
                for person in _as_list(_resolve(item.get("author"), by_id))
            ]
            persons = [" ".join(p.split()) for p in persons if isinstance(p, str)]
            found.add("author", rank, "; ".join(dict.fromkeys(filter(None, persons))))
        found.add("published", rank, item.get("datePublished"))
        found.add("published", rank + 1, item.get("dateCreated"))
        found.add("modified", rank, item.get("dateModified"))
        found.add("description", rank, item.get("description"))
        found.add("image", rank, _url(_resolve(item.get("image"), by_id)))
        for keyword in _as_list(item.get("keywords")):
            found.add("tags", rank, keyword)
        found.add("license", rank, _url(item.get("license")))
        publisher = _resolve(item.get("publisher"), by_id)
        found.add("site_name", rank + 3, _name(publisher))


def _resolve(value: Any, by_id: dict[str, JsonObject]) -> Any:
    """An ``{"@id": ...}`` reference replaced by the object it names."""
    if isinstance(value, dict) and len(value) <= 2 and "@id" in value:
        return by_id.get(value["@id"], value)
    if isinstance(value, list):
        return [_resolve(item, by_id) for item in value[:20]]
    return value


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return value[:50] if isinstance(value, list) else [value]


def _name(value: Any) -> Any:
    if isinstance(value, dict):
        return value.get("name")
    if isinstance(value, list):
        return _name(value[0]) if value else None
    return value if isinstance(value, str) and "://" not in value else None


def _url(value: Any) -> Any:
    if isinstance(value, list):
        return _url(value[0]) if value else None
    if isinstance(value, dict):
        return value.get("url") or value.get("contentUrl") or value.get("@id")
    return value


def _read_markup(
    found: _Found, root: etree._Element, gathered: Gathered | None
) -> None:
    """``<meta>``, ``<link>``, ``<a rel>`` and microdata, then the fallbacks
    (``<h1>``, ``<time>``, bylines and date lines) while no better source
    has given the field; each in document order."""
    first_heading = True
    # The gathered elements hold <base> and <template> too, passed over.
    tagged = root.iter(*_MARKUP_TAGS) if gathered is None else gathered.others
    for element in tagged:
        tag = element.tag
        if tag == "meta":
            _read_meta(found, element)
        elif tag == "link":
            _read_link(found, element)
        elif tag == "h1" or tag == "time":
            _read_fallback(found, element, tag, first_heading)
            first_heading = first_heading and tag != "h1"
    micro = any(found.lacks(name, _MICRO) for name in _MICRODATA_FIELDS)
    if micro or found.lacks("published") or found.lacks("author"):
        _read_body(found, root, micro)


def _read_body(found: _Found, root: etree._Element, micro: bool) -> None:
    """One pass over every element for what only a page without better
    sources needs: ``<a rel>`` (license, author), microdata (when
    ``micro``), and the fallbacks: author links (``/author/`` in their
    ``href``), bylines and date lines named by their ``class``, and the
    first short text that is a date alone."""
    alone = found.lacks("published")
    values = found.values
    # What _names_line says of each class value met: most come back on many
    # elements, and a look-up costs less than its eight substring tests.
    lines: dict[str, bool] = {}
    for element in islice(root.iter(etree.Element), _BODY_ELEMENTS):
        tag = element.tag
        if micro and element.get("itemprop") is not None:
            _read_itemprop(found, element)
        if tag == "a":
            href = element.get("href")
            if element.get("rel") is not None:
                _read_link(found, element)
            if href and "/author" in href and found.lacks("author"):
                found.add("author", _FALLBACK + 1, _byline(_short_text(element)))
        else:
            classes = element.get("class")
            if classes and tag not in _NOT_LINES:
                line = lines.get(classes)
                if line is None:
                    line = lines[classes] = _names_line(classes)
                if line:
                    _read_classes(found, element, classes)
                    if "author" in values and "published" in values:
                        break  # both found
        if alone and tag in _DATE_TEXT_TAGS:
            text = element.text
            if text and "20" in text and 8 <= len(text) <= 40 and tag not in _NOT_LINES:
                date = _written_date(" ".join(text.split()))
                if date and len(text.strip()) <= 24:
                    found.add("published", _FALLBACK + 5, date)
                    alone = False


def _read_fallback(
    found: _Found, element: etree._Element, tag: object, first_heading: bool
) -> None:
    """An ``<h1>`` or ``<time>`` while no better source has given the
    headline or the published date."""
    if tag == "h1":
        if first_heading and found.lacks("published"):
            found.add("published", _FALLBACK + 4, _text_after(element))
        if found.lacks("headline"):
            found.add("headline", _FALLBACK, _short_text(element, 500))
    elif tag == "time" and found.lacks("published"):
        stamp = element.get("datetime") or ""
        if element.get("pubdate") is not None:
            found.add("published", _FALLBACK, stamp)
        elif any(True for _ in element.iterancestors("article")):
            found.add("published", _FALLBACK + 1, stamp)
        else:
            found.add("published", _FALLBACK + 2, stamp)
        found.add("published", _FALLBACK + 3, _short_text(element))


def _names_line(classes: str) -> bool:
    """Whether a ``class`` may name a date line or a byline: it holds a
    word of :data:`_DATE_CLASSES` or ``uthor`` (``updated`` holds
    ``date``). Substring tests, at a third of the cost of one regular
    expression's alternatives, for the body's every ``class``."""
    return (
        "date" in classes
        or "Date" in classes
        or "publish" in classes
        or "ublication" in classes
        or "posted" in classes
        or "byline" in classes
        or "meta" in classes
        or "uthor" in classes
    )


def _read_classes(found: _Found, element: etree._Element, classes: str) -> None:
    """Bylines and date lines named by their ``class``."""
    dated = any(word in classes for word in _DATE_CLASSES)
    authored = "uthor" in classes and any(w in classes for w in _AUTHOR_CLASSES)
    if not (dated or authored):
        return
    wants_date, wants_author = found.lacks("published"), found.lacks("author")
    if not (wants_date or wants_author):
        return
    text = _short_text(element)
    if wants_date:
        found.add("published", _FALLBACK + (2 if dated else 3), text)
    if wants_author and authored:
        found.add("author", _FALLBACK, _byline(text))
    elif wants_author and _BYLINE_PREFIX.match(text):
        found.add("author", _FALLBACK + 2, _byline(text))


def _read_meta(found: _Found, element: etree._Element) -> None:
    content = element.get("content")
    if not content:
        return
    key = (element.get("property") or element.get("name") or "").strip().lower()
    if not key:
        itemprop = element.get("itemprop")
        if itemprop is not None:
            return  # read as microdata
        key = (element.get("http-equiv") or "").strip().lower()
        if key != "last-modified":
            return
    if key.startswith("twitter:"):
        if key.startswith("twitter:label"):
            found.labels[key[13:]] = content.strip().lower()
            return
        if key.startswith("twitter:data") and found.labels.get(key[12:]) in _BY_LABELS:
            found.add("author", _TWITTER, content)
            return
    reading = _meta_field(key)
    if reading is None:
        return
    name, rank = reading
    if name == "author" and "://" in content:
        return  # article:author is often a profile URL
    found.add(name, rank, content)


_META_KEYS = 1024
"""How many ``<meta>`` keys :func:`_meta_field` remembers: more than a crawl's
pages use between them, most of which repeat a few dozen."""


@lru_cache(maxsize=_META_KEYS)
def _meta_field(key: str) -> tuple[str, int] | None:
    """The field a ``<meta>`` gives by its key (its ``property``, else its
    ``name``, lower case) and the rank of its source; None for a key that
    gives none."""
    if key.startswith("og:") or key.startswith("article:"):
        rank = _OG
    elif key.startswith("twitter:"):
        rank = _TWITTER
    else:
        rank = _META
    name = _META_FIELDS.get(key)
    if name is None and ("publish" in key or key.endswith("date")):
        if "modif" in key or "update" in key:
            return None
        return "published", rank + 5
    return (name, rank) if name else None


_META_FIELDS: dict[str, str] = {
    "og:title": "headline",
    "twitter:title": "headline",
    "og:description": "description",
    "twitter:description": "description",
    "description": "description",
    "dc.description": "description",
    "og:image": "image",
    "og:image:url": "image",
    "og:image:secure_url": "image",
    "twitter:image": "image",
    "twitter:image:src": "image",
    "og:site_name": "site_name",
    "application-name": "site_name",
    "og:url": "canonical",
    "article:tag": "tags",
    "keywords": "tags",
    "news_keywords": "tags",
    "citation_title": "headline",
    "dc.title": "headline",
    **{name: "author" for name in _META_AUTHOR},
    **{name: "published" for name in _META_PUBLISHED},
    **{name: "modified" for name in _META_MODIFIED},
    **{name: "license" for name in _META_LICENSE},
}


def _read_link(found: _Found, element: etree._Element) -> None:
    value = (element.get("rel") or "").lower()
    if "canonical" not in value and "license" not in value and "author" not in value:
        return
    rel = value.split()
    href = (element.get("href") or "").strip()
    if "canonical" in rel and element.tag == "link":
        found.add("canonical", _META - 1, href)
    if "license" in rel:
        found.add("license", _META, href)
    if "author" in rel and element.tag == "a":
        found.add("author", _META + 1, _element_text(element))


def _text_after(heading: etree._Element, limit: int = 200) -> str:
    """The first ``limit`` characters or so of text after the first
    ``<h1>``, where a page shows its date line."""
    parts = [heading.tail or ""]
    size = len(parts[0])
    node: etree._Element | None = heading
    for _ in range(4):
        if node is None or size > limit:
            break
        for sibling in node.itersiblings():
            for text in sibling.itertext():
                parts.append(str(text))
                size += len(text)
                if size > limit:
                    break
            parts.append(sibling.tail or "")
            if size > limit:
                break
        node = node.getparent()
    return " ".join(" ".join(parts).split())[:limit]


def _byline(text: str) -> str:
    """The name in a byline (``"By Ann Lee • May 2"`` gives ``"Ann Lee"``);
    ``""`` for a text too long or too short to be a name, or a date."""
    text = _BYLINE_PREFIX.sub("", text, count=1)
    end = _BYLINE_END.search(text)
    if end is not None:
        text = text[: end.start()]
    text = text.strip(" ,:;-")
    if not 2 <= len(text) <= 60 or len(text.split()) > 6 or _written_date(text):
        return ""
    return text


def _read_itemprop(found: _Found, element: etree._Element) -> None:
    scope = _item_scope(element)
    if scope is None:
        if element.tag != "meta":
            return
        itemtype, rank = "", _MICRO + 2  # a page-level <meta itemprop>
    else:
        itemtype = (scope.get("itemtype") or "").rstrip("/").rsplit("/", 1)[-1]
        if itemtype not in MAIN_TYPES and itemtype not in _PAGE_TYPES:
            return
        rank = _MICRO + (itemtype in _PAGE_TYPES)
    for prop in (element.get("itemprop") or "").lower().split():
        name = _MICRODATA.get(prop)
        if name is None:
            continue
        if name == "name":
            if itemtype in {"Review", "VideoObject", ""} or itemtype in _PAGE_TYPES:
                continue
            name = "headline"
            rank += 1
        if name == "author" and element.get("itemscope") is not None:
            value = next(
                (
                    _itemprop_value(inner)
                    for inner in element.iter()
                    if inner is not element
                    and "name" in (inner.get("itemprop") or "").split()
                ),
                _element_text(element),
            )
        else:
            value = _itemprop_value(element)
        found.add(name, rank, value)


def _item_scope(element: etree._Element) -> etree._Element | None:
    """The item a property belongs to: the nearest ancestor with
    ``itemscope``."""
    parent = element.getparent()
    while parent is not None:
        if parent.get("itemscope") is not None:
            return parent
        parent = parent.getparent()
    return None


def _itemprop_value(element: etree._Element) -> str:
    for attribute in ("content", "datetime", "href", "src"):
        value = element.get(attribute)
        if value:
            return value
    return _element_text(element)


def _short_text(element: etree._Element, limit: int = 200) -> str:
    """The start of an element's text, whitespace collapsed: its first
    ``limit`` characters or so, without reading the rest."""
    parts: list[str] = []
    size = 0
    for text in element.itertext():
        parts.append(str(text))
        size += len(text)
        if size > limit:
            break
    return " ".join("".join(parts).split())[:limit]


def _element_text(element: etree._Element) -> str:
    return " ".join("".join(map(str, element.itertext())).split())


def _text(value: str) -> str:
    return " ".join(value.split())


_ISO = re.compile(
    r"(\d{4})-(\d{1,2})-(\d{1,2})"
    r"(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?"
)


def _first_date(candidates: list[tuple[int, str]]) -> str:
    """The date of the best-ranked candidate that reads as one."""
    for _, value in sorted(candidates, key=_RANK):
        date = iso_date(value)
        if date:
            return date
    return ""


DATE_CACHE = 64
"""How many answers :func:`iso_date` remembers: enough for the dates one page
repeats, and few enough that a crawl's dates, one or two new ones a page,
do not pile up between pages."""


@lru_cache(maxsize=DATE_CACHE)
def iso_date(value: str) -> str:
    """A date as ISO 8601: ``"YYYY-MM-DD"``, followed by the time (and its
    offset) when ``value`` gives one; ``""`` when ``value`` reads as no date.

    ISO 8601 forms, RFC 2822 (``"Tue, 01 Apr 2025 10:00:00 GMT"``), and a
    few written forms (``"April 1, 2025"``, ``"1 Apr 2025"``,
    ``"2025/04/01"``) are read. The answers are remembered: a page gives
    the same date in several places (JSON-LD, OpenGraph, ``<time>``), and
    each candidate is read again when the best one is chosen.
    """
    value = " ".join(value.split())
    if not value:
        return ""
    match = _ISO.match(value)
    if match:
        year, month, day, hour, minute, second, zone = match.groups()
        if not _valid(int(year), int(month), int(day)):
            return ""
        date = f"{year}-{int(month):02d}-{int(day):02d}"
        if hour is None:
            return date
        time = f"{int(hour):02d}:{minute}:{second or '00'}"
        if zone and zone != "Z" and ":" not in zone:
            zone = f"{zone[:3]}:{zone[3:]}"
        return f"{date}T{time}{zone or ''}"
    try:
        stamp = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError, OverflowError):
        # OverflowError: a day or year of more digits than a C long holds.
        pass
    else:
        return stamp.isoformat()
    return _written_date(value)


_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = "(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_WRITTEN = (
    re.compile(rf"\b{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.I),
    re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\.?\s+{_MONTH},?\s+(\d{{4}})\b", re.I),
    re.compile(r"\b(\d{4})[-/.](\d{2})[-/.](\d{2})\b"),
    re.compile(r"\b(\d{1,2})([./])(\d{1,2})\2(\d{4})\b"),
)
_YEAR = re.compile(r"\d{4}")
"""What every pattern of :data:`_WRITTEN` holds, a year: sought first, so
that a text without one (a name, a URL) is passed over at a tenth of the
cost of the four patterns."""


def _written_date(text: str) -> str:
    """The first date written out in a short text (``"Updated on July 9,
    2025"``), as ``"YYYY-MM-DD"``; ``""`` for none. The text must be short
    (a date line, not an article)."""
    if len(text) > 200 or not _YEAR.search(text):
        return ""
    best: tuple[int, str] | None = None
    for index, pattern in enumerate(_WRITTEN):
        match = pattern.search(text)
        if match is None:
            continue
        groups = match.groups()
        if index == 0:
            month, day, year = _MONTHS[groups[0].lower()], groups[1], groups[2]
        elif index == 1:
            day, month, year = groups[0], _MONTHS[groups[1].lower()], groups[2]
        elif index == 2:
            year, month, day = groups[0], int(groups[1]), groups[2]
        else:
            first, mark, second, year = groups
            if mark == "." or int(first) > 12:  # 17.05.2021, 31/10/2024
                day, month = first, int(second)
            else:  # 10/31/2024, as the US writes it
                day, month = second, int(first)
        if _valid(int(year), month, int(day)):
            date = f"{year}-{month:02d}-{int(day):02d}"
            if best is None or match.start() < best[0]:
                best = (match.start(), date)
    return best[1] if best else ""


def _valid(year: int, month: int, day: int) -> bool:
    try:
        datetime(year, month, day)
    except ValueError:
        return False
    return 1900 <= year <= 2200


def language_tag(tag: str) -> str:
    """A language tag in BCP 47 casing: the language lower case, a script
    title case, a region upper case (``"zh-hant-tw"`` gives
    ``"zh-Hant-TW"``, ``"en_us"`` gives ``"en-US"``), and everything from
    a singleton (``x-``, ``u-``) on lower case."""
    parts = tag.strip().replace("_", "-").split("-")
    out = [parts[0].lower()]
    private = len(parts[0]) == 1
    for part in parts[1:]:
        if private or len(part) == 1:
            private = True
            out.append(part.lower())
        elif len(part) == 2 and part.isalpha():
            out.append(part.upper())
        elif len(part) == 4 and part.isalpha():
            out.append(part.title())
        else:
            out.append(part.lower())
    return "-".join(out)
