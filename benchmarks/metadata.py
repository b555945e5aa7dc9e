"""Page metadata accuracy on a WCXB folder, beside trafilatura's.

Run from the repository root::

    python -m benchmarks.metadata ../shared/corpus/wcxb [--sample N]

Each page's ground truth (``ground-truth/<id>.json``) holds ``title``,
``author`` and ``publish_date``. pagechunk is scored on
``extract(html, base_url=url)`` (its ``headline``, ``author`` and
``published``), trafilatura (when installed) on
``extract_metadata(html, default_url=url)`` (its ``title``, ``author`` and
``date``), in the same run:

- title: equal to the ground truth's, whitespace and case aside, over all
  pages;
- author: equal the same way, over the pages whose ground truth names one;
- date: the same day, over the pages whose ground truth dates themselves;
- and for each, how many pages get a value where the ground truth has none.

``--sample N`` prints N of pagechunk's values given where the ground truth
has none, per field, to look at by hand.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pagechunk import extract

FIELDS = ("title", "author", "date")


@dataclass(slots=True)
class Score:
    """One extractor's counts on one field."""

    right: int = 0
    expected: int = 0
    extra: int = 0
    samples: list[tuple[str, str]] = field(default_factory=list)

    def share(self) -> float:
        return self.right / self.expected if self.expected else 0.0


def _norm(value: Any) -> str:
    return " ".join(str(value or "").split()).casefold()


def _same(name: str, ours: str, truth: str) -> bool:
    if name == "date":
        return bool(ours) and ours[:10] == truth[:10]
    return _norm(ours) == _norm(truth)


def pagechunk_values(html: str, url: str) -> dict[str, str]:
    page = extract(html, base_url=url)
    return {"title": page.headline, "author": page.author, "date": page.published}


def trafilatura_reader() -> Callable[[str, str], dict[str, str]] | None:
    try:
        from trafilatura import extract_metadata
    except ImportError:
        return None

    def read(html: str, url: str) -> dict[str, str]:
        meta = extract_metadata(html, default_url=url)
        if meta is None:
            return dict.fromkeys(FIELDS, "")
        return {
            "title": meta.title or "",
            "author": meta.author or "",
            "date": meta.date or "",
        }

    return read


def evaluate(
    folder: Path, readers: dict[str, Callable[[str, str], dict[str, str]]]
) -> tuple[int, dict[str, dict[str, Score]]]:
    scores = {name: {f: Score() for f in FIELDS} for name in readers}
    pages = 0
    for path in sorted((folder / "ground-truth").glob("*.json")):
        entry = json.loads(path.read_text("utf-8"))
        truth = entry["ground_truth"]
        expected = {
            "title": truth.get("title") or "",
            "author": truth.get("author") or "",
            "date": truth.get("publish_date") or "",
        }
        packed = (folder / "html" / f"{path.stem}.html.gz").read_bytes()
        html = gzip.decompress(packed).decode("utf-8", "replace")
        pages += 1
        for name, read in readers.items():
            values = read(html, entry["url"])
            for f in FIELDS:
                score = scores[name][f]
                if expected[f]:
                    score.expected += 1
                    score.right += _same(f, values[f], expected[f])
                elif values[f]:
                    score.extra += 1
                    score.samples.append((path.stem, values[f]))
    return pages, scores


def table(pages: int, scores: dict[str, dict[str, Score]]) -> str:
    """The results as a Markdown table."""
    lines = [
        "| extractor | title | author | date (day) "
        "| title, none expected | author, none expected | date, none expected |",
        "|:--|--:|--:|--:|--:|--:|--:|",
    ]
    for name, by_field in scores.items():
        shares = " | ".join(
            f"{100 * s.share():.1f}% of {s.expected}" for s in by_field.values()
        )
        extras = " | ".join(str(s.extra) for s in by_field.values())
        lines.append(f"| {name} | {shares} | {extras} |")
    return "\n".join(lines) + f"\n\n{pages} pages."


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.metadata")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--sample", type=int, default=0)
    options = parser.parse_args(argv)
    readers = {"pagechunk": pagechunk_values}
    other = trafilatura_reader()
    if other is None:
        print("trafilatura is not installed: pagechunk alone", file=sys.stderr)
    else:
        readers["trafilatura"] = other
    pages, scores = evaluate(options.folder, readers)
    print(table(pages, scores))
    if options.sample:
        chosen = random.Random(15)
        for f, score in scores["pagechunk"].items():
            print(f"\npagechunk {f} where the ground truth has none:")
            picked = chosen.sample(
                score.samples, min(options.sample, len(score.samples))
            )
            for page_id, value in sorted(picked):
                print(f"  {page_id}: {value[:100]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
