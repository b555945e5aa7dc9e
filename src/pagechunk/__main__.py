"""``python -m pagechunk``: the same as the ``pagechunk`` command."""

from pagechunk.cli import main

raise SystemExit(main())
