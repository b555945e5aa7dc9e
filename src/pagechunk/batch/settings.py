"""What a batch is told: the pipeline's options plus what only a batch needs.

:class:`Settings` holds one :class:`~pagechunk.options.Options`, the base URL
of every document, whether to learn a site memory, and a tokenizer spec. A
batch manifest stores it as JSON (:meth:`Settings.to_json`): the batch's own
fields and, by name, the options that differ from ``Options()``, so that an
option left at its default follows the version that reads the manifest.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

from pagechunk.options import Options
from pagechunk.tokens import tokenizer_length

__all__ = ["Settings"]

_DEFAULT = Options()


@dataclass(frozen=True, slots=True)
class Settings:
    """The options of a batch, the same for every document.

    Attributes:
        options: The pipeline's options; a record carries no link list, so
            the pipeline runs with ``links=False`` whatever ``options`` say.
        url: The base URL of every document when given; otherwise each
            document's own (a WARC record's target URI, a fetched URL's
            address).
        site_memory: Whether the batch commands learn a site memory first
            (see :func:`~pagechunk.batch.learn_site_memory`); the functions
            that run documents clean against the memory they are given.
        tokenizer: A spec of :func:`~pagechunk.tokenizer_length` to measure
            sizes with, instead of characters.

    Raises:
        TypeError: ``options`` is not an :class:`~pagechunk.options.Options`.
        ValueError: ``options`` has a ``length`` function: a batch sends its
            settings to other processes and stores them in its manifest, which
            a function does not survive, so it takes a ``tokenizer`` spec.
    """

    options: Options = _DEFAULT
    url: str | None = None
    site_memory: bool = False
    tokenizer: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.options, Options):
            kind = type(self.options).__name__
            raise TypeError(f"options must be an Options, not {kind}")
        if self.options.chunk.length is not None:
            raise ValueError("a batch measures with a tokenizer spec, not length=")

    def with_values(self, **values: Any) -> Settings:
        """A copy with the named settings changed: ``url``, ``site_memory``
        and ``tokenizer``, or any option that
        :meth:`pagechunk.Options.with_values` takes.

        Raises:
            TypeError: A name is neither a setting nor an option.
        """
        own = {name: values.pop(name) for name in _OWN if name in values}
        options = self.options.with_values(**values) if values else self.options
        return replace(self, options=options, **own)

    def pipeline_options(self) -> Options:
        """The options each document is run with: :attr:`options`, sizes
        measured with :attr:`tokenizer`, and no link list."""
        length = tokenizer_length(self.tokenizer) if self.tokenizer else None
        return self.options.with_values(length=length, links=False)

    def to_json(self) -> str:
        """The settings as a JSON object: ``url``, ``site_memory``,
        ``tokenizer`` and the options that differ from ``Options()``."""
        values: dict[str, Any] = {name: getattr(self, name) for name in _OWN}
        values.update(_changed(self.options, _DEFAULT))
        return json.dumps(values, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Settings:
        """The settings :meth:`to_json` wrote, or a manifest of pagechunk
        0.1 stored (its option names are those of today).

        Raises:
            ValueError: ``text`` is no JSON object of settings, names one
                this version does not know, or holds a value it refuses.
        """
        try:
            values = json.loads(text)
        except ValueError as error:
            raise ValueError(f"the settings are no JSON: {error}") from None
        if not isinstance(values, dict):
            raise ValueError(f"the settings are no JSON object: {text[:40]!r}")
        try:
            return cls().with_values(**values)
        except (TypeError, ValueError) as error:
            raise ValueError(f"settings this version refuses: {error}") from None


_OWN = tuple(field.name for field in fields(Settings) if field.name != "options")


def _changed(options: Any, default: Any) -> dict[str, Any]:
    """The fields of an options object that differ from ``default``, by
    name, nested objects flattened, sets as sorted lists; fields that take
    no part in comparison (a ``length`` function) are left out."""
    changed: dict[str, Any] = {}
    for field in fields(options):
        value, usual = getattr(options, field.name), getattr(default, field.name)
        if is_dataclass(value):
            changed.update(_changed(value, usual))
        elif field.compare and value != usual:
            changed[field.name] = (
                sorted(value) if isinstance(value, frozenset) else value
            )
    return changed
