"""Time pagechunk against a bare lxml parse and its peers on a corpus of pages.

Run ``python benchmarks/compare.py [DIR]``. DIR holds ``.html`` pages, gzipped
or not, or is a corpus folder with such pages in ``html/`` and a
``ground-truth.json`` beside them; it defaults to ``../shared/corpus/aeb``
next to the repository. Every extractor runs in this one process, interleaved
page by page, and each page's time is the best of ``--rounds`` passes. The
table gives the total seconds, the ratio to the bare parse, pages and MB per
second, and, when ``benchmarks/metric.py`` and the ground truth are there, the
shingle F1. Peers that are not installed are skipped with a note; install them
with ``pip install -e '.[compare]'``.
"""

from __future__ import annotations

import argparse
import gc
import gzip
import importlib.util
import json
import os
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = REPO_ROOT.parent / "shared" / "corpus" / "aeb"
PAGE_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz")
BASELINE = "lxml parse"
INSTALL_HINT = "pip install -e '.[compare]'"


@dataclass(frozen=True, slots=True)
class Page:
    """One corpus page: its id (the file name without suffix), its bytes, and
    the URL it was fetched from when the ground truth gives one."""

    id: str
    data: bytes
    url: str | None = None


@dataclass(slots=True)
class Extractor:
    """A way to turn a page into text, timed as ``run``.

    ``text`` gives the text scored for F1, outside the timing; without it the
    result of ``run`` is that text, and an extractor whose result is not text
    (the bare parse) gets no F1.
    """

    name: str
    run: Callable[[Page], object]
    text: Callable[[Page], str] | None = None
    seconds: dict[str, float] = field(default_factory=dict)
    errors: int = 0


# ---------------------------------------------------------------- the corpus


def corpus_pages_dir(directory: Path | str | None = None) -> Path:
    """The folder of pages: DIR, DIR/html, $PAGECHUNK_CORPUS or the default."""
    if directory is None:
        directory = os.environ.get("PAGECHUNK_CORPUS") or DEFAULT_CORPUS
    path = Path(directory)
    return path / "html" if (path / "html").is_dir() else path


def load_pages(directory: Path) -> list[Page]:
    """Read every page in a folder, unpacking gzip, in file name order; the
    URL comes from a ``ground-truth.json`` beside the pages, if any."""
    urls = {key: entry.get("url") for key, entry in _ground_truth(directory).items()}
    pages = []
    for path in sorted(directory.iterdir()):
        name = path.name
        suffix = next((s for s in PAGE_SUFFIXES if name.endswith(s)), None)
        if suffix is None or not path.is_file():
            continue
        data = path.read_bytes()
        if data.startswith(b"\x1f\x8b"):
            data = gzip.decompress(data)
        page_id = name.removesuffix(suffix)
        pages.append(Page(page_id, data, urls.get(page_id)))
    return pages


def load_ground_truth(directory: Path) -> dict[str, str] | None:
    """Each page id's expected article text, or None without ground truth."""
    entries = _ground_truth(directory)
    if not entries:
        return None
    return {key: entry.get("articleBody", "") for key, entry in entries.items()}


def _ground_truth(directory: Path) -> dict[str, dict[str, str]]:
    for candidate in (directory, directory.parent):
        path = candidate / "ground-truth.json"
        if path.is_file():
            return json.loads(path.read_text(encoding="utf-8"))
    return {}


# ---------------------------------------------------------------- extractors


def _lxml_parse() -> Extractor:
    import lxml.html

    return Extractor(BASELINE, lambda page: lxml.html.document_fromstring(page.data))


def _chunks_text(chunks: Iterable) -> str:
    """What F1 scores for a chunker: the chunk bodies, as benchmarks/quality.py
    does, so the title and heading prefix do not count."""
    return "\n\n".join(chunk.text for chunk in chunks)


def _pagechunk_parse_and_chunk() -> Extractor:
    from pagechunk import chunk_blocks, parse_html

    def run(page: Page, prefix: bool = True) -> object:
        parsed = parse_html(page.data, base_url=page.url)
        return chunk_blocks(parsed.blocks, title=parsed.title, prefix=prefix)

    return Extractor(
        "pagechunk parse_html+chunk_blocks",
        run,
        lambda page: _chunks_text(run(page, prefix=False)),
    )


def _pagechunk_chunk_html() -> Extractor:
    from pagechunk import chunk_html

    def run(page: Page, prefix: bool = True) -> object:
        return chunk_html(page.data, base_url=page.url, prefix=prefix)

    return Extractor(
        "pagechunk chunk_html", run, lambda page: _chunks_text(run(page, prefix=False))
    )


def _trafilatura(fast: bool) -> Extractor:
    import inspect

    import trafilatura

    # trafilatura 2 calls its fast mode ``fast``; 1.x called it ``no_fallback``.
    parameters = inspect.signature(trafilatura.extract).parameters
    mode = {"fast" if "fast" in parameters else "no_fallback": fast}

    def run(page: Page) -> str:
        return trafilatura.extract(page.data, url=page.url, **mode) or ""

    return Extractor("trafilatura fast" if fast else "trafilatura", run)


def _resiliparse() -> Extractor:
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.encoding import bytes_to_str, detect_encoding

    def run(page: Page) -> str:
        html = bytes_to_str(page.data, detect_encoding(page.data))
        return extract_plain_text(html, main_content=True)

    return Extractor("resiliparse main_content", run)


def _readability() -> Extractor:
    import lxml.html
    from readability import Document

    def run(page: Page) -> str:
        # Given bytes, readability guesses the encoding itself, which more than
        # doubles its time; the corpus is UTF-8, so decode it as the others do.
        html = page.data.decode("utf-8", errors="replace")
        summary = Document(html, url=page.url).summary(html_partial=True)
        return lxml.html.fragment_fromstring(summary, create_parent=True).text_content()

    return Extractor("readability-lxml", run)


def load_kavalai_text() -> ModuleType:
    """The ``kavalai.text`` module, loaded by file so that ``kavalai``'s heavy
    package ``__init__`` is not imported."""
    spec = importlib.util.find_spec("kavalai")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("kavalai is not installed")
    path = Path(next(iter(spec.submodule_search_locations))) / "text.py"
    module_spec = importlib.util.spec_from_file_location("_kavalai_text", path)
    if module_spec is None or module_spec.loader is None or not path.is_file():
        raise ImportError(f"no text module at {path}")
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[module_spec.name] = module  # dataclasses look their module up
    module_spec.loader.exec_module(module)
    return module


def _kavalai() -> Extractor:
    text_api = load_kavalai_text()

    def run(page: Page, prefix: bool = True) -> object:
        html = page.data.decode("utf-8", errors="replace")
        parsed = text_api.parse_html(html, base_url=page.url)
        return text_api.chunk_blocks(parsed.blocks, title=parsed.title, prefix=prefix)

    return Extractor(
        "kavalai.text (stdlib reference)",
        run,
        lambda page: _chunks_text(run(page, prefix=False)),
    )


LOADERS: dict[str, Callable[[], Extractor]] = {
    "lxml": _lxml_parse,
    "pagechunk-parse": _pagechunk_parse_and_chunk,
    "pagechunk": _pagechunk_chunk_html,
    "trafilatura": lambda: _trafilatura(fast=False),
    "trafilatura-fast": lambda: _trafilatura(fast=True),
    "resiliparse": _resiliparse,
    "readability": _readability,
    "kavalai": _kavalai,
}
"""Extractors by the short name ``--only`` takes, in table order."""


def load_extractors(names: Iterable[str]) -> tuple[list[Extractor], list[str]]:
    """The extractors that can be imported, and a note for each that cannot."""
    extractors, notes = [], []
    for name in names:
        try:
            extractors.append(LOADERS[name]())
        except ImportError as error:
            notes.append(f"skipped {name}: {error} ({INSTALL_HINT})")
    return extractors, notes


# ---------------------------------------------------------------- timing


def time_interleaved(
    extractors: list[Extractor], pages: list[Page], rounds: int
) -> None:
    """Time every extractor on every page, page by page, keeping each page's
    best time over ``rounds`` passes; the order rotates so none always runs
    first on a page."""
    clock = time.perf_counter
    for _ in range(rounds):
        gc.collect()
        for index, page in enumerate(pages):
            shift = index % len(extractors)
            for extractor in extractors[shift:] + extractors[:shift]:
                start = clock()
                try:
                    extractor.run(page)
                except Exception:
                    extractor.errors += 1
                elapsed = clock() - start
                best = extractor.seconds.get(page.id)
                if best is None or elapsed < best:
                    extractor.seconds[page.id] = elapsed


# ---------------------------------------------------------------- quality


def load_metric() -> Callable[[dict[str, str], dict[str, str]], float] | None:
    """The corpus F1 of ``benchmarks/metric.py`` as ``f1(predicted, expected)``,
    both mappings from page id to text; None when the module is not there."""
    try:
        from benchmarks import metric
    except ImportError:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        try:
            import metric  # type: ignore[no-redef]
        except ImportError:
            return None
        finally:
            sys.path.pop(0)

    def corpus_f1(predicted: dict[str, str], expected: dict[str, str]) -> float:
        scores = (
            metric.score_page(page_id, text, expected[page_id])
            for page_id, text in predicted.items()
        )
        return metric.summarise(scores).f1

    return corpus_f1


def score(
    extractor: Extractor,
    pages: list[Page],
    truth: dict[str, str],
    f1: Callable[[dict[str, str], dict[str, str]], float],
) -> float | None:
    """The extractor's F1 over the pages that have ground truth."""
    predicted = {}
    for page in pages:
        if page.id not in truth:
            continue
        try:
            output = (extractor.text or extractor.run)(page)
        except Exception:
            output = ""
        if not isinstance(output, str):
            return None
        predicted[page.id] = output
    if not predicted:
        return None
    return f1(predicted, {page_id: truth[page_id] for page_id in predicted})


# ---------------------------------------------------------------- the table


def results(
    extractors: list[Extractor], pages: list[Page], f1_scores: dict[str, float | None]
) -> list[dict[str, object]]:
    """One row per extractor: seconds, ratio to the first, pages/s, MB/s, F1."""
    megabytes = sum(len(page.data) for page in pages) / 1e6
    baseline = sum(extractors[0].seconds.values()) if extractors else 0.0
    rows = []
    for extractor in extractors:
        seconds = sum(extractor.seconds.values())
        rows.append(
            {
                "extractor": extractor.name,
                "seconds": seconds,
                "ratio": seconds / baseline if baseline else None,
                "pages_per_s": len(pages) / seconds if seconds else None,
                "mb_per_s": megabytes / seconds if seconds else None,
                "f1": f1_scores.get(extractor.name),
                "errors": extractor.errors,
            }
        )
    return rows


def format_table(rows: list[dict[str, object]]) -> str:
    """The rows as an aligned plain-text table."""
    show_f1 = any(row["f1"] is not None for row in rows)
    show_errors = any(row["errors"] for row in rows)
    header = ["extractor", "seconds", "ratio", "pages/s", "MB/s"]
    header += ["F1"] * show_f1 + ["errors"] * show_errors
    lines = [header]
    for row in rows:
        line = [
            str(row["extractor"]),
            _number(row["seconds"], 3),
            _number(row["ratio"], 2, "x"),
            _number(row["pages_per_s"], 0),
            _number(row["mb_per_s"], 1),
        ]
        line += [_number(row["f1"], 3)] * show_f1 + [str(row["errors"])] * show_errors
        lines.append(line)
    widths = [max(len(line[column]) for line in lines) for column in range(len(header))]
    rendered = [
        "  ".join(
            cell.ljust(width) if column == 0 else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(line, widths, strict=True))
        )
        for line in lines
    ]
    rendered.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(rendered)


def _number(value: object, digits: int, unit: str = "") -> str:
    if not isinstance(value, int | float):
        return "-"
    return f"{value:.{digits}f}{unit}"


# ---------------------------------------------------------------- command


def main(argv: list[str] | None = None) -> int:
    """Run the comparison and print the table; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", nargs="?", help="pages, or a corpus folder")
    parser.add_argument("--rounds", type=int, default=3, help="passes per page (3)")
    parser.add_argument(
        "--only",
        default=",".join(LOADERS),
        help=f"extractors to run, comma separated (default: {','.join(LOADERS)})",
    )
    parser.add_argument("--json", metavar="PATH", help="also write the rows as JSON")
    parser.add_argument("--no-f1", action="store_true", help="skip the F1 column")
    options = parser.parse_args(argv)

    pages_dir = corpus_pages_dir(options.directory)
    if not pages_dir.is_dir():
        print(f"compare: no pages at {pages_dir}", file=sys.stderr)
        return 2
    pages = load_pages(pages_dir)
    if not pages:
        print(f"compare: no .html or .html.gz files in {pages_dir}", file=sys.stderr)
        return 2
    names = [name.strip() for name in options.only.split(",") if name.strip()]
    unknown = [name for name in names if name not in LOADERS]
    if unknown:
        parser.error(f"unknown extractors: {', '.join(unknown)}")
    if "lxml" in names:
        names.remove("lxml")
    extractors, notes = load_extractors(["lxml", *names])

    megabytes = sum(len(page.data) for page in pages) / 1e6
    print(f"{len(pages)} pages, {megabytes:.1f} MB, from {pages_dir}")
    print(f"best of {options.rounds} interleaved passes per page\n")
    time_interleaved(extractors, pages, max(1, options.rounds))

    f1_scores: dict[str, float | None] = {}
    if not options.no_f1:
        notes += _score_all(extractors, pages, pages_dir, f1_scores)
    rows = results(extractors, pages, f1_scores)
    print(format_table(rows))
    for note in notes:
        print(f"note: {note}")
    if options.json:
        Path(options.json).write_text(
            json.dumps(
                {"pages": len(pages), "megabytes": megabytes, "rows": rows}, indent=2
            )
            + "\n",
            encoding="utf-8",
        )
    return 0


def _score_all(
    extractors: list[Extractor],
    pages: list[Page],
    pages_dir: Path,
    f1_scores: dict[str, float | None],
) -> list[str]:
    truth = load_ground_truth(pages_dir)
    if truth is None:
        return ["no F1: no ground-truth.json beside the pages"]
    f1 = load_metric()
    if f1 is None:
        return ["no F1: benchmarks/metric.py is not there"]
    for extractor in extractors:
        f1_scores[extractor.name] = score(extractor, pages, truth, f1)
    return []


if __name__ == "__main__":
    raise SystemExit(main())
