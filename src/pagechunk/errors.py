"""The errors pagechunk raises on purpose; all share :class:`PagechunkError`.

The contract of every public function: it returns, or raises a subclass of
:class:`PagechunkError` about the document, or ``ValueError`` or
``TypeError`` about an argument. Nothing raised inside lxml or a codec (an
``lxml.etree`` error, a ``UnicodeError``) gets out. Each error here is also a
``ValueError``, so code that catches that keeps working.
"""

from __future__ import annotations

__all__ = ["DecodeError", "InputTooLarge", "PagechunkError"]


class PagechunkError(Exception):
    """Base of every error pagechunk raises about its input."""


class InputTooLarge(PagechunkError, ValueError):
    """The document is larger than the ``max_bytes`` the caller allowed."""


class DecodeError(PagechunkError, ValueError):
    """Bytes could not be decoded and the caller asked for strict decoding."""
