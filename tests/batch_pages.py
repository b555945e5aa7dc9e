"""Pages, Markdown and WARC archives that the batch tests write for themselves."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

WORDS = (
    "river",
    "stone",
    "lantern",
    "harbour",
    "copper",
    "meadow",
    "signal",
    "engine",
    "orchard",
    "window",
    "ledger",
    "compass",
    "timber",
    "basket",
    "falcon",
    "mirror",
    "saddle",
    "thunder",
    "violet",
    "quarry",
    "beacon",
    "cellar",
    "garden",
    "hollow",
    "island",
    "jacket",
    "kettle",
    "ladder",
    "marble",
    "needle",
)

MENU_MARKDOWN = (
    "- [Home](/)\n- [About](/about)\n- [Blog](/blog)\n\n"
    "# Beans\n\n" + "Soak the beans overnight and cook them slowly. " * 6 + "\n"
)
"""Markdown whose link list the cleaner drops when it came from the web."""


def sentence(rng: random.Random, words: int = 14) -> str:
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text.capitalize() + "."


def article(number: int, sections: int = 3, paragraphs: int = 2) -> str:
    """An HTML page with a menu, a footer and a unique article, seeded by number."""
    rng = random.Random(number)
    parts = [
        f"<html><head><title>Article {number}</title></head><body>",
        "<nav><a href='/'>Home</a> <a href='/blog'>Blog</a></nav><main>",
        f"<h1>Article {number}</h1>",
    ]
    for section in range(sections):
        parts.append(f"<h2>Part {section + 1}</h2>")
        for _ in range(paragraphs):
            text = " ".join(sentence(rng) for _ in range(5))
            parts.append(f"<p>{text}</p>")
    parts.append("</main><footer>Copyright</footer></body></html>")
    return "".join(parts)


def write_pages(folder: Path, count: int, **size: int) -> list[Path]:
    """Write article pages 0 to count - 1 as ``page-0000.html`` and on."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for number in range(count):
        path = folder / f"page-{number:04d}.html"
        path.write_text(article(number, **size), encoding="utf-8")
        paths.append(path)
    return paths


def http_response(
    body: bytes, content_type: str = "text/html", status: str = "200 OK", **headers: str
) -> bytes:
    lines = [f"HTTP/1.1 {status}", f"Content-Type: {content_type}"]
    lines += [f"{name.replace('_', '-')}: {value}" for name, value in headers.items()]
    lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("ascii") + body


def write_warc(path: Path, responses: list[tuple[str, bytes]]) -> None:
    """Write a gzipped WARC of response records (target URI, HTTP message),
    with fastwarc, the library pagechunk reads WARCs with."""
    from fastwarc import GzipWriter, WarcRecord, WarcRecordType

    with GzipWriter(str(path)) as writer:
        for uri, message in responses:
            record = WarcRecord()
            record.init_headers(WarcRecordType.response, content_length=len(message))
            record.headers.set("WARC-Target-URI", uri)
            record.headers.set("Content-Type", "application/http; msgtype=response")
            record.set_bytes_content(message)
            record.write(writer)


def read_jsonl(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def warc_record(
    uri: str,
    message: bytes,
    *,
    kind: str = "response",
    content_length: int | None = None,
) -> bytes:
    """One WARC record as bytes, written by hand so that a test can damage
    it: ``content_length`` overrides the true length of ``message``."""
    length = len(message) if content_length is None else content_length
    head = (
        f"WARC/1.1\r\nWARC-Type: {kind}\r\nWARC-Target-URI: {uri}\r\n"
        "Content-Type: application/http; msgtype=response\r\n"
        f"Content-Length: {length}\r\n\r\n"
    )
    return head.encode("ascii") + message + b"\r\n\r\n"


def page_record(number: int, **damage: int) -> bytes:
    """The WARC record of ``<p>page N</p>`` fetched from https://x.example/N."""
    body = f"<p>page {number}</p>".encode()
    return warc_record(f"https://x.example/{number}", http_response(body), **damage)


def deep_folder(root: Path, length: int) -> str:
    """A folder below root whose path is longer than ``length``, made with
    paths relative to its parent, and a page in it."""
    name = "d" * 200
    descriptor = os.open(root, os.O_RDONLY)
    path = str(root)
    try:
        while len(path) <= length:
            os.mkdir(name, dir_fd=descriptor)
            inner = os.open(name, os.O_RDONLY, dir_fd=descriptor)
            os.close(descriptor)
            descriptor = inner
            path = os.path.join(path, name)
        page = os.open("p.html", os.O_WRONLY | os.O_CREAT, dir_fd=descriptor)
        os.write(page, b"<p>deep</p>")
        os.close(page)
    finally:
        os.close(descriptor)
    return path
