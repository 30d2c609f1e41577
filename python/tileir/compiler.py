"""``tileir.compile``: cuda_tile IR text to a loaded-on-demand :class:`~tileir.Module`."""

import os
import re
import time
from pathlib import Path
from typing import Any, Mapping, Optional, Union

from . import __version__
from . import _log
from ._chip import compatible_chips, detect_chip
from ._toolchain import TOOL_NAME, Tool, find_tool, not_found_message, package_identity
from .cache import (CACHE_DISABLE_ENV, KernelCache, Options, cache_disabled, compiler_key,
                    default_cache_dir, full_key, source_key)
from .errors import CompileError, PtxFormatError, ToolNotFoundError
from .module import Module

_CHIP_RE = re.compile(r"^sm_\d+[a-z]?$")
#: Flags that compile() sets itself and options may not override.
_RESERVED_OPTIONS = {"cuda-tile-to-ptx", "chip", "ptx-version", "o", "version", "help"}


def _normalize_chip(chip: str) -> str:
    if not isinstance(chip, str) or not _CHIP_RE.match(chip):
        raise ValueError(f"chip expects a name like 'sm_90' or 'sm_90a', got {chip!r}")
    return chip


def _normalize_ptx_version(ptx_version: Any) -> Optional[int]:
    if ptx_version is None:
        return None
    if isinstance(ptx_version, bool) or not isinstance(ptx_version, (int, str)) or not str(ptx_version).isdigit():
        raise ValueError(f"ptx_version expects an int such as 80 (for PTX 8.0), got {ptx_version!r}")
    return int(ptx_version)


def normalize_options(options: Optional[Mapping[str, Any]]) -> Options:
    """Sorted ``(name, value)`` pairs of extra ``tile-translate`` flags.

    ``{"name": True}`` becomes ``--name``, ``{"name": v}`` becomes ``--name=v``;
    False and None drop the flag.
    """
    if options is None:
        return ()
    if not isinstance(options, Mapping):
        raise TypeError(f"options expects a mapping of flag name to value, got {type(options).__name__}")
    pairs = []
    for name, value in options.items():
        if not isinstance(name, str) or not name or name.startswith("-"):
            raise ValueError(f"option names are flag names without leading dashes, got {name!r}")
        if name in _RESERVED_OPTIONS:
            raise ValueError(f"option '{name}' is set by tileir.compile itself; use its arguments")
        if value is None or value is False:
            continue
        if value is True:
            pairs.append((name, None))
        elif isinstance(value, (str, int, float)):
            pairs.append((name, str(value)))
        else:
            raise TypeError(f"option '{name}' expects a str, int, float or bool, got {type(value).__name__}")
    return tuple(sorted(pairs))


def _flags(options: Options) -> list:
    return [f"--{name}" if value is None else f"--{name}={value}" for name, value in options]


DUMP_IR_ENV = "TILEIR_DUMP_IR"


def _compile(
    src: str,
    *,
    chip: Optional[str],
    ptx_version: Any,
    cache_dir: Union[str, os.PathLike, None],
    options: Optional[Mapping[str, Any]],
    source_path: Optional[str],
    require_compiler: bool,
) -> Module:
    if not isinstance(src, str):
        raise TypeError(f"compile expects IR text (str), got {type(src).__name__}")
    detected = False
    if chip is None:
        chip, detected = detect_chip()
    chip = _normalize_chip(chip)
    version = _normalize_ptx_version(ptx_version)
    opts = normalize_options(options)
    cache = None if cache_disabled() else KernelCache(default_cache_dir(cache_dir))
    source = source_key(src, chip, version, opts)
    name = source_path or "IR text"
    tool = find_tool()
    if tool is None:
        if require_compiler or cache is None:
            reason = "" if require_compiler else f"\n(The kernel cache is off: {CACHE_DISABLE_ENV} is set.)"
            raise ToolNotFoundError(not_found_message(TOOL_NAME) + reason, tool=TOOL_NAME)
        # A detected sm_90a GPU also runs sm_90 PTX compiled elsewhere.
        for candidate in compatible_chips(chip) if detected else [chip]:
            key = source_key(src, candidate, version, opts)
            entry = cache.lookup_any(key)
            if entry is not None:
                _log.log(f"cache hit {entry.key[:16]} ({name}, {candidate}, no compiler) in {cache.root}")
                return Module(entry.read_ptx(), cache_entry=entry)
        raise ToolNotFoundError(
            f"{not_found_message(TOOL_NAME)}\n"
            f"The cache {cache.root} has no kernel for source key {source} "
            f"({name}, chip={chip}, ptx_version={version}) either; "
            "compile it ahead of time with `python -m tileir.aot --cache-dir DIR FILE` "
            "on a machine with the compiler.",
            tool=TOOL_NAME,
        )
    return _compile_with(tool, cache, src, source, chip, version, opts, source_path)


def _compile_with(tool: Tool, cache: Optional[KernelCache], src: str, source: str, chip: str,
                  version: Optional[int], opts: Options, source_path: Optional[str]) -> Module:
    identity = f"{tool.identity()}\n{package_identity()}"
    compiler = compiler_key(identity)
    key = full_key(source, compiler)
    name = source_path or "IR text"
    dump_root = os.environ.get(DUMP_IR_ENV)
    dump_dir = None
    if dump_root:
        stem = Path(source_path).stem if source_path else "input"
        dump_dir = Path(dump_root).expanduser() / f"{stem}-{chip}-{key[:12]}"
    if cache is not None and dump_dir is None:
        entry = cache.lookup(source, compiler)
        if entry is not None:
            _log.log(f"cache hit {key[:16]} ({name}, {chip}) in {cache.root}")
            return Module(entry.read_ptx(), cache_entry=entry)
        _log.log(f"cache miss {key[:16]} ({name}, {chip}) in {cache.root}")
    ptx = tool.translate(src, chip=chip, ptx_version=version, flags=_flags(opts),
                         source_path=source_path, dump_dir=dump_dir)
    if dump_dir is not None:
        _log.log(f"IR stages of {name} in {dump_dir}")
    try:
        module = Module(ptx)
    except PtxFormatError as error:
        raise CompileError(
            f"{TOOL_NAME} produced PTX that tileir cannot read "
            f"(key {key}): {error}"
        ) from error
    if cache is None:
        return module
    entry = cache.store(source, compiler, ptx, {
        "compiler_id": identity,
        "chip": chip,
        "ptx_version": version,
        "options": [list(pair) for pair in opts],
        "source_name": Path(source_path).name if source_path else None,
        "kernels": list(module.kernels),
        "created": time.time(),
        "tileir_version": __version__,
    })
    module.cache_entry = entry
    return module


def compile(
    src: str,
    *,
    chip: Optional[str] = None,
    ptx_version: Optional[int] = None,
    cache_dir: Union[str, os.PathLike, None] = None,
    options: Optional[Mapping[str, Any]] = None,
) -> Module:
    """Compile cuda_tile IR text to PTX, through the on-disk cache.

    Args:
        src: a ``cuda_tile.module`` in textual form.
        chip: the target, e.g. ``"sm_90"`` or ``"sm_90a"``; None (the default) detects it
            from the GPU (compute capability 9.0 gives ``"sm_90a"``; see
            :mod:`tileir._chip`), ``"sm_90"`` when there is none.
        ptx_version: the PTX ISA version times ten (80 for PTX 8.0); None lets the
            compiler choose.
        cache_dir: the cache directory; default ``$TILEIR_CACHE_DIR``, else
            ``$XDG_CACHE_HOME/tileir``, else ``~/.cache/tileir``
            (``TILEIR_CACHE_DISABLE=1`` turns the cache off).
        options: extra ``tile-translate`` flags, ``{"name": value}`` for
            ``--name=value`` and ``{"name": True}`` for ``--name``.

    Without ``tile-translate``, the newest cached PTX for the same IR, chip, PTX
    version and options is used (see :mod:`tileir.cache`). ``TILEIR_LOG=1`` logs the
    compile commands and cache hits; ``TILEIR_DUMP_IR=DIR`` compiles (bypassing cache
    hits) and writes the input, the IR after every pass and the PTX to a directory per
    kernel module under DIR.

    Raises:
        CompileError: the compiler failed or crashed (its stderr is attached).
        ToolNotFoundError: there is no compiler and no cached kernel.
    """
    return _compile(src, chip=chip, ptx_version=ptx_version, cache_dir=cache_dir,
                    options=options, source_path=None, require_compiler=False)


def compile_file(
    path: Union[str, os.PathLike],
    *,
    chip: Optional[str] = None,
    ptx_version: Optional[int] = None,
    cache_dir: Union[str, os.PathLike, None] = None,
    options: Optional[Mapping[str, Any]] = None,
) -> Module:
    """:func:`compile` the IR in the file ``path``; diagnostics name that file."""
    src = Path(path).read_text(encoding="utf-8")
    return _compile(src, chip=chip, ptx_version=ptx_version, cache_dir=cache_dir,
                    options=options, source_path=str(path), require_compiler=False)
