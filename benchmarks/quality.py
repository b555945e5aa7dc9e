"""Score pagechunk's extraction on a corpus: AEB or WCXB.

Run from the repository root::

    python -m benchmarks.quality [DIR] [--no-clean] [--json] [--worst N]
    python -m benchmarks.quality DIR --check      # fail below the record
    python -m benchmarks.quality DIR --record     # raise the record

A WCXB folder (``ground-truth/`` with one JSON file per page) is scored as
:mod:`benchmarks.wcxb` says, overall and per page type. An AEB folder
holds ``html/<id>.html.gz`` (UTF-8) and ``ground-truth.json`` mapping each
id to ``{"url", "articleBody"}``; it defaults to ``../shared/corpus/aeb``
beside the repository. Each page is scored on the text of its chunks,
``"\\n\\n".join(chunk.text for chunk in chunk_html(html, base_url=url,
prefix=False))``, with the metric of :mod:`benchmarks.metric`. The script
also reports the share of chunks that are mostly boilerplate: chunks whose own
shingle precision against their page's ground truth is under 0.5.

``--check`` compares the F1 (overall, and per page type on WCXB) with the
figures recorded in ``benchmarks/quality-record.json`` for the corpus (named
by its folder) and exits 1 when one falls below its record; ``.ci/run`` runs
it on both corpora. ``--record`` writes today's figures there, rounded down
to three places: do so in the commit that raises them.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks import wcxb
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

RECORD = Path(__file__).resolve().parent / "quality-record.json"
"""The F1 figures a change may not fall below, by corpus folder name."""

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
    gate = parser.add_mutually_exclusive_group()
    gate.add_argument("--check", action="store_true", help="fail below the record")
    gate.add_argument("--record", action="store_true", help="write the record")
    options = parser.parse_args(argv)
    if wcxb.is_wcxb(options.directory):
        report = wcxb.evaluate(options.directory, clean=not options.no_clean)
        figures = wcxb.summary(report)
        if options.json:
            print(json.dumps(figures, indent=2))
        else:
            wcxb.print_summary(figures, report, options.worst)
        types = figures["types"]
        assert isinstance(types, dict)
        scores = {name: row["f1"] for name, row in types.items()}
    elif (options.directory / "ground-truth.json").is_file():
        aeb = evaluate(read_corpus(options.directory), clean=not options.no_clean)
        worst = sorted(aeb.pages, key=lambda score: score.f1)[: options.worst]
        if options.json:
            print(json.dumps(_as_json(aeb, worst), indent=2))
        else:
            _print_text(aeb, worst)
        scores = {"all": aeb.summary.f1}
    else:
        parser.error(f"no ground truth in {options.directory}")
    if options.no_clean or not (options.check or options.record):
        return 0
    name = options.directory.resolve().name
    if options.record:
        _write_record(name, scores)
        return 0
    return _check_record(name, scores)


def _write_record(corpus: str, scores: dict[str, float]) -> None:
    record = json.loads(RECORD.read_text("utf-8")) if RECORD.is_file() else {}
    record[corpus] = {key: int(value * 1000) / 1000 for key, value in scores.items()}
    RECORD.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")
    print(f"recorded {corpus} in {RECORD.name}")


def _check_record(corpus: str, scores: dict[str, float]) -> int:
    record = json.loads(RECORD.read_text("utf-8")).get(corpus)
    if record is None:
        print(f"quality: no record for {corpus} in {RECORD.name}", file=sys.stderr)
        return 1
    fallen = [
        f"{key} {scores.get(key, 0.0):.4f} < {floor}"
        for key, floor in record.items()
        if scores.get(key, 0.0) < floor
    ]
    for line in fallen:
        print(f"quality: {corpus} F1 fell below the record: {line}", file=sys.stderr)
    if not fallen:
        print(f"quality: {corpus} holds its record ({len(record)} figures)")
    return 1 if fallen else 0


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
