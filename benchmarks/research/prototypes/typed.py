"""The typed pipeline: a page type picks the container rule."""
import json, os, sys
sys.path.insert(0, "/tmp/r2")
import proto, strategies as S

_TYPES = None


def page_types():
    global _TYPES
    if _TYPES is None:
        _TYPES = json.load(open(os.environ.get("R2_TYPES", "/tmp/r2/out/types_oracle.json")))
    return _TYPES


def url_type(url):
    return page_types().get(url)


RULES = {
    "article": dict(strategy=lambda: S.focus_or_mass(0.15)),
    "documentation": dict(strategy=lambda: S.focus_or_mass(0.15)),
    "forum": dict(strategy=lambda: S.forum_qa_strategy(0.7)),
    "product": dict(strategy=lambda: S.with_h1(S.product_strategy(0.7)), post=S.add_ld_description),
    "collection": dict(strategy=lambda: S.nofocus_share(0.5)),
    "listing": dict(strategy=lambda: S.nofocus_share(0.5)),
    "service": dict(strategy=lambda: S.nofocus_share(0.5)),
}


def extract_typed(html, url, ptype):
    rule = RULES[ptype]
    return proto.run_net(html, url, rule["strategy"](), ptype, **({"post": rule["post"]} if "post" in rule else {}))[0]


def typed(html, url):
    return extract_typed(html, url, page_types()[os.environ["R2_PAGE"]])
