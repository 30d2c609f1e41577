"""``python -m tileir``: the :mod:`tileir.cli` command line."""

import sys

from .cli import main

sys.exit(main())
