"""The page's JSON-LD, read once and shared: the page-type step reads its
``@type`` names, the metadata step its fields.

Each ``<script type="application/ld+json">`` is parsed as JSON; a block that
does not parse is skipped (pages often ship trailing commas or HTML comments,
and a browser ignores them too). Top-level lists and ``@graph`` arrays are
flattened, so callers see one list of objects in document order. Nested
objects stay where they are (an article's ``author`` is read from the
article).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from lxml import etree

__all__ = [
    "MAX_JSONLD_CHARS",
    "JsonObject",
    "every_object",
    "jsonld_objects",
    "jsonld_types",
    "type_names",
]

JsonObject = dict[str, Any]

#: Longest script text parsed as JSON-LD; a longer one (a page's whole state
#: dumped in a script) is skipped, so reading stays cheap.
MAX_JSONLD_CHARS = 1_000_000

_JSONLD_TYPES = frozenset({"application/ld+json", "application/json+ld"})


def jsonld_objects(
    root: etree._Element, scripts: Iterable[etree._Element] | None = None
) -> list[JsonObject]:
    """Every JSON-LD object of the page, ``@graph`` and top-level lists
    flattened, in document order; ``[]`` when there is none. ``scripts``
    are the page's ``<script>`` elements when the caller has gathered them
    (``pagechunk.html.head.gather``)."""
    objects: list[JsonObject] = []
    for script in root.iter("script") if scripts is None else scripts:
        kind = script.get("type")
        if not kind or kind.split(";", 1)[0].strip().lower() not in _JSONLD_TYPES:
            continue
        text = script.text
        if not text or len(text) > MAX_JSONLD_CHARS:
            continue
        text = text.strip()
        if text.startswith("<!--"):
            text = text[4:].removesuffix("-->").strip()
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            continue
        objects.extend(_flatten(value, 0))
    return objects


def _flatten(value: Any, depth: int) -> Iterator[JsonObject]:
    if depth > 4:
        return
    if isinstance(value, list):
        for item in value:
            yield from _flatten(item, depth + 1)
    elif isinstance(value, dict):
        graph = value.get("@graph")
        if isinstance(graph, list):
            yield from _flatten(graph, depth + 1)
        if "@type" in value or not isinstance(graph, list):
            yield value


def type_names(value: Any) -> list[str]:
    """The ``@type`` names of one object, without a vocabulary prefix
    (``"http://schema.org/Product"`` gives ``"Product"``)."""
    if not isinstance(value, dict):
        return []
    kind = value.get("@type")
    names = kind if isinstance(kind, list) else [kind]
    return [
        name.rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1]
        for name in names
        if isinstance(name, str) and name
    ]


def jsonld_types(objects: list[JsonObject]) -> frozenset[str]:
    """The ``@type`` names of the objects and of the objects one level inside
    them (a ``WebPage`` whose ``mainEntity`` is a ``Question``)."""
    names: set[str] = set()
    for item in objects:
        names.update(type_names(item))
        for value in item.values():
            if isinstance(value, dict):
                names.update(type_names(value))
            elif isinstance(value, list):
                for inner in value[:50]:
                    names.update(type_names(inner))
    return frozenset(names)


def every_object(objects: list[JsonObject]) -> Iterator[JsonObject]:
    """The objects and every object nested in them, at any depth (in lists
    too), depth first and in the order the page writes them: a product's
    variants after the product, an article's author inside the article."""
    stack: list[object] = list(reversed(objects))
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(reversed(item))
        elif isinstance(item, dict):
            yield item
            stack.extend(
                reversed([v for v in item.values() if isinstance(v, (dict, list))])
            )
