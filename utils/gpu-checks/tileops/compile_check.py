"""torch.compile(fullgraph=True) through tileir.ops: one composite per op family.

  python3 compile_check.py make OUTDIR   (here, with tileops-build; no GPU): runs every composite
                                         eagerly on meta tensors with launches switched off, which
                                         builds exactly the spec lines the GPU run needs into the
                                         kernel cache OUTDIR/cache.
  python3 compile_check.py run OUTDIR    (on the GPU, no compiler): for each composite, the eager
                                         tileir result, the torch.compile(fullgraph=True) result and
                                         the pure-torch reference (float64 where it matters); the
                                         compiled graph must match eager tileir (bit for bit for int and
                                         bool) and the reference within TileOPs' test tolerance.
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "python"))


def composites(torch, T):
    """(name, fn(T-or-torch namespace, *inputs), inputs(device, dtype), dtype, tol)."""

    def r(*s, dtype=torch.float32, device="cuda"):
        return lambda dev, dt: torch.randn(*s, device=dev).to(dt or dtype)

    out = [
        ("unary+binary f32", lambda N, x: N.exp(N.add(x, x, alpha=0.5)) * 2 - 1, [r(1000)], torch.float32, 1e-5),
        ("broadcast add f16", lambda N, x, b: N.add(x, b) + 1, [r(16, 256, 7, 7), r(256, 1, 1)], torch.float16, 1e-3),
        ("activation bf16", lambda N, x: N.gelu(N.silu(x)) * 0.5, [r(2048, 33)], torch.bfloat16, 1.6e-2),
        ("comparison+where f32", lambda N, x, y: N.where(N.eq(x > 0, y > 0), x, y).sum(-1),
         [r(64, 128), r(64, 128)], torch.float32, 1e-4),
        ("special f16", lambda N, x: N.clamp(N.nan_to_num(x * 1e4), -3.0, 3.0), [r(4097)], torch.float16, 1e-3),
        ("fused gated bf16", lambda N, x: N.silu_and_mul(x) + 1, [r(7, 2 * 1024)], torch.bfloat16, 1.6e-2),
        ("bitwise i32", lambda N, a, b: N.bitwise_xor(a, b) & 0xff,
         [lambda dev, dt: torch.randint(-1000, 1000, (4097,), device=dev, dtype=torch.int32)] * 2, None, 0),
        ("logical bool", lambda N, a: N.logical_not(a) | a.flip(0),
         [lambda dev, dt: torch.rand(4097, device=dev) < 0.5], None, 0),
    ]
    return out


def reference_ns(torch):
    """The same composites written with torch only."""
    F = torch.nn.functional

    class Torch:
        exp, add, mul, gelu, silu, where, eq, clamp = torch.exp, torch.add, torch.mul, F.gelu, F.silu, torch.where, \
            torch.eq, torch.clamp
        bitwise_xor, logical_not, nan_to_num, sigmoid = torch.bitwise_xor, torch.logical_not, torch.nan_to_num, \
            torch.sigmoid

        @staticmethod
        def silu_and_mul(x):
            n = x.shape[-1] // 2
            return F.silu(x[..., :n]) * x[..., n:]

    return Torch


class Fake:
    """Shape and dtype only: runs a composite here, without torch, to find its spec lines."""
    CMP = {"__gt__", "__lt__", "__ge__", "__le__", "__eq__", "__ne__"}

    def __init__(self, shape, dtype):
        self.shape, self.dtype = tuple(shape), dtype

    def _bin(self, other, name):
        shape = self.shape
        if isinstance(other, Fake):
            n = max(len(shape), len(other.shape))
            a, b = (1,) * (n - len(shape)) + shape, (1,) * (n - len(other.shape)) + other.shape
            shape = tuple(max(x, y) for x, y in zip(a, b))
        return Fake(shape, "bool" if name in Fake.CMP else self.dtype)

    def sum(self, dim):
        return Fake(self.shape[:dim] + self.shape[dim + 1:] if dim != -1 else self.shape[:-1], self.dtype)

    def flip(self, dim):
        return self


for _m in ["__add__", "__sub__", "__mul__", "__and__", "__or__", "__xor__", "__radd__", "__rmul__"] + list(Fake.CMP):
    setattr(Fake, _m, (lambda m: lambda self, o: self._bin(o, m))(_m))

DT = {"float32": "f32", "float16": "f16", "bfloat16": "bf16", "int32": "i32", "bool": "bool", None: None}


def fake_call(T):
    def call(op, tensors, **params):
        data = tensors[1] if op == "where" else tensors[0]
        line = T.spec_line(op, data.dtype, [list(t.shape) for t in tensors],
                           {k: v for k, v in params.items() if k not in ("dtype", "device")})
        T.kernel(line)
        shape = tensors[0].shape
        for t in tensors[1:]:
            shape = Fake(shape, "x")._bin(t, "")
            shape = shape.shape
        if op.endswith("_and_mul"):
            shape = shape[:-1] + (shape[-1] // 2,)
        out = "bool" if T.OPS[op][3] == "bool" else data.dtype
        return Fake(shape, out)
    return call


class FakeTorch:
    float32, float16, bfloat16, int32, bool = "float32", "float16", "bfloat16", "int32", "bool"

    class nn:
        class functional:
            pass

    @staticmethod
    def randn(*s, device=None):
        return Fake(s, "f32")

    @staticmethod
    def randint(lo, hi, s, device=None, dtype=None):
        return Fake(s, DT[dtype])

    @staticmethod
    def rand(*s, device=None):
        return Fake(s, "f32")


def main():
    mode, outdir = sys.argv[1], sys.argv[2]
    os.environ["TILEIR_CACHE_DIR"] = os.path.join(outdir, "cache")
    from tileir import ops as T
    if mode == "make":
        from tileir.module import Module
        Module.from_ptx = classmethod(lambda cls, ptx: type("M", (), {"__getattr__": lambda s, n: None})())
        T._call = fake_call(T)
        Fake.to = lambda self, dt: Fake(self.shape, DT[dt] if dt in DT else dt)
        cases = composites(FakeTorch, T)
        for name, fn, makers, dt, _ in cases:
            fn(T, *[m("meta", dt) for m in makers])
            print(f"built: {name}")
        return
    import torch
    cases, Ref = composites(torch, T), reference_ns(torch)
    os.environ["TILEIR_TOOLS_DIR"] = os.path.join(outdir, "no-compiler-here")
    torch.manual_seed(0)
    bad = 0
    for name, fn, makers, dt, tol in cases:
        ins = [m("cuda", dt) for m in makers]
        try:
            eager = fn(T, *ins)
            compiled = torch.compile(lambda *a, fn=fn: fn(T, *a), fullgraph=True)(*ins)
            ref = fn(Ref, *[x.double() if x.is_floating_point() else x for x in ins])
            # Inductor compiles the torch ops around the custom ops (and may fuse
            # them with FMAs), so compiled and eager agree to the tolerance, not bitwise.
            if tol:
                same = torch.allclose(compiled.double(), eager.double(), rtol=tol, atol=tol, equal_nan=True)
            else:
                same = torch.equal(eager, compiled)
            if tol:
                close = torch.allclose(compiled.double(), ref.double(), rtol=tol, atol=tol)
            else:
                close = torch.equal(compiled, ref)
            ok = same and close
            msg = f"compiled == eager: {same}; vs torch: {close}"
        except Exception as e:  # noqa: BLE001 - reported as a failure
            ok, msg = False, f"{type(e).__name__}: {str(e)[:300]}"
        bad += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {msg}", flush=True)
    print(f"torch.compile(fullgraph=True): {len(cases) - bad}/{len(cases)} composites pass")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
