"""Token sizing: chunk_blocks(length=...), tokenizer_length and --tokenizer."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pagechunk import Block, Chunk, chunk_blocks, chunk_html, chunk_markdown, cli
from pagechunk.tokens import tokenizer_length


def words(text: str) -> int:
    """A length that counts words: glue and spaces cost nothing."""
    return len(text.split())


def texts(chunks: list[Chunk]) -> list[str]:
    return [chunk.text for chunk in chunks]


# Sizes in the length function's unit.


def test_blocks_pack_by_the_length_function() -> None:
    blocks = [Block("one two three"), Block("four five"), Block("six seven eight")]
    chunks = chunk_blocks(
        blocks, target_chars=5, max_chars=6, prefix=False, length=words
    )
    assert texts(chunks) == ["one two three\n\nfour five", "six seven eight"]


def test_long_sentence_splits_between_words_by_length() -> None:
    chunks = chunk_blocks(
        [Block("a b c d e f g h i j")],
        target_chars=3,
        max_chars=4,
        prefix=False,
        length=words,
    )
    assert texts(chunks) == ["a b c", "d e f", "g h i", "j"]


def test_prefix_counts_in_the_length_function() -> None:
    # The prefix "T › H" is three words, the blank line none: the body has 5.
    chunks = chunk_blocks(
        [Block("a b c d e f g", "H")], title="T", max_chars=8, length=words
    )
    assert texts(chunks) == ["T › H\n\na b c d e", "T › H\n\nf g"]


def test_prefix_over_half_the_limit_is_cut_by_length() -> None:
    chunks = chunk_blocks(
        [Block("x", "one two three four five six")], max_chars=8, length=words
    )
    assert [words(chunk.text.split("\n\n")[0]) for chunk in chunks] == [4]
    assert chunks[0].text.split("\n\n")[0].endswith("…")


def super_additive(text: str) -> int:
    """Words, plus one for every ten characters: joined texts measure more
    than their parts."""
    return len(text.split()) + len(text) // 10


def test_chunk_measuring_over_the_limit_when_joined_is_split_again() -> None:
    blocks = [Block("a" * 9), Block("b" * 9), Block("c" * 9)]
    # Each block measures 1 and the glue 0, so all three seem to fit in 3;
    # joined they measure 3 + 3.
    chunks = chunk_blocks(blocks, max_chars=3, prefix=False, length=super_additive)
    assert texts(chunks) == ["a" * 9, "b" * 9, "c" * 9]


def test_len_as_length_is_the_default() -> None:
    blocks = [Block("Alpha beta. Gamma delta epsilon.", "H"), Block("Zeta.", "H")]
    for target, limit in ((10, 20), (5, 12), (None, None)):
        assert chunk_blocks(
            blocks, title="T", target_chars=target, max_chars=limit, length=len
        ) == chunk_blocks(blocks, title="T", target_chars=target, max_chars=limit)


def test_length_reaches_chunk_markdown_and_chunk_html() -> None:
    markdown = "# H\n\none two three four\n\nfive six"
    chunks = chunk_markdown(markdown, max_chars=5, target_chars=5, length=words)
    assert texts(chunks) == ["H\n\none two three four", "H\n\nfive six"]
    html = "<title>T</title><p>one two three four</p><p>five six</p>"
    chunks = chunk_html(html, max_chars=5, target_chars=5, length=words)
    assert texts(chunks) == ["T\n\none two three four", "T\n\nfive six"]


@pytest.mark.parametrize("result", [-1, 1.5, "3", None])
def test_length_returning_no_count_is_a_value_error(result: Any) -> None:
    with pytest.raises(ValueError, match="length must return an int"):
        chunk_blocks([Block("text")], length=lambda text: result)


def test_single_character_over_the_limit_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="max_chars=1 is too small"):
        chunk_blocks(
            [Block("ab")], max_chars=1, prefix=False, length=lambda t: 2 * len(t)
        )


def sized_texts() -> st.SearchStrategy[str]:
    words = st.sampled_from(["a", "bb", "ccc", "Sentence.", "end!", "x" * 25, "é"])
    gaps = st.sampled_from([" ", "  ", "\n", ". "])
    return st.lists(st.tuples(words, gaps), max_size=30).map(
        lambda pairs: "".join(word + gap for word, gap in pairs)
    )


LENGTHS: list[Callable[[str], int]] = [
    words,
    super_additive,
    lambda text: (len(text.encode()) + 3) // 4,
    lambda text: len(text.split()) + sum(text.count(stop) for stop in ".!\n"),
]


@settings(max_examples=200, deadline=None)
@given(
    texts=st.lists(sized_texts(), max_size=5),
    headings=st.lists(st.sampled_from(["", "H", "H › Sub"]), min_size=5, max_size=5),
    rows=st.lists(st.sampled_from([None, False, True]), min_size=5, max_size=5),
    table_header=st.booleans(),
    length=st.sampled_from(LENGTHS),
    target=st.none() | st.integers(1, 40),
    limit=st.integers(4, 40),
    overlap=st.integers(0, 10),
    title=st.sampled_from(["", "Title", "A much longer title of many words"]),
)
def test_no_chunk_measures_over_max(
    texts: list[str],
    headings: list[str],
    rows: list[bool | None],
    table_header: bool,
    length: Callable[[str], int],
    target: int | None,
    limit: int,
    overlap: int,
    title: str,
) -> None:
    # A row is a table row, its flag whether it is a header row.
    blocks = [
        Block(text, heading, "paragraph" if row is None else "row", header=bool(row))
        for text, heading, row in zip(texts, headings, rows, strict=False)
    ]
    chunks = chunk_blocks(
        blocks,
        title=title,
        target_chars=target,
        max_chars=limit,
        length=length,
        overlap_chars=overlap,
        table_header=table_header,
    )
    assert all(length(chunk.text) <= limit for chunk in chunks)
    assert [chunk.position for chunk in chunks] == list(range(len(chunks)))
    bodies = chunk_blocks(
        blocks, target_chars=target, max_chars=limit, prefix=False, length=length
    )
    assert "".join("".join(chunk.text.split()) for chunk in bodies) == "".join(
        "".join(block.text.split()) for block in blocks
    )


# tokenizer_length, with stand-ins for the tokenizer packages.


@pytest.fixture(autouse=True)
def fresh_tokenizers() -> Iterator[None]:
    tokenizer_length.cache_clear()
    yield
    tokenizer_length.cache_clear()


class FakeEncoding:
    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def encode(self, text: str, *, disallowed_special: Any) -> list[int]:
        self.calls.append((text, disallowed_special))
        return [0] * len(text.split())


@pytest.fixture
def fake_tiktoken(monkeypatch: pytest.MonkeyPatch) -> FakeEncoding:
    encoding = FakeEncoding()

    def get_encoding(name: str) -> FakeEncoding:
        if name != "cl100k_base":
            raise ValueError(f"Unknown encoding {name}")
        return encoding

    monkeypatch.setitem(
        sys.modules, "tiktoken", SimpleNamespace(get_encoding=get_encoding)
    )
    return encoding


def test_tiktoken_spec_counts_the_encodings_tokens(fake_tiktoken: FakeEncoding) -> None:
    length = tokenizer_length("tiktoken:cl100k_base")
    assert length("three little words") == 3
    # Text that looks like a special token is counted, not refused.
    assert fake_tiktoken.calls == [("three little words", ())]


def test_unknown_tiktoken_encoding_is_a_value_error(
    fake_tiktoken: FakeEncoding,
) -> None:
    with pytest.raises(ValueError, match="could not load encoding 'p99'"):
        tokenizer_length("tiktoken:p99")


class FakeTokenizer:
    loaded: list[tuple[str, str]] = []

    def __init__(self) -> None:
        self.truncated = self.padded = True

    @classmethod
    def from_file(cls, path: str) -> FakeTokenizer:
        cls.loaded.append(("file", path))
        return cls()

    @classmethod
    def from_pretrained(cls, name: str) -> FakeTokenizer:
        if name == "missing/model":
            raise RuntimeError("Model missing/model not found")
        cls.loaded.append(("hub", name))
        return cls()

    def no_truncation(self) -> None:
        self.truncated = False

    def no_padding(self) -> None:
        self.padded = False

    def encode(self, text: str, add_special_tokens: bool = True) -> SimpleNamespace:
        assert not (add_special_tokens or self.truncated or self.padded)
        return SimpleNamespace(ids=[1] * len(text))


@pytest.fixture
def fake_tokenizers(monkeypatch: pytest.MonkeyPatch) -> type[FakeTokenizer]:
    FakeTokenizer.loaded = []
    monkeypatch.setitem(
        sys.modules, "tokenizers", SimpleNamespace(Tokenizer=FakeTokenizer)
    )
    return FakeTokenizer


def test_hf_spec_loads_by_name(fake_tokenizers: type[FakeTokenizer]) -> None:
    assert tokenizer_length("hf:bert-base-uncased")("four") == 4
    assert fake_tokenizers.loaded == [("hub", "bert-base-uncased")]


def test_hf_spec_loads_a_file_or_a_model_folder(
    fake_tokenizers: type[FakeTokenizer], tmp_path: Path
) -> None:
    (tmp_path / "tokenizer.json").write_text("{}")
    tokenizer_length(f"hf:{tmp_path}")
    tokenizer_length(f"hf:{tmp_path / 'tokenizer.json'}")
    expected = ("file", str(tmp_path / "tokenizer.json"))
    assert fake_tokenizers.loaded == [expected, expected]


def test_hf_model_that_does_not_load_is_a_value_error(
    fake_tokenizers: type[FakeTokenizer],
) -> None:
    with pytest.raises(ValueError, match="could not load 'missing/model'"):
        tokenizer_length("hf:missing/model")


@pytest.mark.parametrize("spec", ["", "cl100k_base", "tiktoken:", "spacy:en", "hf"])
def test_malformed_spec_is_a_value_error(spec: str) -> None:
    with pytest.raises(ValueError, match="tiktoken:ENCODING or hf:NAME_OR_PATH"):
        tokenizer_length(spec)


@pytest.mark.parametrize(
    ("spec", "package", "extra"),
    [("tiktoken:cl100k_base", "tiktoken", "tiktoken"), ("hf:gpt2", "tokenizers", "hf")],
)
def test_missing_package_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, spec: str, package: str, extra: str
) -> None:
    monkeypatch.setitem(sys.modules, package, None)
    with pytest.raises(ImportError, match=rf"pip install 'pagechunk\[{extra}\]'"):
        tokenizer_length(spec)


# The command line.

PAGE = (
    "<html><head><title>T</title></head><body><main><p>one two three four five "
    "six seven eight nine ten eleven twelve</p></main></body></html>"
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[Any], str]:
    status = cli.main(list(argv))
    captured = capsys.readouterr()
    return (
        status,
        [json.loads(line) for line in captured.out.splitlines()],
        captured.err,
    )


def test_cli_tokenizer_and_overlap(
    fake_tiktoken: FakeEncoding, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    status, records, _ = run(
        capsys,
        str(page),
        "--tokenizer",
        "tiktoken:cl100k_base",
        "--max-chars",
        "8",
        "--overlap",
        "2",
    )
    assert status == 0
    assert [record["text"] for record in records] == [
        "T\n\none two three four five six seven",
        "T\n\nsix seven eight nine ten eleven twelve",
    ]


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--tokenizer", "nonsense"], "tiktoken:ENCODING or hf:NAME_OR_PATH"),
        (["--overlap", "-1"], "must be at least 0"),
        (["--overlap", "many"], "not a number"),
    ],
)
def test_cli_rejects_bad_options(
    capsys: pytest.CaptureFixture[str], option: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit:
        cli.main(["page.html", *option])
    assert exit.value.code == 2
    assert message in capsys.readouterr().err


def test_cli_chunk_command_takes_the_options(
    fake_tiktoken: FakeEncoding, tmp_path: Path
) -> None:
    parser = cli.build_chunk_parser()
    options = parser.parse_args(
        [
            "in.html",
            "-o",
            "out.jsonl",
            "--tokenizer",
            "tiktoken:cl100k_base",
            "--overlap",
            "3",
        ]
    )
    settings = cli.settings_from(options)
    assert (settings.tokenizer, settings.overlap_chars) == ("tiktoken:cl100k_base", 3)
