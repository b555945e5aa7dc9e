"""Heading paths: the page's, and the content path inside content elements
(``pagechunk.html.headings``)."""

from __future__ import annotations

from pagechunk import Block, parse_html


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
