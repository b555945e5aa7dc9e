"""Handing the C heap's free memory back to the system, between pages.

Not called by any library call: a call that trims the heap takes time from
whoever else runs in the process, and only a caller that handles many pages
knows when it is between them. Batch runs call :func:`release_free_memory`
at the edge of a batch, after a document of :data:`RELEASE_BYTES` or more.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable

__all__ = ["RELEASE_BYTES", "release_free_memory"]

RELEASE_BYTES = 4 << 20
"""The size of a document from which trimming after it pays: the tree
libxml2 built for one this big leaves megabytes of free heap behind."""


def _find_malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim
    except (AttributeError, OSError):  # a C library other than glibc
        return None
    return trim


_MALLOC_TRIM = _find_malloc_trim()


def release_free_memory() -> None:
    """Return the C heap's free pages to the system, where the C library can.

    libxml2 allocates a tree node by node with ``malloc``; once a big tree is
    freed, glibc keeps its pages, and Python's own allocator (which maps
    memory of its own) cannot reuse them for the blocks and chunks that
    follow. Trimming lets the peak of a large page be the tree or the text,
    not both. A no-op where ``malloc_trim`` does not exist.
    """
    if _MALLOC_TRIM is not None:
        _MALLOC_TRIM(0)
