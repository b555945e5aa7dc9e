"""Smoke test of an installed pagechunk, run by .ci/run in a fresh venv.

Usage: python smoke.py VERSION EXAMPLE_HTML REFERENCE_JSONL

Run it from outside the source tree, so that ``import pagechunk`` finds the
installed copy. It checks the version and the ``py.typed`` marker, chunks a
small page, and runs the ``pagechunk`` command on the example page, whose
records must match REFERENCE_JSONL (the source tree's output) but for ``url``
and ``source``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

PAGE = b"""<html><head><title>Tide tables</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Tide tables</h1>
<p>The tide rises twice a day along this coast, and the table below lists
each high water.</p>
<h2>Reading the table</h2>
<p>Each row gives a date, the time of high water and its height in metres
above chart datum.</p></article>
<footer>Copyright 2026 Harbour Office</footer></body></html>"""


def check(condition: bool, message: str) -> None:
    """Exit with ``message`` unless ``condition`` holds."""
    if not condition:
        sys.exit(f"smoke: {message}")


def without_url(lines: list[str]) -> list[dict[str, Any]]:
    """The JSON records of ``lines`` without their ``url`` and ``source``
    fields, which name the file as each run was given it."""
    records = [json.loads(line) for line in lines]
    for record in records:
        record.pop("url")
        record.pop("source", None)
    return records


def main(version: str, example: str, reference: str) -> None:
    import pagechunk

    package = Path(pagechunk.__file__).resolve().parent
    check(
        package.is_relative_to(Path(sys.prefix).resolve()),
        f"imported from {package}, not from the venv {sys.prefix}",
    )
    check(pagechunk.__version__ == version, f"__version__ {pagechunk.__version__}")
    check(metadata.version("pagechunk") == version, "metadata version differs")
    check((package / "py.typed").is_file(), "py.typed is not installed")
    installed = {str(path) for path in metadata.files("pagechunk") or []}
    check("pagechunk/py.typed" in installed, "py.typed is not in RECORD")

    url = "https://harbour.example/tides"
    chunks = pagechunk.chunk_html(PAGE, base_url=url)
    # Both sections are short: one chunk, the subheading in its body.
    headings = [chunk.heading for chunk in chunks]
    check(headings == ["Tide tables"], f"headings {headings}")
    apart = pagechunk.chunk_html(PAGE, base_url=url, join_under=None)
    headings = [chunk.heading for chunk in apart]
    check(
        headings == ["Tide tables", "Tide tables › Reading the table"],
        f"headings kept apart {headings}",
    )
    text = "\n".join(chunk.text for chunk in chunks)
    check("\n\nReading the table\n\nEach row" in text, "the subheading is missing")
    check("chart datum" in text, "the article's text is missing")
    check("Home" not in text and "Copyright" not in text, "chrome was kept")

    command = Path(sys.executable).parent / "pagechunk"
    run = subprocess.run(
        [str(command), example], capture_output=True, text=True, check=False
    )
    check(run.returncode == 0, f"pagechunk exited {run.returncode}: {run.stderr}")
    got = run.stdout.splitlines()
    want = Path(reference).read_text(encoding="utf-8").splitlines()
    check(len(got) > 0, "pagechunk printed no chunks")
    check(without_url(got) == without_url(want), "CLI output differs from source")
    print(f"smoke: pagechunk {version} from {package}: ok ({len(got)} chunks)")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
