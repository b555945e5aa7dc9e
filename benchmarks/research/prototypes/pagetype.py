"""Page-type classifier prototype: structural evidence only, plain data +
pure Python at runtime (the weights live in pagetype_model.json, written by
train_pagetype.py).

Two inputs, both read by passes the pipeline already makes or can fold in:

* declared(raw_root): what the page says it is, read before pruning from
  <script type=application/ld+json> (@type, @graph walked), microdata
  itemtype, and og:type. One tag-filtered iteration over script/meta and one
  XPath over @itemtype.
* structure(pruned_root): one pass over the pruned, flattened tree (about a
  third of the raw elements): tag counts, class/id words of a small
  vocabulary, repeated sibling signatures, code and link text shares.

features() joins them with the URL's path words; classify() applies the
multinomial logistic regression and returns (type, probability).
"""
from __future__ import annotations

import json
import math
import re
from urllib.parse import urlsplit

TYPES = ("article", "forum", "product", "collection", "listing", "documentation", "service")

# --- declared types -----------------------------------------------------------
LD_GROUPS = {
    "article": ("Article", "NewsArticle", "BlogPosting", "Report", "ScholarlyArticle", "LiveBlogPosting",
                "OpinionNewsArticle", "AnalysisNewsArticle", "Recipe", "ReportageNewsArticle"),
    "forum": ("DiscussionForumPosting", "QAPage", "Question", "Answer", "Comment", "SocialMediaPosting"),
    "product": ("Product", "ProductGroup", "IndividualProduct", "ProductModel", "Vehicle", "Book",
                "SoftwareApplication", "VideoGame", "MobileApplication"),
    "offer": ("Offer", "AggregateOffer", "AggregateRating", "Review"),
    "list": ("ItemList", "CollectionPage", "OfferCatalog", "SearchResultsPage"),
    "docs": ("TechArticle", "APIReference", "SoftwareSourceCode", "HowTo"),
    "service": ("Service", "LocalBusiness", "ProfessionalService", "ContactPage", "AboutPage",
                "HomeAndConstructionBusiness", "MedicalBusiness", "LegalService", "FinancialService",
                "Store", "Restaurant", "EducationalOrganization", "Course"),
    "faq": ("FAQPage",),
    "event": ("Event",),
}
_GROUP_OF = {t: g for g, ts in LD_GROUPS.items() for t in ts}
_LD_TYPE = re.compile(r'"@type"\s*:\s*(\[[^\]]*\]|"[^"]*")')
_QUOTED = re.compile(r'"([^"]+)"')


def declared(raw_root):
    """(og:type, JSON-LD type groups, microdata type groups) of the raw tree."""
    og = ""
    ld = set()
    for element in raw_root.iter("script", "meta"):
        if element.tag == "meta":
            if not og and (element.get("property") or element.get("name") or "").lower() == "og:type":
                og = (element.get("content") or "").strip().lower()
            continue
        if "ld+json" not in (element.get("type") or "").lower():
            continue
        # @type values anywhere in the block (@graph included), without
        # parsing the JSON: a regex over the script text.
        for value in _LD_TYPE.findall(element.text or ""):
            for name in _QUOTED.findall(value):
                group = _GROUP_OF.get(name.rsplit("/", 1)[-1])
                if group:
                    ld.add(group)
    md = set()
    for value in raw_root.xpath("//@itemtype"):
        for url in value.split():
            group = _GROUP_OF.get(url.rstrip("/").rsplit("/", 1)[-1])
            if group:
                md.add(group)
    return og, ld, md


# --- URL ------------------------------------------------------------------------
URL_WORDS = {
    "forum": ("forum", "forums", "thread", "threads", "t", "topic", "topics", "questions", "q", "discussion",
              "discussions", "d", "comments", "viewtopic", "showthread", "board", "boards", "community", "r"),
    "docs": ("docs", "doc", "documentation", "reference", "api", "manual", "guide", "guides", "learn",
             "tutorial", "tutorials", "handbook", "wiki", "man", "book", "latest", "stable"),
    "product": ("product", "products", "p", "dp", "item", "itm", "pd", "pdp", "app", "buy", "sku", "gp"),
    "collection": ("category", "categories", "c", "cat", "collections", "collection", "shop", "catalog",
                   "department", "browse", "b", "store", "brands", "s"),
    "listing": ("news", "blog", "list", "search", "jobs", "events", "tag", "tags", "archive", "page",
                "latest", "recent", "articles", "trending", "results"),
    "article": ("article", "articles", "story", "post", "posts", "blog", "news", "insights", "recipes"),
    "service": ("services", "service", "solutions", "pricing", "about", "contact", "features", "plans",
                "careers", "programs", "pages", "a"),
}
_URL_GROUP = {}
for _g, _ws in URL_WORDS.items():
    for _w in _ws:
        _URL_GROUP.setdefault(_w, []).append(_g)
HOST_WORDS = {"forum": ("forum", "forums", "community", "discuss", "discourse", "bbs", "board", "boards"),
              "docs": ("docs", "doc", "developer", "developers", "dev", "api", "learn", "wiki", "man"),
              "shop": ("shop", "store", "buy")}
_HOST_GROUP = {w: g for g, ws in HOST_WORDS.items() for w in ws}
_EXT = re.compile(r"\.(?:html?|php|aspx?)$")
_SLUG = re.compile(r"[-_]")
_LONG_NUMBER = re.compile(r"\d{4,}")
_DATE_PATH = re.compile(r"/(?:19|20)\d\d/\d\d?/")


def url_features(url, f):
    try:
        parts = urlsplit(url or "")
    except ValueError:
        return
    path = parts.path.lower()
    segments = [s for s in path.split("/") if s]
    f["url_depth"] = min(len(segments), 6) / 6
    f["url_root"] = float(not segments)
    f["url_query"] = float(bool(parts.query))
    for s in segments:
        for g in _URL_GROUP.get(s, ()):
            f["url_" + g] = 1.0
    last = _EXT.sub("", segments[-1]) if segments else ""
    f["url_slug_words"] = min(sum(1 for w in _SLUG.split(last) if w.isalpha()), 12) / 12
    f["url_digits"] = float(bool(_LONG_NUMBER.search(path)))
    f["url_date"] = float(bool(_DATE_PATH.search(path)))
    for label in re.split(r"[.-]", (parts.hostname or "").lower()):
        g = _HOST_GROUP.get(label)
        if g:
            f["host_" + g] = 1.0


# --- structure of the pruned tree ----------------------------------------------------
COUNTED_TAGS = ("p", "li", "a", "img", "pre", "code", "h2", "h3", "table", "form", "input", "time",
                "article", "blockquote", "dl", "section", "figure")
CLASS_WORDS = frozenset("""post posts message messages reply replies comment comments thread topic bbcode
avatar username user author vote votes answer answers question quote signature
price prices cart basket sku product products variant variants qty quantity rating review reviews stock
swatch sidebar toc docs doc highlight code api breadcrumb breadcrumbs sphinx markdown prose
card cards tile tiles grid item items list listing result results teaser pagination pager filter
filters facet facets sort hero cta testimonial testimonials feature features pricing service services
section banner article entry story byline date share tags""".split())
_NAME_SPLIT = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"([a-z])([A-Z])")


_CLASSES = None
_TEXT_CHARS = None
_WORDS_OF = {}


def _class_words(value):
    words = _WORDS_OF.get(value)
    if words is None:
        words = tuple(w for w in _NAME_SPLIT.split(_CAMEL.sub(r"\1 \2", value).lower()) if w in CLASS_WORDS)
        if len(_WORDS_OF) > 50000:
            _WORDS_OF.clear()
        _WORDS_OF[value] = words
    return words


def structure(root, f):
    """Two C-side scans and one tag-filtered iteration of the pruned tree:
    the class attribute values (counted, each distinct value split once),
    the text length, and the counted tags with the text of <pre>, <a> and
    long <p>."""
    from lxml import etree
    global _CLASSES, _TEXT_CHARS
    if _CLASSES is None:
        _CLASSES = etree.XPath("//@class", smart_strings=False)
        _TEXT_CHARS = etree.XPath("string-length(normalize-space())")
    tags = dict.fromkeys(COUNTED_TAGS, 0)
    pre = link = long_paragraphs = 0
    for e in root.iter(*COUNTED_TAGS):
        tag = e.tag
        tags[tag] += 1
        if tag == "a" or tag == "pre" or tag == "p":
            text = e.text
            n = len(text) if text else 0
            if tag == "a":
                link += n
            elif tag == "pre":
                pre += n
            elif n >= 150:
                long_paragraphs += 1
    counts = {}
    for value in _CLASSES(root):
        counts[value] = counts.get(value, 0) + 1
    words = {}
    for value, n in counts.items():
        for w in _class_words(value):
            words[w] = words.get(w, 0) + n
    total = int(_TEXT_CHARS(root))
    elements = sum(tags.values()) or 1
    for t, n in tags.items():
        f["tag_" + t] = math.log1p(n) / 6
    for w, n in words.items():
        f["cls_" + w] = math.log1p(n) / 5
    f["log_chars"] = math.log1p(total) / 12
    f["pre_share"] = min(pre / total, 1.0) if total else 0.0
    f["link_share"] = min(link / total, 1.0) if total else 0.0
    f["long_p"] = math.log1p(long_paragraphs) / 5
    f["p_share"] = tags["p"] / elements
    f["li_share"] = tags["li"] / elements
    # a class value worn by many elements: cards, posts, rows
    repeats = [n for n in counts.values() if n >= 4]
    f["rep_max"] = math.log1p(max(repeats, default=0)) / 5
    f["rep_groups"] = math.log1p(len(repeats)) / 4
    f["rep_items"] = math.log1p(sum(repeats)) / 6


def features(url, declared_types, pruned_root):
    f = {}
    og, ld, md = declared_types
    f["og_article"] = float(og == "article")
    f["og_product"] = float(og.startswith("product") or "item" in og)
    f["og_website"] = float(og == "website")
    f["og_none"] = float(not og)
    for g in ld:
        f["ld_" + g] = 1.0
    for g in md:
        f["md_" + g] = 1.0
    url_features(url, f)
    if pruned_root is not None:
        structure(pruned_root, f)
    return f


_MODEL = None


def model(path=None):
    global _MODEL
    if _MODEL is None or path:
        import os
        with open(path or os.path.join(os.path.dirname(__file__), "pagetype_model.json")) as fh:
            _MODEL = json.load(fh)
    return _MODEL


def classify(f, weights=None):
    """(type, probability) from features f with the model's weights."""
    m = weights or model()
    scores = list(m["bias"])
    w = m["weights"]
    for name, value in f.items():
        row = w.get(name)
        if row is not None and value:
            for k in range(len(scores)):
                scores[k] += row[k] * value
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    best = max(range(len(scores)), key=scores.__getitem__)
    return m["types"][best], exps[best] / sum(exps)
