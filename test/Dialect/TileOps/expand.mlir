// tileops-expand: one representative op per family, the emitted cuda_tile
// ops with their operands.
// RUN: tile-opt --tileops-expand %s | FileCheck %s

cuda_tile.module @m {
  // CHECK-LABEL: entry @binary_broadcast_alpha
  entry @binary_broadcast_alpha() {
    // CHECK: %[[A:.*]] = constant <f16: 1.500000e+00> : tile<8x16xf16>
    // CHECK: %[[B:.*]] = constant <f16: 2.000000e+00> : tile<16xf16>
    // CHECK: %[[AF:.*]] = ftof %[[A]] : tile<8x16xf16> -> tile<8x16xf32>
    // CHECK: %[[R:.*]] = reshape %[[B]] : tile<16xf16> -> tile<1x16xf16>
    // CHECK: %[[BB:.*]] = broadcast %[[R]] : tile<1x16xf16> -> tile<8x16xf16>
    // CHECK: %[[BF:.*]] = ftof %[[BB]] : tile<8x16xf16> -> tile<8x16xf32>
    // CHECK: %[[AL:.*]] = constant <f32: 2.000000e+00> : tile<8x16xf32>
    // CHECK: %[[M:.*]] = mulf %[[AL]], %[[BF]] : tile<8x16xf32>
    // CHECK: %[[S:.*]] = addf %[[AF]], %[[M]] : tile<8x16xf32>
    // CHECK: ftof %[[S]] : tile<8x16xf32> -> tile<8x16xf16>
    %a = constant <f16: 1.5> : tile<8x16xf16>
    %b = constant <f16: 2.0> : tile<16xf16>
    %add = tileops.add %a, %b {alpha = 2.0 : f64} : tile<8x16xf16>, tile<16xf16> -> tile<8x16xf16>
    return
  }

  // CHECK-LABEL: entry @gated
  entry @gated() {
    // CHECK: %[[X:.*]] = constant <bf16: 1.000000e+00> : tile<4x32xbf16>
    // CHECK: %[[Z:.*]] = constant <i32: 0> : tile<i32>
    // CHECK: %[[G:.*]] = extract %[[X]][%[[Z]], %[[Z]]] : tile<4x32xbf16> -> tile<4x16xbf16>
    // CHECK: %[[O:.*]] = constant <i32: 1> : tile<i32>
    // CHECK: %[[V:.*]] = extract %[[X]][%[[Z]], %[[O]]] : tile<4x32xbf16> -> tile<4x16xbf16>
    // CHECK: %[[GF:.*]] = ftof %[[G]] : tile<4x16xbf16> -> tile<4x16xf32>
    // CHECK: %[[L:.*]] = constant <f32: -1.44269502> : tile<4x16xf32>
    // CHECK: %[[T:.*]] = mulf %[[GF]], %[[L]]
    // CHECK: %[[E:.*]] = exp2 %[[T]]
    // CHECK: %[[D:.*]] = addf %{{.*}}, %[[E]]
    // CHECK: %[[SI:.*]] = divf %[[GF]], %[[D]]
    // CHECK: %[[VF:.*]] = ftof %[[V]] : tile<4x16xbf16> -> tile<4x16xf32>
    // CHECK: %[[P:.*]] = mulf %[[SI]], %[[VF]]
    // CHECK: ftof %[[P]] : tile<4x16xf32> -> tile<4x16xbf16>
    %g = constant <bf16: 1.0> : tile<4x32xbf16>
    %gm = tileops.silu_and_mul %g : tile<4x32xbf16> -> tile<4x16xbf16>
    return
  }

  // e4m3fn saturates to +-448 with NaN propagation before rounding.
  // CHECK-LABEL: entry @f8_saturate
  entry @f8_saturate() {
    // CHECK: %[[XF:.*]] = ftof %{{.*}} : tile<16xf8E4M3FN> -> tile<16xf32>
    // CHECK: %[[E:.*]] = exp %[[XF]] : tile<16xf32>
    // CHECK: %[[LO:.*]] = maxf %[[E]], %{{.*}} propagate_nan : tile<16xf32>
    // CHECK: %[[HI:.*]] = minf %[[LO]], %{{.*}} propagate_nan : tile<16xf32>
    // CHECK: ftof %[[HI]] : tile<16xf32> -> tile<16xf8E4M3FN>
    // e5m2 rounds without clamping.
    // CHECK: %[[Y:.*]] = exp %{{.*}} : tile<16xf32>
    // CHECK-NEXT: ftof %[[Y]] : tile<16xf32> -> tile<16xf8E5M2>
    %x8 = constant <f8E4M3FN: 1.0> : tile<16xf8E4M3FN>
    %r8 = tileops.exp %x8 : tile<16xf8E4M3FN> -> tile<16xf8E4M3FN>
    %y8 = constant <f8E5M2: 1.0> : tile<16xf8E5M2>
    %s8 = tileops.exp %y8 : tile<16xf8E5M2> -> tile<16xf8E5M2>
    return
  }

  // Integer sign: two signed compares and two selects, no float conversion.
  // CHECK-LABEL: entry @int_sign
  entry @int_sign() {
    // CHECK: %[[X:.*]] = constant <i32: 3> : tile<16xi32>
    // CHECK: %[[Z:.*]] = constant <i32: 0> : tile<16xi32>
    // CHECK: %[[GT:.*]] = cmpi greater_than %[[X]], %[[Z]], signed
    // CHECK: %[[ONE:.*]] = constant <i32: 1> : tile<16xi32>
    // CHECK: %[[LT:.*]] = cmpi less_than %[[X]], %[[Z]], signed
    // CHECK: %[[M1:.*]] = constant <i32: -1> : tile<16xi32>
    // CHECK: %[[S1:.*]] = select %[[LT]], %[[M1]], %[[Z]]
    // CHECK: select %[[GT]], %[[ONE]], %[[S1]]
    // CHECK-NOT: itof
    %xi = constant <i32: 3> : tile<16xi32>
    %si = tileops.sign %xi : tile<16xi32> -> tile<16xi32>
    return
  }

  // PyTorch remainder: fmod, then + b where the signs differ.
  // CHECK-LABEL: entry @remainder
  entry @remainder() {
    // CHECK: %[[M:.*]] = remf %[[A:.*]], %[[B:.*]] : tile<16xf32>
    // CHECK: %[[NZ:.*]] = cmpf not_equal unordered %[[M]], %[[Z:.*]] :
    // CHECK: %[[BN:.*]] = cmpf less_than ordered %[[B]], %[[Z]]
    // CHECK: %[[MN:.*]] = cmpf less_than ordered %[[M]], %[[Z]]
    // CHECK: %[[X:.*]] = xori %[[BN]], %[[MN]] : tile<16xi1>
    // CHECK: %[[F:.*]] = andi %[[NZ]], %[[X]] : tile<16xi1>
    // CHECK: %[[S:.*]] = addf %[[M]], %[[B]]
    // CHECK: select %[[F]], %[[S]], %[[M]]
    %a = constant <f32: 5.0> : tile<16xf32>
    %b = constant <f32: -3.0> : tile<16xf32>
    %r = tileops.remainder %a, %b : tile<16xf32>, tile<16xf32> -> tile<16xf32>
    return
  }

  // erf: clamp to [-4, 4], odd rational polynomial.
  // CHECK-LABEL: entry @erf
  entry @erf() {
    // CHECK: %[[LO:.*]] = maxf %[[X:.*]], %{{.*}} propagate_nan
    // CHECK: %[[C:.*]] = minf %[[LO]], %{{.*}} propagate_nan
    // CHECK: %[[X2:.*]] = mulf %[[C]], %[[C]]
    // CHECK: constant <f32: -2.72614237E-10>
    // CHECK: constant <f32: -1.45660715E-5>
    // CHECK: %[[P:.*]] = mulf %[[C]], %[[NUM:.*]] :
    // CHECK: divf %[[P]], %[[DEN:.*]] rounding<full> :
    %x = constant <f32: 0.5> : tile<16xf32>
    %e = tileops.erf %x : tile<16xf32> -> tile<16xf32>
    return
  }

  // expm1: the Taylor polynomial (FMAs) below |x| = 1/2, exp(x) - 1 above.
  // log1p: log(u) * (x / (u - 1)), the ratio with div.full.
  // CHECK-LABEL: entry @expm1_log1p
  // CHECK: %[[X:.*]] = ftof %{{.*}} : tile<64xf16> -> tile<64xf32>
  // CHECK: %[[C8:.*]] = constant <f32: 2.48015876E-5>
  // CHECK: %[[C7:.*]] = constant <f32: 1.98412701E-4>
  // CHECK: %[[P7:.*]] = fma %[[C8]], %[[X]], %[[C7]] : tile<64xf32>
  // CHECK-COUNT-5: fma
  // CHECK: %[[P:.*]] = fma %{{.*}}, %[[X]], %{{.*}} : tile<64xf32>
  // CHECK: %[[SMALL:.*]] = mulf %[[X]], %[[P]]
  // CHECK: %[[EX:.*]] = exp %[[X]]
  // CHECK: %[[BIG:.*]] = subf %[[EX]], %{{.*}}
  // CHECK: %[[AX:.*]] = absf %[[X]]
  // CHECK: %[[HALF:.*]] = constant <f32: 5.000000e-01>
  // CHECK: %[[LT:.*]] = cmpf less_than ordered %[[AX]], %[[HALF]]
  // CHECK: select %[[LT]], %[[SMALL]], %[[BIG]]
  // CHECK: %[[U:.*]] = addf %{{.*}}, %[[Y:.*]] : tile<64xf32>
  // CHECK: %[[LU:.*]] = log %[[U]]
  // CHECK: %[[UM1:.*]] = subf %[[U]], %{{.*}}
  // CHECK: %[[R:.*]] = divf %[[Y]], %[[UM1]] rounding<full>
  // CHECK: mulf %[[LU]], %[[R]]
  entry @expm1_log1p() {
    %x = constant <f16: 0.25> : tile<64xf16>
    %e = tileops.expm1 %x : tile<64xf16> -> tile<64xf16>
    %l = tileops.log1p %x : tile<64xf16> -> tile<64xf16>
    return
  }

  // Predicates on integers are constants; logical_not compares with 0.
  // CHECK-LABEL: entry @predicates
  entry @predicates() {
    // CHECK: %[[F:.*]] = constant <i1: false> : tile<16xi1>
    // CHECK: %[[Z:.*]] = constant <f32: 0.000000e+00> : tile<16xf32>
    // CHECK: cmpf equal ordered %{{.*}}, %[[Z]] : tile<16xf32> -> tile<16xi1>
    // CHECK: %[[T:.*]] = constant <i1: true> : tile<16xi1>
    // CHECK: xori %{{.*}}, %[[T]] : tile<16xi1>
    %i = constant <i32: 3> : tile<16xi32>
    %x = constant <f32: 1.0> : tile<16xf32>
    %c = constant <i1: true> : tile<16xi1>
    %inf = tileops.isinf %i : tile<16xi32> -> tile<16xi1>
    %ln = tileops.logical_not %x : tile<16xf32> -> tile<16xi1>
    %bn = tileops.bitwise_not %c : tile<16xi1> -> tile<16xi1>
    return
  }

  // Dropout: Philox4x32-10 keyed by the seed, counter (index, 0, offset).
  // CHECK-LABEL: entry @dropout
  entry @dropout(%s: tile<i64>, %o: tile<i64>) {
    // CHECK: %[[K0:.*]] = trunci %arg0 : tile<i64> -> tile<i32>
    // CHECK: %[[SH:.*]] = shri %arg0, %{{.*}} unsigned : tile<i64>
    // CHECK: %[[K1:.*]] = trunci %[[SH]] : tile<i64> -> tile<i32>
    // CHECK: constant <i32: -766435501> : tile<16xi32>
    // CHECK: mulhii %[[IDX:.*]], %{{.*}} : tile<16xi32>
    // CHECK: constant <i32: -1640531527> : tile<i32>
    // CHECK: %[[BITS:.*]] = shri %{{.*}}, %{{.*}} unsigned : tile<16xi32>
    // CHECK: %[[U:.*]] = itof %[[BITS]] signed : tile<16xi32> -> tile<16xf32>
    // CHECK: %[[UN:.*]] = mulf %[[U]], %{{.*}} : tile<16xf32>
    // CHECK: %[[P:.*]] = constant <f32: 2.500000e-01> : tile<16xf32>
    // CHECK: %[[KEEP:.*]] = cmpf greater_than_or_equal ordered %[[UN]], %[[P]]
    // CHECK: %[[SC:.*]] = constant <f32: 1.33333337> : tile<16xf32>
    // CHECK: %[[Y:.*]] = mulf %{{.*}}, %[[SC]]
    // CHECK: select %[[KEEP]], %[[Y]], %{{.*}} : tile<16xi1>, tile<16xf32>
    %x = constant <f32: 1.0> : tile<16xf32>
    %i = constant <i32: 3> : tile<16xi32>
    %d = tileops.dropout %x, %i, %s, %o {p = 0.25 : f64} : tile<16xf32>, tile<16xi32>, tile<i64>, tile<i64> -> tile<16xf32>
    return
  }

  // RoPE: inv_freq = 1 / 10000^(2k/D) as a constant, angle = pos * inv_freq.
  // CHECK-LABEL: entry @rope
  entry @rope() {
    // CHECK: %[[Q:.*]] = constant <f32: 1.000000e+00> : tile<4x8xf32>
    // CHECK: %[[P:.*]] = constant <i32: 2> : tile<4xi32>
    // CHECK: %[[F:.*]] = constant <f32: {{\[\[}}1.000000e+00, 1.000000e-01, 0.00999999977, 1.000000e-03]]> : tile<1x4xf32>
    // CHECK: %[[FB:.*]] = broadcast %[[F]] : tile<1x4xf32> -> tile<4x4xf32>
    // CHECK: %[[PF:.*]] = itof %[[P]] signed : tile<4xi32> -> tile<4xf32>
    // CHECK: %[[PR:.*]] = reshape %[[PF]] : tile<4xf32> -> tile<4x1xf32>
    // CHECK: %[[PB:.*]] = broadcast %[[PR]] : tile<4x1xf32> -> tile<4x4xf32>
    // CHECK: %[[ANG:.*]] = mulf %[[PB]], %[[FB]]
    // CHECK: %[[COS:.*]] = cos %[[ANG]]
    // CHECK: %[[SIN:.*]] = sin %[[ANG]]
    // CHECK: %[[X1:.*]] = extract %[[Q]][%[[Z:.*]], %[[Z]]] : tile<4x8xf32> -> tile<4x4xf32>
    // CHECK: %[[X2:.*]] = extract %[[Q]][%[[Z]], %{{.*}}] : tile<4x8xf32> -> tile<4x4xf32>
    // CHECK: %[[A:.*]] = mulf %[[X1]], %[[COS]]
    // CHECK: %[[B:.*]] = mulf %[[X2]], %[[SIN]]
    // CHECK: %[[Y1:.*]] = subf %[[A]], %[[B]]
    // CHECK: %[[C:.*]] = mulf %[[X2]], %[[COS]]
    // CHECK: %[[D:.*]] = mulf %[[X1]], %[[SIN]]
    // CHECK: %[[Y2:.*]] = addf %[[C]], %[[D]]
    // CHECK: cat %[[Y1]], %[[Y2]] dim = 1 : tile<4x4xf32>, tile<4x4xf32> -> tile<4x8xf32>
    %q = constant <f32: 1.0> : tile<4x8xf32>
    %p = constant <i32: 2> : tile<4xi32>
    %rope = tileops.rope_neox %q, %p : tile<4x8xf32>, tile<4xi32> -> tile<4x8xf32>
    return
  }

  // Non-neox pairs (x[2j], x[2j+1]) through a (.., D/2, 2) reshape.
  // CHECK-LABEL: entry @rope_interleaved
  entry @rope_interleaved() {
    // CHECK: %[[R:.*]] = reshape %{{.*}} : tile<2x4xf16> -> tile<2x2x2xf16>
    // CHECK: %[[E:.*]] = extract %[[R]][%[[Z:.*]], %[[Z]], %[[Z]]] : tile<2x2x2xf16> -> tile<2x2x1xf16>
    // CHECK: %[[O:.*]] = extract %[[R]][%[[Z]], %[[Z]], %{{.*}}] : tile<2x2x2xf16> -> tile<2x2x1xf16>
    // CHECK: cat %{{.*}}, %{{.*}} dim = 2 : tile<2x2x1xf16>, tile<2x2x1xf16> -> tile<2x2x2xf16>
    // CHECK: reshape %{{.*}} : tile<2x2x2xf16> -> tile<2x4xf16>
    %q = constant <f16: 1.0> : tile<2x4xf16>
    %p = constant <i32: 2> : tile<2xi32>
    %rope = tileops.rope_non_neox %q, %p : tile<2x4xf16>, tile<2xi32> -> tile<2x4xf16>
    return
  }

  // ALiBi: -2^(-8 (h + 1) / H) |i - j|.
  // CHECK-LABEL: entry @alibi
  entry @alibi() {
    // CHECK: %[[H1:.*]] = addi %[[H:.*]], %{{.*}} : tile<16xi32>
    // CHECK: %[[HF:.*]] = itof %[[H1]] signed
    // CHECK: %[[S:.*]] = constant <f32: -2.000000e+00> : tile<16xf32>
    // CHECK: %[[E:.*]] = mulf %[[HF]], %[[S]]
    // CHECK: %[[M:.*]] = exp2 %[[E]]
    // CHECK: %[[D:.*]] = subi
    // CHECK: %[[A:.*]] = absi %[[D]]
    // CHECK: %[[AF:.*]] = itof %[[A]] signed
    // CHECK: %[[P:.*]] = mulf %[[M]], %[[AF]]
    // CHECK: %[[N:.*]] = negf %[[P]]
    // CHECK: ftof %[[N]] : tile<16xf32> -> tile<16xf16>
    %i = constant <i32: 3> : tile<16xi32>
    %al = tileops.alibi %i, %i, %i {num_heads = 4 : i64} : tile<16xi32>, tile<16xi32>, tile<16xi32> -> tile<16xf16>
    return
  }
}
