"""Atheris harness: fuzzer bytes through every public entry point.

The first byte picks the entry point and its options; the rest is the
document. Besides "nothing is raised but the documented errors", the harness
checks that no chunk is longer than ``max_chars`` and that cleaning Markdown
twice changes nothing, so libFuzzer reports a broken property as a crash.

Run a campaign with ``python tests/fuzz/run.py`` (what CI runs), or this file
directly with libFuzzer's own options and corpus folders.
"""

from __future__ import annotations

import sys
from contextlib import nullcontext, suppress

try:
    import atheris
except ImportError:  # run.py's Hypothesis fallback calls the harness alone
    atheris = None

with atheris.instrument_imports(include=["pagechunk"]) if atheris else nullcontext():
    from pagechunk import (
        DecodeError,
        chunk_html,
        chunk_markdown,
        clean_markdown,
        extract,
        parse_html,
    )

BASES = [None, "https://example.org/a/b", "http://[::1", "//", "example.org"]
ENCODINGS = [None, "utf-8", "utf-16", "latin-1", "shift_jis", "utf-7", "base64"]
SIZES = [None, 1, 2, 7, 40, 200, 2000]
MODES = 6


def test_one_input(data: bytes) -> None:
    """Run one fuzzer input; raises only when a property breaks."""
    if not data:
        return
    choice, body = data[0], data[1:]
    mode = choice % MODES
    option = choice // MODES  # 0 to 42: picks base, encoding and size
    base_url = BASES[option % len(BASES)]
    max_chars = SIZES[option % len(SIZES)]
    if mode == 0:
        _check_chunks(
            chunk_html(body, base_url=base_url, max_chars=max_chars), max_chars
        )
    elif mode == 1:
        encoding = ENCODINGS[option % len(ENCODINGS)]
        parse_html(body, base_url=base_url, encoding=encoding)
        extract(body, base_url=base_url, encoding=encoding, clean=option % 2 == 0)
    elif mode == 2:
        with suppress(DecodeError):
            chunk_html(body, strict=True, max_bytes=1 << 20)
    elif mode == 3:
        text = body.decode("utf-8", "surrogateescape")
        parse_html(text, base_url=base_url)
        _check_chunks(chunk_html(text, clean=False, max_chars=max_chars), max_chars)
    elif mode == 4:
        text = body.decode("utf-8", "replace")
        cleaned = clean_markdown(text, media_type="text/html", source_uri=base_url)
        again = clean_markdown(cleaned, media_type="text/html", source_uri=base_url)
        if again != cleaned:
            raise AssertionError("cleaning Markdown twice changed it")
    else:
        text = body.decode("utf-8", "surrogateescape")
        chunks = chunk_markdown(text, title=text[:20], max_chars=max_chars)
        _check_chunks(chunks, max_chars)


def _check_chunks(chunks: list, max_chars: int | None) -> None:
    if max_chars is not None and any(len(chunk.text) > max_chars for chunk in chunks):
        raise AssertionError(f"a chunk is over max_chars={max_chars}")


def main(argv: list[str]) -> None:
    """Fuzz with libFuzzer's command line ``argv``; does not return."""
    atheris.Setup(argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
