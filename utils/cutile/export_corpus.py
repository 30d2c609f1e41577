#!/usr/bin/env python3
"""Export a corpus of real cuTile Python kernels as Tile IR bytecode.

Imports kernel modules from a cutile-python source tree (its samples/ and test/ folders),
exports each selected kernel for a few dtypes and tile configurations with
cuda.tile.compilation.export_kernel, and writes a JSON manifest. With --check, every file
is also printed with tileirdisasm and compiled with tileiras, and what the tools said goes
into the manifest.

The corpus in test/Bytecode/cutile was exported from cutile-python commit
9c3ee3ccc504f18bbabf55b0d3e6d398bb21ecc4 ("Add release notes for v1.6", the newest public
commit; no public commit carries the 1.7.0 tag) with the cuda-tile 1.7.0 package and
nvidia-cuda-tileiras 13.5.37.

Usage:
  export_corpus.py CUTILE_PYTHON_ROOT [-o test/Bytecode/cutile] [--check] [--only NAME...]

Determinism: kernel modules are compiled with file names relative to the cutile-python
root (for example "test/kernels/vec_add.py"), and cuTile's own traced functions get file
names relative to site-packages ("cuda/tile/_stub.py"), so the debug info cuTile writes
into every file (file, directory, line, column) holds no absolute path. A rerun with the same
packages and the same source tree writes identical bytes.

Host code of the kernel modules imports torch and pytest at module level; neither is
needed to export, so both are replaced by inert stand-in modules while importing, and the
GPU query of cuTile's test helpers answers sm_90 (no GPU is needed).
"""

import argparse
import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import types

SOURCE_COMMIT = "9c3ee3ccc504f18bbabf55b0d3e6d398bb21ecc4"
DEFAULT_VERSION = "13.3"
ARCH_SPECIFIC_TARGET = "sm_90"


def _vkey(version):
    return tuple(int(x) for x in version.split("."))


# --------------------------------------------------------------------------------------
# Importing kernel modules without torch/pytest, with root-relative file names
# --------------------------------------------------------------------------------------

class _Inert:
    """Stands for any attribute of a stubbed module: callable, subscriptable, a decorator
    that returns the decorated function unchanged, and a valid base class."""

    def __init__(self, name):
        self._name = name

    def __getattr__(self, key):
        if key.startswith("__"):
            raise AttributeError(key)
        return _Inert(f"{self._name}.{key}")

    def __call__(self, *args, **kwargs):
        if len(args) == 1 and not kwargs and callable(args[0]):
            return args[0]
        return _Inert(f"{self._name}()")

    def __mro_entries__(self, bases):
        return (object,)

    def __getitem__(self, key):
        return self

    def __iter__(self):
        return iter(())

    def __or__(self, other):
        return self

    __ror__ = __or__

    def __repr__(self):
        return f"<stub {self._name}>"


class _StubFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves inert modules for the given top-level package names."""

    def __init__(self, roots, attrs):
        self.roots = set(roots)
        self.attrs = attrs

    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in self.roots:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None

    def create_module(self, spec):
        module = types.ModuleType(spec.name)
        module.__path__ = []

        def getattr_(key, prefix=spec.name):
            if key.startswith("__"):
                raise AttributeError(key)
            if f"{prefix}.{key}" in self.attrs:
                return self.attrs[f"{prefix}.{key}"]
            return _Inert(f"{prefix}.{key}")

        module.__getattr__ = getattr_
        return module

    def exec_module(self, module):
        pass


class _RelativeSourceLoader(importlib.abc.SourceLoader):
    def __init__(self, relpath):
        self.relpath = relpath

    def get_filename(self, fullname):
        return self.relpath

    def get_data(self, path):
        with open(path, "rb") as f:
            return f.read()


class _RelativeFinder(importlib.abc.MetaPathFinder):
    """Finds modules and packages under the given folders (relative to the current
    directory) and keeps their file names relative."""

    def __init__(self, dirs):
        self.dirs = dirs

    def find_spec(self, name, path, target=None):
        parts = name.split(".")
        for d in self.dirs:
            base = os.path.join(d, *parts)
            for relpath, is_pkg in ((base + ".py", False),
                                    (os.path.join(base, "__init__.py"), True)):
                if os.path.isfile(relpath):
                    loader = _RelativeSourceLoader(relpath)
                    spec = importlib.machinery.ModuleSpec(name, loader, origin=relpath,
                                                          is_package=is_pkg)
                    spec.has_location = True
                    if is_pkg:
                        spec.submodule_search_locations = [base]
                    return spec
        return None


def _relocate_code(code, old, new):
    consts = tuple(_relocate_code(c, old, new) if isinstance(c, types.CodeType) else c
                   for c in code.co_consts)
    return code.replace(co_filename=new if code.co_filename == old else code.co_filename,
                        co_consts=consts)


def relativize_cutile_package():
    """Gives cuTile's own Python functions file names relative to site-packages
    ("cuda/tile/_stub.py"). cuTile traces some of them (Tile.astype, Tile.reshape, ...)
    into the kernel and writes their file into the debug info, which would otherwise hold
    the absolute path of the installed package."""
    import linecache
    import cuda.tile
    pkg_dir = os.path.dirname(os.path.abspath(cuda.tile.__file__))
    site = os.path.dirname(os.path.dirname(pkg_dir))
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if not (name == "cuda.tile" or name.startswith("cuda.tile.")) or not path \
                or not path.endswith(".py"):
            continue
        path = os.path.abspath(path)
        rel = os.path.relpath(path, site)
        with open(path) as f:
            lines = f.readlines()
        linecache.cache[rel] = (sum(map(len, lines)), None, lines, rel)
        objs = list(vars(module).values())
        objs += [v for o in list(objs) if isinstance(o, type) and o.__module__ == name
                 for v in vars(o).values()]
        for obj in objs:
            fn = getattr(obj, "__func__", obj)
            if isinstance(fn, types.FunctionType) and fn.__code__.co_filename == path:
                fn.__code__ = _relocate_code(fn.__code__, path, rel)


def install_importers():
    """Stubs torch and pytest, finds the tree's modules with relative file names, and
    answers the host code's GPU query (cuTile's test helpers ask for the compute
    capability at import time) with sm_90, since the build machine has no GPU."""
    import cuda.tile._cext as cext
    cext.get_compute_capability = lambda *args, **kwargs: (9, 0)
    # test/test_print.py of the source tree imports a private name that cuda-tile 1.7.0
    # no longer has; its kernels do not use it (only a test parameter list does).
    import cuda.tile._datatype as datatype
    if not hasattr(datatype, "_DTypePromotionImpl"):
        datatype._DTypePromotionImpl = types.SimpleNamespace(_order=())
    sys.dont_write_bytecode = True
    # Kernels may name torch dtypes (ct.arange(n, dtype=torch.int32)); the stub answers
    # them with the cuTile dtype of the same name.
    import cuda.tile as ct
    dtypes = {f"torch.{name}": getattr(ct, name) for name in (
        "int8", "int16", "int32", "int64", "uint8", "float16", "float32", "float64",
        "bfloat16", "float8_e4m3fn", "float8_e5m2")}
    dtypes["torch.bool"] = ct.bool_
    sys.meta_path.insert(0, _StubFinder(["torch", "pytest"], dtypes))
    sys.meta_path.insert(0, _RelativeFinder(["test", "samples"]))
    relativize_cutile_package()


# --------------------------------------------------------------------------------------
# The corpus
# --------------------------------------------------------------------------------------

def build_corpus(ct, load):
    """Returns the list of (name, source file, kernel object, signature parameters,
    versions, description). `load(relpath)` imports a module of the source tree."""
    from cuda.tile.compilation import ArrayConstraint, ScalarConstraint

    def arr(dtype, ndim, strides=None):
        """A C-contiguous array (innermost stride 1), or given constant strides."""
        if strides is None:
            strides = (None,) * (ndim - 1) + (1,)
        return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                               alias_groups=(), may_alias_internally=False,
                               stride_constant=strides, base_addr_divisible_by=16)

    def scalar(dtype):
        return ScalarConstraint(dtype)

    f32, f16, bf16, i32, i64 = ct.float32, ct.float16, ct.bfloat16, ct.int32, ct.int64
    e4m3, e5m2, b1 = ct.float8_e4m3fn, ct.float8_e5m2, ct.bool_
    dn = {f32: "f32", f16: "f16", bf16: "bf16", e4m3: "e4m3", e5m2: "e5m2", i32: "i32"}
    all_versions = ["13.1", "13.2", "13.3", "13.4"]
    corpus = []

    def add(kind, name, src, kernel, params, versions=(DEFAULT_VERSION,)):
        for v in versions:
            corpus.append(dict(kind=kind, name=name, source=src, kernel=kernel,
                               params=params, version=v))

    # Vector add (cuTile's test kernels and the sample).
    src = "test/kernels/vec_add.py"
    m = load(src)
    for dt in (f32, f16, bf16):
        add("vector_add", f"vec_add_1d_{dn[dt]}", src, m.vec_add_kernel_1d,
            [arr(dt, 1)] * 3 + [1024], all_versions if dt is f32 else (DEFAULT_VERSION,))
    add("vector_add", "vec_add_2d_f32", src, m.vec_add_kernel_2d, [arr(f32, 2)] * 3 + [32, 64])
    add("gather_scatter", "vec_add_1d_gather_f16", src, m.vec_add_kernel_1d_gather,
        [arr(f16, 1)] * 3 + [512])
    add("gather_scatter", "vec_add_2d_gather_f32", src, m.vec_add_kernel_2d_gather,
        [arr(f32, 2)] * 3 + [16, 32])
    src = "samples/VectorAddition.py"
    m = load(src)
    add("vector_add", "sample_vec_add_1d_f16", src, m.vec_add_kernel_1d,
        [arr(f16, 1)] * 3 + [256], ("13.2", "13.3"))

    # Layer norm forward and backward.
    src = "test/kernels/layer_norm.py"
    m = load(src)
    for dt in (f32, f16, bf16):
        add("layer_norm", f"layer_norm_fwd_{dn[dt]}", src, m.layer_norm_fwd,
            [arr(dt, 2), arr(dt, 1), arr(dt, 1), arr(dt, 2), arr(f32, 1), arr(f32, 1),
             scalar(f32), 1024], {f16: ("13.1", "13.3"), f32: ("13.3", "13.4")}.get(
                 dt, (DEFAULT_VERSION,)))
    for dt in (f16, bf16):
        add("layer_norm", f"layer_norm_bwd_dx_partial_dwdb_{dn[dt]}", src,
            m.layer_norm_bwd_dx_partial_dwdb,
            [arr(dt, 2), arr(dt, 2), arr(f32, 2), arr(f32, 2), arr(dt, 2), arr(dt, 1),
             arr(f32, 1), arr(f32, 1), arr(i32, 1), 1024])
    add("layer_norm", "layer_norm_bwd_dwdb_f32", src, m.layer_norm_bwd_dwdb,
        [arr(f32, 2), arr(f32, 2), arr(f32, 1), arr(f32, 1), 32, 64])
    # The benchmark's tiles (bench_layer_norm.py): two 32x1024 f32 tiles
    # carried through the loop, which cuda-tile-slice-loops slices.
    add("layer_norm", "layer_norm_bwd_dwdb_32x1024_f32", src, m.layer_norm_bwd_dwdb,
        [arr(f32, 2), arr(f32, 2), arr(f32, 1), arr(f32, 1), 32, 1024])

    # RMS norm.
    src = "test/kernels/rms_norm.py"
    m = load(src)
    for dt in (f16, bf16):
        add("rms_norm", f"rms_norm_{dn[dt]}", src, m.rms_norm_kernel,
            [arr(dt, 2), arr(dt, 1), arr(dt, 2), arr(f32, 1), 4096, 1e-6, 1024],
            ("13.2", "13.3", "13.4") if dt is f16 else (DEFAULT_VERSION,))
    add("rms_norm", "rms_norm_gather_f32", src, m.rms_norm_kernel_gather,
        [arr(f32, 2), arr(f32, 1), arr(f32, 2), arr(f32, 1), 1000, 1e-5, 1024])
    add("rms_norm", "rms_norm_static_persistent_bf16", src,
        m.rms_norm_kernel_static_persistent,
        [arr(bf16, 2), arr(bf16, 2), arr(bf16, 1), 4, 1024, 1024, 1e-6])

    # Softmax.
    src = "test/test_softmax.py"
    m = load(src)
    for dt in (f32, f16, bf16):
        add("softmax", f"softmax_{dn[dt]}", src, m.softmax, [arr(dt, 2)] * 2 + [16, 128],
            all_versions if dt is f16 else (DEFAULT_VERSION,))
    add("softmax", "softmax_per_row_f32", src, m.softmax_per_row, [arr(f32, 2)] * 2 + [512, 256])

    # Transpose.
    src = "test/kernels/transpose.py"
    m = load(src)
    for dt in (f32, f16):
        add("transpose", f"transpose_{dn[dt]}", src, m.transpose_kernel,
            [arr(dt, 2)] * 2 + [64, 32])
    src = "samples/Transpose.py"
    m = load(src)
    add("transpose", "sample_transpose_bf16", src, m.transpose_kernel,
        [arr(bf16, 2)] * 2 + [32, 32])

    # Matmul: A@B with B K x N row-major, the transposed storage forms (column-major A or
    # B, i.e. A^T or B^T stored row-major), fp8 inputs, batched, split-k, persistent.
    src = "test/kernels/matmul.py"
    m = load(src)
    col = (1, None)
    for dt, cfg in ((f16, (128, 128, 64)), (bf16, (128, 128, 64)), (f32, (64, 64, 32)),
                    (f16, (64, 64, 32))):
        add("matmul", f"matmul_{dn[dt]}_{cfg[0]}x{cfg[1]}x{cfg[2]}", src, m.matmul_kernel,
            [arr(dt, 2)] * 3 + list(cfg),
            all_versions if (dt is f16 and cfg[0] == 128) else (DEFAULT_VERSION,))
    # The benchmark's tiles (bench_matmul.py takes cuTile's B200 tuning on a
    # GPU without an entry of its own): a 256x256 f32 accumulator, whose K
    # loop cuda-tile-slice-loops runs once per 128x256 slice.
    add("matmul", "matmul_f16_256x256x64", src, m.matmul_kernel,
        [arr(f16, 2)] * 3 + [256, 256, 64])
    add("matmul", "matmul_f16_bt_128x128x64", src, m.matmul_kernel,
        [arr(f16, 2), arr(f16, 2, col), arr(f16, 2), 128, 128, 64])
    add("matmul", "matmul_f16_at_128x128x64", src, m.matmul_kernel,
        [arr(f16, 2, col), arr(f16, 2), arr(f16, 2), 128, 128, 64])
    add("matmul", "matmul_bf16_bt_128x256x64", src, m.matmul_kernel,
        [arr(bf16, 2), arr(bf16, 2, col), arr(bf16, 2), 128, 256, 64])
    for dt in (e4m3, e5m2):
        add("matmul", f"matmul_{dn[dt]}_128x128x128", src, m.matmul_kernel,
            [arr(dt, 2), arr(dt, 2, col), arr(f16, 2), 128, 128, 128])
    add("batched_matmul", "batch_matmul_f16", src, m.batch_matmul_kernel,
        [arr(f16, 3)] * 3 + [128, 128, 64])
    add("batched_matmul", "batch_matmul_f32", src, m.batch_matmul_kernel,
        [arr(f32, 3)] * 3 + [64, 64, 32])
    # The sample's float8 test: f8 inputs, f32 output, 128x256x128 tiles.
    sample = load("samples/BatchMatMul.py")
    add("batched_matmul", "sample_batch_matmul_e4m3", "samples/BatchMatMul.py",
        sample.batch_matmul_kernel, [arr(e4m3, 3), arr(e4m3, 3), arr(f32, 3), 128, 256, 128])
    add("split_k", "matmul_split_k_f16", src, m.matmul_split_k_kernel,
        [arr(f16, 2), arr(f16, 2), arr(f32, 2), arr(i32, 1), arr(i32, 1), 64, 64, 64, 4])
    for dt in (f16, bf16):
        add("persistent_matmul", f"persistent_matmul_{dn[dt]}", src,
            m.persistent_matmul_kernel, [arr(dt, 2)] * 3 + [128, 128, 64])
    add("persistent_matmul", "persistent_matmul_f16_256x256x64", src,
        m.persistent_matmul_kernel, [arr(f16, 2)] * 3 + [256, 256, 64])

    # Single-tile mma, fp16 with f32 accumulation and a batched B.
    src = "test/test_mma.py"
    m = load(src)
    add("matmul", "mma_f16_acc_f32", src, m.mma_kernel,
        [arr(f16, 2), arr(f16, 2), arr(f32, 2), 64, 64, 32, False])
    add("batched_matmul", "mma_batch_bf16", src, m.mma_batch_kernel,
        [arr(bf16, 2), arr(bf16, 3), arr(f32, 3), 2, 64, 32, 64])

    # Attention (non-causal and causal, grouped-query).
    src = "test/kernels/attention.py"
    m = load(src)
    for dt, causal, versions in ((f16, False, ("13.2", "13.3")), (f16, True, all_versions),
                                 (bf16, True, (DEFAULT_VERSION,))):
        tag = "causal" if causal else "full"
        add("attention", f"fmha_{tag}_{dn[dt]}_d64", src, m.fmha_kernel,
            [arr(dt, 4)] * 4 + [scalar(f32), scalar(i32), 64, 8, 128, 64, 1, causal, True],
            versions)
    add("attention", "fmha_full_f16_d128_gqa", src, m.fmha_kernel,
        [arr(f16, 4)] * 4 + [scalar(f32), scalar(i32), 128, 8, 64, 64, 4, False, False])

    # Reductions, built by cuTile's test factories.
    src = "test/test_reduction.py"
    m = load(src)
    add("reduction", "reduce_sum_axis1_f32", src, m.make_reduce_axis1_2d(ct.sum),
        [arr(f32, 2), arr(f32, 1), 16, 256, False], ("13.1", "13.3"))
    add("reduction", "reduce_max_axis1_f16", src, m.make_reduce_axis1_2d(ct.max),
        [arr(f16, 2), arr(f16, 2), 8, 128, True])
    add("reduction", "reduce_min_axis1_3d_f32", src, m.make_reduce_axis1_3d(ct.min),
        [arr(f32, 3), arr(f32, 2), 4, 16, 32, False])
    add("reduction", "reduce_prod_axis1_i32", src, m.make_reduce_axis1_2d(ct.prod),
        [arr(i32, 2), arr(i32, 1), 16, 64, False])

    # Scans.
    src = "test/test_scan.py"
    m = load(src)
    add("scan", "cumsum_axis1_f32", src, m.cumsum_axis1, [arr(f32, 2)] * 2 + [False, 32, 32],
        ("13.2", "13.3"))
    add("scan", "cumsum_axis1_reverse_i32", src, m.cumsum_axis1,
        [arr(i32, 2)] * 2 + [True, 16, 64])
    add("scan", "cumprod_axis0_f16", src, m.cumprod_axis0, [arr(f16, 2)] * 2 + [False, 32, 32])

    # Gather/scatter.
    src = "test/test_gather_scatter.py"
    m = load(src)
    add("gather_scatter", "gather_mask_bounds_f32", src, m.gather_with_mask_and_bounds_check,
        [arr(f32, 1), arr(f32, 1), arr(i32, 1), arr(b1, 1)])
    add("gather_scatter", "scatter_mask_f32", src, m.scatter_with_custom_mask,
        [arr(f32, 1), arr(f32, 1), arr(b1, 1)])
    add("gather_scatter", "gather_2d_broadcast_mask_f16", src, m.gather_2d_with_broadcast_mask,
        [arr(f16, 2), arr(f16, 1), arr(b1, 2)])
    add("gather_scatter", "gather_mask_1d_f32", src, m.gather_with_custom_mask_1d,
        [arr(f32, 1), arr(f32, 1), arr(b1, 1)])
    add("gather_scatter", "array_copy_2d_bf16", src, m.array_copy_2d,
        [arr(bf16, 2)] * 2 + [16, 16])

    # Atomics (tile and raw-memory forms).
    src = "test/test_atomic.py"
    m = load(src)
    util = load("test/util.py")
    add("atomics", "atomic_add_i32", src, m.atomic_arith_kernel,
        [arr(i32, 1)] * 3 + [128, util.AtomicOp.ADD.value, 0], ("13.1", "13.3"))
    add("atomics", "atomic_max_raw_i32", src, m.atomic_arith_kernel,
        [arr(i32, 1)] * 3 + [128, util.AtomicOp.MAX.value, 1])
    add("atomics", "atomic_xchg_i64", src, m.atomic_arith_kernel,
        [arr(i64, 1)] * 3 + [64, util.AtomicOp.XCHG.value, 0])
    add("atomics", "atomic_cas_i32", src, m.atomic_cas, [arr(i32, 1)] * 3 + [128, 0])
    add("atomics", "offset_atomic_add_mask_i32", src, m.offset_atomic_add_with_mask,
        [arr(i32, 1)] * 2 + [128])
    add("atomics", "offset_atomic_cas_mask_i64", src, m.offset_atomic_cas_with_mask,
        [arr(i64, 1)] * 4 + [128, 256])

    # Elementwise math, casts, selects.
    src = "test/kernels/fused_moe.py"
    m = load(src)
    for dt in (f16, bf16):
        add("elementwise", f"silu_and_mul_{dn[dt]}", src, m.silu_and_mul_kernel,
            [arr(dt, 2)] * 3 + [512])
    src = "test/test_binary_elementwise.py"
    m = load(src)
    add("elementwise", "explicit_broadcast_add_f32", src, m.explicit_broadcast_add,
        [arr(f32, 1), arr(f32, 1), arr(f32, 2), 32])
    src = "test/test_fma.py"
    m = load(src)
    add("elementwise", "mul_add_same_operand_f32", src, m.mul_add_same_operand_kernel,
        [arr(f32, 2)] * 2 + [16, 64])
    src = "test/test_cast.py"
    m = load(src)
    for dt in (f16, bf16, e4m3, e5m2):
        add("elementwise", f"astype_{dn[dt]}_to_f32", src, m.array_astype_to_float32,
            [arr(dt, 1), arr(f32, 1), 256, True])
    src = "test/test_select.py"
    m = load(src)
    add("elementwise", "masked_copy_f32", src, m.masked_copy,
        [arr(b1, 1), arr(f32, 1), arr(f32, 1), arr(f32, 1), 128])

    src = "test/test_cat.py"
    m = load(src)
    add("elementwise", "cat2_axis1_i32", src, m.cat2, [arr(i32, 1), 1])

    # Control flow: a loop over rows, an early return on a runtime scalar.
    src = "test/test_control_flow.py"
    m = load(src)
    add("control_flow", "early_return_f32", src, m.early_return_kernel,
        [arr(f32, 2), arr(f32, 2), arr(f32, 2), 16, 128, scalar(b1)], ("13.1", "13.3"))

    # printf.
    src = "test/test_print.py"
    m = load(src)
    add("printf", "printf_f32", src, m.kernel_printf, [arr(f32, 1), 16])
    add("printf", "print_fstring_f16", src, m.kernel_print, [arr(f16, 1), 16])

    # MoE and FFT samples.
    src = "test/kernels/fused_moe.py"
    m = load(src)
    add("matmul", "fused_moe_f16", src, m.fused_moe_kernel,
        [arr(f16, 2), arr(f16, 3), arr(f16, 2), arr(f32, 1), arr(i32, 1), arr(i32, 1),
         scalar(i32), True, 64, 64, 64])
    return corpus


# --------------------------------------------------------------------------------------
# Export and check
# --------------------------------------------------------------------------------------

def describe(c):
    """A short, stable text form of one parameter constraint."""
    from cuda.tile.compilation import ArrayConstraint, ScalarConstraint
    if isinstance(c, ArrayConstraint):
        strides = ",".join("?" if s is None else str(s) for s in c.stride_constant)
        return f"array<{c.dtype.name},{c.ndim}d,strides=({strides})>"
    if isinstance(c, ScalarConstraint):
        return f"scalar<{c.dtype.name}>"
    return f"const<{c.value!r}>"


def tool_env():
    env = dict(os.environ)
    env.pop("CUDA_HOME", None)
    env.pop("CUDA_PATH", None)
    return env


def find_tool(name):
    import nvidia
    for root in nvidia.__path__:
        path = os.path.join(root, "cu13", "bin", name)
        if os.path.isfile(path):
            return path
    found = shutil.which(name)
    if not found:
        sys.exit(f"error: {name} not found (install nvidia-cuda-tileiras)")
    return found


def check_file(path, tmpdir):
    """Runs tileirdisasm and tileiras on one file; returns the manifest's `check` entry."""
    result = {}
    disasm = subprocess.run([find_tool("tileirdisasm"), path], capture_output=True,
                            text=True, env=tool_env())
    result["tileirdisasm"] = "ok" if disasm.returncode == 0 else \
        f"exit {disasm.returncode}: {disasm.stderr.strip()[:300]}"
    cubin = os.path.join(tmpdir, "check.cubin")
    comp = subprocess.run([find_tool("tileiras"), "--gpu-name", "sm_90", "-o", cubin, path],
                          capture_output=True, text=True, env=tool_env())
    said = (comp.stdout + comp.stderr).strip()
    result["tileiras_sm_90"] = ("ok" if comp.returncode == 0 else f"exit {comp.returncode}") + \
        (f": {said[:300]}" if said else "")
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", help="cutile-python source tree (its samples/ and test/)")
    parser.add_argument("-o", "--output", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "test", "Bytecode", "cutile"))
    parser.add_argument("--check", action="store_true",
                        help="run tileirdisasm and tileiras (sm_90) on every file")
    parser.add_argument("--only", nargs="*", help="export only these corpus names")
    args = parser.parse_args()

    out = os.path.abspath(args.output)
    root = os.path.abspath(args.root)
    for sub in ("samples", "test"):
        if not os.path.isdir(os.path.join(root, sub)):
            sys.exit(f"error: {root} has no {sub}/ folder; expected a cutile-python tree")
    os.makedirs(out, exist_ok=True)

    import cuda.tile as ct
    from cuda.tile.compilation import CallingConvention, KernelSignature, export_kernel

    install_importers()
    os.chdir(root)
    corpus = build_corpus(ct, lambda rel: importlib.import_module(
        os.path.splitext(os.path.relpath(rel, rel.split("/")[0]))[0].replace("/", ".")))
    if args.only:
        unknown = set(args.only) - {e["name"] for e in corpus}
        if unknown:
            sys.exit(f"error: not in the corpus: {', '.join(sorted(unknown))}")
        corpus = [e for e in corpus if e["name"] in args.only]

    manifest_path = os.path.join(out, "manifest.json")
    previous = {}
    if args.only and os.path.exists(manifest_path):
        with open(manifest_path) as f:
            previous = {e["file"]: e for e in json.load(f)["kernels"]}

    entries, failures = [], 0
    tmpdir = os.path.join(out, ".tmp")
    os.makedirs(tmpdir, exist_ok=True)
    try:
        for e in corpus:
            fname = f"{e['name']}.v{e['version'].replace('.', '_')}.tilebc"
            path = os.path.join(out, fname)
            sig = KernelSignature(e["params"], CallingConvention.cutile_python_v1())
            # cuTile writes architecture-independent bytecode from 13.3 on; older
            # versions are written for one target.
            gpu_code = None if _vkey(e["version"]) >= (13, 3) else ARCH_SPECIFIC_TARGET
            try:
                export_kernel(e["kernel"], [sig], path, output_format="tileir_bytecode",
                              gpu_code=gpu_code, bytecode_version=e["version"])
            except Exception as exc:
                failures += 1
                print(f"FAIL {fname}: {type(exc).__name__}: {exc}", file=sys.stderr)
                continue
            with open(path, "rb") as f:
                data = f.read()
            fn = e["kernel"]._annotated_function.pyfunc
            entry = dict(file=fname, kind=e["kind"], kernel=fn.__name__, source=e["source"],
                         signature=[describe(c) for c in sig.parameters],
                         version=e["version"], gpu_code=gpu_code, bytes=len(data),
                         sha256=hashlib.sha256(data).hexdigest())
            if args.check:
                entry["check"] = check_file(path, tmpdir)
                print(f"{fname}: {entry['check']}")
            previous[fname] = entry
            entries.append(entry)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)

    all_entries = sorted((previous if args.only else {x["file"]: x for x in entries})
                         .values(), key=lambda x: x["file"])
    manifest = dict(
        source="https://github.com/NVIDIA/cutile-python", source_commit=SOURCE_COMMIT,
        cuda_tile=_version("cuda-tile"), tileiras=_version("nvidia-cuda-tileiras"),
        calling_convention="cutile_python_v1", kernels=all_entries)
    with open(manifest_path, "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=False)
        f.write("\n")
    total = sum(x["bytes"] for x in all_entries)
    print(f"{len(entries)} files exported ({total} bytes in the corpus), {failures} failed")
    return 1 if failures else 0


def _version(dist):
    from importlib.metadata import version
    return version(dist)


if __name__ == "__main__":
    sys.exit(main())
