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
"""

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Iterator, Optional, Sequence, Tuple, Union

CACHE_DIR_ENV = "TILEIR_CACHE_DIR"
#: Version of the key derivation and of the metadata layout.
CACHE_FORMAT = 1

Options = Tuple[Tuple[str, Optional[str]], ...]


def default_cache_dir(cache_dir: Union[str, os.PathLike, None] = None) -> Path:
    """The cache directory: ``cache_dir``, else ``$TILEIR_CACHE_DIR``, else ``~/.cache/tileir``."""
    if cache_dir is not None:
        return Path(cache_dir).expanduser()
    from_env = os.environ.get(CACHE_DIR_ENV)
    if from_env:
        return Path(from_env).expanduser()
    return Path.home() / ".cache" / "tileir"


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
        return self._load(source, compiler)

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
        return max(candidates, key=lambda e: (float(e.metadata.get("created", 0.0)), e.compiler_key))

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
        return CacheEntry(source, compiler, ptx_path, meta_path, record)

    def entries(self) -> Iterator[CacheEntry]:
        """Every complete entry, ordered by source key then compiler key."""
        if not self.root.is_dir():
            return
        for directory in sorted(p for p in self.root.iterdir() if p.is_dir()):
            for compiler in self._compiler_keys(directory.name):
                entry = self._load(directory.name, compiler)
                if entry is not None:
                    yield entry
