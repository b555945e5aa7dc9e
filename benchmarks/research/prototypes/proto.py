"""The pipeline with a pluggable focus step, to prototype per-type rules.

Mirrors pagechunk.pipeline.extract_page / parse.parse_document (read only)
up to the focus step, then runs a strategy that returns the containers to walk.
"""
from __future__ import annotations
import sys
sys.path.insert(0, "/tmp/r2/snap/src")
from lxml import etree
from pagechunk.clean import clean_blocks
from pagechunk.html.focus import focus_article
from pagechunk.html.load import load_tree
from pagechunk.html.parse import _Resolver, _join, unsafe_url
from pagechunk.html.prune import flatten, prune, read_page
from pagechunk.html.walk import walk
from pagechunk.markdown.read import render_markdown
from pagechunk.model import CHROME_TAGS, CONTENT_TAGS, DROP_ROLES, DROP_TAGS, PERMALINK_GLYPHS, ROBOTS_NAMES

CONTENT = frozenset(CONTENT_TAGS)
DROPS = frozenset(DROP_TAGS)


class Ctx:
    """What a strategy may read: the url, the raw tree before pruning (for
    JSON-LD, noscript...), the page type, the layout's content elements."""
    def __init__(self, url, raw_html, ptype):
        self.url, self.raw_html, self.ptype = url, raw_html, ptype
        self.notes = {}


def pruned_tree(html, url, drop_tags=DROPS, drop_hidden=True, pre_hook=None, ctx=None):
    root = load_tree(html)
    if root is None:
        return None, None, None, None
    if pre_hook is not None:
        pre_hook(root, ctx)
    head, layout = read_page(root, robots_names=frozenset(ROBOTS_NAMES), content_tags=CONTENT,
                             chrome_tags=frozenset(CHROME_TAGS), links=False)
    base = url
    if head.base_href and not unsafe_url(head.base_href):
        base = (_join(url, head.base_href) if url else head.base_href) or base
    prune(root, layout, drop_tags=drop_tags, drop_roles=frozenset(DROP_ROLES), drop_hidden=drop_hidden)
    flatten(root, content=layout.content, content_tags=CONTENT, drop_tags=drop_tags,
            preformatted=layout.preformatted)
    site = base or (_join(url, head.canonical) if head.canonical else None)
    return root, layout.content, _Resolver(base), site


def focus_strategy(root, content, ctx):
    art = focus_article(root, content)
    if art is None:
        return [root], content
    return [art], {art}


def nofocus_strategy(root, content, ctx):
    return [root], content


def run(html, url, strategy=focus_strategy, ptype=None, clean=True, pre_hook=None, drop_tags=DROPS,
        drop_hidden=True, post=None):
    ctx = Ctx(url, html, ptype)
    root, content, resolve, site = pruned_tree(html, url, drop_tags, drop_hidden, pre_hook, ctx)
    if root is None:
        return "", ctx
    containers, content = strategy(root, content, ctx)
    blocks = []
    for c in containers:
        blocks += walk(c, content=content if len(containers) == 1 else ({c} | {e for e in content if e in set(c.iter())}),
                       strip_chars=PERMALINK_GLYPHS, resolve=resolve, grid=True)
    if clean:
        blocks = clean_blocks(blocks, site=site)
    if post is not None:
        blocks = post(blocks, ctx)
    ctx.blocks = blocks
    return render_markdown(blocks), ctx


def base_focus(html, url):
    return run(html, url)[0]


def base_nofocus(html, url):
    return run(html, url, nofocus_strategy)[0]


# ---- safety net: <noscript> and hidden containers -------------------------
import re as _re
_WS = _re.compile(r"\s+")


def _text_chars(e):
    return len(_WS.sub(" ", "".join(e.itertext())).strip())


def visible_chars(root, content):
    return len(render_markdown(walk(root, content=content, strip_chars="", resolve=lambda h: h, grid=True)))


NET_VISIBLE = 200     # a page showing fewer characters than this is read again
NET_HELD = 500        # ... when a <noscript> or hidden container holds at least this many


def run_net(html, url, strategy=focus_strategy, ptype=None, pre_hook=None, **kw):
    """run(), but a page whose visible text is under NET_VISIBLE chars is read
    again with <noscript> unwrapped, or else with hidden containers kept."""
    ctx = Ctx(url, html, ptype)
    root, content, resolve, site = pruned_tree(html, url, pre_hook=pre_hook, ctx=ctx)
    if root is None:
        return "", ctx
    vis = visible_chars(root, content)
    ctx.notes["visible"] = vis
    if vis < NET_VISIBLE:
        raw = load_tree(html)
        etree.strip_elements(raw, "script", "style", "template", with_tail=False)
        ns = max((_text_chars(n) for n in raw.iter("noscript")), default=0)
        ctx.notes["noscript"] = ns
        if ns >= NET_HELD:
            def unwrap(r, c):
                etree.strip_tags(r, "noscript")
                if pre_hook is not None:
                    pre_hook(r, c)
            out, c2 = run(html, url, strategy, ptype, pre_hook=unwrap, **kw)
            c2.notes["net"] = "noscript"
            return out, c2
        out, c2 = run(html, url, strategy, ptype, pre_hook=pre_hook, drop_hidden=False, **kw)
        if len(out) >= NET_HELD:
            c2.notes["net"] = "hidden"
            return out, c2
    return run(html, url, strategy, ptype, pre_hook=pre_hook, **kw)


def net_focus(html, url):
    return run_net(html, url)[0]


def net_nofocus(html, url):
    return run_net(html, url, nofocus_strategy)[0]


def net_nofocus_noclean(html, url):
    return run_net(html, url, nofocus_strategy, clean=False)[0]
