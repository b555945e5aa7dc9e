"""tokenizer_length keeps a bounded number of tokenizers loaded."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from pagechunk.tokens import LOADED_TOKENIZERS, tokenizer_length


class CountedTokenizer:
    """A stand-in for ``tokenizers.Tokenizer`` that records each load."""

    loaded: list[str] = []

    @classmethod
    def from_pretrained(cls, name: str) -> CountedTokenizer:
        cls.loaded.append(name)
        return cls()

    def no_truncation(self) -> None:
        pass

    def no_padding(self) -> None:
        pass

    def encode(self, text: str, add_special_tokens: bool = True) -> SimpleNamespace:
        return SimpleNamespace(ids=text.split())


@pytest.fixture(autouse=True)
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    CountedTokenizer.loaded = []
    monkeypatch.setitem(
        sys.modules, "tokenizers", SimpleNamespace(Tokenizer=CountedTokenizer)
    )
    tokenizer_length.cache_clear()
    yield CountedTokenizer.loaded
    tokenizer_length.cache_clear()


def test_a_spec_asked_for_again_is_not_loaded_again(counted: list[str]) -> None:
    first = tokenizer_length("hf:model-a")
    again = tokenizer_length("hf:model-a")
    assert again is first
    assert again("two words") == 2
    assert counted == ["model-a"]


def test_only_the_last_specs_asked_for_stay_loaded(counted: list[str]) -> None:
    names = [f"model-{number}" for number in range(LOADED_TOKENIZERS + 1)]
    for name in names:
        tokenizer_length(f"hf:{name}")
    tokenizer_length(f"hf:{names[-1]}")
    assert counted == names
    tokenizer_length(f"hf:{names[0]}")  # the oldest was let go
    assert counted == [*names, names[0]]
    assert tokenizer_length.cache_info().currsize == LOADED_TOKENIZERS
