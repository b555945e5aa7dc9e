"""Fit the extraction-confidence model of :mod:`pagechunk.confidence` on the
WCXB corpus, print its cross-validated ROC AUC as a detector of pages whose
word F1 is under 0.5, and write its weights as plain JSON into the package.

    pip install numpy   # training only
    python -m benchmarks.train_confidence ../shared/corpus/wcxb [--no-write]

Folds are grouped by domain (5 of them), as for the page-type model.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.metric import word_precision_recall, words
from benchmarks.train_pagetype import FOLDS, domain_folds, feature_matrix, page_domain
from benchmarks.wcxb import _read
from pagechunk.confidence import confidence_features
from pagechunk.html.typed import Trace
from pagechunk.options import Options
from pagechunk.pipeline import _extract

MODEL = Path(__file__).resolve().parent.parent / "src/pagechunk/confidence_model.json"
POOR_F1, L2, ITERATIONS = 0.5, 1e-3, 2000


def corpus_rows(
    directory: Path,
) -> tuple[list[dict[str, float]], list[float], list[str]]:
    """Features, word F1 and domain of every page."""
    meta = json.loads((directory / "metadata.json").read_text())["files"]
    rows, scores, domains = [], [], []
    for page_id, url, html, truth in _read(directory):
        trace = Trace()
        page = _extract(html, Options(), url, None, None, None, trace)
        expected = words(str(truth.get("main_content") or ""))
        precision, recall = word_precision_recall(words(page.markdown), expected)
        total = precision + recall
        scores.append(2 * precision * recall / total if total else 0.0)
        rows.append(confidence_features(trace.evidence, page.blocks))
        domains.append(page_domain(meta, page_id))
    return rows, scores, domains


def fit(x: Any, y: Any) -> tuple[Any, float]:
    """Logistic regression by gradient descent with Adam."""
    w, b = np.zeros(x.shape[1]), 0.0
    m, v, mb, vb = np.zeros_like(w), np.zeros_like(w), 0.0, 0.0
    for t in range(1, ITERATIONS + 1):
        p = 1 / (1 + np.exp(-(x @ w + b)))
        g = p - y
        gw, gb = x.T @ g / len(y) + L2 * w, g.mean()
        m, v = 0.9 * m + 0.1 * gw, 0.999 * v + 0.001 * gw * gw
        mb, vb = 0.9 * mb + 0.1 * gb, 0.999 * vb + 0.001 * gb * gb
        step = 0.05 / (1 - 0.9**t)
        w -= step * m / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
        b -= step * mb / (np.sqrt(vb / (1 - 0.999**t)) + 1e-8)
    return w, float(b)


def auc(score: Any, positive: Any) -> float:
    """ROC AUC of ``score`` as a detector of ``positive``, ties counted half."""
    pos, neg = score[positive], score[~positive]
    if not len(pos) or not len(neg):
        return float("nan")
    greater = (pos[:, None] > neg[None, :]).sum()
    ties = (pos[:, None] == neg[None, :]).sum()
    return float((greater + 0.5 * ties) / (len(pos) * len(neg)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    rows, scores, domains = corpus_rows(args.corpus)
    names, x = feature_matrix(rows)
    f1 = np.array(scores)
    good = (f1 >= POOR_F1).astype(float)
    fold = domain_folds(domains)
    held_out = np.zeros(len(f1))
    for f in range(FOLDS):
        train = fold != f
        w, b = fit(x[train], good[train])
        held_out[~train] = 1 / (1 + np.exp(-(x[~train] @ w + b)))
    poor = f1 < POOR_F1
    print(f"{len(f1)} pages, {int(poor.sum())} with F1 < {POOR_F1}")
    print(
        f"ROC AUC of 1 - confidence for F1 < {POOR_F1}: "
        f"{auc(-held_out, poor):.3f} ({FOLDS}-fold CV grouped by domain)"
    )
    if args.no_write:
        return
    w, b = fit(x, good)
    model = {
        "bias": round(b, 5),
        "weights": {n: round(float(w[i]), 5) for i, n in enumerate(names)},
    }
    MODEL.write_text(json.dumps(model, indent=0, sort_keys=True) + "\n")
    print(f"wrote {MODEL}")


if __name__ == "__main__":
    main()
