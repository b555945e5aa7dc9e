"""Short heading sections joined into one chunk (``join_under``): what
``chunk_html`` does by default, and the text API never does."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pagechunk import Block, chunk_blocks, chunk_html
from pagechunk.chunk import chunk_with
from pagechunk.options import JOIN_UNDER, ChunkOptions

# A shop's category page: each card a heading over a price and a stock line.
CARDS = (
    "<html><head><title>Grills</title></head><body><main><h1>Charcoal grills</h1>"
    "<h3>Kettle 57</h3><p>149,00 €</p><p>In stock</p>"
    "<h3>Kamado 18</h3><p>999,00 €</p><p>In stock</p>"
    "<h3>Barrel smoker</h3><p>349,00 €</p><p>Two weeks</p>"
    "</main></body></html>"
)

LONG = " ".join(f"The grate sits {n} fingers above the coals." for n in range(10))
OTHER = " ".join(f"Keep the lid on for {n} hours after use." for n in range(10))


def test_cards_join_under_the_heading_they_share() -> None:
    chunks = chunk_html(CARDS, prefix=False)
    assert [(c.heading, c.text) for c in chunks] == [
        (
            "Charcoal grills",
            "Kettle 57\n\n149,00 €\n\nIn stock\n\n"
            "Kamado 18\n\n999,00 €\n\nIn stock\n\n"
            "Barrel smoker\n\n349,00 €\n\nTwo weeks",
        )
    ]


def test_without_join_each_card_is_a_chunk() -> None:
    chunks = chunk_html(CARDS, prefix=False, join_under=None)
    assert [c.heading for c in chunks] == [
        "Charcoal grills › Kettle 57",
        "Charcoal grills › Kamado 18",
        "Charcoal grills › Barrel smoker",
    ]


def test_markdown_bodies_write_the_joined_headings_as_markdown() -> None:
    chunks = chunk_html(CARDS, prefix=False, body="markdown")
    assert chunks[0].text.startswith("### Kettle 57\n\n149,00 €\n\nIn stock\n\n### ")


def test_a_long_section_stands_alone_and_a_short_one_joins_it() -> None:
    html = (
        f"<main><h1>Care</h1><h2>Cleaning</h2><p>{LONG}</p>"
        f"<h2>Storage</h2><p>{OTHER}</p><h2>Covers</h2><p>Sold apart.</p></main>"
    )
    chunks = chunk_html(html, prefix=False, clean=False)
    assert len(LONG) >= JOIN_UNDER
    assert [(c.heading, c.text) for c in chunks] == [
        ("Care › Cleaning", LONG),
        ("Care", f"Storage\n\n{OTHER}\n\nCovers\n\nSold apart."),
    ]


def test_a_join_stays_within_the_target() -> None:
    html = "<main>" + "".join(
        f"<h2>Part {i}</h2><p>{f'word{i} ' * 40}</p>" for i in range(20)
    )
    chunks = chunk_html(html + "</main>", prefix=False, target_chars=600)
    assert len(chunks) > 1
    assert all(len(c.text) <= 600 for c in chunks)


def test_the_text_api_never_joins() -> None:
    blocks = [
        Block("Kettle 57", "Kettle 57", "heading", 3),
        Block("149,00 €", "Kettle 57"),
        Block("Kamado 18", "Kamado 18", "heading", 3),
        Block("999,00 €", "Kamado 18"),
    ]
    assert [c.heading for c in chunk_blocks(blocks)] == ["Kettle 57", "Kamado 18"]


@pytest.mark.parametrize(("value", "error"), [(0, ValueError), (1.5, TypeError)])
def test_join_under_is_checked(value: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="join_under"):
        ChunkOptions(join_under=value)  # type: ignore[arg-type]


_SECTIONS = st.lists(
    st.tuples(
        st.integers(1, 3),
        st.lists(
            st.sampled_from(["Short.", "A longer line " * 9, "word " * 60]), max_size=3
        ),
    ),
    max_size=12,
)


def _blocks(sections: list[tuple[int, list[str]]]) -> list[Block]:
    blocks: list[Block] = []
    path: list[str] = []
    for number, (level, texts) in enumerate(sections):
        name = f"H{number}"
        path = path[: level - 1] + [name]
        heading = " › ".join(path)
        blocks.append(Block(name, heading, "heading", level))
        blocks += [Block(text.strip(), heading) for text in texts]
    return blocks


@settings(max_examples=150, deadline=None)
@given(_SECTIONS, st.integers(1, 800), st.integers(100, 900))
def test_joined_chunks_keep_every_body_and_the_limits(
    sections: list[tuple[int, list[str]]], under: int, limit: int
) -> None:
    blocks = _blocks(sections)
    options = ChunkOptions(
        target_chars=limit, max_chars=limit, prefix=True, join_under=under
    )
    chunks = chunk_with(blocks, options)
    assert all(len(c.text) <= limit for c in chunks)
    everything = "\n\n".join(c.text for c in chunks)
    for block in blocks:
        if block.kind != "heading":
            assert block.text.split()[0] in everything
    # Each chunk's path is one the page has, or a part of one.
    paths = {block.heading for block in blocks} | {""}
    for chunk in chunks:
        assert any(p == chunk.heading or p.startswith(chunk.heading) for p in paths)
    apart = chunk_with(blocks, ChunkOptions(target_chars=limit, max_chars=limit))
    assert len(chunks) <= len(apart)


def test_a_join_opens_with_the_headings_an_earlier_chunk_opened() -> None:
    # "Install" fills its own chunk; its "Check" subsection starts the next
    # one, which names "Install" again since its path no longer does.
    install = " ".join(
        f"Step {n}: unpack the parts and lay them out." for n in range(28)
    )
    html = (
        f"<main><h1>Guide</h1><h2>Install</h2><p>{install}</p>"
        "<h3>Check</h3><p>Run the test.</p><h2>Use</h2><p>Light it.</p></main>"
    )
    chunks = chunk_html(html, prefix=False, clean=False)
    assert [(c.heading, c.text) for c in chunks] == [
        ("Guide › Install", install),
        ("Guide", "Install\n\nCheck\n\nRun the test.\n\nUse\n\nLight it."),
    ]
    # The second chunk starts where its first body text stands.
    markdown = "# Guide\n\n## Install\n\n" + install + "\n\n### Check\n\nRun the test."
    assert chunks[1].start == markdown.index("Run the test.")


def test_a_heading_repeated_on_one_path_stands_once_in_a_join() -> None:
    # A heading written twice (for small and large screens) names one path.
    html = (
        "<main><h2>Camera</h2><p>Sees birds.</p>"
        "<h2>Capture every detail</h2><h2>Capture every detail</h2>"
        "<p>2K video.</p><h2>Night vision</h2><p>Infrared light.</p></main>"
    )
    chunks = chunk_html(html, prefix=False, clean=False)
    assert [(c.heading, c.text) for c in chunks] == [
        (
            "",
            "Camera\n\nSees birds.\n\nCapture every detail\n\n2K video."
            "\n\nNight vision\n\nInfrared light.",
        )
    ]
