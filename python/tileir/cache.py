"""The on-disk cache of compiled kernels.

Layout::

    <cache_dir>/
      <source_key>/                  sha256 of (IR text, chip, PTX version, options)
        <compiler_key>.ptx           the PTX one compiler produced for that source
        <compiler_key>.json          its metadata; written last, so it marks a complete entry

``compiler_key`` is a digest of the compiler identity (see ``Tool.identity``). One source
may have entries from several compilers. With a compiler at hand, the entry of that
compiler is used (or created). Without one, e.g. on a GPU machine that received a cache
built elsewhere, the newest complete entry of the source is used (:meth:`KernelCache.lookup_any`).

The full cache key of a kernel is ``sha256("<source_key>:<compiler_key>")``: it covers the
IR text, the chip, the PTX version, the sorted options and the compiler identity.

Files are written to a temporary name and renamed into place, so a reader never sees a
partial file, and concurrent writers of the same entry are harmless.

Environment:

* ``TILEIR_CACHE_DIR``: the cache directory (default ``$XDG_CACHE_HOME/tileir``, else
  ``~/.cache/tileir``);
* ``TILEIR_CACHE_DISABLE=1``: neither read nor write the cache (every compile runs the
  compiler);
* ``TILEIR_CACHE_MAX_SIZE``: the size cap in bytes (suffixes K, M, G; default 1G; 0: no
  cap). After a store that takes the cache above it, the least recently used entries
  are removed until it is at 90% of the cap (a hit marks an entry as used). The cap
  applies to tileir.compile's cache and to tileir.ops's (``<cache_dir>/tileops``) each.

``python -m tileir cache info|clear|prune`` manages it (:mod:`tileir.cli`).
"""

import hashlib
import json
import os
import re
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

CACHE_DIR_ENV = "TILEIR_CACHE_DIR"
CACHE_DISABLE_ENV = "TILEIR_CACHE_DISABLE"
CACHE_MAX_SIZE_ENV = "TILEIR_CACHE_MAX_SIZE"
DEFAULT_MAX_SIZE = 1 << 30
#: A prune brings the cache down to this fraction of the cap (so that it is not pruned
#: again on the next store).
PRUNE_TARGET = 0.9
#: Temporary files older than this (seconds) are left over from a killed writer.
STALE_TEMP_AGE = 3600
#: Version of the key derivation and of the metadata layout.
CACHE_FORMAT = 1

Options = Tuple[Tuple[str, Optional[str]], ...]


def default_cache_dir(cache_dir: Union[str, os.PathLike, None] = None) -> Path:
    """The cache directory: ``cache_dir``, else ``$TILEIR_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/tileir``, else ``~/.cache/tileir``."""
    if cache_dir is not None:
        return Path(cache_dir).expanduser()
    from_env = os.environ.get(CACHE_DIR_ENV)
    if from_env:
        return Path(from_env).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):  # the XDG spec ignores a relative path
        return Path(xdg) / "tileir"
    return Path.home() / ".cache" / "tileir"


def _truthy(text: Optional[str]) -> bool:
    return (text or "").strip().lower() in ("1", "true", "yes", "on")


def cache_disabled() -> bool:
    """Whether ``TILEIR_CACHE_DISABLE`` turns the disk cache off."""
    return _truthy(os.environ.get(CACHE_DISABLE_ENV))


_SIZE_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?\s*$", re.IGNORECASE)


def parse_size(text: str) -> int:
    """Bytes of ``"500M"``, ``"2G"``, ``"1048576"`` (K, M, G, T are powers of 1024)."""
    match = _SIZE_RE.match(text)
    if match is None:
        raise ValueError(f"expects a size such as 1048576, 500M or 2G, got {text!r}")
    scale = 1024 ** "_kmgt".index((match.group(2) or "_").lower())
    return int(float(match.group(1)) * scale)


def max_cache_size() -> int:
    """The size cap in bytes from ``TILEIR_CACHE_MAX_SIZE`` (0: none)."""
    text = os.environ.get(CACHE_MAX_SIZE_ENV)
    if not text:
        return DEFAULT_MAX_SIZE
    try:
        return parse_size(text)
    except ValueError as error:
        raise ValueError(f"{CACHE_MAX_SIZE_ENV}: {error}") from None


def _sha256(data: Union[str, bytes]) -> str:
    if isinstance(data, str):
        data = data.encode("utf-8")
    return hashlib.sha256(data).hexdigest()


def source_key(src: str, chip: str, ptx_version: Optional[int], options: Options) -> str:
    """Digest of everything that determines the PTX except the compiler."""
    payload = {
        "format": CACHE_FORMAT,
        "ir": src,
        "chip": chip,
        "ptx_version": ptx_version,
        "options": sorted([name, value] for name, value in options),
    }
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return _sha256(canonical)


def compiler_key(compiler_id: str) -> str:
    """Digest of a compiler identity, used as the entry's file name (128 bits)."""
    return _sha256(compiler_id)[:32]


def full_key(source: str, compiler: str) -> str:
    """The cache key of one compiled kernel."""
    return _sha256(f"{source}:{compiler}")


@dataclass(frozen=True)
class CacheEntry:
    """One complete cache entry.

    Attributes:
        source_key, compiler_key: the two halves of the entry's location.
        ptx_path, meta_path: its files.
        metadata: the parsed JSON metadata (see :meth:`KernelCache.store`).
    """

    source_key: str
    compiler_key: str
    ptx_path: Path
    meta_path: Path
    metadata: Dict[str, Any]

    @property
    def key(self) -> str:
        """The full cache key (:func:`full_key`)."""
        return full_key(self.source_key, self.compiler_key)

    def read_ptx(self) -> str:
        """The entry's PTX text."""
        return self.ptx_path.read_text(encoding="utf-8")


def _atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class KernelCache:
    """A cache directory (see the module documentation for its layout)."""

    def __init__(self, root: Union[str, os.PathLike]) -> None:
        self.root = Path(root)

    def _paths(self, source: str, compiler: str) -> Tuple[Path, Path]:
        directory = self.root / source
        return directory / f"{compiler}.ptx", directory / f"{compiler}.json"

    def _load(self, source: str, compiler: str) -> Optional[CacheEntry]:
        """The entry if it is complete and its PTX matches the recorded digest."""
        ptx_path, meta_path = self._paths(source, compiler)
        try:
            metadata = json.loads(meta_path.read_text(encoding="utf-8"))
            ptx = ptx_path.read_bytes()
        except (OSError, ValueError):
            return None
        if (
            not isinstance(metadata, dict)
            or metadata.get("format") != CACHE_FORMAT
            or metadata.get("source_key") != source
            or metadata.get("compiler_key") != compiler
            or metadata.get("ptx_sha256") != _sha256(ptx)
        ):
            return None
        return CacheEntry(source, compiler, ptx_path, meta_path, metadata)

    def lookup(self, source: str, compiler: str) -> Optional[CacheEntry]:
        """The entry that compiler ``compiler`` produced for ``source``, if any."""
        return _touch(self._load(source, compiler))

    def lookup_any(self, source: str) -> Optional[CacheEntry]:
        """The newest complete entry for ``source`` from any compiler, if any.

        "Newest" is the largest ``created`` time in the metadata; ties go to the larger
        compiler key, so the choice is deterministic.
        """
        candidates = [
            entry
            for compiler in self._compiler_keys(source)
            for entry in [self._load(source, compiler)]
            if entry is not None
        ]
        if not candidates:
            return None
        return _touch(max(candidates, key=lambda e: (float(e.metadata.get("created", 0.0)), e.compiler_key)))

    def _compiler_keys(self, source: str) -> Sequence[str]:
        directory = self.root / source
        if not directory.is_dir():
            return []
        return sorted(p.stem for p in directory.glob("*.json") if not p.name.startswith("."))

    def store(self, source: str, compiler: str, ptx: str, metadata: Dict[str, Any]) -> CacheEntry:
        """Write an entry: the PTX first, then the metadata that marks it complete.

        ``metadata`` is completed with ``format``, ``key``, ``source_key``,
        ``compiler_key`` and ``ptx_sha256``.
        """
        ptx_bytes = ptx.encode("utf-8")
        record = dict(metadata)
        record.update(
            format=CACHE_FORMAT,
            key=full_key(source, compiler),
            source_key=source,
            compiler_key=compiler,
            ptx_sha256=_sha256(ptx_bytes),
        )
        ptx_path, meta_path = self._paths(source, compiler)
        _atomic_write(ptx_path, ptx_bytes)
        _atomic_write(meta_path, (json.dumps(record, indent=2, sort_keys=True) + "\n").encode("utf-8"))
        entry = CacheEntry(source, compiler, ptx_path, meta_path, record)
        cap = max_cache_size()
        if cap and self.usage()[1] > cap:  # usage() only stats the files
            self.prune(cap, keep=entry)
        return entry

    def entries(self) -> Iterator[CacheEntry]:
        """Every complete entry, ordered by source key then compiler key."""
        if not self.root.is_dir():
            return
        for directory in sorted(p for p in self.root.iterdir() if p.is_dir()):
            for compiler in self._compiler_keys(directory.name):
                entry = self._load(directory.name, compiler)
                if entry is not None:
                    yield entry

    # -- management (python -m tileir cache ...) -------------------------------------

    def _entry_dirs(self) -> List[Path]:
        """The source-key directories (not the nested caches such as ``tileops/``)."""
        if not self.root.is_dir():
            return []
        return sorted(p for p in self.root.iterdir() if p.is_dir() and _KEY_RE.match(p.name))

    def usage(self) -> Tuple[int, int]:
        """(complete entries, bytes of every file under the source-key directories)."""
        count, size = 0, 0
        for directory in self._entry_dirs():
            for path in directory.iterdir():
                try:
                    size += path.stat().st_size
                except OSError:
                    continue
                if path.suffix == ".json" and not path.name.startswith("."):
                    count += 1
        return count, size

    def prune(self, max_bytes: Optional[int] = None, *, keep: Optional[CacheEntry] = None) -> Tuple[int, int]:
        """Remove what cannot be used (incomplete or altered entries, temporary files of
        killed writers, empty directories) and then, while the cache is above
        ``max_bytes``, the least recently used entries, down to :data:`PRUNE_TARGET` of
        it (``keep``, the entry just stored, stays). Returns (entries removed, bytes freed).
        """
        removed, freed = 0, 0
        now = time.time()
        live: List[Tuple[float, int, CacheEntry]] = []
        total = 0
        for directory in self._entry_dirs():
            names = {p.name for p in directory.iterdir()}
            for name in sorted(names):
                path = directory / name
                try:
                    stat = path.stat()
                except OSError:
                    continue
                if name.startswith("."):  # a temporary file
                    if now - stat.st_mtime > STALE_TEMP_AGE:
                        freed += _unlink(path)
                    else:
                        total += stat.st_size
                    continue
                stem, suffix = os.path.splitext(name)
                if suffix == ".ptx" and f"{stem}.json" not in names and now - stat.st_mtime > STALE_TEMP_AGE:
                    freed += _unlink(path)  # a writer died between the two files
                    continue
                if suffix != ".json":
                    continue
                entry = self._load(directory.name, stem)
                if entry is None:
                    freed += _unlink(path) + _unlink(directory / f"{stem}.ptx")
                    removed += 1
                    continue
                size = stat.st_size + entry.ptx_path.stat().st_size
                total += size
                live.append((entry.ptx_path.stat().st_mtime, size, entry))
        if max_bytes is not None and total > max_bytes:
            target = int(max_bytes * PRUNE_TARGET)
            for _, size, entry in sorted(live, key=lambda item: (item[0], item[2].key)):
                if total <= target:
                    break
                if keep is not None and entry.key == keep.key:
                    continue
                freed += _unlink(entry.meta_path) + _unlink(entry.ptx_path)
                total -= size
                removed += 1
        for directory in self._entry_dirs():
            try:
                directory.rmdir()  # only if empty
            except OSError:
                pass
        return removed, freed

    def clear(self) -> Tuple[int, int]:
        """Remove every entry (and nothing else). Returns (entries removed, bytes freed)."""
        count, size = self.usage()
        for directory in self._entry_dirs():
            shutil.rmtree(directory, ignore_errors=True)
        return count, size


_KEY_RE = re.compile(r"^[0-9a-f]{64}$")


def _touch(entry: Optional[CacheEntry]) -> Optional[CacheEntry]:
    """Mark ``entry`` as just used (its PTX file's mtime), for the LRU prune."""
    if entry is not None:
        try:
            os.utime(entry.ptx_path)
        except OSError:  # a read-only cache still works
            pass
    return entry


def _unlink(path: Path) -> int:
    """Remove ``path``; the bytes freed (0 if it was already gone)."""
    try:
        size = path.stat().st_size
        path.unlink()
        return size
    except OSError:
        return 0


def caches(root: Union[str, os.PathLike]) -> List[KernelCache]:
    """The caches under one cache directory: tileir.compile's and tileir.ops's."""
    return [KernelCache(root), KernelCache(Path(root) / "tileops")]
