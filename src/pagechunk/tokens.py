"""Length functions that count a tokenizer's tokens, for sizing chunks.

:func:`tokenizer_length` turns a spec such as ``"tiktoken:cl100k_base"`` or
``"hf:bert-base-uncased"`` into a function from text to its number of tokens,
to pass as ``length`` to :func:`~pagechunk.chunk_blocks`. The tokenizer
packages are optional: ``pip install 'pagechunk[tiktoken]'`` or
``'pagechunk[hf]'``.

A tokenizer that cannot be loaded fails at once, with one line that names the
cause and how to load it without network: a local ``tokenizer.json`` for
``hf:``, tiktoken's cache folder (``TIKTOKEN_CACHE_DIR``) for ``tiktoken:``.
A Hugging Face model name is looked up in the local Hugging Face cache first,
and the hub is not asked when ``HF_HUB_OFFLINE`` is set or cannot be reached,
so there are no minutes of retries.
"""

from __future__ import annotations

import importlib
import os
import socket
import tempfile
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

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
    file, from a model folder holding one, or else by model name from the
    Hugging Face cache, downloading it only when the hub can be reached and
    ``HF_HUB_OFFLINE`` is not set; it counts without special tokens,
    truncation or padding.

    Args:
        spec: The kind, a colon, and the encoding, model or path.

    Returns:
        A function from a text to its number of tokens.

    Raises:
        ValueError: The spec is malformed, or names no tokenizer that loads;
            the message is one line that names the cause and, for a download
            that failed, the offline way.
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
    except OSError as error:  # requests' errors are OSErrors: no download
        cache = os.environ.get("TIKTOKEN_CACHE_DIR") or os.environ.get(
            "DATA_GYM_CACHE_DIR", os.path.join(tempfile.gettempdir(), "data-gym-cache")
        )
        raise ValueError(
            f"tiktoken could not download encoding {name!r} ({_cause(error)}); "
            f"offline, set TIKTOKEN_CACHE_DIR to a folder holding its cached file "
            f"(now {cache}: run tiktoken.get_encoding({name!r}) online with the "
            "same TIKTOKEN_CACHE_DIR and copy the folder)"
        ) from error
    except Exception as error:  # an unknown name, a corrupt cached file
        raise ValueError(
            f"tiktoken could not load encoding {name!r}: {_cause(error)}"
        ) from error

    def length(text: str) -> int:
        return len(encoding.encode(text, disallowed_special=()))

    return length


def _hf_length(tokenizers: ModuleType, name: str) -> Callable[[str], int]:
    path = Path(name)
    if path.is_dir():
        path = path / "tokenizer.json"
    if not path.is_file():
        path = _hf_cached(name) or path
    try:
        if path.is_file():
            tokenizer = tokenizers.Tokenizer.from_file(str(path))
        else:
            _check_hub(name)
            tokenizer = tokenizers.Tokenizer.from_pretrained(name)
    except ValueError:
        raise
    except Exception as error:  # missing files, bad JSON and failed downloads
        raise ValueError(
            f"tokenizers could not load {name!r} ({_cause(error)}); {_HF_OFFLINE}"
        ) from error
    tokenizer.no_truncation()
    tokenizer.no_padding()

    def length(text: str) -> int:
        encoding: Any = tokenizer.encode(text, add_special_tokens=False)
        return len(encoding.ids)

    return length


_HF_OFFLINE = (
    "offline, pass hf:/path/to/tokenizer.json (the model's tokenizer.json, or "
    "a folder holding it), or put the model in the Hugging Face cache"
)


def _hf_cache() -> Path:
    """The Hugging Face hub cache, where the hub's clients keep models."""
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"])
    home = os.environ.get("HF_HOME") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
        "huggingface",
    )
    return Path(home) / "hub"


def _hf_cached(name: str) -> Path | None:
    """The ``tokenizer.json`` of model ``name`` in the Hugging Face cache: of
    the snapshot ``refs/main`` names, else of any snapshot; None when none
    holds one."""
    model = _hf_cache() / ("models--" + name.replace("/", "--"))
    try:
        main = (model / "refs" / "main").read_text().strip()
    except OSError:
        main = ""
    if main and (model / "snapshots" / main / "tokenizer.json").is_file():
        return model / "snapshots" / main / "tokenizer.json"
    found = sorted(model.glob("snapshots/*/tokenizer.json"))
    return found[0] if found else None


def _check_hub(name: str) -> None:
    """Fail at once, rather than after the client's retries, when model
    ``name`` must be downloaded and cannot be.

    Raises:
        ValueError: ``HF_HUB_OFFLINE`` is set, ``name`` looks like a path, or
            the hub cannot be reached (without a proxy set, which a direct
            probe would not go through).
    """
    where = f"hf:{name} is no tokenizer.json file or folder here"
    if name.endswith(".json") or name.startswith(_PATH_STARTS) or name.count("/") > 1:
        raise ValueError(f"{where}; {_HF_OFFLINE}")
    if os.environ.get("HF_HUB_OFFLINE", "").lower() in ("1", "true", "yes", "on"):
        cache = _hf_cache()
        raise ValueError(
            f"{where} nor in the Hugging Face cache ({cache}), and "
            f"HF_HUB_OFFLINE is set; {_HF_OFFLINE}"
        )
    if any(os.environ.get(proxy) for proxy in _PROXIES):
        return
    endpoint = os.environ.get("HF_ENDPOINT") or "https://huggingface.co"
    host = urlsplit(endpoint).hostname or "huggingface.co"
    try:
        socket.create_connection((host, 443), timeout=_PROBE_SECONDS).close()
    except OSError as error:
        raise ValueError(
            f"{where} nor in the Hugging Face cache, and {host} cannot be "
            f"reached ({_cause(error)}); {_HF_OFFLINE}"
        ) from error


_PATH_STARTS = ("/", ".", "~", "\\")
"""How a path begins, where a hub model name (``org/model``) cannot."""
_PROXIES = ("HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy")
_PROBE_SECONDS = 5.0


def _cause(error: BaseException) -> str:
    """The innermost error behind ``error``, short, on one line."""
    seen = {id(error)}
    while True:
        inner = error.__cause__ or error.__context__
        if inner is None or id(inner) in seen:
            break
        seen.add(id(inner))
        error = inner
    text = " ".join(str(error).split())
    if len(text) > 120:
        text = text[:119] + "…"
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
