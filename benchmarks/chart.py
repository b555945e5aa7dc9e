"""Draw the comparison of ``benchmarks/compare.py`` and update the docs' table.

Run ``python benchmarks/chart.py [JSON]`` after ``python benchmarks/compare.py
--json JSON``; JSON defaults to ``docs/_static/benchmark.json``. It draws, with
matplotlib, one bar per extractor of its time as a ratio to the bare lxml
parse beside one bar of its F1, to ``docs/_static/benchmark.svg`` (``--out``),
and rewrites the table in ``docs/benchmarks.md`` (``--page``) between the
lines ``% begin benchmark table`` and ``% end benchmark table``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_JSON = REPO_ROOT / "docs" / "_static" / "benchmark.json"
DEFAULT_CHART = REPO_ROOT / "docs" / "_static" / "benchmark.svg"
DEFAULT_PAGE = REPO_ROOT / "docs" / "benchmarks.md"
BEGIN = "% begin benchmark table"
END = "% end benchmark table"
TARGET_RATIO = 2.0
"""The ratio pagechunk aims to stay under, drawn as a line on the chart."""
OURS = "pagechunk"
"""Extractors whose name starts with this are drawn in their own colour."""


@dataclass(frozen=True, slots=True)
class Row:
    """One extractor's figures, as ``compare.py`` wrote them."""

    extractor: str
    seconds: float
    ratio: float
    pages_per_s: float | None
    mb_per_s: float | None
    peak_mb: float | None
    f1: float | None
    errors: int


def load_figures(path: Path) -> tuple[dict[str, Any], list[Row]]:
    """The whole JSON output of ``compare.py --json`` and its rows.

    Raises:
        ValueError: The file is not such output.
    """
    try:
        figures = json.loads(path.read_text(encoding="utf-8"))
        rows = [
            Row(
                extractor=str(row["extractor"]),
                seconds=float(row["seconds"]),
                ratio=float(row["ratio"]),
                pages_per_s=_optional(row.get("pages_per_s")),
                mb_per_s=_optional(row.get("mb_per_s")),
                peak_mb=_optional(row.get("peak_mb")),
                f1=_optional(row.get("f1")),
                errors=int(row.get("errors", 0)),
            )
            for row in figures["rows"]
        ]
    except (json.JSONDecodeError, KeyError, TypeError, ValueError) as error:
        raise ValueError(f"{path} is not the JSON of compare.py: {error!r}") from None
    if not rows:
        raise ValueError(f"{path} has no rows")
    return figures, rows


def _optional(value: object) -> float | None:
    if value is None or isinstance(value, int | float):
        return None if value is None else float(value)
    raise ValueError(f"not a number: {value!r}")


def draw(figures: dict[str, Any], rows: list[Row], out: Path) -> None:
    """Draw the time ratios and F1 of every extractor side by side to ``out``
    (SVG or PNG, by its suffix), with no date in the file so that a re-run on
    the same figures gives the same bytes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "pagechunk-benchmark"
    names = [row.extractor for row in rows]
    colours = ["#1f6fb4" if name.startswith(OURS) else "#9a9a9a" for name in names]
    places = list(range(len(rows)))[::-1]  # the first row on top

    figure, (times, quality) = plt.subplots(
        1, 2, figsize=(10, 0.45 * len(rows) + 1.6), sharey=True
    )
    ratios = [row.ratio for row in rows]
    times.barh(places, ratios, color=colours)
    times.axvline(
        TARGET_RATIO,
        color="#c0392b",
        linestyle="--",
        linewidth=1,
        label=f"pagechunk's aim: {TARGET_RATIO:g}x",
    )
    times.legend(loc="lower right", fontsize=8)
    times.set_xlabel("time / bare lxml parse (lower is faster)")
    times.set_yticks(places, names)
    times.set_xlim(0, max(ratios) * 1.18)
    for place, ratio in zip(places, ratios, strict=True):
        times.annotate(
            f"{ratio:.1f}x",
            (ratio, place),
            xytext=(3, 0),
            textcoords="offset points",
            va="center",
            fontsize=9,
        )

    scores = [row.f1 if row.f1 is not None else 0.0 for row in rows]
    quality.barh(places, scores, color=colours)
    quality.set_xlabel("F1, 4-token shingles (higher is better)")
    quality.set_xlim(0, 1.16)
    for place, row in zip(places, rows, strict=True):
        label = f"{row.f1:.3f}" if row.f1 is not None else "n/a (no text)"
        quality.annotate(
            label,
            (row.f1 or 0.0, place),
            xytext=(3, 0),
            textcoords="offset points",
            va="center",
            fontsize=9,
        )

    machine = figures.get("machine", {})
    figure.suptitle(
        f"{figures.get('pages', '?')} pages, {figures.get('megabytes', 0):.1f} MB; "
        f"best of {figures.get('rounds', '?')} interleaved passes; "
        f"{machine.get('cpu_count', '?')} CPUs, Python {machine.get('python', '?')}",
        fontsize=10,
    )
    figure.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(out, metadata={"Date": None} if out.suffix == ".svg" else None)
    plt.close(figure)


def markdown_table(figures: dict[str, Any], rows: list[Row]) -> str:
    """The figures as a Markdown table, with a line on how and where."""
    lines = [
        "| extractor | seconds | ratio | pages/s | MB/s | peak MB | F1 |",
        "|:--|--:|--:|--:|--:|--:|--:|",
    ]
    for row in rows:
        cells = [
            row.extractor,
            f"{row.seconds:.3f}",
            f"{row.ratio:.2f}x",
            _cell(row.pages_per_s, 0),
            _cell(row.mb_per_s, 1),
            _cell(row.peak_mb, 1),
            _cell(row.f1, 3),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    machine = figures.get("machine", {})
    load = machine.get("load_average") or []
    lines += [
        "",
        f"{figures.get('pages', '?')} pages, {figures.get('megabytes', 0):.1f} MB; "
        f"best of {figures.get('rounds', '?')} interleaved passes per page. "
        f"Measured {machine.get('date', '?')} on {machine.get('cpu', '?')}, "
        f"{machine.get('cpu_count', '?')} CPUs, Python {machine.get('python', '?')}, "
        f"lxml {machine.get('versions', {}).get('lxml', '?')} "
        f"(libxml2 {machine.get('libxml2', '?')}); load average at the start "
        + " / ".join(f"{value:.2f}" for value in load[:3])
        + " (1, 5, 15 min).",
    ]
    return "\n".join(lines)


def _cell(value: float | None, digits: int) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def update_page(page: Path, table: str) -> bool:
    """Put ``table`` between the marker lines of ``page``, with a blank line
    before the end marker; return whether the page has the markers."""
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    marks = [line.rstrip("\n") for line in lines]
    if BEGIN not in marks or END not in marks[marks.index(BEGIN) :]:
        return False
    first = marks.index(BEGIN) + 1
    last = marks.index(END, first)
    text = "".join(lines[:first]) + table + "\n\n" + "".join(lines[last:])
    page.write_text(text, encoding="utf-8")
    return True


def main(argv: Sequence[str] | None = None) -> int:
    """Draw the chart and update the page; return the exit status."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("json", nargs="?", type=Path, default=DEFAULT_JSON)
    parser.add_argument("--out", type=Path, default=DEFAULT_CHART, help="SVG or PNG")
    parser.add_argument("--page", type=Path, default=DEFAULT_PAGE)
    parser.add_argument("--no-page", action="store_true", help="leave the page be")
    options = parser.parse_args(argv)
    try:
        figures, rows = load_figures(options.json)
    except (OSError, ValueError) as error:
        print(f"chart: {error}", file=sys.stderr)
        return 2
    draw(figures, rows, options.out)
    print(f"wrote {options.out}")
    if not options.no_page:
        table = markdown_table(figures, rows)
        if options.page.is_file() and update_page(options.page, table):
            print(f"updated the table in {options.page}")
        else:
            print(f"chart: no '{BEGIN}' in {options.page}; the table:\n\n{table}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
