"""The error contract for arguments: every public call, given an argument of
the wrong type, returns or raises only its documented errors (``TypeError``,
``ValueError`` and the :class:`~pagechunk.PagechunkError` ones, which are
``ValueError`` too), never ``AttributeError`` or another error from inside.
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pagechunk import (
    Block,
    LinkSpan,
    Options,
    SiteMemory,
    chunk_blocks,
    chunk_html,
    chunk_markdown,
    clean_blocks,
    clean_markdown,
    extract,
    parse_html,
    tokenizer_length,
)
from pagechunk.options import ChunkOptions, CleanOptions, ParseOptions

PAGE = (
    "<html><head><title>Tea</title></head><body><main><h1>Tea</h1>"
    "<p>Green tea is steamed or pan-fired soon after picking, which keeps "
    "its leaves from oxidising.</p><ul><li><a href='/a'>A</a></li>"
    "<li><a href='/b'>B</a></li></ul></main></body></html>"
)
MARKDOWN = "# Tea\n\nGreen tea is steamed soon after picking.\n"
BLOCKS = [
    Block("Tea", kind="heading", level=1),
    Block("Green tea is steamed soon after picking.", "Tea"),
    Block("A B", "Tea", links=[LinkSpan("A", "/a"), LinkSpan("B", "/b")]),
]

# Each public call with the arguments of a call that works.
CALLS: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {
    "parse_html": (parse_html, {"html": PAGE}),
    "extract": (extract, {"html": PAGE}),
    "chunk_html": (chunk_html, {"html": PAGE}),
    "clean_blocks": (clean_blocks, {"blocks": BLOCKS, "site": "https://tea.example/"}),
    "clean_markdown": (
        clean_markdown,
        {
            "markdown": MARKDOWN,
            "media_type": "text/html",
            "source_uri": "https://tea.example/",
        },
    ),
    "chunk_blocks": (chunk_blocks, {"blocks": BLOCKS}),
    "chunk_markdown": (chunk_markdown, {"markdown": MARKDOWN}),
    "tokenizer_length": (tokenizer_length, {"spec": "tiktoken:cl100k_base"}),
    # The options objects and the site memory, which callers build too.
    "ParseOptions": (ParseOptions, {}),
    "CleanOptions": (CleanOptions, {}),
    "ChunkOptions": (ChunkOptions, {}),
    "Options": (Options, {}),
    "SiteMemory": (SiteMemory, {}),
    "SiteMemory.observe": (
        SiteMemory().observe,
        {"site": "https://tea.example/", "blocks": BLOCKS},
    ),
    "SiteMemory.seen": (
        SiteMemory().seen,
        {"site": "https://tea.example/", "block": BLOCKS[1]},
    ),
    "SiteMemory.update": (SiteMemory().update, {"other": SiteMemory()}),
    "SiteMemory.from_json": (SiteMemory.from_json, {"text": SiteMemory().to_json()}),
}

# extract and chunk_html take the options of every step by name too.
_OPTION_NAMES = sorted(
    {
        *ParseOptions.__dataclass_fields__,
        *CleanOptions.__dataclass_fields__,
        *ChunkOptions.__dataclass_fields__,
        "focus",
    }
)


def _arguments(call: Callable[..., Any]) -> list[str]:
    names = [
        name
        for name, parameter in inspect.signature(call).parameters.items()
        if parameter.kind is not inspect.Parameter.VAR_KEYWORD
    ]
    if call in (extract, chunk_html):
        names += [name for name in _OPTION_NAMES if name not in names]
    return names


CASES = [
    (name, argument)
    for name, (call, _) in CALLS.items()
    for argument in _arguments(call)
]

WRONG = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.binary(max_size=12),
    st.lists(st.text(max_size=6), max_size=3),
    st.lists(st.integers(), max_size=3),
    st.text(max_size=8),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.just(object()),
    st.just(BLOCKS),
    st.just(Options()),
    st.just(SiteMemory()),
    st.just(len),
)

DOCUMENTED = (TypeError, ValueError)


@pytest.mark.parametrize(("name", "argument"), CASES, ids=[":".join(c) for c in CASES])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=WRONG)
def test_a_wrong_argument_raises_only_documented_errors(name, argument, value):
    call, good = CALLS[name]
    arguments = {**good, argument: value}
    with contextlib.suppress(*DOCUMENTED):
        call(**arguments)


@pytest.mark.parametrize(
    ("call", "arguments"),
    [
        (chunk_markdown, {"markdown": None}),
        (chunk_markdown, {"markdown": b"# Tea"}),
        (chunk_markdown, {"markdown": MARKDOWN, "title": 5}),
        (chunk_html, {"html": PAGE, "base_url": 5}),
        (chunk_html, {"html": PAGE, "memory": "x"}),
        (chunk_html, {"html": PAGE, "content_language": 5}),
        (chunk_html, {"html": PAGE, "encoding": 5}),
        (chunk_html, {"html": PAGE, "options": {"clean": False}}),
        (extract, {"html": PAGE, "memory": "x"}),
        (extract, {"html": PAGE, "content_language": b"en"}),
        (parse_html, {"html": None}),
        (parse_html, {"html": ["<p>x</p>"]}),
        (parse_html, {"html": PAGE, "base_url": b"https://tea.example/"}),
        (parse_html, {"html": PAGE, "strip_chars": 5}),
        (parse_html, {"html": PAGE, "content_tags": 5}),
        (parse_html, {"html": PAGE, "content_tags": [1, 2]}),
        (chunk_blocks, {"blocks": ["a"]}),
        (chunk_blocks, {"blocks": "a"}),
        (chunk_blocks, {"blocks": None}),
        (chunk_blocks, {"blocks": BLOCKS, "title": 5}),
        (chunk_blocks, {"blocks": BLOCKS, "url": None}),
        (chunk_blocks, {"blocks": BLOCKS, "lang": b"en"}),
        (chunk_blocks, {"blocks": BLOCKS, "length": 5}),
        (clean_blocks, {"blocks": ["a"], "site": None}),
        (clean_blocks, {"blocks": BLOCKS, "site": 5}),
        (clean_blocks, {"blocks": BLOCKS, "site": None, "memory": "x"}),
        (clean_blocks, {"blocks": BLOCKS, "site": None, "link_density": "0.5"}),
        (clean_blocks, {"blocks": BLOCKS, "site": None, "min_site_pages": None}),
        (clean_markdown, {"markdown": None, "media_type": None, "source_uri": None}),
        (clean_markdown, {"markdown": MARKDOWN, "media_type": 5, "source_uri": None}),
        (clean_markdown, {"markdown": MARKDOWN, "media_type": None, "source_uri": 5}),
        (tokenizer_length, {"spec": None}),
    ],
    ids=lambda value: getattr(value, "__name__", None) or "-".join(value)[:40],
)
def test_a_wrong_type_raises_type_error(call, arguments):
    with pytest.raises(TypeError):
        call(**arguments)
