"""Argument checks for the public calls: an argument of the wrong type raises
``TypeError`` naming it, before any step reads it (and fails deeper down with
an ``AttributeError`` or worse).

Only what a step would misread is checked: text where text is read, blocks
where blocks are, numbers where thresholds are. A flag such as ``strict``
takes any value, as Python's truth does.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pagechunk.model import Block

__all__ = [
    "check_blocks",
    "check_callable",
    "check_number",
    "check_text",
    "check_type",
]


def check_type(
    name: str, value: object, kind: type | tuple[type, ...], *, optional: bool = False
) -> None:
    """Raise ``TypeError`` unless ``value`` is a ``kind`` (or None, when
    ``optional``)."""
    if value is None and optional:
        return
    if not isinstance(value, kind):
        kinds = kind if isinstance(kind, tuple) else (kind,)
        wanted = " or ".join(each.__name__ for each in kinds)
        if optional:
            wanted += " or None"
        raise TypeError(f"{name} must be {wanted}, not {type(value).__name__}")


def check_text(name: str, value: object, *, optional: bool = False) -> None:
    """Raise ``TypeError`` unless ``value`` is a ``str`` (or None, when
    ``optional``)."""
    check_type(name, value, str, optional=optional)


def check_number(name: str, value: object) -> None:
    """Raise ``TypeError`` unless ``value`` is an int or a float (not a
    bool)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")


def check_callable(name: str, value: object) -> None:
    """Raise ``TypeError`` unless ``value`` is None or can be called."""
    if value is not None and not callable(value):
        kind = type(value).__name__
        raise TypeError(f"{name} must be a function or None, not {kind}")


def check_blocks(blocks: Iterable[Block] | Any) -> list[Block]:
    """``blocks`` as a list, every item a :class:`~pagechunk.Block`.

    Raises:
        TypeError: ``blocks`` is text, bytes or no iterable, or holds
            anything but blocks (such as strings).
    """
    if isinstance(blocks, str | bytes | bytearray) or not isinstance(blocks, Iterable):
        raise TypeError(
            f"blocks must be an iterable of Block, not {type(blocks).__name__}"
        )
    listed = list(blocks)
    for block in listed:
        if not isinstance(block, Block):
            raise TypeError(
                f"blocks must hold Block objects, not {type(block).__name__}"
            )
    return listed
