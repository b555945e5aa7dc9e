"""Inline links and images in Markdown: labels, destinations, nesting."""

from __future__ import annotations

from pagechunk import LinkSpan
from pagechunk.markdown.links import scan_links


def test_links_show_their_labels() -> None:
    text, links = scan_links('See [the guide](/guide "Guide") and [API](<a b.html>).')
    assert text == "See the guide and API."
    assert links == (LinkSpan("the guide", "/guide"), LinkSpan("API", "a b.html"))


def test_images_show_nothing_and_count_as_links() -> None:
    text, links = scan_links("![Coverage](https://img.example/c.svg) ok")
    assert text == " ok"
    assert links == (LinkSpan("", "https://img.example/c.svg"),)


def test_linked_image_is_one_link_with_an_empty_label() -> None:
    text, links = scan_links(
        "[![Build](https://img.example/b.svg)](https://ci.example)"
    )
    assert text == ""
    assert links == (LinkSpan("", "https://ci.example"),)


def test_parentheses_and_brackets_inside_links() -> None:
    text, links = scan_links("[Foo [bar]](https://w.example/Foo_(bar)) (note)")
    assert text == "Foo [bar] (note)"
    assert links == (LinkSpan("Foo [bar]", "https://w.example/Foo_(bar)"),)


def test_text_without_links_is_unchanged() -> None:
    assert scan_links("a [b] (c) ](d") == ("a [b] (c) ](d", ())


def test_unbalanced_brackets_make_one_link_and_keep_every_character() -> None:
    # The shape the scaling guard in benchmarks/test_scaling.py times at
    # 20,000 repeats.
    text, links = scan_links("[" * 5 + "](" * 5 + ")" * 2 + "]" * 5)
    assert text == "[[[[](](](]()]]]]]"
    assert links == (LinkSpan("[[[[](](](](", ""),)
