"""Step 5, page type: what kind of page this is, read from structural
evidence, so that the focus step can keep what that kind of page holds.

The evidence, all of it general to web pages:

- what the page declares: JSON-LD ``@type`` names (through
  :mod:`pagechunk.html.jsonld`), microdata ``itemtype`` and ``og:type``,
  read before pruning;
- the URL: path words (``/forum/``, ``/docs/``, ``/product/``, ``/c/``,
  ``/services/``…), host labels (``community.``, ``docs.``, ``shop.``),
  depth, a query, a long numeric id, a ``/yyyy/mm/`` date, a slug's words;
- the pruned tree: how many paragraphs, list items, links, code blocks,
  tables, forms and sections it has, the share of link and code text,
  ``class`` words of a small vocabulary (post, reply, price, cart, card,
  toc…) and class values worn by many elements (cards, posts, rows).

A multinomial logistic regression weighs them. Its weights ship as plain
data (``pagetype_model.json``), written by ``benchmarks/train_pagetype.py``
from the WCXB corpus, and scoring is pure Python. A page whose most likely
type has a probability under :data:`OTHER_BELOW` is ``"other"``.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, cast
from urllib.parse import urlsplit

from lxml import etree

from pagechunk.html.jsonld import JsonObject, jsonld_types
from pagechunk.html.names import name_words
from pagechunk.html.net import text_length

__all__ = [
    "OTHER_BELOW",
    "PAGE_TYPES",
    "Declared",
    "classify",
    "declared",
    "page_features",
    "page_type",
]

PAGE_TYPES = (
    "article",
    "forum",
    "product",
    "collection",
    "listing",
    "documentation",
    "service",
    "other",
)
"""Every value of :attr:`~pagechunk.ParsedPage.page_type`."""

OTHER_BELOW = 0.4
"""Probability the most likely type needs; under it the page is ``"other"``."""

# schema.org type names, by the group of pages they declare.
_SCHEMA_GROUPS = {
    "article": (
        "Article NewsArticle BlogPosting Report ScholarlyArticle LiveBlogPosting "
        "OpinionNewsArticle AnalysisNewsArticle Recipe ReportageNewsArticle"
    ),
    "forum": "DiscussionForumPosting QAPage Question Answer Comment SocialMediaPosting",
    "product": (
        "Product ProductGroup IndividualProduct ProductModel Vehicle Book "
        "SoftwareApplication VideoGame MobileApplication"
    ),
    "offer": "Offer AggregateOffer AggregateRating Review",
    "list": "ItemList CollectionPage OfferCatalog SearchResultsPage",
    "docs": "TechArticle APIReference SoftwareSourceCode HowTo",
    "service": (
        "Service LocalBusiness ProfessionalService ContactPage AboutPage "
        "HomeAndConstructionBusiness MedicalBusiness LegalService FinancialService "
        "Store Restaurant EducationalOrganization Course"
    ),
    "faq": "FAQPage",
    "event": "Event",
}
THREAD_TYPES = frozenset(["QAPage", "DiscussionForumPosting"])
"""schema.org types that only a thread declares: a question page, a forum
post. A page declaring one, in JSON-LD or microdata, is a forum thread
whatever its URL says (:func:`page_type`); ``Question``, ``Answer`` and
``Comment`` are not among them, as an FAQ's questions and a story's
comments are typed so."""
_GROUP_OF = {name: g for g, names in _SCHEMA_GROUPS.items() for name in names.split()}

_URL_WORDS = {
    "forum": (
        "forum forums thread threads t topic topics questions q discussion "
        "discussions d comments viewtopic showthread board boards community r"
    ),
    "docs": (
        "docs doc documentation reference api manual guide guides learn tutorial "
        "tutorials handbook wiki man book latest stable"
    ),
    "product": "product products p dp item itm pd pdp app buy sku gp",
    "collection": (
        "category categories c cat collections collection shop catalog "
        "product-category product-tag "
        "department browse b store brands s"
    ),
    "listing": (
        "news blog blogs list search jobs events tag tags archive page latest recent "
        "articles trending results"
    ),
    "article": "article articles story post posts blog blogs news insights recipes",
    "service": (
        "services service solutions pricing about contact features plans careers "
        "programs pages a"
    ),
}
_QUERY_FORUM_WORDS = frozenset(["topic", "thread", "showtopic", "threadid"])
"""Names of a query's parameters that say it addresses a forum thread
(``index.php?topic=55.0``, ``index.php?showtopic=12``): forum software that
routes every page through one script names the thread in its query."""
_URL_GROUPS: dict[str, list[str]] = {}
for _group, _words in _URL_WORDS.items():
    for _word in _words.split():
        _URL_GROUPS.setdefault(_word, []).append(_group)
_HOST_WORDS = {
    "forum": "forum forums community discuss discourse bbs board boards",
    "docs": "docs doc developer developers dev api learn wiki man",
    "shop": "shop store buy",
}
_HOST_GROUP = {w: g for g, words in _HOST_WORDS.items() for w in words.split()}
_JOB_HOST_WORDS = frozenset(["job", "jobs"])
"""Host words of a job board (``job-boards.greenhouse.io``,
``jobs.lever.co``): the host reads as the path word ``jobs``, a listing's,
and its ``board`` or ``boards`` as no forum's."""
_BOARD_WORDS = frozenset(["board", "boards"])
_FORUM_HOST_ENDINGS = ("forum", "forums")
"""How the name of a forum's site often ends, one word with the site's
subject (``physicsforums.com``, ``avsforum.com``): such a name reads as
the host word ``forum``."""
_EXTENSION = re.compile(r"\.(?:html?|php|aspx?)$")
_SLUG = re.compile(r"[-_]")
_HOST_LABELS = re.compile(r"[.-]")
_LONG_NUMBER = re.compile(r"\d{4,}")
_DATE_PATH = re.compile(r"/(?:19|20)\d\d/\d\d?/")

_COUNTED_TAGS = [
    "p",
    "li",
    "a",
    "img",
    "pre",
    "code",
    "h2",
    "h3",
    "table",
    "form",
    "input",
    "time",
    "article",
    "blockquote",
    "dl",
    "section",
    "figure",
]
_TAG_FEATURES = [(tag, "tag_" + tag) for tag in _COUNTED_TAGS]
"""Each counted tag and the name of its feature, built once."""
_CLASS_WORDS = frozenset(
    [
        "post",
        "posts",
        "message",
        "messages",
        "reply",
        "replies",
        "comment",
        "comments",
        "thread",
        "topic",
        "bbcode",
        "avatar",
        "username",
        "user",
        "author",
        "vote",
        "votes",
        "answer",
        "answers",
        "question",
        "quote",
        "signature",
        "price",
        "prices",
        "cart",
        "basket",
        "sku",
        "product",
        "products",
        "variant",
        "variants",
        "qty",
        "quantity",
        "rating",
        "review",
        "reviews",
        "stock",
        "swatch",
        "sidebar",
        "toc",
        "docs",
        "doc",
        "highlight",
        "code",
        "api",
        "breadcrumb",
        "breadcrumbs",
        "sphinx",
        "markdown",
        "prose",
        "card",
        "cards",
        "tile",
        "tiles",
        "grid",
        "item",
        "items",
        "list",
        "listing",
        "result",
        "results",
        "teaser",
        "pagination",
        "pager",
        "filter",
        "filters",
        "facet",
        "facets",
        "sort",
        "hero",
        "cta",
        "testimonial",
        "testimonials",
        "feature",
        "features",
        "pricing",
        "service",
        "services",
        "section",
        "banner",
        "article",
        "entry",
        "story",
        "byline",
        "date",
        "share",
        "tags",
    ]
)
_CLASSES = etree.XPath("//@class", smart_strings=False)
_ITEMTYPES = etree.XPath("/descendant::*/@itemtype", smart_strings=False)
_MAX_CACHED_CLASSES = 32_768
_LONG_PARAGRAPH = 150
"""The characters of text a paragraph holds before any child that make it
a long one. A character of Chinese, Japanese or Korean counts three times
(:data:`_WIDE`): it says about as much as a short word, so a paragraph of
60 of them is as long as one of 180 Latin letters, and a Chinese story
read by Latin lengths has no long paragraph at all."""

_WIDE = re.compile(
    "[\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]"
)
"""Hangul jamo, kana, CJK ideographs and Hangul syllables."""


def _long(text: str) -> bool:
    """Whether a paragraph's leading text makes it a long one."""
    chars = len(text)
    if chars >= _LONG_PARAGRAPH:
        return True
    if chars * 3 < _LONG_PARAGRAPH:
        return False
    return chars + 2 * len(_WIDE.findall(text)) >= _LONG_PARAGRAPH


@dataclass(frozen=True, slots=True)
class Declared:
    """What a page says it is: its ``og:type`` (lower case, ``""`` for none)
    and the groups of the schema.org types its JSON-LD and microdata name."""

    og_type: str
    jsonld: frozenset[str]
    microdata: frozenset[str]
    thread: bool = False
    """Whether it declares a type of :data:`THREAD_TYPES`."""


def declared(
    root: etree._Element,
    objects: list[JsonObject],
    metas: Iterable[etree._Element] | None = None,
) -> Declared:
    """Read ``og:type`` and microdata ``itemtype`` from the unpruned tree, and
    the type groups of the JSON-LD ``objects`` read from it; ``metas`` are
    its ``<meta>`` elements when the caller has gathered them
    (``pagechunk.html.head.gather``)."""
    og_type = ""
    for meta in root.iter("meta") if metas is None else metas:
        name = meta.get("property") or meta.get("name")
        if name and name.strip().lower() == "og:type":
            og_type = (meta.get("content") or "").strip().lower()
            break
    names = set(jsonld_types(objects))
    jsonld = {_GROUP_OF[n] for n in names if n in _GROUP_OF}
    microdata = set()
    for value in cast(list[str], _ITEMTYPES(root)):
        for url in value.split():
            name = url.rstrip("/").rsplit("/", 1)[-1]
            names.add(name)
            group = _GROUP_OF.get(name)
            if group:
                microdata.add(group)
    thread = not THREAD_TYPES.isdisjoint(names)
    return Declared(og_type, frozenset(jsonld), frozenset(microdata), thread)


def page_features(
    url: str,
    said: Declared,
    pruned: etree._Element | None,
    chars: int | None = None,
) -> dict[str, float]:
    """The classifier's features of a page: its declarations, its URL and the
    structure of its pruned tree; ``chars`` is the tree's text length when
    the caller has measured it."""
    features: dict[str, float] = {
        "og_article": float(said.og_type == "article"),
        "og_product": float(
            said.og_type.startswith("product") or "item" in said.og_type
        ),
        "og_website": float(said.og_type == "website"),
        "og_none": float(not said.og_type),
    }
    for group in said.jsonld:
        features["ld_" + group] = 1.0
    for group in said.microdata:
        features["md_" + group] = 1.0
    _url_features(url, features)
    if pruned is not None:
        _structure(pruned, features, chars)
    return features


def _url_features(url: str, features: dict[str, float]) -> None:
    if not url:  # unknown, which says nothing (not a site's home page)
        return
    try:
        parts = urlsplit(url or "")
        host: str = parts.hostname or ""
    except ValueError:
        return
    path = parts.path.lower()
    # Each segment without its extension (viewtopic.php reads as viewtopic);
    # the pattern is tried only where a dot may start one.
    segments = [_EXTENSION.sub("", s) if "." in s else s for s in path.split("/") if s]
    features["url_depth"] = min(len(segments), 6) / 6
    features["url_root"] = float(not segments)
    features["url_query"] = float(bool(parts.query))
    for segment in segments:
        for group in _URL_GROUPS.get(segment, ()):
            features["url_" + group] = 1.0
    for pair in parts.query.lower().split("&"):
        if pair.partition("=")[0] in _QUERY_FORUM_WORDS:
            features["url_forum"] = 1.0
    last = segments[-1] if segments else ""
    slug_words = sum(map(str.isalpha, _SLUG.split(last)))
    features["url_slug_words"] = min(slug_words, 12) / 12
    features["url_digits"] = float(bool(_LONG_NUMBER.search(path)))
    features["url_date"] = float(bool(_DATE_PATH.search(path)))
    labels = _HOST_LABELS.split(host.lower())
    if not _JOB_HOST_WORDS.isdisjoint(labels):
        # A job board (job-boards.greenhouse.io, jobs.lever.co) lists
        # openings, as a /jobs/ path does: its "boards" is no forum's.
        features["url_listing"] = 1.0
        labels = [label for label in labels if label not in _BOARD_WORDS]
    for label in labels:
        host_group = _HOST_GROUP.get(label)
        if host_group:
            features["host_" + host_group] = 1.0
        elif label.endswith(_FORUM_HOST_ENDINGS):
            features["host_forum"] = 1.0


@cache
def _class_words(value: str) -> tuple[str, ...]:
    return tuple(w for w in name_words(value) if w in _CLASS_WORDS)


def _structure(
    root: etree._Element, features: dict[str, float], chars: int | None
) -> None:
    """Tag counts, the text of links, ``<pre>`` and long paragraphs, and the
    class values: one tag-filtered pass, which reads the text of the links,
    ``<pre>`` and paragraphs it counts, and one XPath."""
    tags = dict.fromkeys(_COUNTED_TAGS, 0)
    link = pre = long_paragraphs = 0
    for element in root.iter(*_COUNTED_TAGS):
        tag = element.tag
        tags[tag] += 1
        if tag == "a" or tag == "p" or tag == "pre":
            text = element.text
            if not text:
                continue
            if tag == "a":
                link += len(text)
            elif tag == "p":
                long_paragraphs += _long(text)
            else:
                pre += len(text)
    counts = Counter(cast(list[str], _CLASSES(root)))
    if _class_words.cache_info().currsize > _MAX_CACHED_CLASSES:
        _class_words.cache_clear()
    words: Counter[str] = Counter()
    for value, n in counts.items():
        if len(value) <= 200:
            for word in _class_words(value):
                words[word] += n
    total = text_length(root) if chars is None else chars
    elements = sum(tags.values()) or 1
    for tag, feature in _TAG_FEATURES:
        features[feature] = math.log1p(tags[tag]) / 6
    for word, n in words.items():
        features["cls_" + word] = math.log1p(n) / 5
    features["log_chars"] = math.log1p(total) / 12
    features["pre_share"] = min(pre / total, 1.0) if total else 0.0
    features["link_share"] = min(link / total, 1.0) if total else 0.0
    features["long_p"] = math.log1p(long_paragraphs) / 5
    features["p_share"] = tags["p"] / elements
    features["li_share"] = tags["li"] / elements
    repeats = [n for n in counts.values() if n >= 4]  # cards, posts, rows
    features["rep_max"] = math.log1p(max(repeats, default=0)) / 5
    features["rep_groups"] = math.log1p(len(repeats)) / 4
    features["rep_items"] = math.log1p(sum(repeats)) / 6


@cache
def _model() -> dict[str, Any]:
    text = resources.files("pagechunk.html").joinpath("pagetype_model.json")
    model: dict[str, Any] = json.loads(text.read_text("utf-8"))
    return model


def page_type(
    url: str, said: Declared, pruned: etree._Element, chars: int | None = None
) -> tuple[str, float]:
    """The page's type and its probability. A page with a URL is first
    weighed on its declarations and URL alone, and its structure is read only
    when that leaves the type in doubt (under the model's ``quick_sure``).
    A page that declares a thread's type (:data:`THREAD_TYPES`) is a forum,
    with a probability of 1: the model weighs those types with ``Comment``
    and ``Question``, which stories and FAQs declare too."""
    if said.thread:
        return "forum", 1.0
    features = page_features(url, said, None)
    if url:
        kind, probability = classify(features, stage="quick")
        if probability >= _model()["quick_sure"]:
            return kind, probability
    # The same features in the same order as page_features(url, said, pruned).
    _structure(pruned, features, chars)
    return classify(features)


def classify(
    features: dict[str, float],
    model: dict[str, Any] | None = None,
    *,
    stage: str = "",
) -> tuple[str, float]:
    """The most likely page type and its probability; ``"other"`` (with that
    probability) when it is under :data:`OTHER_BELOW`. ``stage`` names the
    weights (``"quick"``: declarations and URL only); by default a page
    without a URL is weighed by the model trained without URL evidence."""
    model = model or _model()
    if not stage:
        blind = not any(name.startswith("url_") for name in features)
        stage = "without_url" if blind else "with_url"
    weighed = model[stage]
    scores = list(weighed["bias"])
    types = len(scores)
    weights = weighed["weights"]
    for name, value in features.items():
        if not value:  # most of the structure's features are 0
            continue
        row = weights.get(name)
        if row is not None:
            if len(row) != types:
                raise ValueError(
                    f"the model's weights for {name!r} are not one per type"
                )
            scores = [
                score + weight * value
                for score, weight in zip(scores, row, strict=True)
            ]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    best = scores.index(top)
    probability = exps[best] / sum(exps)
    kind = model["types"][best] if probability >= OTHER_BELOW else "other"
    return kind, probability
