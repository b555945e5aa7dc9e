"""Length functions that count a tokenizer's tokens, for sizing chunks.

:func:`tokenizer_length` turns a spec such as ``"tiktoken:cl100k_base"`` or
``"hf:bert-base-uncased"`` into a function from text to its number of tokens,
to pass as ``length`` to :func:`~pagechunk.chunk_blocks`. The tokenizer
packages are optional: ``pip install 'pagechunk[tiktoken]'`` or
``'pagechunk[hf]'``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

from pagechunk.checks import check_text

__all__ = ["LOADED_TOKENIZERS", "TOKENIZER_KINDS", "tokenizer_length"]

TOKENIZER_KINDS = ("tiktoken", "hf")
"""The tokenizer families a spec can name before its colon."""

_EXTRAS = {"tiktoken": ("tiktoken", "tiktoken"), "hf": ("tokenizers", "hf")}
"""For each kind, the package it needs and the extra that installs it."""

LOADED_TOKENIZERS = 4
"""How many tokenizers :func:`tokenizer_length` keeps loaded, the ones last
asked for. Loading one reads its whole vocabulary, and a batch asks for its
tokenizer once per document; a process seldom uses more than one or two, and
the bound keeps one that tries many from holding every vocabulary."""


@lru_cache(maxsize=LOADED_TOKENIZERS)
def tokenizer_length(spec: str) -> Callable[[str], int]:
    """The function that counts the tokens of a text for ``spec``.

    The tokenizers of the last :data:`LOADED_TOKENIZERS` specs stay loaded,
    so asking again for one of them costs nothing; a spec that fails to load
    is tried again when asked for again.

    ``tiktoken:NAME`` loads the tiktoken encoding ``NAME`` (such as
    ``cl100k_base``); special-token text counts as plain text. ``hf:NAME``
    loads a Hugging Face ``tokenizers`` tokenizer from a ``tokenizer.json``
    file, from a model folder holding one, or else by model name through the
    Hugging Face cache; it counts without special tokens, truncation or
    padding.

    Args:
        spec: The kind, a colon, and the encoding, model or path.

    Returns:
        A function from a text to its number of tokens.

    Raises:
        ValueError: The spec is malformed, or names no tokenizer that loads.
        TypeError: The spec is not text.
        ImportError: The kind's package is not installed; the message names
            the extra that installs it.
    """
    check_text("spec", spec)
    kind, _, name = spec.partition(":")
    kind, name = kind.strip().lower(), name.strip()
    if kind not in TOKENIZER_KINDS or not name:
        raise ValueError(
            f"tokenizer spec must be tiktoken:ENCODING or hf:NAME_OR_PATH, not {spec!r}"
        )
    module = _package(kind)
    if kind == "tiktoken":
        return _tiktoken_length(module, name)
    return _hf_length(module, name)


def _package(kind: str) -> ModuleType:
    package, extra = _EXTRAS[kind]
    try:
        return importlib.import_module(package)
    except ImportError as error:
        raise ImportError(
            f"the {kind} tokenizer needs the {package} package: "
            f"pip install 'pagechunk[{extra}]'"
        ) from error


def _tiktoken_length(tiktoken: ModuleType, name: str) -> Callable[[str], int]:
    try:
        encoding = tiktoken.get_encoding(name)
    except Exception as error:  # unknown names and failed downloads alike
        raise ValueError(
            f"tiktoken could not load encoding {name!r}: {error}"
        ) from error

    def length(text: str) -> int:
        return len(encoding.encode(text, disallowed_special=()))

    return length


def _hf_length(tokenizers: ModuleType, name: str) -> Callable[[str], int]:
    path = Path(name)
    if path.is_dir():
        path = path / "tokenizer.json"
    try:
        if path.is_file():
            tokenizer = tokenizers.Tokenizer.from_file(str(path))
        else:
            tokenizer = tokenizers.Tokenizer.from_pretrained(name)
    except Exception as error:  # missing files, bad JSON and failed downloads
        raise ValueError(f"tokenizers could not load {name!r}: {error}") from error
    tokenizer.no_truncation()
    tokenizer.no_padding()

    def length(text: str) -> int:
        encoding: Any = tokenizer.encode(text, add_special_tokens=False)
        return len(encoding.ids)

    return length
