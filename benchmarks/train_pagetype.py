"""Train the page-type classifier of :mod:`pagechunk.html.pagetype` on the
WCXB corpus, print its cross-validated accuracy, and write its weights as
plain JSON into the package.

    pip install numpy   # training only; pagechunk itself never imports it
    python -m benchmarks.train_pagetype ../shared/corpus/wcxb [--no-write]

The model is a multinomial logistic regression (L2 1e-3, Adam, 1,500
steps). Accuracy is measured with 5-fold cross-validation whose folds are
grouped by domain, so no site is both trained and tested on; the weights
written are then fitted on every page.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.wcxb import _read
from pagechunk.html.jsonld import jsonld_objects
from pagechunk.html.pagetype import PAGE_TYPES, declared, page_features
from pagechunk.html.typed import drop_unseen_text
from pagechunk.options import Options
from pagechunk.pipeline import _prune, _tree_and_head

TYPES = [kind for kind in PAGE_TYPES if kind != "other"]
"""The types the corpus labels; "other" is what the model is unsure of."""
MODEL = (
    Path(__file__).resolve().parent.parent / "src/pagechunk/html/pagetype_model.json"
)
L2, ITERATIONS, FOLDS = 1e-3, 1500, 5
QUICK = ("og_", "ld_", "md_", "url_", "host_")
QUICK_SURE = 0.85


def corpus_features(
    directory: Path,
) -> tuple[list[dict[str, float]], list[int], list[str]]:
    """Features, type and domain of each page, read as the pipeline reads them."""
    meta = json.loads((directory / "metadata.json").read_text())["files"]
    parse = Options().parse
    features, labels, domains = [], [], []
    for page_id, url, html, truth in _read(directory):
        root, head, _ = _tree_and_head(html, parse, url, None, None, streamed=True)
        said = declared(root, jsonld_objects(root))
        drop_unseen_text(root)  # the tree extract classifies, as it prunes it
        _prune(root, parse, unfold=True)
        features.append(page_features(head.url, said, root))
        labels.append(TYPES.index(str(truth["type"])))
        domains.append(page_domain(meta, page_id))
    return features, labels, domains


def page_domain(meta: dict[str, Any], page_id: str) -> str:
    """A page's domain, as the corpus's ``metadata.json`` names it, else
    the page's id (a domain of its own)."""
    return str(meta.get(page_id, {}).get("domain") or page_id)


def domain_folds(domains: list[str]) -> Any:
    """Each page's cross-validation fold, from a hash of its domain: a site's
    pages are all held out together, and the folds are the same every run."""
    return np.array(
        [int(hashlib.md5(d.encode()).hexdigest(), 16) % FOLDS for d in domains]
    )


def feature_matrix(rows: list[dict[str, float]]) -> tuple[list[str], Any]:
    """The feature names, sorted, and one row of values a page (0 where a
    page lacks a feature)."""
    names = sorted({name for row in rows for name in row})
    return names, np.array([[row.get(name, 0.0) for name in names] for row in rows])


def fit(x: Any, y: Any, iterations: int = ITERATIONS) -> tuple[Any, Any]:
    n, d = x.shape
    k = len(TYPES)
    w, b = np.zeros((d, k)), np.zeros(k)
    target = np.eye(k)[y]
    moments = [np.zeros_like(w), np.zeros_like(w), np.zeros_like(b), np.zeros_like(b)]
    for t in range(1, iterations + 1):
        z = x @ w + b
        z -= z.max(1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(1, keepdims=True)
        g = (p - target) / n
        grads = (x.T @ g + L2 * w, g.sum(0))
        for param, grad, m, v in (
            (w, grads[0], *moments[:2]),
            (b, grads[1], *moments[2:]),
        ):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            param -= 0.025 * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return w, b


def train(
    features: list[dict[str, float]], labels: list[int], domains: list[str]
) -> tuple[dict[str, Any], Any]:
    """Cross-validate, print the figures, and fit the weights on every page;
    also the held-out probabilities of each page's types."""
    names, x = feature_matrix(features)
    y = np.array(labels)
    fold = domain_folds(domains)
    held_out = np.zeros((len(y), len(TYPES)))
    for f in range(FOLDS):
        held_in = fold != f
        w, b = fit(x[held_in], y[held_in])
        z = x[~held_in] @ w + b
        z = np.exp(z - z.max(1, keepdims=True))
        held_out[~held_in] = z / z.sum(1, keepdims=True)
    predicted = held_out.argmax(1)
    confusion = np.zeros((len(TYPES), len(TYPES)), int)
    for truth, guess in zip(y, predicted, strict=True):
        confusion[truth, guess] += 1
    recall = confusion.diagonal() / confusion.sum(1)
    print(f"{len(y)} pages, {len(names)} features, {FOLDS}-fold CV grouped by domain")
    print(f"accuracy {(predicted == y).mean():.3f}, balanced {recall.mean():.3f}")
    print("true \\ predicted " + "".join(f"{t[:6]:>8}" for t in TYPES) + "  recall")
    for i, t in enumerate(TYPES):
        row = "".join(f"{n:>8}" for n in confusion[i])
        print(f"{t:<17}{row}  {recall[i]:.2f}")
    w, b = fit(x, y)
    model = {
        "bias": [round(float(v), 5) for v in b],
        "weights": {
            name: [round(float(v), 5) for v in w[i]]
            for i, name in enumerate(names)
            if np.abs(w[i]).max() > 1e-4
        },
    }
    return model, held_out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    features, labels, domains = corpus_features(args.corpus)
    print("== pages with their URL")
    with_url, full = train(features, labels, domains)
    print("== pages without a URL (the model for a page given without base_url)")
    blind = [
        {k: v for k, v in f.items() if not k.startswith(("url_", "host_"))}
        for f in features
    ]
    without_url, _ = train(blind, labels, domains)
    print("== declarations and URL only (the quick model, tried first)")
    cheap = [{k: v for k, v in f.items() if k.startswith(QUICK)} for f in features]
    quick, first = train(cheap, labels, domains)
    sure = first.max(1) >= QUICK_SURE
    chosen = np.where(sure, first.argmax(1), full.argmax(1))
    print(
        f"quick model sure (p >= {QUICK_SURE}) on {sure.mean():.1%} of pages, "
        f"right on {(first.argmax(1) == labels)[sure].mean():.3f} of them; "
        f"both stages: accuracy {(chosen == np.array(labels)).mean():.3f}"
    )
    if args.no_write:
        return
    model = {
        "types": TYPES,
        "with_url": with_url,
        "without_url": without_url,
        "quick": quick,
        "quick_sure": QUICK_SURE,
    }
    MODEL.write_text(json.dumps(model, indent=0, sort_keys=True) + "\n")
    print(f"wrote {MODEL}")


if __name__ == "__main__":
    main()
