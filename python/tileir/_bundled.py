"""Console scripts that run the TileIR tools: ``tileiras``, ``tile-as``,
``tile-translate`` and ``tile-opt``.

A wheel built by ``utils/build-wheel.sh`` bundles self-contained tools in
``tileir/_bin``; installing it puts these scripts on the environment's ``PATH``, so that
``tileiras`` (which is ``tile-as``, NVIDIA's ``tileiras`` command line) is found by cuTile
Python. The scripts look up their tool as :func:`tileir._toolchain.tool_path` does, except
on ``PATH`` (where they are themselves).
"""

import os
import sys

from ._toolchain import not_found_message, tool_path


def _run(tool: str) -> None:
    path = tool_path(tool, search_path=False)
    if path is None:
        sys.stderr.write(f"error: {not_found_message(tool, search_path=False)}\n")
        sys.exit(1)
    sys.stdout.flush()
    os.execv(path, [sys.argv[0], *sys.argv[1:]])


def tileiras() -> None:
    _run("tile-as")


def tile_as() -> None:
    _run("tile-as")


def tile_translate() -> None:
    _run("tile-translate")


def tile_opt() -> None:
    _run("tile-opt")
