"""Per-type container strategies over the pruned, flattened tree."""
from __future__ import annotations
import re, sys
from collections import defaultdict
sys.path.insert(0, "/tmp/r2/snap/src")
from lxml import etree
from pagechunk.html.focus import (BOILERPLATE, COMMENTS, NONE, _below, _NO_KIND, boilerplate_inside,
                                  climb, densest, focus_article, survey)

_DROP = "r2-drop"


def text_sizes(root):
    """chars of text (whitespace-trimmed pieces) inside each element, and link chars."""
    order = [e for e in root.iter() if isinstance(e.tag, str)]
    size = {}
    links = {}
    for e in order:
        t = e.text
        n = len(t.strip()) if t else 0
        for c in e:
            tl = c.tail
            if tl:
                n += len(tl.strip())
        size[e] = n
        links[e] = n if e.tag == "a" else 0
    for e in reversed(order):
        p = e.getparent()
        if p is not None and p in size:
            size[p] += size[e]
            links[p] += links[e]
    return size, links


_DIGIT = re.compile(r"\d")


def signature(e):
    cls = e.get("class") or ""
    toks = sorted({t for t in cls.split() if not _DIGIT.search(t)})
    return (e.tag, " ".join(toks[:4]))


ITEM_TAGS = frozenset({"div", "li", "article", "section", "tr", "a", "dd", "dt", "td", "figure", "p", "ul", "table"})


def groups(root, size, links, min_members=3):
    """Sibling groups with one signature: (parent, signature, members)."""
    out = []
    for p in root.iter():
        if not isinstance(p.tag, str) or len(p) < min_members:
            continue
        by = defaultdict(list)
        for c in p:
            if isinstance(c.tag, str) and c.tag in ITEM_TAGS:
                by[signature(c)].append(c)
        for s, members in by.items():
            if len(members) >= min_members:
                out.append((p, s, members))
    return out


def drop_marked(container, elements):
    for e in elements:
        e.tag = _DROP
    etree.strip_elements(container, _DROP, with_tail=False)


# --- S2: the container holding most of the page's prose ----------------------
def mass_strategy(q=0.7, drop_comments=False):
    def strat(root, content, ctx):
        found = survey(root)
        top = densest(found, content)
        if top is None:
            return [root], content
        total = sum(found.prose.values())
        prose = found.prose
        # prose inside each ancestor of top
        chain = [top, *top.iterancestors()]
        onchain = set(chain)
        mass = dict.fromkeys(chain, 0)
        for b, v in prose.items():
            e = b
            while e is not None and e not in onchain:
                e = e.getparent()
            if e is not None:
                mass[e] += v
        acc = 0
        container = chain[-1]
        for e in chain:
            acc += mass[e]
            if acc >= q * total:
                container = e
                break
        drops = [e for e, k in found.named.inside(container)
                 if (k >= BOILERPLATE if drop_comments else k == BOILERPLATE)
                 and e not in {top, *top.iterancestors()}]
        drop_marked(container, drops)
        return [container], {container}
    return strat


# --- S3: the repeated item group ----------------------------------------------
def item_group(root, min_members=3, min_text=15):
    size, links = text_sizes(root)
    best, best_score = None, 0
    for p, s, members in groups(root, size, links, min_members):
        texts = [size[m] for m in members]
        total = sum(texts)
        if not total:
            continue
        alike = sum(1 for t in texts if t >= min_text) / len(members)
        if alike < 0.6 or max(texts) > 0.6 * total:
            continue
        score = total
        if score > best_score:
            best, best_score = (p, s, members), score
    return best, size, links


def repeat_strategy(keep_parent=True, same_sig_everywhere=True, fallback=None):
    def strat(root, content, ctx):
        best, size, links = item_group(root)
        if best is None:
            return (fallback or (lambda r, c, x: ([r], c)))(root, content, ctx)
        p, s, members = best
        ctx.notes["group"] = (p.tag, p.get("class"), s, len(members))
        parents = [p]
        if same_sig_everywhere:
            for q, s2, m2 in groups(root, size, links):
                if s2 == s and q is not p and not any(q in set(x.iterancestors()) or x in set(q.iterancestors()) for x in parents):
                    parents.append(q)
        # document order
        order = {e: i for i, e in enumerate(root.iter())}
        parents.sort(key=order.get)
        return parents, set(parents)
    return strat


# --- forum: post chrome inside the kept container -------------------------------
_CAMEL = re.compile(r"([a-z])([A-Z])")
_SPLIT = re.compile(r"[^a-z0-9]+")


def name_words(e):
    n = " ".join(filter(None, (e.get("class"), e.get("id"))))
    if not n:
        return ()
    return _SPLIT.split(_CAMEL.sub(r"\1 \2", n).lower())


FORUM_CHROME = frozenset({"signature", "signatures", "extras", "userextra", "userinfo", "postprofile",
                          "reactions", "reaction", "likes", "usertitle", "badges", "badge", "rank",
                          "reputation", "actions", "report", "vote", "votes", "voting", "share"})


def stats_list(e, max_chars=30):
    """A <dl> (or list) of label/value pairs all short: member stats."""
    if e.tag != "dl":
        return False
    dts = [c for c in e if c.tag == "dt"]
    dds = [c for c in e if c.tag == "dd"]
    if len(dts) < 2 or not dds:
        return False
    return all(len("".join(c.itertext()).strip()) <= max_chars for c in dts + dds)


def forum_clean(container, words=FORUM_CHROME):
    drops = []
    for e in container.iter():
        if not isinstance(e.tag, str) or e is container:
            continue
        ws = name_words(e)
        if (ws and words.intersection(ws)) or stats_list(e):
            drops.append(e)
    # keep outermost only
    ds = set(drops)
    drops = [e for e in drops if not any(a in ds for a in e.iterancestors())]
    drop_marked(container, drops)
    return len(drops)


def forum_strategy(q=0.7, words=FORUM_CHROME):
    base = mass_strategy(q)
    def strat(root, content, ctx):
        cs, content = base(root, content, ctx)
        for c in cs:
            ctx.notes["forum_drops"] = forum_clean(c, words)
        return cs, content
    return strat


POST_TYPES = ("DiscussionForumPosting", "Comment", "Question", "Answer", "SocialMediaPosting")


def itemtype_name(e):
    v = e.get("itemtype") or ""
    return v.rstrip("/").rsplit("/", 1)[-1]


def microdata_posts(root, types=POST_TYPES):
    found = [e for e in root.iter() if isinstance(e.tag, str) and e.get("itemtype") and itemtype_name(e) in types]
    s = set(found)
    return [e for e in found if not any(a in s for a in e.iterancestors())]


def forum_md_strategy(q=0.7, words=frozenset({"signature", "extras", "userextra", "postprofile", "reactions", "reaction"}), min_share=0.3):
    base = forum_strategy(q, words)
    def strat(root, content, ctx):
        posts = microdata_posts(root)
        if len(posts) >= 1:
            size, _ = text_sizes(root)
            total = size.get(root, 0) or 1
            kept = sum(size[p] for p in posts)
            if kept >= min_share * total:
                ctx.notes["md_posts"] = len(posts)
                for p in posts:
                    forum_clean(p, words)
                return posts, set(posts)
        return base(root, content, ctx)
    return strat


# --- h1 above the container ------------------------------------------------------
def with_h1(strategy):
    """Walk the page's first <h1> too when it stands outside every container
    (before them in document order)."""
    def strat(root, content, ctx):
        cs, content = strategy(root, content, ctx)
        h1 = next(root.iter("h1"), None)
        if h1 is None or not "".join(h1.itertext()).strip():
            return cs, content
        for c in cs:
            if c is h1 or c in set(h1.iterancestors()) or h1 in set(c.iterancestors()):
                return cs, content
        ctx.notes["h1_added"] = True
        return [h1, *cs], (set(content) | {h1})
    return strat


PRODUCT_DROP = frozenset({"review", "reviews", "rating", "ratings", "recommendations", "recommended",
                          "recommendation", "upsell", "crosssell", "cross", "related", "similar", "recently", "viewed", "qa", "questions"})


def product_strategy(q=0.5, words=PRODUCT_DROP):
    base = mass_strategy(q, drop_comments=True)
    def strat(root, content, ctx):
        cs, content = base(root, content, ctx)
        for c in cs:
            drops = [e for e in c.iter() if isinstance(e.tag, str) and e is not c and words.intersection(name_words(e))]
            ds = set(drops)
            drop_marked(c, [e for e in drops if not any(a in ds for a in e.iterancestors())])
        return cs, content
    return strat


# --- product: info sheets in dialogs inside <main>; JSON-LD description ----------
import json as _json
from pagechunk.model import Block

CONTENT_ROLES = ("main", "article")


def keep_inner_dialogs(root, ctx, min_chars=200):
    """A role=dialog element inside a content element (<main>, <article>,
    role=main) that holds prose is an info sheet of the page: unmark it."""
    n = 0
    for e in root.xpath("//*[@role='dialog']"):
        inside = any(a.tag in CONTENT_ROLES or (a.get("role") or "").split()[:1] == ["main"] for a in e.iterancestors())
        if inside and len(" ".join("".join(e.itertext()).split())) >= min_chars:
            del e.attrib["role"]
            n += 1
    ctx.notes["dialogs_kept"] = n


def ld_product_description(raw_html):
    from pagechunk.html.load import load_tree
    root = load_tree(raw_html)
    if root is None:
        return ""
    for s in root.iter("script"):
        if "ld+json" not in (s.get("type") or "").lower():
            continue
        try:
            data = _json.loads(s.text or "")
        except ValueError:
            continue
        stack = [data]
        while stack:
            d = stack.pop()
            if isinstance(d, list):
                stack.extend(d)
            elif isinstance(d, dict):
                t = d.get("@type")
                ts = t if isinstance(t, list) else [t]
                if any(x in ("Product", "ProductGroup") for x in ts if isinstance(x, str)):
                    desc = d.get("description")
                    if isinstance(desc, str) and desc.strip():
                        return " ".join(desc.split())
                stack.extend(v for v in d.values() if isinstance(v, (dict, list)))
    return ""


_W = re.compile(r"\w+")


def add_ld_description(blocks, ctx, min_missing=0.5):
    desc = ld_product_description(ctx.raw_html)
    if not desc or "<" in desc and ">" in desc and False:
        return blocks
    if "<" in desc:  # HTML inside the description: its text
        from lxml import html as _h
        try:
            desc = " ".join(_h.fromstring(desc).text_content().split())
        except Exception:
            pass
    have = set(w.lower() for b in blocks for w in _W.findall(b.text))
    words = [w.lower() for w in _W.findall(desc)]
    if not words:
        return blocks
    missing = sum(1 for w in words if w not in have) / len(words)
    ctx.notes["ld_missing"] = round(missing, 2)
    if missing >= min_missing:
        ctx.notes["ld_added"] = True
        at = 1 if blocks and blocks[0].kind == "heading" else 0
        return blocks[:at] + [Block(desc)] + blocks[at:]
    return blocks


def union_strategy(q=0.7, drop_comments=False, same_sig_everywhere=True):
    """The prose container and the repeated item group(s), in document order."""
    mass = mass_strategy(q, drop_comments)
    rep = repeat_strategy(same_sig_everywhere=same_sig_everywhere)
    def strat(root, content, ctx):
        best, size, links = item_group(root)
        groups_ = []
        if best is not None:
            groups_, _ = rep(root, content, ctx)
        cs, _ = mass(root, content, ctx)
        allc = []
        for c in [*cs, *groups_]:
            anc = set(c.iterancestors())
            if any(a in anc for a in allc):
                continue
            allc = [a for a in allc if c not in set(a.iterancestors())]
            allc.append(c)
        order = {e: i for i, e in enumerate(root.iter())}
        allc.sort(key=order.get)
        return allc, set(allc)
    return strat


def whole_strategy(drop_comments=True, drop_chrome=False):
    """The whole pruned page, less named boilerplate (and comments) boxes."""
    def strat(root, content, ctx):
        found = survey(root)
        top = densest(found, content)
        keep = {top, *top.iterancestors()} if top is not None else set()
        lo = 1 if drop_chrome else 2
        drops = [e for e, k in found.named.inside(root)
                 if (k >= lo if drop_comments else lo <= k <= BOILERPLATE) and e not in keep]
        ds = set(drops)
        drops = [e for e in drops if not any(a in ds for a in e.iterancestors())]
        drop_marked(root, drops)
        return [root], content
    return strat


def nofocus_share(min_share=0.3):
    """The whole page; content elements restrict it only when they hold at
    least min_share of the page's text."""
    def strat(root, content, ctx):
        if not content:
            return [root], content
        size, _ = text_sizes(root)
        tops = [e for e in content if not any(a in content for a in e.iterancestors())]
        held = sum(size.get(e, 0) for e in tops)
        total = size.get(root, 0) or 1
        ctx.notes["content_share"] = held / total
        if held >= min_share * total:
            return [root], content
        return [root], set()
    return strat


from pagechunk.html.prune import _hides


def _hidden(e):
    for name in ("hidden", "aria-hidden", "style"):
        v = e.get(name)
        if v is not None and _hides(name, v):
            return name
    return None


def unhide_panels(root, ctx, min_chars=100):
    """A hidden element whose parent shows a sibling of the same signature
    (tag and class words) is a tab or accordion panel: keep it."""
    n = 0
    cands = [a.getparent() for x in ("//@hidden", "//@aria-hidden", "//@style") for a in root.xpath(x)]
    seen = set()
    for e in cands:
        if e is None or e in seen:
            continue
        seen.add(e)
        name = _hidden(e)
        if not name:
            continue
        p = e.getparent()
        if p is None:
            continue
        sig = signature(e)
        if not any(s is not e and signature(s) == sig and not _hidden(s) for s in p):
            continue
        if len(" ".join("".join(e.itertext()).split())) < min_chars:
            continue
        del e.attrib[name]
        n += 1
    ctx.notes["panels"] = n


def lca(a, b):
    anc = [a, *a.iterancestors()]
    s = set([b, *b.iterancestors()])
    for e in anc:
        if e in s:
            return e
    return None


def forum_qa_strategy(q=0.7, words=frozenset({"signature", "extras", "userextra", "postprofile", "reactions", "reaction"}), use_h1=False):
    """forum_strategy, grown to hold the first post: the outermost element
    typed Question / DiscussionForumPosting (microdata), else (use_h1) the
    page's first <h1>."""
    def strat(root, content, ctx):
        found = survey(root)
        mass = mass_strategy(q)
        anchor = None
        for e in root.iter():
            if isinstance(e.tag, str) and e.get("itemtype") and itemtype_name(e) in ("Question", "DiscussionForumPosting"):
                anchor = e
                break
        if anchor is None and use_h1:
            anchor = next(root.iter("h1"), None)
        cs, content2 = mass(root, content, ctx)
        c = cs[0]
        if anchor is not None and c is not anchor and c not in set(anchor.iterancestors()):
            # anchor may have been removed by the drops: check it is still in the tree
            top = anchor
            while top.getparent() is not None:
                top = top.getparent()
            if top is root or root in set(anchor.iterancestors()) or anchor is root:
                grown = lca(c, anchor)
                if grown is not None:
                    ctx.notes["grown"] = (grown.tag, grown.get("id"), grown.get("class"))
                    c = grown
        if anchor is not None and itemtype_name(anchor) == "Question" and any(
                itemtype_name(e) == "Answer" for e in c.iter() if isinstance(e.tag, str) and e.get("itemtype")):
            # a Q&A thread: the question and its answers, not the comments under them
            drops = [e for e in c.iter() if isinstance(e.tag, str) and e is not c
                     and (itemtype_name(e) == "Comment" or (found.named.kind(e) == COMMENTS if e.tag in ("div", "ul", "ol", "section", "aside") else False))]
            ds = set(drops)
            drop_marked(c, [e for e in drops if not any(a in ds for a in e.iterancestors())])
            ctx.notes["qa"] = len(drops)
        forum_clean(c, words)
        return [c], {c}
    return strat


LIST_CHROME = frozenset({"filter", "filters", "facet", "facets", "sort", "sorting", "refine", "refinement",
                         "pagination", "pager", "breadcrumb", "breadcrumbs"})


def list_strategy(min_share=0.5, words=LIST_CHROME):
    base = nofocus_share(min_share)
    def strat(root, content, ctx):
        cs, content = base(root, content, ctx)
        drops = [e for e in root.iter() if isinstance(e.tag, str) and e is not root and words.intersection(name_words(e))]
        ds = set(drops)
        drops = [e for e in drops if not any(a in ds for a in e.iterancestors())]
        ctx.notes["list_drops"] = len(drops)
        drop_marked(root, drops)
        return cs, {c for c in content if c.getparent() is not None or c is root} if content else content
    return strat


from pagechunk.html.focus import _chain_mass


def mass2_strategy(q=0.7, drop_comments=True):
    """mass_strategy on focus's own _chain_mass (prose under named boxes that
    do not hold the densest block left out): the cost of today's climb."""
    def strat(root, content, ctx):
        found = survey(root)
        top = densest(found, content)
        if top is None:
            return [root], content
        mass = _chain_mass(top, found)
        chain = list(mass)
        total = mass[chain[-1]]
        container = chain[-1]
        for e in chain:
            if mass[e] >= q * total:
                container = e
                break
        keep = {top, *top.iterancestors()}
        drops = [e for e, k in found.named.inside(container)
                 if (k >= BOILERPLATE if drop_comments else k == BOILERPLATE) and e not in keep]
        drop_marked(container, drops)
        return [container], {container}
    return strat


def focus_or_mass(share=0.3, q=0.7, drop_comments=True):
    """Today's focus (densest + climb + named drops), unless its container
    holds under `share` of the page's prose: then the mass container."""
    def strat(root, content, ctx):
        found = survey(root)
        top = densest(found, content)
        if top is None:
            return [root], content
        in_comments = {}
        stops = {e for e in content if found.named.get(e) != COMMENTS and not _below(e, found.named, COMMENTS, in_comments)}
        container = climb(top, found, stops)
        total = sum(found.prose.values())
        inside = sum(v for b, v in found.prose.items() if b is container or container in b.iterancestors())
        ctx.notes["focus_share"] = inside / total if total else 1
        if total and inside < share * total:
            ctx.notes["mass"] = True
            return mass_strategy(q, drop_comments)(root, content, ctx)
        drops = boilerplate_inside(container, top, found.named)
        drop_marked(container, drops)
        return [container], {container}
    return strat
