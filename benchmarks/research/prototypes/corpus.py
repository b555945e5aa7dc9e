"""Load the WCXB corpus once (cached as a pickle) and score extractors."""
from __future__ import annotations
import gzip, json, pickle, re, sys, os
from collections import Counter, defaultdict
from pathlib import Path

CORPUS = Path("/work/shared/corpus/wcxb")
CACHE = Path("/tmp/r2/out/corpus.pkl")
TYPES = ["article", "forum", "product", "collection", "listing", "documentation", "service"]
_TOKEN = re.compile(r"\w+")


def load():
    if CACHE.exists():
        return pickle.loads(CACHE.read_bytes())
    meta = json.loads((CORPUS / "metadata.json").read_text())["files"]
    pages = []
    for path in sorted((CORPUS / "ground-truth").glob("*.json")):
        e = json.loads(path.read_text("utf-8"))
        html = gzip.decompress((CORPUS / "html" / f"{path.stem}.html.gz").read_bytes()).decode("utf-8", "replace")
        t = e["_internal"]["page_type"]["primary"]
        t = "collection" if t == "category" else t
        m = meta.get(path.stem, {})
        pages.append(dict(id=path.stem, url=e["url"], html=html, type=t,
                          truth=e["ground_truth"].get("main_content") or "",
                          with_=e["ground_truth"].get("with") or [],
                          without=e["ground_truth"].get("without") or [],
                          domain=m.get("domain", ""), spa=m.get("spa", False)))
    CACHE.write_bytes(pickle.dumps(pages))
    return pages


def words(text):
    return Counter(_TOKEN.findall(text.lower()))


def prf(pred, truth):
    p, e = words(pred), words(truth)
    if not e:
        return (1.0, 1.0, 1.0) if not p else (0.0, 0.0, 0.0)
    if not p:
        return 0.0, 0.0, 0.0
    o = sum((p & e).values())
    P, R = o / sum(p.values()), o / sum(e.values())
    return P, R, (2 * P * R / (P + R) if P + R else 0.0)


def table(results, pages, label=""):
    """results: id -> f1. prints per-type mean."""
    by = defaultdict(list)
    for pg in pages:
        if pg["id"] in results:
            by[pg["type"]].append(results[pg["id"]])
            by["all"].append(results[pg["id"]])
    row = {t: sum(v) / len(v) for t, v in by.items()}
    cols = ["all"] + TYPES
    print(f"{label:<22}" + "".join(f"{c[:6]:>8}" for c in cols))
    print(f"{'':<22}" + "".join(f"{row.get(c, float('nan')):>8.3f}" for c in cols))
    return row
