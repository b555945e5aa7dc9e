"""The errors pagechunk raises on purpose; all share :class:`PagechunkError`."""

from __future__ import annotations

__all__ = ["DecodeError", "InputTooLarge", "PagechunkError"]


class PagechunkError(Exception):
    """Base of every error pagechunk raises about its input."""


class InputTooLarge(PagechunkError, ValueError):
    """The document is larger than the ``max_bytes`` the caller allowed."""


class DecodeError(PagechunkError, ValueError):
    """Bytes could not be decoded and the caller asked for strict decoding."""
