"""Triton matmuls with the suite's tile sizes: reference points for what each
load path reaches on the same GPU, timed next to the cuTile kernels by
run_suite.py --triton.

Two kernels, both with cuTile's grouped tile order (8 M-tiles per group):

* `ptr`: pointer loads. Triton's pipeliner turns them into cp.async copies
  into shared memory, several K steps ahead, read by wgmma on Hopper; any
  operand strides.
* `tma`: tensor descriptors made on the device (`tl.make_tensor_descriptor`):
  TMA copies completing on mbarriers. Row-major A and B only (unit last
  stride); None for the other layouts.

Each kernel is tuned once per case over a few (warps, stages) pairs; the
fastest is kept and named in `describe()`, with the pairs that did not
compile (too much shared memory, say).
"""
import triton
import triton.language as tl


@triton.jit
def _tile_of(pid, M, N, BM: tl.constexpr, BN: tl.constexpr, GROUP_M: tl.constexpr):
    tiles_m = tl.cdiv(M, BM)
    tiles_n = tl.cdiv(N, BN)
    per_group = GROUP_M * tiles_n
    first_m = (pid // per_group) * GROUP_M
    rows = min(tiles_m - first_m, GROUP_M)
    return first_m + pid % rows, (pid % per_group) // rows


@triton.jit
def _matmul_ptr(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
                BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr):
    tm, tn = _tile_of(tl.program_id(0), M, N, BM, BN, GROUP_M)
    rows = (tm * BM + tl.arange(0, BM)) % M
    cols = (tn * BN + tl.arange(0, BN)) % N
    ks = tl.arange(0, BK)
    pa = a + rows[:, None] * sam + ks[None, :] * sak
    pb = b + ks[:, None] * sbk + cols[None, :] * sbn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for step in range(0, tl.cdiv(K, BK)):
        left = K - step * BK
        x = tl.load(pa, mask=ks[None, :] < left, other=0.0)
        y = tl.load(pb, mask=ks[:, None] < left, other=0.0)
        acc = tl.dot(x, y, acc)
        pa += BK * sak
        pb += BK * sbk
    out_rows = tm * BM + tl.arange(0, BM)
    out_cols = tn * BN + tl.arange(0, BN)
    pc = c + out_rows[:, None] * scm + out_cols[None, :] * scn
    tl.store(pc, acc.to(c.dtype.element_ty),
             mask=(out_rows[:, None] < M) & (out_cols[None, :] < N))


@triton.jit
def _matmul_tma(a, b, c, M, N, K,
                BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr):
    tm, tn = _tile_of(tl.program_id(0), M, N, BM, BN, GROUP_M)
    da = tl.make_tensor_descriptor(a, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    db = tl.make_tensor_descriptor(b, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    dc = tl.make_tensor_descriptor(c, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for step in range(0, tl.cdiv(K, BK)):
        x = da.load([tm * BM, step * BK])
        y = db.load([step * BK, tn * BN])
        acc = tl.dot(x, y, acc)
    dc.store([tm * BM, tn * BN], acc.to(c.dtype.element_ty))


CONFIGS = ((4, 3), (4, 4), (8, 3), (8, 4))   # (num_warps, num_stages)


class TritonMatmul:
    """C = A @ B with one of the two kernels, tuned over CONFIGS."""

    def __init__(self, torch, kind, a, b, c, tiles, timer):
        self.torch, self.kind = torch, kind
        m, k = a.shape
        n = b.shape[1]
        bm, bn, bk = tiles
        grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn),)
        if kind == "ptr":
            def launch(w, s):
                return _matmul_ptr[grid](a, b, c, m, n, k, a.stride(0), a.stride(1),
                                         b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                                         BM=bm, BN=bn, BK=bk, GROUP_M=8,
                                         num_warps=w, num_stages=s)
        elif kind == "tma":
            if a.stride(1) != 1 or b.stride(1) != 1:
                raise ValueError("tma: row-major operands only")
            # Device-made descriptors need global scratch memory from the host.
            triton.set_allocator(lambda size, align, stream: torch.empty(
                size, dtype=torch.int8, device="cuda"))

            def launch(w, s):
                return _matmul_tma[grid](a, b, c, m, n, k, BM=bm, BN=bn, BK=bk, GROUP_M=8,
                                         num_warps=w, num_stages=s)
        else:
            raise ValueError(kind)
        best = None
        self.failed = []
        for w, s in CONFIGS:
            try:
                compiled = launch(w, s)
                t = timer(lambda: launch(w, s))
            except Exception as e:                  # noqa: BLE001 (reported by describe)
                self.failed.append(f"warps={w} stages={s}: {type(e).__name__}")
                continue
            if best is None or t < best[0]:
                best = (t, w, s, compiled)
        if best is None:
            raise RuntimeError(f"triton {kind}: no configuration compiled "
                               f"({'; '.join(self.failed)})")
        _, self.warps, self.stages, self.compiled = best
        self.fn = lambda: launch(self.warps, self.stages)

    def __call__(self):
        return self.fn()

    def describe(self):
        text = f"{self.kind} warps={self.warps} stages={self.stages}"
        return text + (f" (not compiled: {'; '.join(self.failed)})" if self.failed else "")

    def ptx(self):
        return self.compiled.asm.get("ptx", "")
