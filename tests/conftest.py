"""Shared fixtures: the hand-written pages in ``tests/pages/``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

PAGES = Path(__file__).parent / "pages"


@pytest.fixture
def page() -> Callable[[str], str]:
    """Read ``tests/pages/<name>.html`` as UTF-8 text."""

    def read(name: str) -> str:
        return (PAGES / f"{name}.html").read_text(encoding="utf-8")

    return read


@pytest.fixture
def page_bytes() -> Callable[[str], bytes]:
    """Read ``tests/pages/<name>.html`` as the bytes a server would send."""

    def read(name: str) -> bytes:
        return (PAGES / f"{name}.html").read_bytes()

    return read
