"""``tileir.ops``: the TileOPs elementwise ops on torch tensors.

Every op mirrors the signature and defaults of the torch function it copies
(``tileir.ops.add(input, other, *, alpha=1)``, ``tileir.ops.gelu(input,
approximate='none')``, ...). A call turns its arguments into one kernel spec
line (see docs/TileOps.md), builds it with ``tileops-build`` once (kernels
are cached per spec in memory and on disk through the PTX cache of
:mod:`tileir`), and launches it. Each op is also a ``torch.library.custom_op``
(``torch.ops.tileir.<name>``) with a fake implementation, so
``torch.compile(fullgraph=True)`` traces through it.

The op table (:data:`OPS`, :func:`op_info`) is the one ``tileops-build --list-ops=json``
prints, read on first use (and saved next to the kernel cache, for machines that only have
the cache). Ops without a signature of their own below take their tensors positionally and
their parameters by keyword (``tileir.ops.exp2(input)``).

Inputs must share one dtype (no type promotion, as TileOPs); they are made
contiguous. uint8 tensors are unsigned (ops that order them compare as
unsigned). Not supported (ValueError): float64, uint16..uint64 and complex tensors,
``round(decimals != 0)``, tensor-valued ``clamp`` bounds and ``lerp``
weights.
"""
from __future__ import annotations

import functools
import json
import math
import os
import subprocess
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

TOOL = "tileops-build"

_DTYPES = {
    "float32": "f32", "float16": "f16", "bfloat16": "bf16", "float8_e4m3fn": "f8e4m3fn",
    "float8_e5m2": "f8e5m2", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "u8", "bool": "bool",
}


class SpecError(ValueError):
    """A kernel spec that tileops-build rejects (message from the tool)."""


def dtype_name(dtype: Any) -> str:
    """Spec dtype of a torch dtype (ValueError when unsupported)."""
    name = str(dtype).replace("torch.", "")
    if name not in _DTYPES:
        raise ValueError(f"tileir.ops supports float32, float16, bfloat16, float8_e4m3fn, "
                         f"float8_e5m2, int8..int64, uint8 and bool tensors, got {name}")
    return _DTYPES[name]


def _kind(spec_dtype: str) -> str:
    return "b" if spec_dtype == "bool" else ("i" if spec_dtype[0] in "iu" else "f")


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, (list, tuple)):
        return ":".join(_fmt(float(x)) for x in v)
    return str(v)


def spec_line(op: str, dtype: str, shapes: Sequence[Sequence[int]], params: Optional[Dict[str, Any]] = None,
              **options: Any) -> str:
    """One spec line: ``OP DTYPE SHAPES key=value...`` (None params are left out)."""
    if op not in OPS:
        raise SpecError(f"unknown op '{op}'")
    parts = [op, dtype]
    if shapes:
        parts.append(",".join("x".join(str(d) for d in s) if len(s) else "scalar" for s in shapes))
    for k, v in sorted((params or {}).items()):
        if v is not None:
            parts.append(f"{k}={_fmt(v)}")
    for k, v in sorted(options.items()):
        if v is not None:
            parts.append(f"{k}={v}")
    return " ".join(parts)


def find_tool() -> str:
    """The tileops-build executable, found as every TileIR tool is (tileir._toolchain).

    Raises:
        tileir.ToolNotFoundError: (a FileNotFoundError) naming where it looked.
    """
    from .._toolchain import require_tool
    return require_tool(TOOL)


def run_tool(lines: Sequence[str], emit: str = "ptx", chip: str = "sm_90",
             extra: Sequence[str] = ()) -> str:
    """Runs tileops-build on spec lines (``extra``: more options); SpecError carries its
    diagnostics (a crash of the tool is a tileir.CompileError)."""
    from .. import _log
    from .._toolchain import failure_message
    from ..errors import CompileError
    text = "\n".join(lines) + "\n"
    command = [find_tool(), f"--emit={emit}", f"--chip={chip}", *extra, "-"]
    _log.log("run " + " ".join(command) + f" <<< {text.strip()!r}")
    res = subprocess.run(command, input=text, capture_output=True, text=True)
    if res.returncode < 0:
        raise CompileError(failure_message(TOOL, res.returncode, f"spec {text.strip()!r}"),
                           stderr=res.stderr, returncode=res.returncode, command=command)
    if res.returncode != 0:
        raise SpecError(res.stderr.strip().replace("<stdin>: error: ", ""))
    return res.stdout


def plans(lines: Sequence[str], chip: str = "sm_90") -> Dict[str, Dict[str, Any]]:
    """The launch plans of spec lines (``tileops-build --emit=plan-json``), by kernel name:
    grid, threads, npt, tile, strategy, cache_hint, out_dtype, out_shape and args."""
    return {p["name"]: p for p in json.loads(run_tool(lines, "plan-json", chip))}


def build(lines: Sequence[str], chip: str = "sm_90") -> Tuple[str, Dict[str, Dict[str, Any]]]:
    """(PTX, launch plans by kernel name) of spec lines: one tileops-build run, the plans
    as JSON (``--plans-json``)."""
    with tempfile.TemporaryDirectory(prefix="tileops-") as tmp:
        path = Path(tmp) / "plans.json"
        ptx = run_tool(lines, "ptx", chip, extra=[f"--plans-json={path}"])
        built = json.loads(path.read_text(encoding="utf-8"))
    return ptx, {p["name"]: p for p in built}


def save_module(path: Any, ptx: str, plans: Dict[str, Dict[str, Any]]) -> None:
    """Writes a built module: the PTX to ``path``, its plans to ``path.plans.json``."""
    Path(path).write_text(ptx, encoding="utf-8")
    Path(f"{path}.plans.json").write_text(json.dumps(list(plans.values())), encoding="utf-8")


def load_module(path: Any) -> Tuple[str, Dict[str, Dict[str, Any]]]:
    """(PTX, plans by kernel name) of a module written by :func:`save_module`."""
    plans = json.loads(Path(f"{path}.plans.json").read_text(encoding="utf-8"))
    return Path(path).read_text(encoding="utf-8"), {p["name"]: p for p in plans}


# ---------------------------------------------------------------------------------------------
# The op table: tileops-build --list-ops=json (the ops' ODS definitions).
# ---------------------------------------------------------------------------------------------

_KIND_LETTERS = {"float": "f", "int": "i", "bool": "b"}


def _op_table_file() -> Path:
    return _cache_dir().parent / "tileops-op-table.json"


@functools.lru_cache(maxsize=1)
def _op_table() -> Dict[str, Dict[str, Any]]:
    """Every op's entry of ``tileops-build --list-ops=json``, by name. Saved next to the
    kernel cache; read from there on a machine without tileops-build."""
    from .._toolchain import failure_message, not_found_message, tool_path
    from ..cache import cache_disabled
    from ..errors import CompileError, ToolNotFoundError
    saved = _op_table_file()
    tool = tool_path(TOOL)
    if tool is not None:
        command = [tool, "--list-ops=json"]
        res = subprocess.run(command, capture_output=True, text=True)
        if res.returncode != 0:
            raise CompileError(failure_message(TOOL, res.returncode, "--list-ops=json"),
                               stderr=res.stderr, returncode=res.returncode, command=command)
        text = res.stdout
        if not cache_disabled():
            try:
                saved.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = tempfile.mkstemp(dir=saved.parent, prefix=".op-table-")
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    f.write(text)
                os.replace(tmp, saved)
            except OSError:
                pass
    elif saved.is_file():
        text = saved.read_text(encoding="utf-8")
    else:
        raise ToolNotFoundError(f"{not_found_message(TOOL)}\nNo op table saved in {saved} either.",
                                tool=TOOL)
    return {op["name"]: op for op in json.loads(text)}


def op_info(op: str) -> Dict[str, Any]:
    """The op's entry of ``tileops-build --list-ops=json``: name, family, inputs (of the
    tileops op), tensors (of a spec line), kinds, dtype_kinds, result and params (name,
    type, default, optional, required)."""
    return _op_table()[op]


def _roles(op: str) -> List[str]:
    """The role of each tensor input of ``op`` ("data", "condition", "mask", "weight"),
    from :func:`op_info`."""
    info = _op_table()[op]
    roles = list(info.get("roles", []))
    return roles + ["data"] * (info["tensors"] - len(roles))


class _OpTable(Mapping):
    """op name -> (family, number of tensor inputs, accepted dtype kinds ("f", "i", "b"),
    result ("same", "bool", "float")), from :func:`op_info`."""

    def __getitem__(self, op: str) -> Tuple[str, int, str, str]:
        info = _op_table()[op]
        return (info["family"], info["tensors"], "".join(_KIND_LETTERS[k] for k in info["dtype_kinds"]),
                info["result"])

    def __iter__(self) -> Iterator[str]:
        return iter(_op_table())

    def __len__(self) -> int:
        return len(_op_table())


#: The op table (read from tileops-build on first use).
OPS: Mapping = _OpTable()


_kernels: Dict[Tuple[str, str], Any] = {}

#: torch, once an op has run (the eager path looks it up on every call).
_torch: Any = None


def _import_torch() -> Any:
    global _torch
    import torch
    _torch = torch
    return torch


def _cache_dir() -> Path:
    from ..cache import default_cache_dir
    return Path(default_cache_dir()) / "tileops"


def kernel(line: str, chip: Optional[str] = None) -> Tuple[Any, Dict[str, Any]]:
    """(tileir Kernel, plan) for one spec line; cached in memory and in the kernel cache.

    ``chip`` defaults to the current GPU's (as :func:`tileir.compile` takes it; sm_90 without
    a GPU). The on-disk entry is keyed like every tileir kernel (:mod:`tileir.cache`): the
    source is the spec line and the chip, the compiler is this tileops-build (path, size,
    mtime). A machine without tileops-build (a GPU machine that received a cache built
    elsewhere) uses the newest cached entry for the spec and a chip whose PTX the GPU runs
    (an H100, detected as sm_90a, also takes sm_90 entries).
    """
    detected = False
    if chip is None:
        from .._chip import detect_chip
        chip, detected = detect_chip()
    key = (line, chip)
    if key in _kernels:
        return _kernels[key]
    from .. import _log
    from .._toolchain import not_found_message, package_identity, tool_path
    from ..cache import KernelCache, cache_disabled, compiler_key, source_key
    from ..errors import ToolNotFoundError
    from ..module import Module
    cache = None if cache_disabled() else KernelCache(_cache_dir())
    source = source_key(line, chip, None, (("tool", TOOL),))
    tool = tool_path(TOOL)
    if tool is None:
        from .._chip import compatible_chips
        entry = None
        candidates = compatible_chips(chip) if detected else [chip]
        while cache is not None and entry is None and candidates:
            entry = cache.lookup_any(source_key(line, candidates.pop(0), None, (("tool", TOOL),)))
        if entry is None or not isinstance(entry.metadata.get("plan"), dict):
            where = (f"The kernel cache {_cache_dir()} has no entry for spec '{line}' ({chip}) either."
                     if cache is not None else "(The kernel cache is off: TILEIR_CACHE_DISABLE is set.)")
            raise ToolNotFoundError(f"{not_found_message(TOOL)}\n{where}", tool=TOOL)
        _log.log(f"cache hit for spec '{line}' ({chip}, no {TOOL}) in {cache.root}")
        ptx, plan = entry.read_ptx(), entry.metadata["plan"]
    else:
        st = os.stat(tool)
        compiler = compiler_key(f"{TOOL} {tool} size={st.st_size} mtime_ns={st.st_mtime_ns}\n"
                                f"{package_identity()}")
        entry = cache.lookup(source, compiler) if cache is not None else None
        if entry is not None and isinstance(entry.metadata.get("plan"), dict):
            _log.log(f"cache hit for spec '{line}' ({chip}) in {cache.root}")
            ptx, plan = entry.read_ptx(), entry.metadata["plan"]
        else:
            ptx, built = build([line], chip)
            (plan,) = built.values()
            if cache is not None:
                cache.store(source, compiler, ptx,
                            {"spec": line, "chip": chip, "plan": plan, "created": time.time()})
    name = plan["name"]
    mod = Module.from_ptx(ptx)
    _kernels[key] = (getattr(mod, name), plan)
    return _kernels[key]


# ---------------------------------------------------------------------------------------------
# Shapes and dtypes (mirror the verifier), shared by the real and the fake implementations.
# ---------------------------------------------------------------------------------------------

def _out_meta(op: str, tensors: Sequence[Any], params: Dict[str, Any]):
    import torch
    family, n_in, kinds, result = OPS[op]
    if len(tensors) != n_in:
        raise ValueError(f"{op} expects {n_in} tensor input(s), got {len(tensors)}")
    roles = _roles(op)
    data = next((t for t, r in zip(tensors, roles) if r == "data"), None)
    if data is not None:
        d = dtype_name(data.dtype)
        if _kind(d) not in kinds:
            raise ValueError(f"{op} does not accept dtype {data.dtype}")
        for t, role in zip(tensors, roles):
            want_bool = role in ("condition", "mask")
            if want_bool and t.dtype != torch.bool:
                raise ValueError(f"{op} expects a bool {role}, got {t.dtype}")
            if not want_bool and t is not data and t.dtype != data.dtype:
                raise ValueError(f"{op} expects inputs of one dtype (no type promotion), got "
                                 f"{data.dtype} and {t.dtype}")
    if family == "fused_gated":
        shape = list(data.shape)
        if not shape or shape[-1] % 2:
            raise ValueError(f"{op} expects an input of shape (..., 2N), got {tuple(data.shape)}")
        shape[-1] //= 2
    elif family in ("rope", "dropout"):
        shape = list(data.shape)
    elif family == "alibi":
        shape = [params["num_heads"], params["seq_len"], params["seq_len"]]
    elif family == "sinusoidal":
        shape = [params["seq_len"], params["d_model"]]
    elif "weight" in roles:
        shape = list(data.shape)
    else:
        try:
            shape = list(torch.broadcast_shapes(*[t.shape for t in tensors]))
        except RuntimeError as e:
            raise ValueError(f"{op} expects broadcast-compatible shapes, got "
                             f"{', '.join(str(tuple(t.shape)) for t in tensors)}") from e
    if result == "bool":
        dtype = torch.bool
    elif result == "float":
        dtype = params["dtype"]
    else:
        dtype = data.dtype
    return shape, dtype


#: (op, params, dtype and shape of each input) -> (kernel, grid, out shape, out dtype, device
#: or None for the inputs'): the checked and built plan of an eager call, so a repeated call
#: costs one dict lookup before its launch.
_plans: Dict[Any, Tuple[Any, Any, List[int], Any, Any]] = {}


def _plan_key(op: str, tensors: Sequence[Any], params: Dict[str, Any]) -> Any:
    """The key of a call in :data:`_plans` (shapes as the torch.Size they are: hashed and
    compared as tuples)."""
    n = len(tensors)
    if n == 1:
        t = tensors[0]
        return (op, tuple(params.items()), t.dtype, t.shape)
    if n == 2:
        a, b = tensors
        return (op, tuple(params.items()), a.dtype, a.shape, b.dtype, b.shape)
    key = [op, tuple(params.items())]
    for t in tensors:
        key += (t.dtype, t.shape)
    return tuple(key)


def _plan(op: str, tensors: Sequence[Any], params: Dict[str, Any]) -> Tuple[Any, Any, List[int], Any, Any]:
    key = _plan_key(op, tensors, params)
    try:
        hit = _plans.get(key)
    except TypeError:  # an unhashable parameter value: plan without the memo
        key, hit = None, None
    if hit is not None:
        return hit
    import torch
    tensors = list(tensors)
    shape, dtype = _out_meta(op, tensors, params)
    spec_params = {k: v for k, v in params.items() if k not in ("dtype", "device")}
    if tensors:
        device = None
        sdt = dtype_name(next(t for t, r in zip(tensors, _roles(op)) if r == "data").dtype)
    else:
        device = torch.device(params.get("device", "cuda"))
        sdt = dtype_name(dtype)
    k, grid = None, 0
    if math.prod(shape) != 0:
        k, plan = kernel(spec_line(op, sdt, [list(t.shape) for t in tensors], spec_params))
        grid = plan["grid"]
    hit = (k, grid, shape, dtype, device)
    if key is not None:
        if len(_plans) >= 4096:  # bounded (a NaN parameter never compares equal, for one)
            _plans.clear()
        _plans[key] = hit
    return hit


def _run(op: str, tensors: Sequence[Any], params: Dict[str, Any], extra: Sequence[Any] = ()) -> Any:
    k, grid, shape, dtype, device = _plan(op, tensors, params)
    torch = _torch if _torch is not None else _import_torch()
    out = torch.empty(shape, dtype=dtype, device=tensors[0].device if device is None else device)
    if k is None:
        return out
    n = len(tensors)
    if n == 1 and not extra:
        k.launch(grid, tensors[0].contiguous(), out)
    elif n == 2 and not extra:
        k.launch(grid, tensors[0].contiguous(), tensors[1].contiguous(), out)
    else:
        k.launch(grid, *[t.contiguous() for t in tensors], out, *extra)
    return out


# ---------------------------------------------------------------------------------------------
# torch.library custom ops: one generic schema per arity, params as a spec string.
# ---------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=1024)
def _decode_cached(params: str) -> Dict[str, Any]:
    import ast
    return ast.literal_eval(params) if params else {}


def _decode(params: str) -> Dict[str, Any]:
    """The params of a custom-op call (a copy: the callers change it), parsed once per
    distinct string."""
    return dict(_decode_cached(params))


#: op name -> its torch.ops.tileir.<op>.default overload; filled at import (below).
_OVERLOADS: Dict[str, Any] = {}


def _custom_op(op: str):
    """Registers torch.ops.tileir.<op> (once) and returns its default overload."""
    if op in _OVERLOADS:
        return _OVERLOADS[op]
    import torch

    # An explicit schema: this module's annotations are strings (postponed
    # evaluation), which custom_op cannot infer a schema from.
    @torch.library.custom_op(f"tileir::{op}", mutates_args=(), schema="(Tensor[] inputs, str params) -> Tensor")
    def impl(inputs: List[torch.Tensor], params: str) -> torch.Tensor:
        p = _decode(params)
        extra = ()
        if op == "dropout":
            extra = (p.pop("seed"), p.pop("offset"))
        if "dtype" in p:
            p["dtype"] = getattr(torch, p["dtype"])
        return _run(op, list(inputs), p, extra)

    @impl.register_fake
    def _(inputs, params):
        p = _decode(params)
        if "dtype" in p:
            p["dtype"] = getattr(torch, p["dtype"])
        shape, dtype = _out_meta(op, list(inputs), p)
        device = inputs[0].device if inputs else torch.device(p.get("device", "cuda"))
        return torch.empty(shape, dtype=dtype, device=device)

    _OVERLOADS[op] = getattr(torch.ops.tileir, op).default
    return _OVERLOADS[op]


def _encode(params: Dict[str, Any]) -> str:
    """The params of one call as the custom op's spec string (dtypes by name). Under
    torch.compile this runs at trace time on constant arguments
    (``assume_constant_result``), so Dynamo never traces string formatting."""
    if "dtype" in params:
        params = {**params, "dtype": str(params["dtype"]).replace("torch.", "")}
    return repr(params)


def _plain_eager(torch: Any, tensors: Sequence[Any]) -> bool:
    """True for a call the custom op would only forward to :func:`_run`: not traced, no
    dispatch mode active (FakeTensorMode, make_fx, ...), plain CUDA tensors."""
    if torch.compiler.is_compiling() or torch._C._len_torch_dispatch_stack():
        return False
    tensor = torch.Tensor
    for t in tensors:
        if type(t) is not tensor or not t.is_cuda:
            return False
    return True


def _call(op: str, tensors: Sequence[Any], **params: Any) -> Any:
    torch = _torch if _torch is not None else _import_torch()
    if _plain_eager(torch, tensors):
        # The custom op's implementation, without its dispatch and the params round trip
        # through a string (tens of microseconds per call); _plan checks the call.
        if op == "dropout":
            params = dict(params)
            return _run(op, tensors, params, (params.pop("seed"), params.pop("offset")))
        return _run(op, tensors, params)
    if not torch.compiler.is_compiling():
        # Eager: reject a bad call here, with the op's error, before the custom op runs.
        # Traced: the fake implementation runs the same check.
        _out_meta(op, list(tensors), params)
    return _custom_op(op)(list(tensors), _encode(params))


def _inplace(x: Any, y: Any, inplace: bool) -> Any:
    if inplace:
        x.copy_(y)
        return x
    return y


# ---------------------------------------------------------------------------------------------
# The ops: those with parameters or options of torch's have torch's signatures; every other
# op of the table (module __getattr__) takes its tensors positionally, e.g. exp(input),
# mul(input, other).
# ---------------------------------------------------------------------------------------------

def _generic(op: str):
    """The function of ``op``: its tensors positionally, its parameters (the op table's) by
    keyword, None leaving one at its default."""
    info = op_info(op)
    n = info["tensors"]
    names = [p["name"] for p in info["params"]] + info["builder_params"]

    def f(*tensors, **params):
        if len(tensors) != n:
            raise TypeError(f"{op}() takes {n} tensor argument(s), got {len(tensors)}")
        unknown = sorted(set(params) - set(names))
        if unknown:
            raise TypeError(f"{op}() got unexpected parameter(s) {', '.join(unknown)} "
                            f"(expects {', '.join(names) or 'none'})")
        return _call(op, list(tensors), **params)
    f.__name__ = f.__qualname__ = op
    args = ", ".join(["input", "other", "third"][:n] if n <= 3 else [f"t{i}" for i in range(n)])
    f.__doc__ = f"tileir version of torch.{op}({args})."
    return f


def __getattr__(name: str) -> Any:
    try:
        ops = set(OPS)
    except FileNotFoundError as e:  # neither tileops-build nor a saved op table
        ops, why = set(), f" (no op table: {str(e).splitlines()[0]})"
    else:
        why = ""
    if name == "__all__":
        return sorted(ops | set(_HELPERS))
    if not name.startswith("_") and name in ops:
        f = globals()[name] = _generic(name)
        return f
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}{why}")


def __dir__() -> List[str]:
    try:
        return sorted(set(globals()) | set(OPS))
    except FileNotFoundError:
        return sorted(globals())


def round(input, *, decimals=0):
    if decimals != 0:
        raise ValueError("tileir.ops.round supports decimals=0 only")
    return _call("round", [input])


def add(input, other, *, alpha=1):
    return _call("add", [input, other], alpha=float(alpha))


def sub(input, other, *, alpha=1):
    return _call("sub", [input, other], alpha=float(alpha))


def div(input, other, *, rounding_mode=None):
    if rounding_mode not in (None, "trunc", "floor"):
        raise ValueError(f"div expects rounding_mode None, 'trunc' or 'floor', got {rounding_mode!r}")
    return _call("div", [input, other], rounding_mode=rounding_mode or "none")


def pow(input, exponent):
    return _call("pow", [input, exponent])


def lerp(input, end, weight=0.5):
    if not isinstance(weight, (int, float)):
        raise ValueError("tileir.ops.lerp supports a scalar weight only")
    return _call("lerp", [input, end], weight=float(weight))


def relu(input, inplace=False):
    return _inplace(input, _call("relu", [input]), inplace)


def gelu(input, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise ValueError(f"gelu expects approximate 'none' or 'tanh', got {approximate!r}")
    return _call("gelu", [input], approximate=approximate)


def silu(input, inplace=False):
    return _inplace(input, _call("silu", [input]), inplace)


for _n in ["hardswish", "hardsigmoid", "mish", "selu"]:
    def _mk(op):
        def f(input, inplace=False):
            return _inplace(input, _call(op, [input]), inplace)
        f.__name__ = op
        return f
    globals()[_n] = _mk(_n)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    return _inplace(input, _call("leaky_relu", [input], negative_slope=float(negative_slope)), inplace)


def elu(input, alpha=1.0, inplace=False):
    return _inplace(input, _call("elu", [input], alpha=float(alpha)), inplace)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if min_val > max_val:
        raise ValueError(f"hardtanh expects min_val <= max_val, got {min_val} > {max_val}")
    return _inplace(input, _call("hardtanh", [input], min_val=float(min_val), max_val=float(max_val)), inplace)


def softplus(input, beta=1.0, threshold=20.0):
    return _call("softplus", [input], beta=float(beta), threshold=float(threshold))


def prelu(input, weight):
    if weight.dim() > 1:
        raise ValueError(f"prelu expects a 0-D or 1-D weight, got shape {tuple(weight.shape)}")
    c = weight.numel()
    if c != 1 and (input.dim() < 2 or input.shape[1] != c):
        raise ValueError(f"prelu expects a weight of length 1 or input.shape[1], got {c}")
    return _call("prelu", [input, weight.reshape(-1) if c != 1 else weight.reshape(())])


def where(condition, input, other):
    return _call("where", [condition, input, other])


def clamp(input, min=None, max=None):
    if min is None and max is None:
        raise ValueError("clamp expects at least one of min and max")
    if not all(v is None or isinstance(v, (int, float)) for v in (min, max)):
        raise ValueError("tileir.ops.clamp supports scalar bounds only")
    return _call("clamp", [input], min=None if min is None else float(min),
                 max=None if max is None else float(max))


def masked_fill(input, mask, value):
    return _call("masked_fill", [input, mask], value=float(value))


def nan_to_num(input, nan=0.0, posinf=None, neginf=None):
    return _call("nan_to_num", [input], nan=float(nan), posinf=None if posinf is None else float(posinf),
                 neginf=None if neginf is None else float(neginf))


def rope_neox(x, base=10000.0):
    return _call("rope_neox", [x], base=float(base))


def rope_non_neox(x, base=10000.0):
    return _call("rope_non_neox", [x], base=float(base))


def rope_llama31(x, base=10000.0, scale_factor=8.0, low_freq_factor=1.0, high_freq_factor=4.0,
                 original_max_position=8192):
    return _call("rope_llama31", [x], base=float(base), scale_factor=float(scale_factor),
                 low_freq_factor=float(low_freq_factor), high_freq_factor=float(high_freq_factor),
                 original_max_position=int(original_max_position))


def rope_yarn(x, base=10000.0, scale=16.0, original_max_position=4096, beta_fast=32.0, beta_slow=1.0,
              attn_factor=None):
    return _call("rope_yarn", [x], base=float(base), scale=float(scale),
                 original_max_position=int(original_max_position), beta_fast=float(beta_fast),
                 beta_slow=float(beta_slow), attn_factor=None if attn_factor is None else float(attn_factor))


def rope_longrope(x, base=10000.0, rescale_factors=None, max_position_embeddings=4096,
                  original_max_position_embeddings=4096):
    rf = None if rescale_factors is None else [float(v) for v in rescale_factors]
    return _call("rope_longrope", [x], base=float(base), rescale_factors=rf,
                 max_position_embeddings=int(max_position_embeddings),
                 original_max_position_embeddings=int(original_max_position_embeddings))


def dropout(input, p=0.5, training=True, *, seed=0, offset=0):
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"dropout expects 0 <= p <= 1, got {p}")
    if not training or p == 0.0:
        return input.clone()
    return _call("dropout", [input], p=float(p), seed=int(seed), offset=int(offset))


def alibi(seq_len, num_heads, dtype=None, device="cuda"):
    import torch
    return _call("alibi", [], seq_len=int(seq_len), num_heads=int(num_heads),
                 dtype=dtype or torch.float32, device=str(device))


def sinusoidal(seq_len, d_model, dtype=None, device="cuda"):
    import torch
    return _call("sinusoidal", [], seq_len=int(seq_len), d_model=int(d_model),
                 dtype=dtype or torch.float32, device=str(device))


def _register_custom_ops() -> None:
    """Every op's torch.library custom op, created at import when torch is installed: created
    lazily, the first call under torch.compile would make Dynamo trace the registration (which
    it refuses, and fullgraph=True fails)."""
    global _encode, _torch
    try:
        import torch
    except ImportError:
        return
    _torch = torch
    _encode = torch.compiler.assume_constant_result(_encode)
    try:
        ops = list(OPS)
    except FileNotFoundError:  # neither tileops-build nor a saved op table: no op runs
        return
    for op in ops:
        _custom_op(op)
        # The functions of the table's ops exist before any torch.compile traces a call.
        if op not in globals():
            globals()[op] = _generic(op)


_register_custom_ops()


_HELPERS = ["OPS", "SpecError", "spec_line", "run_tool", "kernel", "plans", "build", "save_module",
            "load_module", "op_info", "dtype_name"]
