#!/usr/bin/env python3
"""Generates the elementwise PTX-test kernels (test/Target/PTX/elementwise-*.mlir).

Each family is one kernel: it loads input tiles (tile k of view `x` is input
k), applies every op of the family, and stores result j as tile j of the
output view of its type. check.py runs the same kernels on the GPU and
compares each tile with a float64 torch reference.
"""
import os, sys

N = 128

# family -> (input type, number of inputs, [(name, out type, body)])
# In a body, {a} {b} {c} are the inputs, {T} the input type; ops may chain
# through `%t_<name>` values.
FLOAT = [
    ("absf", "f32", "absf {a} : tile<128xf32>"),
    ("addf", "f32", "addf {a}, {b} : tile<128xf32>"),
    ("addf_rz", "f32", "addf {a}, {b} rounding<zero> : tile<128xf32>"),
    ("addf_rm", "f32", "addf {a}, {b} rounding<negative_inf> : tile<128xf32>"),
    ("addf_rp", "f32", "addf {a}, {b} rounding<positive_inf> : tile<128xf32>"),
    ("addf_ftz", "f32", "addf {a}, {b} flush_to_zero : tile<128xf32>"),
    ("subf", "f32", "subf {a}, {b} : tile<128xf32>"),
    ("subf_rz", "f32", "subf {a}, {b} rounding<zero> : tile<128xf32>"),
    ("mulf", "f32", "mulf {a}, {b} : tile<128xf32>"),
    ("mulf_rp", "f32", "mulf {a}, {b} rounding<positive_inf> : tile<128xf32>"),
    ("mulf_ftz", "f32", "mulf {a}, {b} flush_to_zero : tile<128xf32>"),
    ("divf", "f32", "divf {a}, {b} : tile<128xf32>"),
    ("divf_rz", "f32", "divf {a}, {b} rounding<zero> : tile<128xf32>"),
    ("divf_approx", "f32", "divf {a}, {b} rounding<approx> : tile<128xf32>"),
    ("divf_full", "f32", "divf {a}, {b} rounding<full> : tile<128xf32>"),
    ("remf", "f32", "remf {a}, {b} : tile<128xf32>"),
    ("negf", "f32", "negf {a} : tile<128xf32>"),
    ("maxf", "f32", "maxf {a}, {b} : tile<128xf32>"),
    ("maxf_nan", "f32", "maxf {a}, {b} propagate_nan : tile<128xf32>"),
    ("minf", "f32", "minf {a}, {b} : tile<128xf32>"),
    ("minf_nan_ftz", "f32", "minf {a}, {b} propagate_nan flush_to_zero : tile<128xf32>"),
    ("fma", "f32", "fma {a}, {b}, {c} : tile<128xf32>"),
    ("fma_rz", "f32", "fma {a}, {b}, {c} rounding<zero> : tile<128xf32>"),
    ("fma_ftz", "f32", "fma {a}, {b}, {c} flush_to_zero : tile<128xf32>"),
    ("ceil", "f32", "ceil {a} : tile<128xf32>"),
    ("floor", "f32", "floor {a} : tile<128xf32>"),
    ("cmpf_olt", "f32", "cmpf less_than ordered {a}, {b} : tile<128xf32> -> tile<128xi1>\n    %r_cmpf_olt = select %t_cmpf_olt, {a}, {b} : tile<128xi1>, tile<128xf32>"),
    ("cmpf_une", "f32", "cmpf not_equal unordered {a}, {b} : tile<128xf32> -> tile<128xi1>\n    %r_cmpf_une = select %t_cmpf_une, {a}, {b} : tile<128xi1>, tile<128xf32>"),
    ("cmpf_uge", "f32", "cmpf greater_than_or_equal unordered {a}, {b} : tile<128xf32> -> tile<128xi1>\n    %r_cmpf_uge = select %t_cmpf_uge, {a}, {b} : tile<128xi1>, tile<128xf32>"),
]
MATH = [
    ("atan2", "f32", "atan2 {a}, {b} : tile<128xf32>"),
    ("cos", "f32", "cos {a} : tile<128xf32>"),
    ("cosh", "f32", "cosh {a} : tile<128xf32>"),
    ("sin", "f32", "sin {a} : tile<128xf32>"),
    ("sinh", "f32", "sinh {a} : tile<128xf32>"),
    ("tan", "f32", "tan {a} : tile<128xf32>"),
    ("tanh", "f32", "tanh {a} : tile<128xf32>"),
    ("tanh_approx", "f32", "tanh {a} rounding<approx> : tile<128xf32>"),
    ("exp", "f32", "exp {a} : tile<128xf32>"),
    ("exp_approx", "f32", "exp {a} rounding<approx> : tile<128xf32>"),
    ("exp2", "f32", "exp2 {a} : tile<128xf32>"),
    ("exp2_ftz", "f32", "exp2 {a} flush_to_zero : tile<128xf32>"),
    ("log", "f32", "log {a} : tile<128xf32>"),
    ("log2", "f32", "log2 {a} : tile<128xf32>"),
    ("pow", "f32", "pow {a}, {b} : tile<128xf32>"),
    ("sqrt", "f32", "sqrt {a} : tile<128xf32>"),
    ("sqrt_rz", "f32", "sqrt {a} rounding<zero> : tile<128xf32>"),
    ("sqrt_approx", "f32", "sqrt {a} rounding<approx> : tile<128xf32>"),
    ("sqrt_ftz", "f32", "sqrt {a} flush_to_zero : tile<128xf32>"),
    ("rsqrt", "f32", "rsqrt {a} : tile<128xf32>"),
    ("rsqrt_ftz", "f32", "rsqrt {a} flush_to_zero : tile<128xf32>"),
]
INTEGER = [
    ("absi", "i32", "absi {a} : tile<128xi32>"),
    ("addi", "i32", "addi {a}, {b} : tile<128xi32>"),
    ("subi", "i32", "subi {a}, {b} overflow<no_signed_wrap> : tile<128xi32>"),
    ("muli", "i32", "muli {a}, {b} : tile<128xi32>"),
    ("mulhii", "i32", "mulhii {a}, {b} : tile<128xi32>"),
    ("divi_s", "i32", "divi {a}, {c} signed : tile<128xi32>"),
    ("divi_u", "i32", "divi {a}, {c} unsigned : tile<128xi32>"),
    ("divi_floor", "i32", "divi {a}, {c} signed rounding<negative_inf> : tile<128xi32>"),
    ("divi_ceil", "i32", "divi {a}, {c} signed rounding<positive_inf> : tile<128xi32>"),
    ("divi_ceilu", "i32", "divi {a}, {c} unsigned rounding<positive_inf> : tile<128xi32>"),
    ("remi_s", "i32", "remi {a}, {c} signed : tile<128xi32>"),
    ("remi_u", "i32", "remi {a}, {c} unsigned : tile<128xi32>"),
    ("negi", "i32", "negi {a} : tile<128xi32>"),
    ("maxi_s", "i32", "maxi {a}, {b} signed : tile<128xi32>"),
    ("mini_u", "i32", "mini {a}, {b} unsigned : tile<128xi32>"),
    ("cmpi_sle", "i32", "cmpi less_than_or_equal {a}, {b}, signed : tile<128xi32> -> tile<128xi1>\n    %r_cmpi_sle = select %t_cmpi_sle, {a}, {b} : tile<128xi1>, tile<128xi32>"),
    ("cmpi_ugt", "i32", "cmpi greater_than {a}, {b}, unsigned : tile<128xi32> -> tile<128xi1>\n    %r_cmpi_ugt = select %t_cmpi_ugt, {a}, {b} : tile<128xi1>, tile<128xi32>"),
    ("shli", "i32", "shli {a}, {s} : tile<128xi32>"),
    ("shri_s", "i32", "shri {a}, {s} signed : tile<128xi32>"),
    ("shri_u", "i32", "shri {a}, {s} unsigned : tile<128xi32>"),
    ("andi", "i32", "andi {a}, {b} : tile<128xi32>"),
    ("ori", "i32", "ori {a}, {b} : tile<128xi32>"),
    ("xori", "i32", "xori {a}, {b} : tile<128xi32>"),
]
# f16: the packed f16x2 forms (add/mul/fma/max/neg/abs) and math in f32.
HALF = [
    ("addf", "f16", "addf {a}, {b} : tile<128xf16>"),
    ("mulf", "f16", "mulf {a}, {b} : tile<128xf16>"),
    ("fma", "f16", "fma {a}, {b}, {c} : tile<128xf16>"),
    ("maxf_nan", "f16", "maxf {a}, {b} propagate_nan : tile<128xf16>"),
    ("minf", "f16", "minf {a}, {b} : tile<128xf16>"),
    ("negf", "f16", "negf {a} : tile<128xf16>"),
    ("absf", "f16", "absf {a} : tile<128xf16>"),
    ("divf", "f16", "divf {a}, {b} : tile<128xf16>"),
    ("sin", "f16", "sin {a} : tile<128xf16>"),
    ("sqrt", "f16", "sqrt {a} : tile<128xf16>"),
    ("exp", "f16", "exp {a} : tile<128xf16>"),
]
CONVERSION = [
    # f32 input a; results f32 (round trips) or i32.
    ("ftof_f16", "f32", "ftof {a} : tile<128xf32> -> tile<128xf16>\n    %r_ftof_f16 = ftof %t_ftof_f16 : tile<128xf16> -> tile<128xf32>"),
    ("ftof_bf16", "f32", "ftof {a} : tile<128xf32> -> tile<128xbf16>\n    %r_ftof_bf16 = ftof %t_ftof_bf16 : tile<128xbf16> -> tile<128xf32>"),
    ("ftof_f64", "f32", "ftof {a} : tile<128xf32> -> tile<128xf64>\n    %r_ftof_f64 = ftof %t_ftof_f64 : tile<128xf64> -> tile<128xf32>"),
    ("ftof_e4m3", "f32", "ftof {a} : tile<128xf32> -> tile<128xf8E4M3FN>\n    %r_ftof_e4m3 = ftof %t_ftof_e4m3 : tile<128xf8E4M3FN> -> tile<128xf32>"),
    ("ftof_e5m2", "f32", "ftof {a} : tile<128xf32> -> tile<128xf8E5M2>\n    %r_ftof_e5m2 = ftof %t_ftof_e5m2 : tile<128xf8E5M2> -> tile<128xf32>"),
    ("ftof_f16_bf16", "f32", "ftof {a} : tile<128xf32> -> tile<128xf16>\n    %u_ftof_f16_bf16 = ftof %t_ftof_f16_bf16 : tile<128xf16> -> tile<128xbf16>\n    %r_ftof_f16_bf16 = ftof %u_ftof_f16_bf16 : tile<128xbf16> -> tile<128xf32>"),
    ("ftoi_s", "i32", "ftoi {a} signed : tile<128xf32> -> tile<128xi32>"),
    ("ftoi_u", "i32", "ftoi {a} unsigned : tile<128xf32> -> tile<128xi32>"),
    ("ftoi_e4m3", "i32", "ftof {a} : tile<128xf32> -> tile<128xf8E4M3FN>\n    %r_ftoi_e4m3 = ftoi %t_ftoi_e4m3 signed : tile<128xf8E4M3FN> -> tile<128xi32>"),
    ("itof_s", "f32", "itof {i} signed : tile<128xi32> -> tile<128xf32>"),
    ("itof_u", "f32", "itof {i} unsigned : tile<128xi32> -> tile<128xf32>"),
    ("itof_f16", "f32", "itof {i} signed : tile<128xi32> -> tile<128xf16>\n    %r_itof_f16 = ftof %t_itof_f16 : tile<128xf16> -> tile<128xf32>"),
    ("itof_i1", "f32", "cmpf less_than ordered {a}, {b} : tile<128xf32> -> tile<128xi1>\n    %r_itof_i1 = itof %t_itof_i1 unsigned : tile<128xi1> -> tile<128xf32>"),
    ("itof_i1s", "f32", "cmpf less_than ordered {a}, {b} : tile<128xf32> -> tile<128xi1>\n    %r_itof_i1s = itof %t_itof_i1s signed : tile<128xi1> -> tile<128xf32>"),
    ("trunc_ext_i8", "i32", "trunci {i} : tile<128xi32> -> tile<128xi8>\n    %r_trunc_ext_i8 = exti %t_trunc_ext_i8 signed : tile<128xi8> -> tile<128xi32>"),
    ("trunc_ext_i16u", "i32", "trunci {i} : tile<128xi32> -> tile<128xi16>\n    %r_trunc_ext_i16u = exti %t_trunc_ext_i16u unsigned : tile<128xi16> -> tile<128xi32>"),
    ("trunc_ext_i4", "i32", "trunci {i} : tile<128xi32> -> tile<128xi4>\n    %r_trunc_ext_i4 = exti %t_trunc_ext_i4 signed : tile<128xi4> -> tile<128xi32>"),
    ("bitcast", "i32", "bitcast {a} : tile<128xf32> -> tile<128xi32>"),
    ("ptr_roundtrip", "i32", "ptr_to_int {q} : tile<128xptr<f32>> -> tile<128xi64>\n    %u1_ptr_roundtrip = int_to_ptr %t_ptr_roundtrip : tile<128xi64> -> tile<128xptr<i8>>\n    %u2_ptr_roundtrip = ptr_to_ptr %u1_ptr_roundtrip : tile<128xptr<i8>> -> tile<128xptr<i32>>\n    %u3_ptr_roundtrip = ptr_to_int %u2_ptr_roundtrip : tile<128xptr<i32>> -> tile<128xi64>\n    %u4_ptr_roundtrip = subi %u3_ptr_roundtrip, %pbase : tile<128xi64>\n    %r_ptr_roundtrip = trunci %u4_ptr_roundtrip : tile<128xi64> -> tile<128xi32>"),
]


def kernel(name, elem, ops, ninputs):
    out_types = sorted({t for _, t, _ in ops})
    lines = [f"cuda_tile.module @{name} {{"]
    params = [f"%x: tile<ptr<{elem}>>"] + [f"%y_{t}: tile<ptr<{t}>>" for t in out_types]
    if name == "conversion":
        params.append("%xi: tile<ptr<i32>>")
    lines.append(f"  entry @{name}({', '.join(params)}) {{")
    nin = ninputs
    lines.append(f"    %tx = make_tensor_view %x, shape = [{nin * N}], strides = [1] : tensor_view<{nin * N}x{elem}, strides=[1]>")
    lines.append(f"    %px = make_partition_view %tx : partition_view<tile=({N}), tensor_view<{nin * N}x{elem}, strides=[1]>>")
    ncst = max(nin, max(sum(1 for o in ops if o[1] == t) for t in out_types))
    for k in range(ncst):
        lines.append(f"    %c{k} = constant <i32: {k}> : tile<i32>")
    names = "abc"
    for k in range(nin):
        lines.append(f"    %{names[k]}, %tk{k} = load_view_tko weak %px[%c{k}] : partition_view<tile=({N}), tensor_view<{nin * N}x{elem}, strides=[1]>>, tile<i32> -> tile<{N}x{elem}>, token")
    subst = {n: f"%{n}" for n in names[:nin]}
    if name == "integer":
        # shift amounts in [0, 32)
        lines.append(f"    %c31 = constant <i32: 31> : tile<{N}xi32>")
        lines.append(f"    %s = andi %b, %c31 : tile<{N}xi32>")
        subst["s"] = "%s"
    if name == "conversion":
        lines.append(f"    %txi = make_tensor_view %xi, shape = [{N}], strides = [1] : tensor_view<{N}xi32, strides=[1]>")
        lines.append(f"    %pxi = make_partition_view %txi : partition_view<tile=({N}), tensor_view<{N}xi32, strides=[1]>>")
        lines.append(f"    %i, %tki = load_view_tko weak %pxi[%c0] : partition_view<tile=({N}), tensor_view<{N}xi32, strides=[1]>>, tile<i32> -> tile<{N}xi32>, token")
        subst["i"] = "%i"
        lines.append(f"    %x1 = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>")
        lines.append(f"    %xb = broadcast %x1 : tile<1xptr<f32>> -> tile<{N}xptr<f32>>")
        lines.append(f"    %iota = iota : tile<{N}xi32>")
        lines.append(f"    %q = offset %xb, %iota : tile<{N}xptr<f32>>, tile<{N}xi32> -> tile<{N}xptr<f32>>")
        lines.append(f"    %pb0 = ptr_to_int %x : tile<ptr<f32>> -> tile<i64>")
        lines.append(f"    %pb1 = reshape %pb0 : tile<i64> -> tile<1xi64>")
        lines.append(f"    %pbase = broadcast %pb1 : tile<1xi64> -> tile<{N}xi64>")
        subst["q"] = "%q"
    for t in out_types:
        cnt = sum(1 for o in ops if o[1] == t)
        lines.append(f"    %ty_{t} = make_tensor_view %y_{t}, shape = [{cnt * N}], strides = [1] : tensor_view<{cnt * N}x{t}, strides=[1]>")
        lines.append(f"    %py_{t} = make_partition_view %ty_{t} : partition_view<tile=({N}), tensor_view<{cnt * N}x{t}, strides=[1]>>")
    slot = {t: 0 for t in out_types}
    for opname, t, body in ops:
        text = body.format(**subst)
        res = f"%r_{opname}" if f"%r_{opname} =" in text else f"%t_{opname}"
        lines.append(f"    %t_{opname} = {text}")
        cnt = sum(1 for o in ops if o[1] == t)
        lines.append(f"    %s_{opname} = store_view_tko weak {res}, %py_{t}[%c{slot[t]}] : tile<{N}x{t}>, partition_view<tile=({N}), tensor_view<{cnt * N}x{t}, strides=[1]>>, tile<i32> -> token")
        slot[t] += 1
    lines.append("    return")
    lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


FAMILIES = {
    "float": ("f32", 3, FLOAT),
    "math": ("f32", 2, MATH),
    "integer": ("i32", 3, INTEGER),
    "conversion": ("f32", 2, CONVERSION),
    "half": ("f16", 3, HALF),
}

HEADER = """// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: FileCheck %s --input-file=%t.ptx

// Generated by utils/gpu-checks/elementwise-ops/gen.py (and checked on the
// GPU by check.py there): every {family} op of cuda_tile in one kernel that
// ptxas accepts; result k is stored as tile k of the output of its type.
"""

if __name__ == "__main__":
    out = sys.argv[1]
    for fam, (elem, nin, ops) in FAMILIES.items():
        path = os.path.join(out, f"elementwise-{fam}.mlir")
        checks = open(os.path.join(os.path.dirname(__file__), f"checks-{fam}.txt")).read() if os.path.exists(os.path.join(os.path.dirname(__file__), f"checks-{fam}.txt")) else ""
        with open(path, "w") as f:
            f.write(HEADER.format(family=fam) + checks + "\n" + kernel(fam, elem, ops, nin))
