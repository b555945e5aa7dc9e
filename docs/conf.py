"""Sphinx configuration of the pagechunk documentation.

Build with ``sphinx-build -W --keep-going -b html docs docs/_build/html`` and
run every example with ``sphinx-build -W --keep-going -b doctest docs
docs/_build/doctest`` (both need ``pip install -e '.[docs]'``).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from typing import Any

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging

import pagechunk

project = "pagechunk"
author = "the pagechunk authors"
copyright = "the pagechunk authors"
release = pagechunk.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "sphinxarg.ext",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build"]

# Curly quotes, but "--resume" keeps its two hyphens (the CLI reference).
smartquotes_action = "qe"

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# Types in signatures and in the Args/Returns lists, from the annotations.
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented_params"
autodoc_member_order = "bysource"
# Show ``CONTENT_TAGS``, not the frozenset it holds, in signatures.
autodoc_preserve_defaults = True
autodoc_default_options = {"members": True}
# The framework adapters are documented without their frameworks installed;
# installed ones are not mocked, so that the doctests can use them.
autodoc_mock_imports = [
    name
    for name in ("langchain_core", "langchain_text_splitters", "llama_index")
    if importlib.util.find_spec(name) is None
]
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# Every cross-reference must resolve, except to types of other projects:
# there is no network at build time, so no intersphinx inventories.
nitpicky = True
nitpick_ignore_regex = [
    (
        r"py:(class|data|obj|exc)",
        r"(collections\.abc|typing|argparse|enum|os|pathlib)\..*",
    ),
    (
        r"py:(class|data|obj|exc)",
        r"(str|bytes|int|float|bool|list|dict|tuple|set|frozenset|object"
        r"|Exception|ValueError|TypeError|Ellipsis|None|NoneType)",
    ),
    (
        r"py:(class|data|obj)",
        r"(lxml|dask|distributed|pyarrow|langchain_core|langchain_text_splitters"
        r"|llama_index)\..*",
    ),
    # Helpers that public docstrings name but that are not public themselves.
    (r"py:func", r"learn_site_memory"),
    # LangChain's, inherited by PagechunkSplitter.
    (r"py:meth", r"split_documents"),
]

# The pages' ``doctest`` directives run, and so would ``>>>`` lines in the
# docstrings autodoc shows.
doctest_test_doctest_blocks = "default"

html_theme = "furo"
html_title = f"pagechunk {release}"

_logger = logging.getLogger(__name__)


def _defining_module_doc(name: str, value: object) -> list[str]:
    """The attribute docstring of a constant re-exported by ``pagechunk``.

    Autodoc looks for it in ``pagechunk/__init__.py`` and finds none there, so
    it is read from the submodule that assigns the constant.
    """
    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith("pagechunk.") or module is None:
            continue
        if getattr(module, name, None) is not value:
            continue
        docs = ModuleAnalyzer.for_module(module_name).find_attr_docs()
        if ("", name) in docs:
            return list(docs["", name])
    return []


def _prepare_docstring(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Run before napoleon: find the docstrings of re-exported constants, and
    keep napoleon from reading the text before a colon in the first line of
    an attribute's docstring as its type (the code's attributes are annotated,
    and their docstrings are prose)."""
    module, _, short = name.rpartition(".")
    if what == "data" and module == "pagechunk":
        lines[:] = _defining_module_doc(short, obj)
    if what in ("attribute", "data", "property") and lines:
        lines[:0] = ["..", ""]  # an empty comment as napoleon's "first line"


def _public_names(app: Sphinx, env: BuildEnvironment, node: Any, contnode: Any) -> Any:
    """Resolve ``pagechunk.model.Block`` (what type hints name) to the
    documented ``pagechunk.Block``."""
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    module, _, name = target.rpartition(".")
    if not module.startswith("pagechunk.") or name not in pagechunk.__all__:
        return _unique_suffix(app, env, node, contnode)
    try:
        defined = getattr(importlib.import_module(module), name, None)
    except ImportError:
        return None
    if defined is not getattr(pagechunk, name):
        return None
    return env.get_domain("py").resolve_xref(
        env,
        node["refdoc"],
        app.builder,
        node["reftype"],
        f"pagechunk.{name}",
        node,
        contnode,
    )


def _unique_suffix(app: Sphinx, env: BuildEnvironment, node: Any, contnode: Any) -> Any:
    """Resolve a name a docstring gives relative to its own module, such as
    ``CLEANED_MEDIA_TYPES`` in :func:`pagechunk.clean_markdown`, when exactly
    one documented object has it as its last part."""
    domain = env.get_domain("py")
    target = node.get("reftarget", "").lstrip(".~")
    found = [
        entry[0]
        for entry in domain.get_objects()
        if entry[0].startswith("pagechunk.") and entry[0].endswith(f".{target}")
    ]
    if len(found) != 1:
        return None
    return domain.resolve_xref(
        env,
        node["refdoc"],
        app.builder,
        node["reftype"],
        found[0],
        node,
        contnode,
    )


def _every_public_name(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn, and so fail the build, when a public name has no entry."""
    documented = {entry[0] for entry in env.get_domain("py").get_objects()}
    for name in pagechunk.__all__:
        if f"pagechunk.{name}" not in documented:
            _logger.warning("pagechunk.%s is in __all__ but not in api.md", name)


def setup(app: Sphinx) -> None:
    app.connect("env-check-consistency", _every_public_name)
    app.connect("autodoc-process-docstring", _prepare_docstring, priority=400)
    app.connect("missing-reference", _public_names)
