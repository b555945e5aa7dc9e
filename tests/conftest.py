"""Shared fixtures: the hand-written pages in ``tests/pages/``."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings

# Plain ``pytest`` (and so CI) draws the same examples on every run, so a
# red build always names a change and not a lucky seed. The "explore"
# profile draws fresh and many more examples; run it before merging a
# change to code that a property covers:
#     HYPOTHESIS_PROFILE=explore pytest
# No per-example deadline: on a shared machine a slow example is noise, and
# speed is for the benchmarks to measure.
settings.register_profile("seeded", derandomize=True, deadline=None)
settings.register_profile("explore", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "seeded"))

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
