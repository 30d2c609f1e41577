#!/usr/bin/env python3
"""Generates the kernels of test/Target/PTX/mma-types.mlir: the mmaf/mmai
input/accumulator combinations beyond f16/bf16/f8 -> f32 (tf32, f16
accumulators, f64, batched rank-3 products, mmai in a K loop). Each kernel
computes D = A x B + C from global A, B, C and stores D. check.py runs the
PTX on a GPU against a float64 (int64) torch reference.

  python3 gen.py > test/Target/PTX/mma-types.mlir
  python3 gen.py --chip sm_90a CASE   # one kernel's module (for check.py)
"""
import sys

# name, input element, accumulator element, batch (0: rank 2), M, N, K,
# CTA threads (num_cta_in_cga is not used: the planner picks the size from
# the tile; the hint is only used for wgmma shapes), sm_90a check lines,
# sm_90 check lines.  `tf32` inputs are loaded as f32 and rounded with
# ftof (cvt.rn.tf32.f32).
CASES = [
    ("tf32_64x64x32", "tf32", "f32", 0, 64, 64, 32,
     ["cvt.rn.tf32.f32", "wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32"],
     ["cvt.rn.tf32.f32", "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"]),
    ("tf32_32x16x16", "tf32", "f32", 0, 32, 16, 16,
     ["cvt.rn.tf32.f32", "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"],
     ["mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"]),
    ("f16acc_64x64x32", "f16", "f16", 0, 64, 64, 32,
     ["wgmma.mma_async.sync.aligned.m64n32k16.f16.f16.f16"],
     ["mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16"]),
    ("f16acc_32x32x64", "f16", "f16", 0, 32, 32, 64,
     ["mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16"],
     ["mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16"]),
    ("f8f16acc_64x64x64", "f8E4M3FN", "f16", 0, 64, 64, 64,
     ["wgmma.mma_async.sync.aligned.m64n32k32.f16.e4m3.e4m3"], None),
    ("f64_32x32x16", "f64", "f64", 0, 32, 32, 16,
     ["mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64"],
     ["mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64"]),
    ("batched_f16_4x64x32x32", "f16", "f32", 4, 64, 32, 32,
     ["wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16"],
     ["mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"]),
    ("batched_bf16_2x64x32x32", "bf16", "f32", 2, 64, 32, 32,
     ["wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16"],
     ["mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"]),
    ("batched_tf32_2x64x64x16", "tf32", "f32", 2, 64, 64, 16,
     ["cvt.rn.tf32.f32", "wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32"],
     ["mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"]),
    ("batched_f64_2x16x16x8", "f64", "f64", 2, 16, 16, 8,
     ["mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64"],
     ["mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64"]),
    ("batched_mmai_2x32x32x64", "i8", "i32", 2, 32, 32, 64,
     ["mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"],
     ["mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"]),
]

# The mmai K loop: M x N tile, K tiles of BK, total K = BK * trips.
KLOOP = ("kloop_mmai_64x64x32", 64, 64, 32, 128)


def storage(t):
    return "f32" if t == "tf32" else t


def view(shape, t):
    strides = []
    s = 1
    for d in reversed(shape):
        strides.insert(0, s)
        s *= d
    dims = "x".join(map(str, shape))
    return (f"tensor_view<{dims}x{t}, strides=[{','.join(map(str, strides))}]>",
            f"shape = [{', '.join(map(str, shape))}], strides = [{', '.join(map(str, strides))}]")


def kernel(name, ti, tc, batch, M, N, K):
    lead = [batch] if batch else []
    sa, sb, sc = lead + [M, K], lead + [K, N], lead + [M, N]
    ts = storage(ti)
    va, sha = view(sa, ts)
    vb, shb = view(sb, ts)
    vc, shc = view(sc, tc)
    dims = lambda s: "x".join(map(str, s))
    pa = f"partition_view<tile=({dims(sa)}), {va}>"
    pb = f"partition_view<tile=({dims(sb)}), {vb}>"
    pc = f"partition_view<tile=({dims(sc)}), {vc}>"
    idx = ", ".join(["%c0"] * len(sa))
    ta, tb, tcc = (f"tile<{dims(sa)}x{ti}>", f"tile<{dims(sb)}x{ti}>",
                   f"tile<{dims(sc)}x{tc}>")
    lines = [
        f"  entry @{name}(%a: tile<ptr<{ts}>>, %b: tile<ptr<{ts}>>, %c: tile<ptr<{tc}>>, %o: tile<ptr<{tc}>>) {{",
        f"    %ta = make_tensor_view %a, {sha} : {va}",
        f"    %tb = make_tensor_view %b, {shb} : {vb}",
        f"    %tc = make_tensor_view %c, {shc} : {vc}",
        f"    %to = make_tensor_view %o, {shc} : {vc}",
        f"    %pa = make_partition_view %ta : {pa}",
        f"    %pb = make_partition_view %tb : {pb}",
        f"    %pc = make_partition_view %tc : {pc}",
        f"    %po = make_partition_view %to : {pc}",
        "    %c0 = constant <i32: 0> : tile<i32>",
        f"    %la, %t0 = load_view_tko weak %pa[{idx}] : {pa}, tile<i32> -> tile<{dims(sa)}x{ts}>, token",
        f"    %lb, %t1 = load_view_tko weak %pb[{idx}] : {pb}, tile<i32> -> tile<{dims(sb)}x{ts}>, token",
        f"    %vc, %t2 = load_view_tko weak %pc[{idx}] : {pc}, tile<i32> -> {tcc}, token",
    ]
    if ti == "tf32":
        lines += [
            f"    %va = ftof %la : tile<{dims(sa)}xf32> -> {ta}",
            f"    %vb = ftof %lb : tile<{dims(sb)}xf32> -> {tb}",
        ]
        a, b = "%va", "%vb"
    else:
        a, b = "%la", "%lb"
    if ti == "i8":
        lines.append(f"    %d = mmai {a}, {b}, %vc signed signed : {ta}, {tb}, {tcc}")
    else:
        lines.append(f"    %d = mmaf {a}, {b}, %vc : {ta}, {tb}, {tcc}")
    lines += [
        f"    %t3 = store_view_tko weak %d, %po[{idx}] : {tcc}, {pc}, tile<i32> -> token",
        "    return",
        "  }",
    ]
    return "\n".join(lines)


def kloop(name, M, N, BK, K):
    va, sha = view([M, K], "i8")
    vb, shb = view([N, K], "i8")
    vc, shc = view([M, N], "i32")
    pa = f"partition_view<tile=({M}x{BK}), {va}>"
    pb = f"partition_view<tile=({N}x{BK}), {vb}>"
    pc = f"partition_view<tile=({M}x{N}), {vc}>"
    return f"""  entry @{name}(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %c: tile<ptr<i32>>, %o: tile<ptr<i32>>) {{
    %ta = make_tensor_view %a, {sha} : {va}
    %tb = make_tensor_view %b, {shb} : {vb}
    %tc = make_tensor_view %c, {shc} : {vc}
    %to = make_tensor_view %o, {shc} : {vc}
    %pa = make_partition_view %ta : {pa}
    %pb = make_partition_view %tb : {pb}
    %pc = make_partition_view %tc : {pc}
    %po = make_partition_view %to : {pc}
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %kt = constant <i32: {K // BK}> : tile<i32>
    %init, %t2 = load_view_tko weak %pc[%c0, %c0] : {pc}, tile<i32> -> tile<{M}x{N}xi32>, token
    %acc = for %kk in (%c0 to %kt, step %c1) : tile<i32> iter_values(%x = %init) -> (tile<{M}x{N}xi32>) {{
      %va, %t0 = load_view_tko weak %pa[%c0, %kk] : {pa}, tile<i32> -> tile<{M}x{BK}xi8>, token
      %vb, %t1 = load_view_tko weak %pb[%c0, %kk] : {pb}, tile<i32> -> tile<{N}x{BK}xi8>, token
      %vbt = permute %vb [1, 0] : tile<{N}x{BK}xi8> -> tile<{BK}x{N}xi8>
      %y = mmai %va, %vbt, %x signed unsigned : tile<{M}x{BK}xi8>, tile<{BK}x{N}xi8>, tile<{M}x{N}xi32>
      continue %y : tile<{M}x{N}xi32>
    }}
    %t3 = store_view_tko weak %acc, %po[%c0, %c0] : tile<{M}x{N}xi32>, {pc}, tile<i32> -> token
    return
  }}"""


HEADER = """// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=SM90A < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: sed -e '/^  entry @f8f16acc_/,/^  }$/d' %s > %t90.mlir
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90 %t90.mlir -o %t90.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t90.ptx
// RUN: %ptxas -arch=sm_90 %t90.ptx -o %t90.cubin

// Generated by utils/gpu-checks/mma-types/gen.py (checked on the GPU by
// check.py there): the mmaf/mmai combinations beyond f16/bf16/f8 -> f32 --
// tf32 (ftof f32 -> tf32 with cvt.rn.tf32.f32, mma.sync m16n8k8 / wgmma
// k8), f16 accumulators (mma.sync m16n8k16 .f16, wgmma .f16), f8 -> f16
// (wgmma only), f64 (mma.sync m8n8k4), batched rank-3 products (one
// rank-2 product per batch index) and mmai in a pipelined K loop.
// f8 -> f16 needs wgmma: sm_90 (mma.sync) drops that kernel (mma-invalid.mlir
// has its diagnostic).
"""


def cases_for(chip):
    out = []
    for c in CASES:
        name, ti, tc, batch, M, N, K, c90a, c90 = c
        checks = c90a if chip == "sm_90a" else c90
        if checks is None:
            continue
        out.append(c)
    return out


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--module":
        # one module with every kernel that `chip` lowers
        chip = sys.argv[2]
        print("cuda_tile.module @mma_types {")
        print("\n\n".join([kernel(*c[:7]) for c in cases_for(chip)] + [kloop(*KLOOP)]))
        print("}")
        return
    out = [HEADER]
    for prefix, chip in (("SM90A", "sm_90a"), ("SM90", "sm_90")):
        for c in CASES:
            name, ti, tc, batch, M, N, K, c90a, c90 = c
            checks = c90a if chip == "sm_90a" else c90
            if checks is None:
                continue
            out.append(f"// {prefix}-LABEL: .entry {name}(")
            for chk in checks:
                out.append(f"// {prefix}: {chk.replace('{N}', str(N))}")
        out.append(f"// {prefix}-LABEL: .entry {KLOOP[0]}(")
        out.append(f"// {prefix}: cp.async.cg.shared.global")
        out.append(f"// {prefix}: mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32")
    out.append("")
    out.append("cuda_tile.module @mma_types {")
    out.append("\n\n".join([kernel(*c[:7]) for c in CASES] + [kloop(*KLOOP)]))
    out.append("}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
