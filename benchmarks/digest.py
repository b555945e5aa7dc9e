"""Digest pagechunk's output on the corpora, to tell deliberate changes from
accidental ones.

Run from the repository root::

    python -m benchmarks.digest write [FILE]      # record today's output
    python -m benchmarks.digest check [FILE]      # compare with the record

For every page of ``../shared/corpus/aeb`` and ``../shared/corpus/wcxb``
(``--aeb`` and ``--wcxb`` name other folders) it hashes three outputs with
every field: ``parse_html`` (title, links, robots flags, url, lang, page type,
confidence, the page metadata, and each block's text, heading, kind, level,
header flag and link spans), ``extract`` (the same, cleaned) and
``chunk_html`` (every field of each chunk, its id and metadata included).
``check`` lists every page whose digest differs from the record, and exits 1
when any does; a change meant to keep
the output must list none, and a deliberate change names each page it moves.
FILE defaults to ``benchmarks/digests.json``.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import astuple, fields
from pathlib import Path
from typing import Any

from pagechunk import chunk_html, extract, parse_html

__all__ = ["digest_page", "main"]

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "corpus"
DEFAULT_RECORD = ROOT / "benchmarks" / "digests.json"


def corpus_pages(aeb: Path, wcxb: Path) -> Iterator[tuple[str, str, str]]:
    """Yield ``(key, url, html)`` for every page of both corpora, in order."""
    if (aeb / "ground-truth.json").is_file():
        truth = json.loads((aeb / "ground-truth.json").read_text("utf-8"))
        for page_id, entry in truth.items():
            yield f"aeb/{page_id}", entry["url"], _read(aeb / "html", page_id)
    truth_dir = wcxb / "ground-truth"
    if truth_dir.is_dir():
        for path in sorted(truth_dir.glob("*.json")):
            entry = json.loads(path.read_text("utf-8"))
            yield f"wcxb/{path.stem}", entry["url"], _read(wcxb / "html", path.stem)


def _read(folder: Path, page_id: str) -> str:
    packed = (folder / f"{page_id}.html.gz").read_bytes()
    return gzip.decompress(packed).decode("utf-8", "replace")


def _page_fields(page: Any) -> list[Any]:
    blocks = [
        [
            b.text,
            b.heading,
            str(b.kind),
            b.level,
            b.header,
            [astuple(s) for s in b.links],
        ]
        for b in page.blocks
    ]
    rest = [getattr(page, f.name) for f in fields(page) if f.name != "blocks"]
    return [*rest, blocks]


def digest_page(url: str, html: str) -> dict[str, str]:
    """The three digests of one page."""
    outputs = {
        "parse": _page_fields(parse_html(html, base_url=url)),
        "extract": _page_fields(extract(html, base_url=url)),
        "chunk": [
            [getattr(c, f.name) for f in fields(c)]
            for c in chunk_html(html, base_url=url)
        ],
    }
    return {
        name: hashlib.sha256(
            json.dumps(value, ensure_ascii=False).encode()
        ).hexdigest()[:16]
        for name, value in outputs.items()
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Write or check the record; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.digest")
    parser.add_argument("action", choices=["write", "check"])
    parser.add_argument("record", nargs="?", type=Path, default=DEFAULT_RECORD)
    parser.add_argument("--aeb", type=Path, default=SHARED / "aeb")
    parser.add_argument("--wcxb", type=Path, default=SHARED / "wcxb")
    options = parser.parse_args(argv)
    digests = {
        key: digest_page(url, html)
        for key, url, html in corpus_pages(options.aeb, options.wcxb)
    }
    if not digests:
        parser.error("no corpus pages found")
    if options.action == "write":
        options.record.write_text(json.dumps(digests, indent=0, sort_keys=True) + "\n")
        print(f"wrote {len(digests)} page digests to {options.record}")
        return 0
    recorded = json.loads(options.record.read_text("utf-8"))
    changed = 0
    for key in sorted(set(digests) | set(recorded)):
        now, then = digests.get(key, {}), recorded.get(key, {})
        moved = [
            name
            for name in ("parse", "extract", "chunk")
            if now.get(name) != then.get(name)
        ]
        if moved:
            changed += 1
            print(f"{key}: {' '.join(moved)}")
    print(f"{changed} of {len(digests)} pages differ from {options.record.name}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
