"""tokenizer_length: the tiktoken and Hugging Face specs, their errors, and
the bounded number of tokenizers kept loaded."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from pagechunk import tokens
from pagechunk.tokens import LOADED_TOKENIZERS, tokenizer_length

# tokenizer_length, with stand-ins for the tokenizer packages.


@pytest.fixture(autouse=True)
def fresh_tokenizers() -> Iterator[None]:
    tokenizer_length.cache_clear()
    yield
    tokenizer_length.cache_clear()


class Hub:
    """The probe of the Hugging Face hub: reachable or not, and how often
    it was tried."""

    def __init__(self) -> None:
        self.reachable = True
        self.probes: list[tuple[str, int]] = []

    def connect(self, address: tuple[str, int], timeout: float) -> SimpleNamespace:
        self.probes.append(address)
        if not self.reachable:
            raise OSError(101, "Network is unreachable")
        return SimpleNamespace(close=lambda: None)


@pytest.fixture(autouse=True)
def hub(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Hub:
    """A hub probe that touches no network, and an empty Hugging Face cache."""
    probe = Hub()
    monkeypatch.setattr(tokens.socket, "create_connection", probe.connect)
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    for name in ("HF_HUB_OFFLINE", "HF_ENDPOINT", *tokens._PROXIES):
        monkeypatch.delenv(name, raising=False)
    return probe


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


def test_hf_spec_loads_by_name(fake_tokenizers: type[FakeTokenizer], hub: Hub) -> None:
    assert tokenizer_length("hf:bert-base-uncased")("four") == 4
    assert fake_tokenizers.loaded == [("hub", "bert-base-uncased")]
    assert hub.probes == [("huggingface.co", 443)]


def test_hf_name_in_the_cache_loads_without_the_hub(
    fake_tokenizers: type[FakeTokenizer], hub: Hub, tmp_path: Path
) -> None:
    model = tmp_path / "hub" / "models--BAAI--bge-small-en"
    (model / "refs").mkdir(parents=True)
    (model / "refs" / "main").write_text("abc123")
    (model / "snapshots" / "abc123").mkdir(parents=True)
    (model / "snapshots" / "abc123" / "tokenizer.json").write_text("{}")
    tokenizer_length("hf:BAAI/bge-small-en")
    cached = model / "snapshots" / "abc123" / "tokenizer.json"
    assert fake_tokenizers.loaded == [("file", str(cached))]
    assert hub.probes == []


def test_hf_offline_fails_at_once_naming_the_local_way(
    fake_tokenizers: type[FakeTokenizer], hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(ValueError, match="HF_HUB_OFFLINE is set") as error:
        tokenizer_length("hf:bert-base-uncased")
    assert "pass hf:/path/to/tokenizer.json" in str(error.value)
    assert "\n" not in str(error.value)
    assert (fake_tokenizers.loaded, hub.probes) == ([], [])


def test_hf_unreachable_hub_fails_after_one_probe(
    fake_tokenizers: type[FakeTokenizer], hub: Hub
) -> None:
    hub.reachable = False
    with pytest.raises(ValueError) as error:
        tokenizer_length("hf:bert-base-uncased")
    assert str(error.value) == (
        "hf:bert-base-uncased is no tokenizer.json file or folder here nor in "
        "the Hugging Face cache, and huggingface.co cannot be reached (OSError: "
        "[Errno 101] Network is unreachable); offline, pass "
        "hf:/path/to/tokenizer.json (the model's tokenizer.json, or a folder "
        "holding it), or put the model in the Hugging Face cache"
    )
    assert (fake_tokenizers.loaded, len(hub.probes)) == ([], 1)


def test_hf_missing_path_is_not_asked_of_the_hub(
    fake_tokenizers: type[FakeTokenizer], hub: Hub, tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match="is no tokenizer.json file or folder"):
        tokenizer_length(f"hf:{tmp_path / 'none' / 'tokenizer.json'}")
    assert hub.probes == []


def test_tiktoken_download_that_fails_names_the_cache_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def get_encoding(name: str) -> FakeEncoding:
        try:
            raise OSError(-2, "Name or service not known")
        except OSError as cause:
            raise ConnectionError("Max retries exceeded with url: ...") from cause

    monkeypatch.setitem(
        sys.modules, "tiktoken", SimpleNamespace(get_encoding=get_encoding)
    )
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    with pytest.raises(ValueError) as error:
        tokenizer_length("tiktoken:cl100k_base")
    assert str(error.value) == (
        "tiktoken could not download encoding 'cl100k_base' (OSError: [Errno -2] "
        "Name or service not known); offline, set TIKTOKEN_CACHE_DIR to a folder "
        f"holding its cached file (now {tmp_path}: run "
        "tiktoken.get_encoding('cl100k_base') online with the same "
        "TIKTOKEN_CACHE_DIR and copy the folder)"
    )


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
