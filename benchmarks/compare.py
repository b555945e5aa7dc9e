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

Peak memory cannot be told apart per extractor in one process, so after the
timing each extractor runs once more over all pages in a child process of its
own: the child loads the pages, imports the extractor, warms it up on a tiny
page and trims the C heap, then takes its resident set size as the baseline
(resetting the kernel's high-water mark where Linux allows it) and reports
how far the peak resident set size over all pages rose above it. ``--json
PATH`` writes every figure and the machine it was measured on, for
``benchmarks/chart.py``; ``--no-memory`` skips the memory pass.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import gc
import gzip
import importlib.util
import json
import os
import platform
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = REPO_ROOT.parent / "shared" / "corpus" / "aeb"
PAGE_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz")
BASELINE = "lxml parse"
INSTALL_HINT = "pip install -e '.[compare]'"
MEMORY_TIMEOUT = 1800
"""Seconds one extractor's memory pass may take before it is given up."""
DISTRIBUTIONS = (
    "pagechunk",
    "lxml",
    "trafilatura",
    "resiliparse",
    "readability-lxml",
    "kavalai",
)
"""The packages whose versions the JSON output records."""


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
    (the bare parse) gets no F1. ``key`` is its short name in :data:`LOADERS`
    and ``peak_kib`` the peak memory its run over the pages added, in KiB.
    """

    name: str
    run: Callable[[Page], object]
    text: Callable[[Page], str] | None = None
    seconds: dict[str, float] = field(default_factory=dict)
    errors: int = 0
    key: str = ""
    peak_kib: int | None = None


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
            entries: dict[str, dict[str, str]] = json.loads(
                path.read_text(encoding="utf-8")
            )
            return entries
    return {}


# ---------------------------------------------------------------- extractors


def _lxml_parse() -> Extractor:
    import lxml.html

    return Extractor(BASELINE, lambda page: lxml.html.document_fromstring(page.data))


def _chunks_text(chunks: Any) -> str:
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

    trafilatura = importlib.import_module("trafilatura")

    # trafilatura 2 calls its fast mode ``fast``; 1.x called it ``no_fallback``.
    parameters = inspect.signature(trafilatura.extract).parameters
    mode = {"fast" if "fast" in parameters else "no_fallback": fast}

    def run(page: Page) -> str:
        return str(trafilatura.extract(page.data, url=page.url, **mode) or "")

    return Extractor("trafilatura fast" if fast else "trafilatura", run)


def _resiliparse() -> Extractor:
    html2text = importlib.import_module("resiliparse.extract.html2text")
    encoding = importlib.import_module("resiliparse.parse.encoding")

    def run(page: Page) -> str:
        html = encoding.bytes_to_str(page.data, encoding.detect_encoding(page.data))
        return str(html2text.extract_plain_text(html, main_content=True))

    return Extractor("resiliparse main_content", run)


def _readability() -> Extractor:
    import lxml.html

    document = importlib.import_module("readability").Document

    def run(page: Page) -> str:
        # Given bytes, readability guesses the encoding itself, which more than
        # doubles its time; the corpus is UTF-8, so decode it as the others do.
        html = page.data.decode("utf-8", errors="replace")
        summary = document(html, url=page.url).summary(html_partial=True)
        return str(
            lxml.html.fragment_fromstring(summary, create_parent=True).text_content()
        )

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
    extractors: list[Extractor] = []
    notes: list[str] = []
    for name in names:
        try:
            extractor = LOADERS[name]()
        except ImportError as error:
            notes.append(f"skipped {name}: {error} ({INSTALL_HINT})")
            continue
        extractor.key = name
        extractors.append(extractor)
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
        metric = importlib.import_module("benchmarks.metric")
    except ImportError:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        try:
            metric = importlib.import_module("metric")
        except ImportError:
            return None
        finally:
            sys.path.pop(0)

    def corpus_f1(predicted: dict[str, str], expected: dict[str, str]) -> float:
        scores = (
            metric.score_page(page_id, text, expected[page_id])
            for page_id, text in predicted.items()
        )
        return float(metric.summarise(scores).f1)

    return corpus_f1


def score(
    extractor: Extractor,
    pages: list[Page],
    truth: dict[str, str],
    f1: Callable[[dict[str, str], dict[str, str]], float],
) -> float | None:
    """The extractor's F1 over the pages that have ground truth."""
    predicted: dict[str, str] = {}
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


# ---------------------------------------------------------------- memory

WARM_UP_PAGE = Page(
    "warm-up",
    b"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Warm up</title>"
    b"</head><body><nav><a href='/'>Home</a></nav><main><article><h1>Warm up</h1>"
    + b"<p>A paragraph of a few words, to run every step once.</p>" * 8
    + b"<ul><li>One</li><li>Two</li></ul></article></main></body></html>",
    "https://example.org/warm-up",
)
"""The page each memory pass runs once before it takes its baseline."""


def rss_kib(field_name: str) -> int | None:
    """A ``Vm*`` figure of ``/proc/self/status`` in KiB, or None off Linux."""
    try:
        status = Path("/proc/self/status").read_text(encoding="ascii")
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith(f"{field_name}:"):
            return int(line.split()[1])
    return None


def peak_rss_kib() -> int:
    """The peak resident set size of this process in KiB.

    Linux's ``VmHWM`` where there is one: ``ru_maxrss`` keeps the peak of the
    parent's memory across ``fork`` and ``exec``, so a child started by a big
    process would report the parent's size.
    """
    high_water = rss_kib("VmHWM")
    if high_water is not None:
        return high_water
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak  # bytes on macOS


def trim_heap() -> None:
    """Give the C heap's free memory back to the system (glibc only), so the
    baseline does not hold freed memory that the run would reuse unseen."""
    name = ctypes.util.find_library("c")
    trim = getattr(ctypes.CDLL(name), "malloc_trim", None) if name else None
    if trim is not None:
        trim(0)


def reset_peak_rss() -> bool:
    """Reset the kernel's peak resident set size to the current one (Linux
    4.0 and later); return whether it could be done."""
    try:
        Path("/proc/self/clear_refs").write_text("5", encoding="ascii")
    except OSError:
        return False
    return True


def memory_of(name: str, pages_dir: Path) -> dict[str, object]:
    """Run one extractor over every page, in this process, and measure it.

    Call it in a fresh process (``--memory-of NAME``): the pages are loaded,
    the extractor imported and warmed up on a tiny page (for what it imports
    lazily) and the C heap trimmed before the baseline is taken (resetting
    the peak where Linux allows it), so what is counted is what running
    the pages adds: the largest working set of one page, and whatever the
    extractor keeps from page to page.

    Returns:
        ``baseline_kib``, the resident set size before the run;
        ``peak_kib``, the peak during it; ``peak_over_baseline_kib``; and
        ``method``, how the baseline was taken.

    Raises:
        ImportError: The extractor is not installed.
    """
    pages = load_pages(pages_dir)
    extractor = LOADERS[name]()
    _run_quietly(extractor, WARM_UP_PAGE)
    gc.collect()
    trim_heap()
    current = rss_kib("VmRSS")
    if current is not None and reset_peak_rss():
        baseline, method = current, "VmRSS after warm-up; VmHWM reset by clear_refs"
    else:
        baseline, method = peak_rss_kib(), "peak RSS after warm-up"
    for page in pages:
        _run_quietly(extractor, page)
    peak = max(peak_rss_kib(), baseline)
    return {
        "baseline_kib": baseline,
        "peak_kib": peak,
        "peak_over_baseline_kib": peak - baseline,
        "method": method,
    }


def _run_quietly(extractor: Extractor, page: Page) -> None:
    try:
        extractor.run(page)
    except Exception:
        extractor.errors += 1


def measure_memory(extractors: list[Extractor], pages_dir: Path) -> list[str]:
    """Give each extractor its ``peak_kib`` over baseline, each measured in a
    child process of its own, one after another; return a note per failure."""
    notes = []
    for extractor in extractors:
        command = [
            sys.executable,
            str(Path(__file__).resolve()),
            "--memory-of",
            extractor.key,
            str(pages_dir),
        ]
        try:
            done = subprocess.run(
                command,
                capture_output=True,
                text=True,
                timeout=MEMORY_TIMEOUT,
                check=True,
            )
            figures = json.loads(done.stdout.strip().splitlines()[-1])
            extractor.peak_kib = int(figures["peak_over_baseline_kib"])
        except (subprocess.SubprocessError, ValueError, IndexError, KeyError) as error:
            notes.append(f"no memory figure for {extractor.name}: {error}")
    return notes


# ---------------------------------------------------------------- the table


def results(
    extractors: list[Extractor], pages: list[Page], f1_scores: dict[str, float | None]
) -> list[dict[str, object]]:
    """One row per extractor: seconds, ratio to the first, pages/s, MB/s, peak
    memory over baseline in MB, F1 and the count of pages that raised."""
    megabytes = sum(len(page.data) for page in pages) / 1e6
    baseline = sum(extractors[0].seconds.values()) if extractors else 0.0
    rows: list[dict[str, object]] = []
    for extractor in extractors:
        seconds = sum(extractor.seconds.values())
        peak = extractor.peak_kib
        rows.append(
            {
                "extractor": extractor.name,
                "key": extractor.key,
                "seconds": seconds,
                "ratio": seconds / baseline if baseline else None,
                "pages_per_s": len(pages) / seconds if seconds else None,
                "mb_per_s": megabytes / seconds if seconds else None,
                "peak_mb": peak * 1024 / 1e6 if peak is not None else None,
                "f1": f1_scores.get(extractor.name),
                "errors": extractor.errors,
            }
        )
    return rows


def format_table(rows: list[dict[str, object]]) -> str:
    """The rows as an aligned plain-text table."""
    show_peak = any(row.get("peak_mb") is not None for row in rows)
    show_f1 = any(row["f1"] is not None for row in rows)
    show_errors = any(row["errors"] for row in rows)
    header = ["extractor", "seconds", "ratio", "pages/s", "MB/s"]
    header += ["peak MB"] * show_peak + ["F1"] * show_f1 + ["errors"] * show_errors
    lines = [header]
    for row in rows:
        line = [
            str(row["extractor"]),
            _number(row["seconds"], 3),
            _number(row["ratio"], 2, "x"),
            _number(row["pages_per_s"], 0),
            _number(row["mb_per_s"], 1),
        ]
        line += [_number(row.get("peak_mb"), 1)] * show_peak
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


def machine_info() -> dict[str, object]:
    """What the figures were measured on: date, CPU, load, Python, versions."""
    import lxml.etree

    versions: dict[str, str | None] = {}
    for name in DISTRIBUTIONS:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "platform": platform.platform(),
        "cpu": _cpu_model(),
        "cpu_count": os.cpu_count(),
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        "python": platform.python_version(),
        "libxml2": ".".join(map(str, lxml.etree.LIBXML_VERSION)),
        "versions": versions,
    }


def _cpu_model() -> str:
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return platform.processor()
    for line in cpuinfo.splitlines():
        if line.startswith("model name"):
            return line.partition(":")[2].strip()
    return platform.processor()


# ---------------------------------------------------------------- command


def main(argv: list[str] | None = None) -> int:
    """Run the comparison and print the table; return the exit status."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("directory", nargs="?", help="pages, or a corpus folder")
    parser.add_argument("--rounds", type=int, default=3, help="passes per page (3)")
    parser.add_argument(
        "--only",
        default=",".join(LOADERS),
        help=f"extractors to run, comma separated (default: {','.join(LOADERS)})",
    )
    parser.add_argument(
        "--json", metavar="PATH", help="also write every figure, and the machine's"
    )
    parser.add_argument("--no-f1", action="store_true", help="skip the F1 column")
    parser.add_argument(
        "--no-memory", action="store_true", help="skip the peak memory pass"
    )
    parser.add_argument("--memory-of", metavar="NAME", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)

    pages_dir = corpus_pages_dir(options.directory)
    if not pages_dir.is_dir():
        print(f"compare: no pages at {pages_dir}", file=sys.stderr)
        return 2
    if options.memory_of:  # the child process of the memory pass
        if options.memory_of not in LOADERS:
            parser.error(f"unknown extractor: {options.memory_of}")
        print(json.dumps(memory_of(options.memory_of, pages_dir)))
        return 0
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

    machine = machine_info()
    megabytes = sum(len(page.data) for page in pages) / 1e6
    rounds = max(1, options.rounds)
    print(f"{len(pages)} pages, {megabytes:.1f} MB, from {pages_dir}")
    print(f"best of {rounds} interleaved passes per page\n")
    time_interleaved(extractors, pages, rounds)
    load_after_timing = list(os.getloadavg()) if hasattr(os, "getloadavg") else None

    f1_scores: dict[str, float | None] = {}
    if not options.no_f1:
        notes += _score_all(extractors, pages, pages_dir, f1_scores)
    if not options.no_memory:
        notes += measure_memory(extractors, pages_dir)
    rows = results(extractors, pages, f1_scores)
    print(format_table(rows))
    print(
        "\npeak MB: resident memory the run over all pages added above the "
        "baseline after import and warm-up, one child process per extractor"
    )
    for note in notes:
        print(f"note: {note}")
    if options.json:
        figures = {
            "corpus": str(pages_dir),
            "pages": len(pages),
            "megabytes": megabytes,
            "rounds": rounds,
            "timing": "interleaved page by page in one process, best of rounds",
            "memory": "peak RSS over baseline after import and warm-up, "
            "one child process per extractor",
            "machine": machine | {"load_average_after_timing": load_after_timing},
            "rows": rows,
            "notes": notes,
        }
        Path(options.json).write_text(
            json.dumps(figures, indent=2) + "\n", encoding="utf-8"
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
