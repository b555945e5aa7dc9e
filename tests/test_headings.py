"""Heading paths: the page's, and the content path inside content elements
(``pagechunk.html.headings``)."""

from __future__ import annotations

from pagechunk import Block, chunk_html, extract, parse_html
from pagechunk.html.headings import without_dropped_headings


def heading(text: str, path: str, level: int) -> Block:
    return Block(text, path, "heading", level)


def test_heading_levels_and_paths(page):
    parsed = parse_html(page("heading_levels_and_paths"))
    assert parsed.blocks == [
        heading("Guide", "Guide", 1),
        Block("Intro.", "Guide"),
        heading("Install", "Guide › Install", 2),
        Block("Get it.", "Guide › Install"),
        heading("Linux", "Guide › Install › Linux", 3),
        Block("Use apt.", "Guide › Install › Linux"),
        heading("macOS", "Guide › Install › macOS", 3),
        Block("Use brew.", "Guide › Install › macOS"),
        heading("Usage", "Guide › Usage", 2),
        Block("Run it.", "Guide › Usage"),
        heading("Flags", "Guide › Usage › Flags", 4),
        Block("Pass flags.", "Guide › Usage › Flags"),
        heading("Examples", "Guide › Usage › Examples", 3),
        Block("See below.", "Guide › Usage › Examples"),
        heading("Appendix", "Appendix", 1),
        Block("Extra.", "Appendix"),
    ]


def test_heading_text_before_first_heading_has_empty_path(page):
    parsed = parse_html(page("title_falls_back_to_first_heading"))
    assert parsed.blocks == [
        Block("Opening words before any heading."),
        heading("Release notes for 2.0", "Release notes for 2.0", 2),
        Block("Everything that changed.", "Release notes for 2.0"),
        heading("Upgrading", "Upgrading", 2),
        Block("How to move from 1.x.", "Upgrading"),
    ]


def test_heading_path_only_from_headings_inside_content(page):
    parsed = parse_html(page("heading_path_only_from_content"))
    assert parsed.blocks == [
        heading("Shipping faster", "Shipping faster", 2),
        Block("We cut build times in half.", "Shipping faster"),
        heading("How", "Shipping faster › How", 3),
        Block("Caching everything.", "Shipping faster › How"),
    ]


TOC_URL = "https://blog.otterly.example/catering-trends-2025"


def test_a_dropped_table_of_contents_heading_leaves_the_heading_path(page):
    # The article's first paragraph stands under the "Table of contents"
    # heading, whose list of links the cleaning rules drop; the heading goes
    # too (a chrome heading), and so does its name from the path.
    html = page("toc_heading_over_intro")
    blocks = extract(html, base_url=TOC_URL).blocks
    title = "10 catering trends for 2025"
    assert [(b.kind, b.heading) for b in blocks] == [
        ("heading", title),
        ("paragraph", title),
        ("heading", f"{title} › Sustainable catering"),
        ("paragraph", f"{title} › Sustainable catering"),
    ]
    chunks = chunk_html(html, base_url=TOC_URL)
    assert all("Table of contents" not in chunk.text for chunk in chunks)
    assert all("Table of contents" not in chunk.heading for chunk in chunks)


def test_without_dropped_headings_takes_each_dropped_heading_out_of_its_section():
    def heading(text: str, path: str, level: int) -> Block:
        return Block(text, path, "heading", level)

    walked = [
        heading("Guide", "Guide", 1),
        heading("Contents", "Guide › Contents", 2),
        heading("Part", "Guide › Contents › Part", 3),
        Block("Under part.", "Guide › Contents › Part"),
        heading("Setup", "Guide › Setup", 2),
        Block("Under setup.", "Guide › Setup"),
        heading("Contents", "Guide › Setup › Contents", 3),
    ]
    dropped = {1, 2, 6}  # both "Contents" headings and "Part"
    kept = [b for i, b in enumerate(walked) if i not in dropped]
    added = Block("Read from JSON-LD.", "Guide › Contents")
    result = without_dropped_headings(walked, [*kept, added])
    assert [(b.text, b.heading) for b in result] == [
        ("Guide", "Guide"),
        ("Under part.", "Guide"),
        ("Setup", "Guide › Setup"),
        ("Under setup.", "Guide › Setup"),
        ("Read from JSON-LD.", "Guide › Contents"),
    ]
    assert without_dropped_headings(walked, walked) == walked
