"""Score pagechunk on a WCXB folder: word F1 overall and per page type.

Used by :mod:`benchmarks.quality` when its folder holds ``ground-truth/``
(one JSON file per page) rather than AEB's ``ground-truth.json``. Each page is
scored on ``extract(html, base_url=url).markdown`` (``parse_html`` with
``--no-clean``) with the corpus's own metric (see its README): lower-cased
``\\w`` runs, multiset overlap with ``main_content``, precision and recall per
page, and precision, recall and F1 averaged over pages. It also reports the
share of ``with`` snippets found (higher is better) and of ``without``
snippets found (lower is better), the pages that come out near empty, and the
share of ``chunk_html`` chunks that are mostly boilerplate: chunks whose own
word precision against ``main_content`` is under 0.5. That share is measured
on the chunks' bodies (``prefix=False``), and again on the chunks as
``chunk_html`` returns them by default, with the title and heading path above
each body. Pages whose reference is empty are counted too: every chunk of
theirs counts as boilerplate.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.metric import word_precision_recall, words
from pagechunk import chunk_html, extract, parse_html

__all__ = ["NEAR_EMPTY_F1", "PageResult", "WcxbReport", "evaluate", "is_wcxb"]

NEAR_EMPTY_F1 = 0.1
"""A page scoring under this F1 counts as near empty."""

BOILERPLATE_PRECISION = 0.5
"""A chunk whose word precision is under this counts as boilerplate."""


def is_wcxb(directory: Path) -> bool:
    """Whether ``directory`` is laid out as a WCXB folder."""
    return (directory / "ground-truth").is_dir()


@dataclass(frozen=True, slots=True)
class PageResult:
    """One page's figures."""

    page_id: str
    page_type: str
    precision: float
    recall: float
    with_found: int
    with_total: int
    without_found: int
    without_total: int
    confidence: float = 0.0

    @property
    def f1(self) -> float:
        """The harmonic mean of the page's precision and recall."""
        total = self.precision + self.recall
        return 2 * self.precision * self.recall / total if total else 0.0


@dataclass(slots=True)
class WcxbReport:
    """The corpus figures for one configuration."""

    pages: list[PageResult] = field(default_factory=list)
    chunks: int = 0
    boilerplate_chunks: int = 0
    prefixed_chunks: int = 0
    prefixed_boilerplate_chunks: int = 0
    empty_references: int = 0

    def by_type(self) -> dict[str, list[PageResult]]:
        """The pages grouped by page type, ``"all"`` first."""
        groups: dict[str, list[PageResult]] = defaultdict(list)
        for page in self.pages:
            groups[page.page_type].append(page)
        return {"all": self.pages, **dict(sorted(groups.items()))}

    @property
    def near_empty(self) -> list[PageResult]:
        """The pages scoring under :data:`NEAR_EMPTY_F1`."""
        return [page for page in self.pages if page.f1 < NEAR_EMPTY_F1]


def mean_f1(pages: list[PageResult]) -> float:
    """F1 averaged over pages, as the WCXB README gives it."""
    return sum(page.f1 for page in pages) / len(pages) if pages else 0.0


def _read(directory: Path) -> Iterator[tuple[str, str, str, dict[str, object]]]:
    for path in sorted((directory / "ground-truth").glob("*.json")):
        entry = json.loads(path.read_text("utf-8"))
        packed = (directory / "html" / f"{path.stem}.html.gz").read_bytes()
        html = gzip.decompress(packed).decode("utf-8", "replace")
        page_type = entry["_internal"]["page_type"]["primary"]
        if page_type == "category":
            page_type = "collection"
        yield (
            path.stem,
            entry["url"],
            html,
            {**entry["ground_truth"], "type": page_type},
        )


def _found(snippets: object, text: str) -> tuple[int, int]:
    listed = (
        [s for s in snippets if isinstance(s, str)]
        if isinstance(snippets, list)
        else []
    )
    folded = " ".join(text.split()).casefold()
    hits = sum(" ".join(s.split()).casefold() in folded for s in listed)
    return hits, len(listed)


def evaluate(directory: Path, *, clean: bool = True) -> WcxbReport:
    """Extract and score every page of the folder."""
    report = WcxbReport()
    for page_id, url, html, truth in _read(directory):
        expected = words(str(truth.get("main_content") or ""))
        report.empty_references += not expected
        read = extract if clean else parse_html
        page = read(html, base_url=url)
        text = page.markdown
        precision, recall = word_precision_recall(words(text), expected)
        report.pages.append(
            PageResult(
                page_id,
                str(truth["type"]),
                precision,
                recall,
                *_found(truth.get("with"), text),
                *_found(truth.get("without"), text),
                page.confidence,
            )
        )
        for chunk in chunk_html(html, base_url=url, clean=clean, prefix=False):
            report.chunks += 1
            report.boilerplate_chunks += _boilerplate(chunk.text, expected)
        for chunk in chunk_html(html, base_url=url, clean=clean):
            report.prefixed_chunks += 1
            report.prefixed_boilerplate_chunks += _boilerplate(chunk.text, expected)
    return report


def _boilerplate(text: str, expected: Counter[str]) -> bool:
    precision, _ = word_precision_recall(words(text), expected)
    return precision < BOILERPLATE_PRECISION


def summary(report: WcxbReport) -> dict[str, object]:
    """The figures as a JSON-ready mapping, overall and per page type."""
    types = {}
    for name, pages in report.by_type().items():
        with_total = sum(p.with_total for p in pages)
        without_total = sum(p.without_total for p in pages)
        types[name] = {
            "pages": len(pages),
            "f1": mean_f1(pages),
            "precision": sum(p.precision for p in pages) / len(pages),
            "recall": sum(p.recall for p in pages) / len(pages),
            "with": sum(p.with_found for p in pages) / with_total
            if with_total
            else 1.0,
            "without": (
                sum(p.without_found for p in pages) / without_total
                if without_total
                else 0.0
            ),
        }
    return {
        "pages": len(report.pages),
        "f1": mean_f1(report.pages),
        "types": types,
        "near_empty": len(report.near_empty),
        "chunks": report.chunks,
        "boilerplate_chunk_share": (
            report.boilerplate_chunks / report.chunks if report.chunks else 0.0
        ),
        "prefixed_chunks": report.prefixed_chunks,
        "prefixed_boilerplate_chunk_share": (
            report.prefixed_boilerplate_chunks / report.prefixed_chunks
            if report.prefixed_chunks
            else 0.0
        ),
        "empty_references": report.empty_references,
        "confidence_auc": confidence_auc(report.pages),
    }


def confidence_auc(pages: list[PageResult], poor: float = 0.5) -> float:
    """ROC AUC of ``1 - confidence`` as a detector of pages whose F1 is under
    ``poor`` (ties count half); NaN when either group is empty."""
    low = [p.confidence for p in pages if p.f1 < poor]
    high = [p.confidence for p in pages if p.f1 >= poor]
    if not low or not high:
        return float("nan")
    wins = sum((h > lo) + 0.5 * (h == lo) for lo in low for h in high)
    return wins / (len(low) * len(high))


def print_summary(figures: dict[str, object], report: WcxbReport, worst: int) -> None:
    """Print the figures as a table, and the ``worst`` lowest pages."""
    types = figures["types"]
    assert isinstance(types, dict)
    print(f"{'type':<14}{'pages':>6}{'F1':>8}{'P':>8}{'R':>8}{'with':>8}{'without':>9}")
    for name, row in types.items():
        print(
            f"{name:<14}{row['pages']:>6}{row['f1']:>8.3f}{row['precision']:>8.3f}"
            f"{row['recall']:>8.3f}{row['with']:>8.3f}{row['without']:>9.3f}"
        )
    share = figures["boilerplate_chunk_share"]
    assert isinstance(share, float)
    print(f"near-empty pages (F1 < {NEAR_EMPTY_F1})  {figures['near_empty']}")
    print(
        f"boilerplate chunks  {share:.2%}"
        f" ({report.boilerplate_chunks} of {report.chunks})"
    )
    prefixed = figures["prefixed_boilerplate_chunk_share"]
    assert isinstance(prefixed, float)
    print(
        f"  with title and heading path (chunk_html's default)  {prefixed:.2%}"
        f" ({report.prefixed_boilerplate_chunks} of {report.prefixed_chunks})"
    )
    print(
        f"  pages with an empty reference  {report.empty_references}"
        " (all their chunks count)"
    )
    print(f"confidence ROC AUC for F1 < 0.5  {figures['confidence_auc']:.3f}")
    for page in sorted(report.pages, key=lambda p: p.f1)[:worst]:
        print(
            f"{page.f1:.3f}  P {page.precision:.3f}  R {page.recall:.3f}"
            f"  {page.page_type:<13} {page.page_id}"
        )
