"""The ``tileir`` command line (also ``python -m tileir``).

::

    tileir cache info              where the cache is, what it holds, its cap
    tileir cache list              one line per entry
    tileir cache prune [--max-size SIZE]
                                   remove unusable entries and temporary files, then the
                                   least recently used entries above SIZE (default: the cap)
    tileir cache clear             remove every entry

Every command takes ``--cache-dir DIR`` (default: as :func:`tileir.cache.default_cache_dir`).
"""

import argparse
import sys
from typing import List, Optional

from . import __version__
from .cache import (CACHE_DISABLE_ENV, CACHE_MAX_SIZE_ENV, cache_disabled, caches,
                    default_cache_dir, max_cache_size, parse_size)


def _size(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n} B" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} B"  # unreachable


def _info(root) -> int:
    print(f"cache directory: {root}")
    print(f"enabled: {'no (' + CACHE_DISABLE_ENV + ' is set)' if cache_disabled() else 'yes'}")
    cap = max_cache_size()
    print(f"size cap: {_size(cap) + ' per cache' if cap else 'none'} (${CACHE_MAX_SIZE_ENV})")
    for label, cache in zip(("tileir.compile", "tileir.ops"), caches(root)):
        count, size = cache.usage()
        print(f"{label}: {count} entries, {_size(size)} in {cache.root}")
    return 0


def _list(root) -> int:
    from .aot import _list as list_entries

    for cache in caches(root):
        list_entries(cache)
    return 0


def _prune(root, max_size: Optional[str]) -> int:
    cap = parse_size(max_size) if max_size is not None else (max_cache_size() or None)
    removed, freed = 0, 0
    for cache in caches(root):
        r, f = cache.prune(cap)
        removed, freed = removed + r, freed + f
    print(f"pruned {removed} entries, freed {_size(freed)} in {root}")
    return 0


def _clear(root) -> int:
    removed, freed = 0, 0
    for cache in caches(root):
        r, f = cache.clear()
        removed, freed = removed + r, freed + f
    print(f"removed {removed} entries, freed {_size(freed)} in {root}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tileir", description="TileIR's command line.")
    parser.add_argument("--version", action="version", version=f"tileir {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    cache = commands.add_parser("cache", help="manage the kernel cache")
    actions = cache.add_subparsers(dest="action", required=True)
    for name, text in (("info", "where the cache is, what it holds, its cap"),
                       ("list", "one line per entry"),
                       ("prune", "remove unusable entries, then the least recently used above the cap"),
                       ("clear", "remove every entry")):
        action = actions.add_parser(name, help=text)
        action.add_argument("--cache-dir", help="cache directory (default: $TILEIR_CACHE_DIR, "
                            "else $XDG_CACHE_HOME/tileir, else ~/.cache/tileir)")
        if name == "prune":
            action.add_argument("--max-size", help="size to prune to, e.g. 500M (default: "
                                f"${CACHE_MAX_SIZE_ENV}, else 1G)")
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    root = default_cache_dir(args.cache_dir)
    try:
        if args.action == "info":
            return _info(root)
        if args.action == "list":
            return _list(root)
        if args.action == "prune":
            return _prune(root, args.max_size)
        return _clear(root)
    except ValueError as error:
        print(f"tileir: error: {error}", file=sys.stderr)
        return 2

