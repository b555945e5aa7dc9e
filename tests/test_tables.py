"""Tables: header rows, and grid mode (one block per data table row)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pagechunk import Block, extract, parse_html
from pagechunk.html.tables import MAX_COLSPAN
from pagechunk.model import LinkSpan


def grid(html: str) -> list[Block]:
    return parse_html(html, tables="grid").blocks


def rows(blocks: list[Block]) -> list[tuple[str, bool]]:
    """Each row block's text and header flag."""
    return [(block.text, block.header) for block in blocks if block.kind == "row"]


def row(text: str) -> Block:
    return Block(text, kind="row")


PRICES = (
    "<table><thead><tr><th>Plan</th><th>Price</th></tr></thead>"
    "<tbody><tr><td>Basic</td><td>$5</td></tr>"
    "<tr><td>Team</td><td>$20</td></tr></tbody></table>"
)


# -- header rows --------------------------------------------------------------


def test_thead_row_is_the_header_in_both_modes():
    for tables in ("text", "grid"):
        blocks = parse_html(PRICES, tables=tables).blocks
        assert rows(blocks) == [
            ("Plan | Price", True),
            ("Basic | $5", False),
            ("Team | $20", False),
        ]


def test_first_row_of_th_cells_is_the_header():
    html = (
        "<table><tr><th>Name</th><th>Age</th></tr>"
        "<tr><th>Ada</th><th>36</th></tr><tr><td>Bo</td><td>7</td></tr></table>"
    )
    assert rows(grid(html)) == [
        ("Name | Age", True),
        ("Ada | 36", False),
        ("Bo | 7", False),
    ]


def test_table_without_header_row_flags_nothing():
    html = "<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>"
    assert rows(grid(html)) == [("a | b", False), ("c | d", False)]


def test_first_row_mixing_th_and_td_is_no_header():
    html = (
        "<table><tr><th>Total</th><td>9</td></tr><tr><td>a</td><td>1</td></tr></table>"
    )
    assert rows(grid(html)) == [("Total | 9", False), ("a | 1", False)]


def test_only_the_first_thead_row_is_flagged():
    html = (
        "<table><thead><tr><th colspan=2>Size</th></tr>"
        "<tr><th>Width</th><th>Height</th></tr></thead>"
        "<tr><td>3</td><td>4</td></tr></table>"
    )
    assert rows(grid(html)) == [
        ("Size", True),
        ("Width | Height", False),
        ("3 | 4", False),
    ]


def test_each_table_has_its_own_header():
    html = PRICES + "<p>Between the tables.</p>" + PRICES
    flagged = [block.text for block in grid(html) if block.header]
    assert flagged == ["Plan | Price", "Plan | Price"]


def test_header_flag_is_not_part_of_equality():
    assert Block("a | b", kind="row", header=True) == row("a | b")
    assert "header" not in repr(Block("a", header=True))


# -- grid cells ---------------------------------------------------------------


def test_colspan_repeats_the_cell():
    # A row of one cell (a note, a section's title across the table) lines
    # up under no column: its text stands once.
    html = (
        "<table><tr><th>Plan</th><th>Jan</th><th>Feb</th></tr>"
        "<tr><td>Basic</td><td colspan='2'>$5</td></tr>"
        "<tr><td colspan=3>Prices exclude tax.</td></tr></table>"
    )
    assert grid(html) == [
        row("Plan | Jan | Feb"),
        row("Basic | $5 | $5"),
        row("Prices exclude tax."),
    ]


def test_colspan_stops_at_the_first_rows_width():
    html = (
        "<table><tr><th>a</th><th>b</th></tr>"
        "<tr><td>x</td><td colspan=5>y</td></tr></table>"
    )
    assert rows(grid(html)) == [("a | b", True), ("x | y", False)]


@pytest.mark.parametrize("colspan", ["0", "two", "-3", "2.5", "", "²"])
def test_colspan_that_is_no_whole_number_counts_as_one(colspan):
    html = f"<table><tr><td colspan='{colspan}'>x</td><td>y</td></tr></table>"
    assert grid(html) == [row("x | y")]


def test_colspan_is_capped():
    html = (
        "<table><tr><td colspan=100000>x</td><td>z</td></tr>"
        "<tr><td>y</td><td>w</td></tr></table>"
    )
    assert grid(html)[0].text == " | ".join(["x"] * MAX_COLSPAN + ["z"])


def test_br_in_cell_is_a_space_in_grid_and_a_line_break_in_text():
    html = (
        "<table><tr><td>Basic<br>tier</td><td>$5</td></tr>"
        "<tr><td>Team</td><td>$20</td></tr></table>"
    )
    assert grid(html) == [row("Basic tier | $5"), row("Team | $20")]
    assert parse_html(html).blocks == [row("Basic\ntier | $5"), row("Team | $20")]


def test_list_in_cell_joins_its_items():
    html = (
        "<table><tr><th>Plan</th><th>Includes</th></tr>"
        "<tr><td>Team</td><td>All of Basic:<ul><li>Chat</li><li> Shared  files</li>"
        "<li></li><li>SSO</li></ul></td></tr></table>"
    )
    assert grid(html) == [
        row("Plan | Includes"),
        row("Team | All of Basic:; Chat; Shared files; SSO"),
    ]
    assert parse_html(html).blocks == [
        row("Plan | Includes"),
        row("Team | All of Basic:"),
        Block("Chat", kind="item"),
        Block("Shared files", kind="item"),
        Block("SSO", kind="item"),
    ]


def test_paragraphs_and_divs_in_cell_stay_on_the_row():
    html = (
        "<table><tr><th>Said</th><th>Seen</th></tr>"
        "<tr><td><p>First.</p><p>Second.</p></td>"
        "<td><div><div>deep</div></div><hr>after rule</td></tr></table>"
    )
    assert grid(html) == [row("Said | Seen"), row("First. Second. | deep after rule")]


def test_empty_cells_keep_their_place():
    html = (
        "<table><tr><th>a</th><th>b</th><th>c</th></tr>"
        "<tr><td></td><td>2</td><td> </td></tr>"
        "<tr><td>1</td><td></td><td>3</td></tr>"
        "<tr><td></td><td></td><td></td></tr></table>"
    )
    assert grid(html) == [row("a | b | c"), row("| 2 |"), row("1 | | 3")]


def test_a_column_empty_in_every_row_is_left_out():
    # A spacer or icon column holds no text in any row (an indent, a vote
    # arrow, a check-mark image): it leaves no " | " marks. A column empty in
    # some rows only keeps its place.
    html = (
        "<table><tr><td><img src='s.gif'></td><th>Plan</th><td></td><th>Price</th></tr>"
        "<tr><td></td><td>Basic</td><td><img src='tick.png'></td><td></td></tr>"
        "<tr><td></td><td>Team</td><td></td><td>$20</td></tr></table>"
    )
    assert grid(html) == [row("Plan | Price"), row("Basic |"), row("Team | $20")]


def test_links_in_grid_row_keep_their_spans():
    # A <br> inside a link is a space in its label, in either mode.
    html = (
        "<table><tr><th>Name</th><th>Note</th></tr>"
        "<tr><td><a href='/a'>Alpha</a></td>"
        "<td>see <a href='/b'>Beta<br>docs</a></td></tr></table>"
    )
    _, block = parse_html(html, base_url="https://x.test/", tables="grid").blocks
    assert block.text == "Alpha | see Beta docs"
    assert block.links == (
        LinkSpan("Alpha", "https://x.test/a"),
        LinkSpan("Beta docs", "https://x.test/b"),
    )
    _, text_block = parse_html(html, base_url="https://x.test/").blocks
    assert text_block.text == "Alpha | see Beta\ndocs"
    assert text_block.links == block.links


def test_rowspan_is_left_in_its_first_row():
    html = (
        "<table><tr><th>Day</th><th>Slot</th></tr>"
        "<tr><td rowspan=2>Mon</td><td>9:00</td></tr>"
        "<tr><td>10:00</td></tr></table>"
    )
    assert rows(grid(html)) == [
        ("Day | Slot", True),
        ("Mon | 9:00", False),
        ("10:00", False),
    ]


def test_caption_stays_a_paragraph():
    html = (
        "<table><caption>Prices</caption><tr><th>a</th></tr><tr><td>1</td></tr></table>"
    )
    assert grid(html) == [Block("Prices"), Block("a", kind="row"), row("1")]
    assert grid(html)[1].header


# -- layout tables ------------------------------------------------------------


def test_nested_table_outer_reads_as_text_inner_as_grid():
    html = (
        "<table><tr><td>Menu</td><td><p>Intro.</p>"
        "<table><tr><th>k</th><th>v</th></tr>"
        "<tr><td>a<br>b</td><td>1</td></tr></table></td></tr></table>"
    )
    assert grid(html) == [
        row("Menu |"),
        Block("Intro."),
        row("k | v"),
        row("a b | 1"),
    ]
    assert rows(grid(html)) == [
        ("Menu |", False),
        ("k | v", True),
        ("a b | 1", False),
    ]


def test_table_holding_a_heading_reads_as_text():
    html = (
        "<table><tr><td><h2>News</h2><p>One.</p><p>Two.</p></td></tr>"
        "<tr><td>Three.</td></tr></table><p>End.</p>"
    )
    assert grid(html) == parse_html(html).blocks
    assert [block.text for block in grid(html)] == [
        "News",
        "One.",
        "Two.",
        "Three.",
        "End.",
    ]


def test_table_holding_pre_reads_as_text():
    html = (
        "<table><tr><td>Run:<pre>make  all\n  install</pre></td></tr>"
        "<tr><td>Then:</td><td>restart</td></tr></table>"
    )
    assert grid(html) == parse_html(html).blocks
    assert Block("make  all\n  install", kind="code") in grid(html)


@pytest.mark.parametrize("role", ["presentation", " None "])
def test_presentation_table_reads_as_text(role):
    html = (
        f"<table role='{role}'><tr><td><p>One.</p><p>Two.</p></td></tr>"
        "<tr><td><p>Three.</p></td></tr></table>"
    )
    assert grid(html) == [Block("One."), Block("Two."), Block("Three.")]


def test_table_of_one_row_reads_as_text():
    # A table of one row holds no data to line up under a header: it lays
    # out a box, as a comment's vote arrow, indent and text cells do, or an
    # admonition's label and body. Its empty cells leave no " | " marks.
    comment = (
        "<table><tr><td class='ind'><img src='s.gif' width='40'></td>"
        "<td class='votelinks'><a href='vote?id=7'></a></td>"
        "<td><span class='comhead'><a href='user?id=bob'>bob</a> 4 hours ago</span>"
        "<div class='comment'>Rename before you compress.</div></td></tr></table>"
    )
    assert grid(comment) == parse_html(comment).blocks
    assert [block.text for block in grid(comment)] == [
        "bob 4 hours ago",
        "Rename before you compress.",
    ]
    note = (
        "<table><tbody><tr><td class='icon'><div class='title'>Note</div></td>"
        "<td class='content'>A branch is only a pointer.</td></tr></tbody></table>"
    )
    assert [block.text for block in grid(note)] == [
        "Note",
        "A branch is only a pointer.",
    ]


def test_table_holding_the_content_element_reads_as_text():
    html = (
        "<table><tr><td>Site menu</td><td><main><p>Story one.</p>"
        "<p>Story two.</p></main></td></tr></table>"
    )
    assert [block.text for block in grid(html)] == ["Story one.", "Story two."]


def test_table_inside_content_reads_as_grid():
    html = (
        "<nav>x</nav><main><table><tr><td><p>a</p><p>b</p></td></tr>"
        "<tr><td>c</td></tr></table></main>"
    )
    assert grid(html) == [row("a b"), row("c")]


# -- modes --------------------------------------------------------------------


def test_text_mode_is_the_default_of_parse_html():
    html = (
        "<table><tr><td colspan=2>wide</td></tr>"
        "<tr><td>a<br>b</td><td>c</td></tr></table>"
    )
    assert parse_html(html).blocks == [row("wide"), row("a\nb | c")]
    assert parse_html(html, tables="text").blocks == parse_html(html).blocks


def test_unknown_table_mode_is_refused():
    with pytest.raises(ValueError, match="tables"):
        parse_html(PRICES, tables="cells")


def test_pipeline_reads_grid_by_default():
    html = (
        "<html><body><article><h1>Plans</h1><p>What each plan costs per month, "
        "before tax, for a team of any size.</p><table>"
        "<tr><th>Plan</th><th>Price</th></tr>"
        "<tr><td>Basic<br>tier</td><td>$5</td></tr></table></article></body></html>"
    )
    assert rows(extract(html).blocks) == [
        ("Plan | Price", True),
        ("Basic tier | $5", False),
    ]
    assert rows(extract(html, tables="text").blocks) == [
        ("Plan | Price", True),
        ("Basic\ntier | $5", False),
    ]


# -- properties ---------------------------------------------------------------

CELL_TEXT = st.text(alphabet="ab <>&", max_size=6)


@st.composite
def data_tables(draw: st.DrawFn) -> tuple[str, int, list[bool]]:
    """A table whose rows each span the same width, how many of its columns
    hold text in some row, and for each row that holds text whether it is a
    single cell."""
    width = draw(st.integers(1, 5))
    html_rows = []
    shown = []
    columns = [False] * width
    for _ in range(draw(st.integers(2, 5))):
        cells, used, texts = [], 0, []
        while used < width:
            span = draw(st.integers(1, width - used))
            text = draw(CELL_TEXT).replace("<", "&lt;").replace(">", "&gt;")
            inner = draw(
                st.sampled_from(["{}", "<p>{}</p>", "{}<br>", "<ul><li>{}</li></ul>"])
            )
            cells.append(f"<td colspan={span}>{inner.format(text)}</td>")
            filled = bool(text.replace("&lt;", "<").strip())
            texts.append(filled)
            for column in range(used, used + span):
                columns[column] = columns[column] or filled
            used += span
        html_rows.append("<tr>" + "".join(cells) + "</tr>")
        if any(texts):
            shown.append(len(cells) == 1)
    return "<table>" + "".join(html_rows) + "</table>", sum(columns), shown


@given(data_tables())
def test_grid_rows_have_the_width_of_the_tables_filled_columns(table):
    html, width, shown = table
    blocks = grid(html)
    assert all(block.kind == "row" for block in blocks)
    assert len(blocks) == len(shown)
    for block, single in zip(blocks, shown, strict=True):
        assert block.text.count("|") == (0 if single else width - 1)
        assert "\n" not in block.text
        assert block.text == block.text.strip()
        assert "  " not in block.text
