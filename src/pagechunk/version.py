"""What a stored record was made with: the package version and the rules revision.

Storage (the batch manifest) records :data:`PIPELINE_VERSION` for every
document, and ``pagechunk reprocess`` redoes what another value made.
"""

__all__ = ["PIPELINE_VERSION", "RULES_REVISION", "__version__"]

# The one place the version is written: pyproject.toml reads this literal.
__version__ = "0.1.0"
"""The package's version."""

RULES_REVISION = 16
"""Raised by one whenever a change to parsing, cleaning or chunking changes the
chunks some page gives, so that ``pagechunk reprocess`` knows what to redo."""

PIPELINE_VERSION = f"{__version__}+rules.{RULES_REVISION}"
"""The version a batch manifest records for the records it made."""
