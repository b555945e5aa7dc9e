"""The share of chunk characters that the prefix (title and heading path)
takes, with the prefix naming the title once (the pipeline's default) and
with the text API's rule, over the pages of one or more corpus folders.

    python -m benchmarks.prefix_share ../shared/corpus/wcxb ../shared/corpus/aeb
"""

from __future__ import annotations

import sys
from pathlib import Path

from benchmarks.quality import read_corpus
from benchmarks.wcxb import _read, is_wcxb
from pagechunk import Options, chunk_html


def _pages(directory: Path) -> list[tuple[str, str]]:
    if is_wcxb(directory):
        return [(url, html) for _, url, html, _ in _read(directory)]
    return [(page.url, page.html) for page in read_corpus(directory)]


def prefix_share(pages: list[tuple[str, str]], title_once: bool) -> float:
    """Prefix characters over all chunk characters."""
    options = Options().with_values(title_once=title_once)
    prefix = total = 0
    for url, html in pages:
        for chunk in chunk_html(html, base_url=url, options=options):
            total += len(chunk.text)
            if chunk.title or chunk.heading:
                prefix += len(chunk.text.split("\n\n", 1)[0]) + 2
    return prefix / total if total else 0.0


def main() -> None:
    for name in sys.argv[1:]:
        pages = _pages(Path(name))
        before = prefix_share(pages, title_once=False)
        after = prefix_share(pages, title_once=True)
        print(
            f"{name}: prefix share {before:.1%} with the title repeated, "
            f"{after:.1%} naming it once ({len(pages)} pages)"
        )


if __name__ == "__main__":
    main()
