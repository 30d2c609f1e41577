// Every tileops op (73) parses, verifies and expands into cuda_tile ops that verify.
// (73 ops)
// RUN: tile-opt %s | tile-opt | FileCheck %s --check-prefix=ROUND
// RUN: tile-opt --tileops-expand %s | FileCheck %s --check-prefix=EXPAND
// EXPAND-NOT: tileops.

cuda_tile.module @all {
  entry @ops(%p: tile<ptr<f16>>, %seed: tile<i64>, %off: tile<i64>) {
    %x = constant <f16: 1.5> : tile<8x16xf16>
    %y = constant <f16: -2.0> : tile<8x16xf16>
    %r = constant <f16: 3.0> : tile<16xf16>
    %c = constant <i1: true> : tile<8x16xi1>
    %i = constant <i32: 5> : tile<8x16xi32>
    %j = constant <i32: 2> : tile<8x16xi32>
    %pos = constant <i32: 3> : tile<8xi32>
    %g = constant <f16: 0.5> : tile<8x32xf16>
    %exp = tileops.exp %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.exp %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %exp2 = tileops.exp2 %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.exp2 %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %log = tileops.log %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.log %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %sqrt = tileops.sqrt %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.sqrt %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %rsqrt = tileops.rsqrt %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.rsqrt %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %abs = tileops.abs %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.abs %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %neg = tileops.neg %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.neg %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %reciprocal = tileops.reciprocal %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.reciprocal %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %sign = tileops.sign %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.sign %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %sin = tileops.sin %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.sin %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %cos = tileops.cos %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.cos %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %floor = tileops.floor %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.floor %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %ceil = tileops.ceil %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.ceil %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %round = tileops.round %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.round %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %trunc = tileops.trunc %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.trunc %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %erf = tileops.erf %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.erf %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %log1p = tileops.log1p %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.log1p %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %expm1 = tileops.expm1 %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.expm1 %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %relu = tileops.relu %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.relu %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %gelu = tileops.gelu %x {approximate = "tanh"} : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.gelu %{{.*}} {approximate = "tanh"} : tile<8x16xf16> -> tile<8x16xf16>
    %silu = tileops.silu %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.silu %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %sigmoid = tileops.sigmoid %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.sigmoid %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %tanh = tileops.tanh %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.tanh %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %hardswish = tileops.hardswish %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.hardswish %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %hardsigmoid = tileops.hardsigmoid %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.hardsigmoid %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %mish = tileops.mish %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.mish %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %selu = tileops.selu %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.selu %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %leaky_relu = tileops.leaky_relu %x {negative_slope = 2.000000e-01 : f64} : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.leaky_relu %{{.*}} {negative_slope = 2.000000e-01 : f64} : tile<8x16xf16> -> tile<8x16xf16>
    %elu = tileops.elu %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.elu %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %hardtanh = tileops.hardtanh %x {max_val = 2.000000e+00 : f64, min_val = -2.000000e+00 : f64} : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.hardtanh %{{.*}} {max_val = 2.000000e+00 : f64, min_val = -2.000000e+00 : f64} : tile<8x16xf16> -> tile<8x16xf16>
    %softplus = tileops.softplus %x : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.softplus %{{.*}} : tile<8x16xf16> -> tile<8x16xf16>
    %nan_to_num = tileops.nan_to_num %x {posinf = 1.000000e+04 : f64} : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.nan_to_num %{{.*}} {posinf = 1.000000e+04 : f64} : tile<8x16xf16> -> tile<8x16xf16>
    %add = tileops.add %x, %r {alpha = 2.000000e+00 : f64} : tile<8x16xf16>, tile<16xf16> -> tile<8x16xf16>
    // ROUND: tileops.add %{{.*}}, %{{.*}} {alpha = 2.000000e+00 : f64} : tile<8x16xf16>, tile<16xf16> -> tile<8x16xf16>
    %sub = tileops.sub %x, %y : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.sub %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    %mul = tileops.mul %x, %y : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.mul %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    %div = tileops.div %x, %y {rounding_mode = "floor"} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.div %{{.*}}, %{{.*}} {rounding_mode = "floor"} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    %remainder = tileops.remainder %x, %y : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.remainder %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    %pow = tileops.pow %x, %y : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.pow %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    %floor_divide = tileops.floor_divide %x, %y : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.floor_divide %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    %lerp = tileops.lerp %x, %y {weight = 7.500000e-01 : f64} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.lerp %{{.*}}, %{{.*}} {weight = 7.500000e-01 : f64} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    %maximum = tileops.maximum %x, %r : tile<8x16xf16>, tile<16xf16> -> tile<8x16xf16>
    // ROUND: tileops.maximum %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<16xf16> -> tile<8x16xf16>
    %minimum = tileops.minimum %x, %y : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.minimum %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    %prelu = tileops.prelu %x, %r : tile<8x16xf16>, tile<16xf16> -> tile<8x16xf16>
    // ROUND: tileops.prelu %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<16xf16> -> tile<8x16xf16>
    %eq = tileops.eq %x, %y : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    // ROUND: tileops.eq %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    %ne = tileops.ne %x, %y : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    // ROUND: tileops.ne %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    %gt = tileops.gt %x, %y : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    // ROUND: tileops.gt %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    %lt = tileops.lt %x, %y : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    // ROUND: tileops.lt %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    %ge = tileops.ge %x, %y : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    // ROUND: tileops.ge %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    %le = tileops.le %x, %y : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    // ROUND: tileops.le %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    %logical_and = tileops.logical_and %x, %y : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    // ROUND: tileops.logical_and %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    %logical_or = tileops.logical_or %x, %y : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    // ROUND: tileops.logical_or %{{.*}}, %{{.*}} : tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xi1>
    %bitwise_and = tileops.bitwise_and %i, %j : tile<8x16xi32>, tile<8x16xi32> -> tile<8x16xi32>
    // ROUND: tileops.bitwise_and %{{.*}}, %{{.*}} : tile<8x16xi32>, tile<8x16xi32> -> tile<8x16xi32>
    %bitwise_or = tileops.bitwise_or %i, %j : tile<8x16xi32>, tile<8x16xi32> -> tile<8x16xi32>
    // ROUND: tileops.bitwise_or %{{.*}}, %{{.*}} : tile<8x16xi32>, tile<8x16xi32> -> tile<8x16xi32>
    %bitwise_xor = tileops.bitwise_xor %i, %j : tile<8x16xi32>, tile<8x16xi32> -> tile<8x16xi32>
    // ROUND: tileops.bitwise_xor %{{.*}}, %{{.*}} : tile<8x16xi32>, tile<8x16xi32> -> tile<8x16xi32>
    %bitwise_not = tileops.bitwise_not %c : tile<8x16xi1> -> tile<8x16xi1>
    // ROUND: tileops.bitwise_not %{{.*}} : tile<8x16xi1> -> tile<8x16xi1>
    %logical_not = tileops.logical_not %x : tile<8x16xf16> -> tile<8x16xi1>
    // ROUND: tileops.logical_not %{{.*}} : tile<8x16xf16> -> tile<8x16xi1>
    %isnan = tileops.isnan %x : tile<8x16xf16> -> tile<8x16xi1>
    // ROUND: tileops.isnan %{{.*}} : tile<8x16xf16> -> tile<8x16xi1>
    %isinf = tileops.isinf %x : tile<8x16xf16> -> tile<8x16xi1>
    // ROUND: tileops.isinf %{{.*}} : tile<8x16xf16> -> tile<8x16xi1>
    %isfinite = tileops.isfinite %x : tile<8x16xf16> -> tile<8x16xi1>
    // ROUND: tileops.isfinite %{{.*}} : tile<8x16xf16> -> tile<8x16xi1>
    %where = tileops.where %c, %x, %y : tile<8x16xi1>, tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.where %{{.*}}, %{{.*}}, %{{.*}} : tile<8x16xi1>, tile<8x16xf16>, tile<8x16xf16> -> tile<8x16xf16>
    %clamp = tileops.clamp %x {max = 1.000000e+00 : f64, min = -1.000000e+00 : f64} : tile<8x16xf16> -> tile<8x16xf16>
    // ROUND: tileops.clamp %{{.*}} {max = 1.000000e+00 : f64, min = -1.000000e+00 : f64} : tile<8x16xf16> -> tile<8x16xf16>
    %masked_fill = tileops.masked_fill %x, %c {value = 7.000000e+00 : f64} : tile<8x16xf16>, tile<8x16xi1> -> tile<8x16xf16>
    // ROUND: tileops.masked_fill %{{.*}}, %{{.*}} {value = 7.000000e+00 : f64} : tile<8x16xf16>, tile<8x16xi1> -> tile<8x16xf16>
    %silu_and_mul = tileops.silu_and_mul %g : tile<8x32xf16> -> tile<8x16xf16>
    // ROUND: tileops.silu_and_mul %{{.*}} : tile<8x32xf16> -> tile<8x16xf16>
    %gelu_and_mul = tileops.gelu_and_mul %g : tile<8x32xf16> -> tile<8x16xf16>
    // ROUND: tileops.gelu_and_mul %{{.*}} : tile<8x32xf16> -> tile<8x16xf16>
    %gelu_tanh_and_mul = tileops.gelu_tanh_and_mul %g : tile<8x32xf16> -> tile<8x16xf16>
    // ROUND: tileops.gelu_tanh_and_mul %{{.*}} : tile<8x32xf16> -> tile<8x16xf16>
    %rope_neox = tileops.rope_neox %x, %pos : tile<8x16xf16>, tile<8xi32> -> tile<8x16xf16>
    // ROUND: tileops.rope_neox %{{.*}}, %{{.*}}{{.*}} : tile<8x16xf16>, tile<8xi32> -> tile<8x16xf16>
    %rope_non_neox = tileops.rope_non_neox %x, %pos : tile<8x16xf16>, tile<8xi32> -> tile<8x16xf16>
    // ROUND: tileops.rope_non_neox %{{.*}}, %{{.*}}{{.*}} : tile<8x16xf16>, tile<8xi32> -> tile<8x16xf16>
    %rope_llama31 = tileops.rope_llama31 %x, %pos : tile<8x16xf16>, tile<8xi32> -> tile<8x16xf16>
    // ROUND: tileops.rope_llama31 %{{.*}}, %{{.*}}{{.*}} : tile<8x16xf16>, tile<8xi32> -> tile<8x16xf16>
    %rope_yarn = tileops.rope_yarn %x, %pos : tile<8x16xf16>, tile<8xi32> -> tile<8x16xf16>
    // ROUND: tileops.rope_yarn %{{.*}}, %{{.*}}{{.*}} : tile<8x16xf16>, tile<8xi32> -> tile<8x16xf16>
    %rope_longrope = tileops.rope_longrope %x, %pos {rescale_factors = array<f64: 1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7>} : tile<8x16xf16>, tile<8xi32> -> tile<8x16xf16>
    // ROUND: tileops.rope_longrope %{{.*}}, %{{.*}}{{.*}} : tile<8x16xf16>, tile<8xi32> -> tile<8x16xf16>
    %dropout = tileops.dropout %x, %i, %seed, %off {p = 2.500000e-01 : f64} : tile<8x16xf16>, tile<8x16xi32>, tile<i64>, tile<i64> -> tile<8x16xf16>
    // ROUND: tileops.dropout %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {p = 2.500000e-01 : f64} : tile<8x16xf16>, tile<8x16xi32>, tile<i64>, tile<i64> -> tile<8x16xf16>
    %alibi = tileops.alibi %i, %j, %i {num_heads = 8 : i64} : tile<8x16xi32>, tile<8x16xi32>, tile<8x16xi32> -> tile<8x16xf16>
    // ROUND: tileops.alibi %{{.*}}, %{{.*}}, %{{.*}} {num_heads = 8 : i64} : tile<8x16xi32>, tile<8x16xi32>, tile<8x16xi32> -> tile<8x16xf16>
    %sinusoidal = tileops.sinusoidal %i, %j {d_model = 16 : i64} : tile<8x16xi32>, tile<8x16xi32> -> tile<8x16xf32>
    // ROUND: tileops.sinusoidal %{{.*}}, %{{.*}} {d_model = 16 : i64} : tile<8x16xi32>, tile<8x16xi32> -> tile<8x16xf32>
    return
  }
}
