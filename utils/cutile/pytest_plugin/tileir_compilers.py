"""Several Tile IR compilers (`tileiras` executables) in one cuTile Python process.

cuTile compiles a kernel the first time it is launched with a new signature and
keeps the result in the kernel object (a JIT cache in its C extension that
Python cannot clear). Which `tileiras` it runs is looked up once per process
(`cuda.tile._compile._find_compiler_bin`, cached), and so are the compiler's
version and the newest bytecode version it reads. To compile the same kernel
with two compilers in one process, CompilerSwitch

* gives every kernel one clone per compiler (`kernel.replace_hints()` with no
  hint: the same function and options, its own JIT cache), and replaces
  `cuda.tile.launch` by a function that launches the clone of the compiler
  selected now (`switch.use(name)`, `switch.select(name)`);
* wraps `cuda.tile.kernel._compile` so that a clone always compiles with its
  own compiler, whatever is selected when it happens, and records each
  compilation (kernel, compiler, seconds, cubin size and hash, or the error);
* replaces cuTile's cached look-ups (`_find_compiler_bin`,
  `_get_compiler_version_string`, `_get_max_supported_bytecode_version`,
  `_find_tileirdisasm_bin`) by ones that answer for the selected compiler,
  each found as cuTile finds it: cuTile's own search with the compiler's
  folder first on PATH and CUDA_HOME unset. A search that finds another
  `tileiras` (NVIDIA's nvidia-cuda-tileiras wheel wins over PATH) is an error.

Only launches through `cuda.tile.launch` (looked up at call time, as
`ct.launch(...)` does) are switched; `launches` counts them per compiler so that
a caller can tell whether anything was switched at all.
"""
import contextlib
import hashlib
import os
import time

# cuTile's look-ups that depend on the compiler; each is memoized per compiler.
PER_COMPILER = ("_get_compiler_version_string", "_get_max_supported_bytecode_version",
                "_find_tileirdisasm_bin")


class CompilerSwitch:
    def __init__(self, compilers, ct=None, compile_module=None):
        """compilers: [(name, bindir), ...]; the first is selected at the start."""
        if not compilers:
            raise ValueError("no compiler given")
        names = [n for n, _ in compilers]
        if len(set(names)) != len(names):
            raise ValueError(f"compiler names must differ: {names}")
        if ct is None:
            import cuda.tile as ct
        if compile_module is None:
            import cuda.tile._compile as compile_module
        self.ct = ct
        self.cm = compile_module
        self.names = names
        self.bindirs = {n: os.path.abspath(d) for n, d in compilers}
        self.current = names[0]
        self.compiles = []          # one dict per compilation, in order
        self.launches = dict.fromkeys(names, 0)
        self._binaries = {}         # name -> cuTile's _CompilerBinary
        self._memo = {}             # (function, name, args) -> result
        self._clones = {}           # id(kernel) -> (kernel, {name: clone})
        self._owner = {}            # id(clone) -> (clone, name)
        self._saved = None
        self.orig_launch = None

    # -- selection -----------------------------------------------------------------

    def select(self, name):
        if name not in self.bindirs:
            raise KeyError(f"unknown compiler {name!r} (have {self.names})")
        self.current = name

    @contextlib.contextmanager
    def use(self, name):
        old = self.current
        self.select(name)
        try:
            yield
        finally:
            self.current = old

    # -- cuTile's look-ups, per compiler ---------------------------------------------

    def binary(self, name=None):
        """cuTile's _CompilerBinary for a compiler: its own search, run with the
        compiler's folder first on PATH and CUDA_HOME unset."""
        name = name or self.current
        if name in self._binaries:
            return self._binaries[name]
        find = self._saved["_find_compiler_bin"] if self._saved else self.cm._find_compiler_bin
        find = getattr(find, "__wrapped__", find)
        bindir = self.bindirs[name]
        saved = {k: os.environ.get(k) for k in ("PATH", "CUDA_HOME", "CUDA_PATH")}
        os.environ["PATH"] = bindir + os.pathsep + (saved["PATH"] or "")
        os.environ.pop("CUDA_HOME", None)
        os.environ.pop("CUDA_PATH", None)
        try:
            found = find()
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
        where = os.path.dirname(os.path.abspath(found.path))
        if where != bindir:
            raise RuntimeError(
                f"with {bindir} first on PATH cuTile picks {found.path}, not {name}'s "
                f"tileiras (is NVIDIA's nvidia-cuda-tileiras wheel installed?)")
        self._binaries[name] = found
        return found

    def _per_compiler(self, fname):
        orig = self._saved[fname]
        inner = getattr(orig, "__wrapped__", orig)

        def lookup(*args, **kwargs):
            key = (fname, self.current, args, tuple(sorted(kwargs.items())))
            if key not in self._memo:
                self._memo[key] = inner(*args, **kwargs)
            return self._memo[key]

        lookup.cache_clear = self._memo.clear
        lookup.__name__ = fname
        lookup.__wrapped__ = inner
        return lookup

    # -- kernels ------------------------------------------------------------------

    def clone_for(self, kernel, name=None):
        """The clone of `kernel` that compiles with compiler `name`."""
        name = name or self.current
        if id(kernel) in self._owner:          # already a clone
            return kernel
        entry = self._clones.get(id(kernel))
        if entry is None or entry[0] is not kernel:
            entry = (kernel, {})
            self._clones[id(kernel)] = entry
        clone = entry[1].get(name)
        if clone is None:
            clone = kernel.replace_hints()
            entry[1][name] = clone
            self._owner[id(clone)] = (clone, name)
        return clone

    def owner(self, clone):
        """The compiler a clone belongs to, or None for a kernel that is no clone."""
        entry = self._owner.get(id(clone))
        return entry[1] if entry else None

    def _launch(self, stream, grid, kernel, kernel_args, /, **kwargs):
        if isinstance(kernel, self.ct.kernel):
            kernel = self.clone_for(kernel, self.current)
            self.launches[self.owner(kernel)] += 1
        return self.orig_launch(stream, grid, kernel, kernel_args, **kwargs)

    def _make_compile(self, orig_compile):
        switch = self

        def _compile(kernel, *args, **kwargs):
            name = switch.owner(kernel) or switch.current
            try:
                kname = kernel._pyfunc.__name__
            except Exception:
                kname = "?"
            rec = {"kernel": kname, "compiler": name}
            start = time.perf_counter()
            with switch.use(name):
                try:
                    result = orig_compile(kernel, *args, **kwargs)
                except BaseException as e:
                    rec.update(seconds=round(time.perf_counter() - start, 3), ok=False,
                               error=f"{type(e).__name__}: {first_lines(str(e))}")
                    switch.compiles.append(rec)
                    raise
            rec.update(seconds=round(time.perf_counter() - start, 3), ok=True)
            cubin = result[0] if isinstance(result, tuple) and result else None
            if isinstance(cubin, (bytes, bytearray)):
                rec.update(bytes=len(cubin), sha=hashlib.sha256(cubin).hexdigest()[:16])
            switch.compiles.append(rec)
            return result

        _compile.__wrapped__ = orig_compile
        return _compile

    # -- install ------------------------------------------------------------------

    def install(self):
        if self._saved is not None:
            return self
        cm, ct = self.cm, self.ct
        self._saved = {n: getattr(cm, n) for n in ("_find_compiler_bin",) + PER_COMPILER
                       if hasattr(cm, n)}
        self._saved["launch"] = ct.launch
        self._saved["_compile"] = ct.kernel.__dict__["_compile"]
        self.orig_launch = ct.launch

        def find_compiler_bin():
            return self.binary(self.current)

        find_compiler_bin.cache_clear = lambda: None
        cm._find_compiler_bin = find_compiler_bin
        for n in PER_COMPILER:
            if n in self._saved:
                setattr(cm, n, self._per_compiler(n))
        ct.launch = self._launch
        ct.kernel._compile = self._make_compile(self._saved["_compile"])
        return self

    def uninstall(self):
        if self._saved is None:
            return
        saved, self._saved = self._saved, None
        self.ct.launch = saved.pop("launch")
        self.ct.kernel._compile = saved.pop("_compile")
        for n, f in saved.items():
            setattr(self.cm, n, f)

    # -- bookkeeping --------------------------------------------------------------

    def mark(self):
        """A position in the records, for since()."""
        return len(self.compiles), dict(self.launches)

    def since(self, mark):
        """Compilations and launches per compiler after a mark()."""
        n, launches = mark
        return self.compiles[n:], {k: self.launches[k] - launches.get(k, 0)
                                   for k in self.launches}

    def describe(self):
        """Name, folder, path found and version of each compiler."""
        out = []
        for name in self.names:
            info = {"name": name, "bindir": self.bindirs[name]}
            try:
                info["path"] = self.binary(name).path
                with self.use(name):
                    ver = self.cm._get_compiler_version_string()
                info["version"] = " ".join((ver or "").split())[:300]
            except Exception as e:       # reported, not fatal here
                info["error"] = f"{type(e).__name__}: {first_line(str(e))}"
            out.append(info)
        return out


def first_line(text):
    for line in (text or "").splitlines():
        if line.strip():
            return line.strip()[:300]
    return ""


def first_lines(text, n=3):
    """The first n non-empty lines, joined (a compiler's message after cuTile's
    "Return code 1")."""
    lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
    return " | ".join(lines[:n])[:400]


def parse_compilers(text):
    """'a=/dir;b=/dir2' (';' or ',' between entries) -> [(name, dir), ...]"""
    out = []
    for part in text.replace(",", ";").split(";"):
        part = part.strip()
        if not part:
            continue
        name, sep, bindir = part.partition("=")
        if not sep or not name or not bindir:
            raise ValueError(f"want NAME=BINDIR, got {part!r}")
        out.append((name.strip(), bindir.strip()))
    return out


def switch_kernels(tests, compilers_text, modules=("matmul",)):
    """cuTile's kernel modules `tests`/kernels/<name>.py, their launches through
    cuda.tile.launch switched among the compilers of `compilers_text` (as
    parse_compilers reads it; the first is selected). Turns cuTile's disk cache
    off (two TileIR builds share a version string) and unsets CUDA_HOME (it would
    point cuTile at another tileiras) first. Returns (switch, {name: module})."""
    import importlib
    import sys
    os.environ["CUDA_TILE_CACHE_DIR"] = "off"
    os.environ.pop("CUDA_HOME", None)
    sys.path.insert(0, os.path.abspath(tests))
    kernels = {n: importlib.import_module(f"kernels.{n}") for n in modules}
    switch = CompilerSwitch(parse_compilers(compilers_text)).install()
    return switch, kernels
