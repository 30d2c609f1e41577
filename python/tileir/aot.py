"""Ahead-of-time compilation into a cache directory.

Compile here, run there::

    python -m tileir.aot --cache-dir kcache examples/*.mlir
    # copy kcache/ to the GPU machine, then there (no compiler needed):
    TILEIR_CACHE_DIR=kcache python3 utils/gpu_check.py

``--list`` prints the entries of a cache directory.
"""

import argparse
import sys
from pathlib import Path
from typing import Dict, List, Optional

from .cache import KernelCache, default_cache_dir
from .compiler import _compile
from .errors import CompileError, PtxFormatError


def _parse_option(text: str) -> tuple:
    name, sep, value = text.partition("=")
    return (name, value if sep else True)


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tileir.aot",
        description="Compile cuda_tile IR files into a tileir kernel cache.",
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="cuda_tile IR files (.mlir)")
    parser.add_argument("--cache-dir", help="cache directory (default: $TILEIR_CACHE_DIR, else "
                        "$XDG_CACHE_HOME/tileir, else ~/.cache/tileir)")
    parser.add_argument("--chip", default="sm_90", help="target chip (default: sm_90)")
    parser.add_argument("--ptx-version", type=int, default=None, help="PTX ISA version times ten, e.g. 80")
    parser.add_argument(
        "-O", "--option", action="append", default=[], metavar="NAME[=VALUE]",
        help="extra tile-translate flag --NAME[=VALUE] (repeatable)",
    )
    parser.add_argument("--list", action="store_true", help="list the cache entries and exit")
    return parser


def _list(cache: KernelCache) -> int:
    entries = list(cache.entries())
    if not entries:
        print(f"{cache.root}: no entries")
        return 0
    for entry in entries:
        meta = entry.metadata
        compiler = (meta.get("compiler_id") or "?").splitlines()[0]
        print(
            f"{entry.source_key[:16]}/{entry.compiler_key[:12]}  "
            f"{meta.get('source_name') or meta.get('spec') or '-'}  chip={meta.get('chip')}  "
            f"kernels={','.join(meta.get('kernels', []))}  compiler={compiler!r}"
        )
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    """Run the command line; returns the exit status (1 if any file failed)."""
    args = _build_parser().parse_args(argv)
    cache_dir = default_cache_dir(args.cache_dir)
    if args.list:
        return _list(KernelCache(cache_dir))
    if not args.files:
        print("tileir.aot: no input files (see --help)", file=sys.stderr)
        return 2
    options: Dict[str, object] = dict(_parse_option(o) for o in args.option)
    status = 0
    for path in args.files:
        try:
            module = _compile(
                Path(path).read_text(encoding="utf-8"), chip=args.chip, ptx_version=args.ptx_version,
                cache_dir=cache_dir, options=options, source_path=path, require_compiler=True,
            )
        except (OSError, CompileError, PtxFormatError, ValueError, TypeError) as error:
            print(f"tileir.aot: {path}: {error}", file=sys.stderr)
            status = 1
            continue
        entry = module.cache_entry
        assert entry is not None
        print(f"{path}: {entry.source_key[:16]}/{entry.compiler_key[:12]}  kernels={','.join(module.kernels)}")
    print(f"cache: {cache_dir}")
    return status


if __name__ == "__main__":
    sys.exit(main())
