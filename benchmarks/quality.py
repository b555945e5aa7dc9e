"""Score pagechunk's extraction on the article-extraction-benchmark corpus.

Run from the repository root::

    python -m benchmarks.quality [DIR] [--no-clean] [--json] [--worst N]

DIR holds ``html/<id>.html.gz`` (UTF-8) and ``ground-truth.json`` mapping each
id to ``{"url", "articleBody"}``; it defaults to ``../shared/corpus/aeb``
beside the repository. Each page is scored on the text of its chunks,
``"\\n\\n".join(chunk.text for chunk in chunk_html(html, base_url=url,
prefix=False))``, with the metric of :mod:`benchmarks.metric`. The script
also reports the share of chunks that are mostly boilerplate: chunks whose own
shingle precision against their page's ground truth is under 0.5.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks.metric import (
    PageScore,
    Summary,
    precision_recall,
    score_page,
    shingles,
    summarise,
)
from pagechunk import chunk_html

__all__ = ["DEFAULT_CORPUS", "BOILERPLATE_PRECISION", "CorpusPage", "main"]

DEFAULT_CORPUS = Path(__file__).resolve().parent.parent.parent / "shared/corpus/aeb"
"""``../shared/corpus/aeb`` relative to the repository root."""

BOILERPLATE_PRECISION = 0.5
"""A chunk whose shingle precision is under this is counted as boilerplate."""


@dataclass(frozen=True, slots=True)
class CorpusPage:
    """One corpus page: its id, URL, HTML and expected article text."""

    page_id: str
    url: str
    html: str
    article: str


@dataclass(frozen=True, slots=True)
class Report:
    """The corpus figures for one configuration."""

    summary: Summary
    chunks: int
    boilerplate_chunks: int
    pages: list[PageScore]

    @property
    def boilerplate_share(self) -> float:
        """The share of chunks that are mostly boilerplate."""
        return self.boilerplate_chunks / self.chunks if self.chunks else 0.0


def read_corpus(directory: Path) -> Iterator[CorpusPage]:
    """Yield the corpus pages in ground-truth order."""
    truth = json.loads((directory / "ground-truth.json").read_text("utf-8"))
    for page_id, entry in truth.items():
        packed = (directory / "html" / f"{page_id}.html.gz").read_bytes()
        html = gzip.decompress(packed).decode("utf-8")
        yield CorpusPage(page_id, entry["url"], html, entry["articleBody"])


def evaluate(pages: Iterator[CorpusPage], *, clean: bool = True) -> Report:
    """Chunk every page and score the chunks against the ground truth."""
    scores: list[PageScore] = []
    chunk_count = 0
    boilerplate = 0
    for page in pages:
        chunks = chunk_html(page.html, base_url=page.url, clean=clean, prefix=False)
        texts = [chunk.text for chunk in chunks]
        scores.append(score_page(page.page_id, "\n\n".join(texts), page.article))
        expected = shingles(page.article)
        for text in texts:
            precision, _ = precision_recall(shingles(text), expected)
            boilerplate += precision < BOILERPLATE_PRECISION
        chunk_count += len(texts)
    return Report(summarise(scores), chunk_count, boilerplate, scores)


def main(argv: Sequence[str] | None = None) -> int:
    """Score the corpus and print the figures; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.quality")
    parser.add_argument("directory", nargs="?", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--no-clean", action="store_true", help="skip cleaning")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument(
        "--worst", type=int, default=0, metavar="N", help="list the N worst pages"
    )
    options = parser.parse_args(argv)
    if not (options.directory / "ground-truth.json").is_file():
        parser.error(f"no ground-truth.json in {options.directory}")
    report = evaluate(read_corpus(options.directory), clean=not options.no_clean)
    worst = sorted(report.pages, key=lambda score: score.f1)[: options.worst]
    if options.json:
        print(json.dumps(_as_json(report, worst), indent=2))
    else:
        _print_text(report, worst)
    return 0


def _as_json(report: Report, worst: list[PageScore]) -> dict[str, object]:
    summary = report.summary
    return {
        "pages": summary.pages,
        "f1": summary.f1,
        "precision": summary.precision,
        "recall": summary.recall,
        "chunks": report.chunks,
        "boilerplate_chunk_share": report.boilerplate_share,
        "worst": [
            {"id": s.page_id, "f1": s.f1, "precision": s.precision, "recall": s.recall}
            for s in worst
        ],
    }


def _print_text(report: Report, worst: list[PageScore]) -> None:
    summary = report.summary
    print(f"pages      {summary.pages}")
    print(f"F1         {summary.f1:.4f}")
    print(f"precision  {summary.precision:.4f}")
    print(f"recall     {summary.recall:.4f}")
    print(
        f"boilerplate chunks  {report.boilerplate_share:.2%}"
        f" ({report.boilerplate_chunks} of {report.chunks})"
    )
    for score in worst:
        print(
            f"{score.f1:.3f}  P {score.precision:.3f}  R {score.recall:.3f}"
            f"  {score.page_id}"
        )


if __name__ == "__main__":
    sys.exit(main())
