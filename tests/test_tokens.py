"""tokenizer_length: the tiktoken and Hugging Face specs, their errors, and
the bounded number of tokenizers kept loaded."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pagechunk.tokens import LOADED_TOKENIZERS, tokenizer_length

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


def test_a_spec_asked_for_again_is_not_loaded_again(
    fake_tokenizers: type[FakeTokenizer],
) -> None:
    first = tokenizer_length("hf:model-a")
    assert tokenizer_length("hf:model-a") is first
    assert fake_tokenizers.loaded == [("hub", "model-a")]


def test_only_the_last_specs_asked_for_stay_loaded(
    fake_tokenizers: type[FakeTokenizer],
) -> None:
    names = [f"model-{number}" for number in range(LOADED_TOKENIZERS + 1)]
    for name in names:
        tokenizer_length(f"hf:{name}")
    tokenizer_length(f"hf:{names[-1]}")
    assert fake_tokenizers.loaded == [("hub", name) for name in names]
    tokenizer_length(f"hf:{names[0]}")  # the oldest was let go
    assert fake_tokenizers.loaded[-1] == ("hub", names[0])
    assert len(fake_tokenizers.loaded) == len(names) + 1
    assert tokenizer_length.cache_info().currsize == LOADED_TOKENIZERS
