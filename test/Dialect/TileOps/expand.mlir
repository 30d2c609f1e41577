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
    // a + alpha * b as one fma (PyTorch's nvcc kernels contract it).
    // CHECK: %[[S:.*]] = fma %[[AL]], %[[BF]], %[[AF]] : tile<8x16xf32>
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
  // floor_divide of f16 (bf16, f8): floor of the div.full quotient, one
  // step down or up by the signs of x - f y and x - (f + 1) y (fmas);
  // f32 keeps the fmod form (remf).
  // CHECK-LABEL: entry @floor_divide_narrow
  entry @floor_divide_narrow() {
    // CHECK: %[[X:.*]] = ftof %{{.*}} : tile<64xf16> -> tile<64xf32>
    // CHECK: %[[Y:.*]] = ftof %{{.*}} : tile<64xf16> -> tile<64xf32>
    // CHECK: %[[Z:.*]] = constant <f32: 0.000000e+00>
    // CHECK: %[[ONE:.*]] = constant <f32: 1.000000e+00>
    // CHECK: %[[Q:.*]] = divf %[[X]], %[[Y]] rounding<full>
    // CHECK: %[[F:.*]] = floor %[[Q]]
    // CHECK: %[[F0:.*]] = cmpf equal ordered %[[F]], %[[Z]]
    // CHECK: %[[NF:.*]] = negf %[[F]]
    // CHECK: %[[R0F:.*]] = fma %[[NF]], %[[Y]], %[[X]]
    // CHECK: %[[R0:.*]] = select %[[F0]], %[[X]], %[[R0F]]
    // CHECK: %[[UP:.*]] = addf %[[F]], %[[ONE]]
    // CHECK: %[[NU:.*]] = negf %[[UP]]
    // CHECK: %[[R1:.*]] = fma %[[NU]], %[[Y]], %[[X]]
    // CHECK: %[[YN:.*]] = cmpf less_than ordered %[[Y]], %[[Z]]
    // CHECK: %[[G0:.*]] = cmpf greater_than ordered %[[R0]], %[[Z]]
    // CHECK: %[[L0:.*]] = cmpf less_than ordered %[[R0]], %[[Z]]
    // CHECK: %[[OVER:.*]] = select %[[YN]], %[[G0]], %[[L0]]
    // CHECK: %[[LE1:.*]] = cmpf less_than_or_equal ordered %[[R1]], %[[Z]]
    // CHECK: %[[GE1:.*]] = cmpf greater_than_or_equal ordered %[[R1]], %[[Z]]
    // CHECK: %[[UNDER:.*]] = select %[[YN]], %[[LE1]], %[[GE1]]
    // CHECK: %[[DOWN:.*]] = subf %[[F]], %[[ONE]]
    // CHECK: %[[S1:.*]] = select %[[UNDER]], %[[UP]], %[[F]]
    // CHECK: %[[S2:.*]] = select %[[OVER]], %[[DOWN]], %[[S1]]
    // CHECK: %[[AX:.*]] = absf %[[X]]
    // CHECK: %[[INF:.*]] = constant <f32: 0x7F800000>
    // CHECK: %[[XI:.*]] = cmpf equal ordered %[[AX]], %[[INF]]
    // CHECK: %[[YNZ:.*]] = cmpf not_equal unordered %[[Y]], %[[Z]]
    // CHECK: %[[NC:.*]] = andi %[[XI]], %[[YNZ]]
    // CHECK: %[[NAN:.*]] = constant <f32: 0x7FC00000>
    // CHECK: %[[RES:.*]] = select %[[NC]], %[[NAN]], %[[S2]]
    // CHECK: ftof %[[RES]] : tile<64xf32> -> tile<64xf16>
    // CHECK-NOT: remf
    // CHECK: remf %{{.*}} : tile<64xf32>
    // CHECK: return
    %a = constant <f16: 7.0> : tile<64xf16>
    %b = constant <f16: -2.0> : tile<64xf16>
    %q = tileops.floor_divide %a, %b : tile<64xf16>, tile<64xf16> -> tile<64xf16>
    %c = constant <f32: 3.0> : tile<64xf32>
    %r = tileops.floor_divide %c, %c : tile<64xf32>, tile<64xf32> -> tile<64xf32>
    return
  }

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
  // log1p of an f32 result: log(u) * (x / (u - 1)), the ratio with div.full.
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
  // CHECK: %[[Y:.*]] = ftof %{{.*}} : tile<64xf16> -> tile<64xf32>
  // CHECK: %[[U:.*]] = addf %{{.*}}, %[[Y]] : tile<64xf32>
  // CHECK: %[[LU:.*]] = log %[[U]]
  // CHECK: %[[UM1:.*]] = subf %[[U]], %{{.*}}
  // CHECK: %[[R:.*]] = divf %[[Y]], %[[UM1]] rounding<full>
  // CHECK: mulf %[[LU]], %[[R]]
  entry @expm1_log1p() {
    %x = constant <f16: 0.25> : tile<64xf16>
    %e = tileops.expm1 %x : tile<64xf16> -> tile<64xf16>
    %xf = ftof %x : tile<64xf16> -> tile<64xf32>
    %l = tileops.log1p %xf : tile<64xf32> -> tile<64xf32>
    return
  }

  // mish: x * n / (n + 2) with n = t (t + 2), t = exp(x) (tanh(log1p(t))
  // as one quotient, div.full), x itself above 20; softplus with beta = 1
  // neither scales nor divides; for a bf16 result e^x is ex2.approx and
  // log1p has no division (the degree-5 polynomial below 2^-5, ln2 lg2.approx(1 + e^x) above).
  // CHECK-LABEL: entry @mish_softplus
  // CHECK: %[[X:.*]] = ftof %{{.*}} : tile<64xbf16> -> tile<64xf32>
  // CHECK: %[[T:.*]] = exp %[[X]]
  // CHECK: %[[TWO:.*]] = constant <f32: 2.000000e+00>
  // CHECK: %[[T2:.*]] = addf %[[T]], %[[TWO]]
  // CHECK: %[[N:.*]] = mulf %[[T]], %[[T2]]
  // CHECK: %[[N2:.*]] = addf %[[N]], %{{.*}}
  // CHECK: %[[Q:.*]] = divf %[[N]], %[[N2]] rounding<full>
  // CHECK: %[[M:.*]] = mulf %[[X]], %[[Q]]
  // CHECK: %[[TH:.*]] = constant <f32: 2.000000e+01>
  // CHECK: %[[BIG:.*]] = cmpf greater_than ordered %[[X]], %[[TH]]
  // CHECK: select %[[BIG]], %[[X]], %[[M]]
  // CHECK-NOT: tanh
  // CHECK: %[[S:.*]] = ftof %{{.*}} : tile<64xbf16> -> tile<64xf32>
  // CHECK-NOT: mulf %[[S]]
  // CHECK: %[[E:.*]] = exp %[[S]] rounding<approx>
  // CHECK: %[[U:.*]] = addf %{{.*}}, %[[E]]
  // CHECK: %[[L2:.*]] = log2 %[[U]] rounding<approx> flush_to_zero
  // CHECK: %[[LU:.*]] = mulf %[[L2]], %{{.*}}
  // CHECK: %[[C5:.*]] = constant <f32: 2.000000e-01>
  // CHECK: %[[C4:.*]] = constant <f32: -2.500000e-01>
  // CHECK: fma %[[C5]], %[[E]], %[[C4]]
  // CHECK-COUNT-3: fma %{{.*}}, %[[E]],
  // CHECK: %[[AE:.*]] = absf %[[E]]
  // CHECK: %[[T5:.*]] = constant <f32: 3.125000e-02>
  // CHECK: %[[SM:.*]] = cmpf less_than ordered %[[AE]], %[[T5]]
  // CHECK: %[[P:.*]] = mulf %[[E]], %{{.*}}
  // CHECK: %[[L1:.*]] = select %[[SM]], %[[P]], %[[LU]]
  // CHECK: %[[GT:.*]] = cmpf greater_than ordered %[[S]]
  // CHECK: select %[[GT]], %[[S]], %[[L1]]
  // CHECK-NOT: divf
  // CHECK: return
  entry @mish_softplus() {
    %x = constant <bf16: 0.25> : tile<64xbf16>
    %m = tileops.mish %x : tile<64xbf16> -> tile<64xbf16>
    %s = tileops.softplus %x : tile<64xbf16> -> tile<64xbf16>
    return
  }

  // Narrow results (f16, bf16, f8): pow = 2^(b log2|a|), log2|a| from a
  // degree-7 polynomial t q(t) in t = |a| - 1 for |t| < 2^(1/4) - 1, else
  // lg2.approx (log2 rounding<approx>, .ftz for f16), then ex2.approx; 1 for
  // b == 0 and |a| == 1, the sign of a for odd integer b (|b| + 2^23 exact
  // with its last bit set), NaN for finite a < 0 (one unsigned compare of
  // its bits) and non-integer b; log1p = x below 2^-(24-p) (f16 2^-13,
  // bf16 2^-16), else log(1 + x), no division. f32 results keep
  // cuda_tile's pow (libdevice powf).
  // CHECK-LABEL: entry @narrow_pow_log1p
  // CHECK: %[[A:.*]] = ftof %{{.*}} : tile<16xf16> -> tile<16xf32>
  // CHECK: %[[B:.*]] = ftof %{{.*}} : tile<16xf16> -> tile<16xf32>
  // CHECK: %[[AA:.*]] = absf %[[A]]
  // CHECK: %[[T:.*]] = subf %[[AA]], %{{.*}}
  // CHECK: constant <f32: 0.21787791>
  // CHECK-COUNT-6: fma %{{.*}}, %[[T]], %{{.*}}
  // CHECK: %[[LG:.*]] = log2 %[[AA]] rounding<approx> flush_to_zero
  // CHECK: %[[AT:.*]] = absf %[[T]]
  // CHECK: %[[NEAR:.*]] = cmpf less_than ordered %[[AT]], %{{.*}}
  // CHECK: %[[P:.*]] = mulf %[[T]], %{{.*}}
  // CHECK: %[[L:.*]] = select %[[NEAR]], %[[P]], %[[LG]]
  // CHECK: %[[Y:.*]] = mulf %[[B]], %[[L]]
  // CHECK: %[[R:.*]] = exp2 %[[Y]] flush_to_zero
  // CHECK: %[[B0:.*]] = cmpf equal ordered %[[B]], %{{.*}}
  // CHECK: %[[A1:.*]] = cmpf equal ordered %[[AA]], %{{.*}}
  // CHECK: %[[ONE:.*]] = ori %[[B0]], %[[A1]]
  // CHECK: %[[R1:.*]] = select %[[ONE]], %{{.*}}, %[[R]]
  // CHECK: %[[AB:.*]] = absf %[[B]]
  // CHECK: %[[S:.*]] = addf %[[AB]], %{{.*}}
  // CHECK: %[[D:.*]] = subf %[[S]], %{{.*}}
  // CHECK: %[[BINT:.*]] = cmpf equal ordered %[[D]], %[[AB]]
  // CHECK: %[[SBITS:.*]] = bitcast %[[S]] : tile<16xf32> -> tile<16xi32>
  // CHECK: %[[LSB:.*]] = andi %[[SBITS]], %{{.*}}
  // CHECK: %[[ODD0:.*]] = cmpi not_equal %[[LSB]], %{{.*}}
  // CHECK: %[[BITS:.*]] = bitcast %[[A]] : tile<16xf32> -> tile<16xi32>
  // CHECK: %[[ODD:.*]] = andi %[[ODD0]], %[[BINT]]
  // CHECK: %[[SB:.*]] = cmpi less_than %[[BITS]], %{{.*}}, signed
  // CHECK: %[[NEGR:.*]] = andi %[[ODD]], %[[SB]]
  // CHECK: %[[MR:.*]] = negf %[[R1]]
  // CHECK: %[[SR:.*]] = select %[[NEGR]], %[[MR]], %[[R1]]
  // CHECK: %[[NB:.*]] = subi %[[BITS]], %{{.*}}
  // CHECK: %[[NF:.*]] = cmpi less_than %[[NB]], %{{.*}}, unsigned
  // CHECK: %[[NINT:.*]] = xori %[[BINT]], %{{.*}}
  // CHECK: %[[ISNAN:.*]] = andi %[[NF]], %[[NINT]]
  // CHECK: %[[NAN:.*]] = constant <f32: 0x7FC00000>
  // CHECK: %[[PR:.*]] = select %[[ISNAN]], %[[NAN]], %[[SR]]
  // CHECK: ftof %[[PR]] : tile<16xf32> -> tile<16xf16>
  // CHECK: %[[X:.*]] = ftof %{{.*}} : tile<16xf16> -> tile<16xf32>
  // CHECK: %[[U:.*]] = addf %{{.*}}, %[[X]]
  // CHECK: %[[LU:.*]] = log %[[U]]
  // CHECK: %[[AX:.*]] = absf %[[X]]
  // CHECK: %[[T:.*]] = constant <f32: 1.22070313E-4>
  // CHECK: %[[SMALL:.*]] = cmpf less_than ordered %[[AX]], %[[T]]
  // CHECK: %[[LR:.*]] = select %[[SMALL]], %[[X]], %[[LU]]
  // CHECK: ftof %[[LR]] : tile<16xf32> -> tile<16xf16>
  // CHECK: constant <f32: 1.52587891E-5>
  // CHECK: ftof %{{.*}} : tile<16xf32> -> tile<16xbf16>
  // CHECK-NOT: divf
  // CHECK: pow %{{.*}}, %{{.*}} : tile<16xf32>
  // CHECK-NEXT: return
  entry @narrow_pow_log1p() {
    %a = constant <f16: 0.25> : tile<16xf16>
    %b = constant <f16: 3.0> : tile<16xf16>
    %p = tileops.pow %a, %b : tile<16xf16>, tile<16xf16> -> tile<16xf16>
    %l = tileops.log1p %a : tile<16xf16> -> tile<16xf16>
    %h = constant <bf16: 0.25> : tile<16xbf16>
    %lb = tileops.log1p %h : tile<16xbf16> -> tile<16xbf16>
    %f = constant <f32: 0.25> : tile<16xf32>
    %pf = tileops.pow %f, %f : tile<16xf32>, tile<16xf32> -> tile<16xf32>
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

  // Dropout: element i takes word i mod 4 of Philox4x32-10 keyed by the
  // seed at counter (i / 4, 0, offset). An index that is not provably
  // 4k..4k+3 per group (here a constant) computes a block per element and
  // selects the word by i & 3.
  // CHECK-LABEL: entry @dropout
  entry @dropout(%s: tile<i64>, %o: tile<i64>) {
    // CHECK: %[[I:.*]] = constant <i32: 3> : tile<16xi32>
    // CHECK: %[[C0:.*]] = shri %[[I]], %{{.*}} unsigned : tile<16xi32>
    // CHECK: %[[K0:.*]] = trunci %arg0 : tile<i64> -> tile<i32>
    // CHECK: %[[SH:.*]] = shri %arg0, %{{.*}} unsigned : tile<i64>
    // CHECK: %[[K1:.*]] = trunci %[[SH]] : tile<i64> -> tile<i32>
    // CHECK: constant <i32: -766435501> : tile<16xi32>
    // CHECK: mulhii %[[C0]], %{{.*}} : tile<16xi32>
    // CHECK: constant <i32: -1640531527> : tile<i32>
    // CHECK: %[[LANE:.*]] = andi %[[I]], %{{.*}} : tile<16xi32>
    // CHECK: %[[L0:.*]] = cmpi equal %[[LANE]], %{{.*}}
    // CHECK: %[[W:.*]] = select %[[L0]], %{{.*}}, %{{.*}} : tile<16xi1>, tile<16xi32>
    // CHECK: %[[BITS:.*]] = shri %[[W]], %{{.*}} unsigned : tile<16xi32>
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

  // The kernel builder's index, base * 16 + iota: one block per 4
  // elements, computed on the (4, 1) tile of the groups' first indices,
  // its words joined by cat.
  // CHECK-LABEL: entry @dropout_ramp
  entry @dropout_ramp(%s: tile<i64>, %o: tile<i64>, %b: tile<i32>) {
    // CHECK: %[[R:.*]] = reshape %[[IDX:.*]] : tile<16xi32> -> tile<4x4xi32>
    // CHECK: %[[F:.*]] = extract %[[R]][%{{.*}}, %{{.*}}] : tile<4x4xi32> -> tile<4x1xi32>
    // CHECK: %[[C0:.*]] = shri %[[F]], %{{.*}} unsigned : tile<4x1xi32>
    // CHECK: mulhii %[[C0]], %{{.*}} : tile<4x1xi32>
    // CHECK: %[[W01:.*]] = cat %[[W0:.*]], %[[W1:.*]] dim = 1 : tile<4x1xi32>, tile<4x1xi32> -> tile<4x2xi32>
    // CHECK: %[[W23:.*]] = cat %{{.*}}, %{{.*}} dim = 1 : tile<4x1xi32>, tile<4x1xi32> -> tile<4x2xi32>
    // CHECK: %[[W:.*]] = cat %[[W01]], %[[W23]] dim = 1 : tile<4x2xi32>, tile<4x2xi32> -> tile<4x4xi32>
    // CHECK: %[[WF:.*]] = reshape %[[W]] : tile<4x4xi32> -> tile<16xi32>
    // CHECK: shri %[[WF]], %{{.*}} unsigned : tile<16xi32>
    %x = constant <f16: 1.0> : tile<16xf16>
    %c = constant <i32: 16> : tile<i32>
    %base = muli %b, %c : tile<i32>
    %b1 = reshape %base : tile<i32> -> tile<1xi32>
    %bb = broadcast %b1 : tile<1xi32> -> tile<16xi32>
    %iota = iota : tile<16xi32>
    %i = addi %bb, %iota : tile<16xi32>
    %d = tileops.dropout %x, %i, %s, %o {p = 0.5 : f64} : tile<16xf16>, tile<16xi32>, tile<i64>, tile<i64> -> tile<16xf16>
    return
  }

  // sin/cos of f16 (|x| <= 65504 < 2^17): Cody-Waite with three parts of
  // pi/2 and the [-pi/4, pi/4] polynomials, no libdevice call; bf16 keeps
  // `sin` (its range needs Payne-Hanek).
  // CHECK-LABEL: entry @sincos
  entry @sincos() {
    // CHECK: %[[X:.*]] = ftof %{{.*}} : tile<16xf16> -> tile<16xf32>
    // CHECK: %[[M:.*]] = constant <f32: 0x4B400000> : tile<16xf32>
    // CHECK: %[[JM:.*]] = fma %[[X]], %{{.*}}, %[[M]] : tile<16xf32>
    // CHECK: %[[J:.*]] = subf %[[JM]], %[[M]] : tile<16xf32>
    // CHECK: %[[P1:.*]] = constant <f32: -1.57079625> : tile<16xf32>
    // CHECK: %[[R1:.*]] = fma %[[J]], %[[P1]], %[[X]] : tile<16xf32>
    // CHECK: %[[R2:.*]] = fma %[[J]], %{{.*}}, %[[R1]] : tile<16xf32>
    // CHECK: %[[R:.*]] = fma %[[J]], %{{.*}}, %[[R2]] : tile<16xf32>
    // CHECK: %[[Z:.*]] = mulf %[[R]], %[[R]] : tile<16xf32>
    // j mod 4 from the bits of 1.5 2^23 + x 2/pi (no ftoi).
    // CHECK-NOT: ftoi
    // CHECK: %[[JB:.*]] = bitcast %[[JM]] : tile<16xf32> -> tile<16xi32>
    // CHECK: %[[Q:.*]] = andi %[[JB]], %{{.*}} : tile<16xi32>
    // CHECK: %[[ODD:.*]] = cmpi equal %{{.*}}, %{{.*}}, signed : tile<16xi32> -> tile<16xi1>
    // CHECK: %[[V:.*]] = select %[[ODD]], %[[COSP:.*]], %[[SINP:.*]] : tile<16xi1>, tile<16xf32>
    // CHECK: %[[NV:.*]] = negf %[[V]]
    // CHECK: select %{{.*}}, %[[NV]], %[[V]]
    // CHECK-NOT: sin %
    // CHECK: %[[QC:.*]] = addi %{{.*}}, %{{.*}} : tile<16xi32>
    // CHECK: sin %{{.*}} : tile<16xf32>
    // CHECK: return
    %h = constant <f16: 1.0> : tile<16xf16>
    %b = constant <bf16: 1.0> : tile<16xbf16>
    %s = tileops.sin %h : tile<16xf16> -> tile<16xf16>
    %c = tileops.cos %h : tile<16xf16> -> tile<16xf16>
    %t = tileops.sin %b : tile<16xbf16> -> tile<16xbf16>
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
    // CHECK: %[[X1:.*]] = extract %[[Q]][%[[Z:.*]], %[[Z]]] : tile<4x8xf32> -> tile<4x4xf32>
    // CHECK: %[[X2:.*]] = extract %[[Q]][%[[Z]], %{{.*}}] : tile<4x8xf32> -> tile<4x4xf32>
    // CHECK: %[[COS:.*]] = cos %[[ANG]]
    // CHECK: %[[SIN:.*]] = sin %[[ANG]]
    // CHECK: %[[B:.*]] = mulf %[[X2]], %[[SIN]]
    // CHECK: %[[NB:.*]] = negf %[[B]]
    // CHECK: %[[Y1:.*]] = fma %[[X1]], %[[COS]], %[[NB]]
    // CHECK: %[[D:.*]] = mulf %[[X1]], %[[SIN]]
    // CHECK: %[[Y2:.*]] = fma %[[X2]], %[[COS]], %[[D]]
    // CHECK: cat %[[Y1]], %[[Y2]] dim = 1 : tile<4x4xf32>, tile<4x4xf32> -> tile<4x8xf32>
    %q = constant <f32: 1.0> : tile<4x8xf32>
    %p = constant <i32: 2> : tile<4xi32>
    %rope = tileops.rope_neox %q, %p : tile<4x8xf32>, tile<4xi32> -> tile<4x8xf32>
    return
  }

  // Positions stated in [0, 8191] (the kernel builder's assume): angles
  // below 8192 * 1 < 2^17, so cos and sin share one Cody-Waite reduction
  // (no libdevice cos/sin); a bound of 2^17 keeps cos/sin.
  // CHECK-LABEL: entry @rope_bounded
  // CHECK: %[[T:.*]] = fma %[[ANG:.*]], %{{.*}}, %{{.*}} : tile<4x4xf32>
  // CHECK-NOT: cos
  // CHECK-NOT: sin
  // CHECK: cat
  // CHECK: %[[ANG2:.*]] = mulf
  // CHECK: cos %[[ANG2]]
  // CHECK: sin %[[ANG2]]
  // CHECK: return
  entry @rope_bounded() {
    %q = constant <f16: 1.0> : tile<4x8xf16>
    %p = constant <i32: 2> : tile<4xi32>
    %pb = assume bounded<0, 8191>, %p : tile<4xi32>
    %r = tileops.rope_neox %q, %pb : tile<4x8xf16>, tile<4xi32> -> tile<4x8xf16>
    %pl = assume bounded<0, 131072>, %p : tile<4xi32>
    %s = tileops.rope_neox %q, %pl : tile<4x8xf16>, tile<4xi32> -> tile<4x8xf16>
    return
  }

  // Non-neox pairs (x[2j], x[2j+1]) through a (.., D/2, 2) reshape; the
  // angle is formed on x's shape (each frequency twice) and split the same
  // way, so cos/sin act on the [.., 0] half like x's halves.
  // CHECK-LABEL: entry @rope_interleaved
  entry @rope_interleaved() {
    // CHECK: %[[F:.*]] = constant <f32: {{\[\[}}1.000000e+00, 1.000000e+00, 0.00999999977, 0.00999999977]]> : tile<1x4xf32>
    // CHECK: %[[FB:.*]] = broadcast %[[F]] : tile<1x4xf32> -> tile<2x4xf32>
    // CHECK: %[[PB:.*]] = broadcast %{{.*}} : tile<2x1xf32> -> tile<2x4xf32>
    // CHECK: %[[ANG:.*]] = mulf %[[PB]], %[[FB]] : tile<2x4xf32>
    // CHECK: %[[R:.*]] = reshape %{{.*}} : tile<2x4xf16> -> tile<2x2x2xf16>
    // CHECK: %[[E:.*]] = extract %[[R]][%[[Z:.*]], %[[Z]], %[[Z]]] : tile<2x2x2xf16> -> tile<2x2x1xf16>
    // CHECK: %[[O:.*]] = extract %[[R]][%[[Z]], %[[Z]], %{{.*}}] : tile<2x2x2xf16> -> tile<2x2x1xf16>
    // CHECK: %[[AR:.*]] = reshape %[[ANG]] : tile<2x4xf32> -> tile<2x2x2xf32>
    // CHECK: %[[A0:.*]] = extract %[[AR]][%[[Z2:.*]], %[[Z2]], %[[Z2]]] : tile<2x2x2xf32> -> tile<2x2x1xf32>
    // CHECK: %[[COS:.*]] = cos %[[A0]] : tile<2x2x1xf32>
    // CHECK: %[[SIN:.*]] = sin %[[A0]] : tile<2x2x1xf32>
    // CHECK: %[[EF:.*]] = ftof %[[E]] : tile<2x2x1xf16> -> tile<2x2x1xf32>
    // CHECK: %[[OF:.*]] = ftof %[[O]] : tile<2x2x1xf16> -> tile<2x2x1xf32>
    // CHECK: %[[OS:.*]] = mulf %[[OF]], %[[SIN]]
    // CHECK: %[[NOS:.*]] = negf %[[OS]]
    // CHECK: %[[Y1:.*]] = fma %[[EF]], %[[COS]], %[[NOS]]
    // CHECK: %[[Y1H:.*]] = ftof %[[Y1]] : tile<2x2x1xf32> -> tile<2x2x1xf16>
    // CHECK: cat %[[Y1H]], %{{.*}} dim = 2 : tile<2x2x1xf16>, tile<2x2x1xf16> -> tile<2x2x2xf16>
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

  // LongRoPE's inv_freq as HF computes it in f32: 1 / (factor * base^(2k/D)),
  // the product rounded once (k = 9 and 12 differ from 1 / (factor / f)).
  // CHECK-LABEL: entry @longrope_freqs
  entry @longrope_freqs() {
    %x = constant <f32: 1.5> : tile<2x64xf32>
    %pos = constant <i32: 3> : tile<2xi32>
    // CHECK: constant <f32: {{\[\[}}1.000000e+00, 0.72645998, {{.*}}, 5.811680e-02, 0.0425184853, 0.0311252195, 0.0227978174, {{.*}}]]>
    %y = tileops.rope_longrope %x, %pos {rescale_factors = array<f64: 1.0, 1.032258064516129, 1.064516129032258, 1.096774193548387, 1.129032258064516, 1.1612903225806452, 1.1935483870967742, 1.2258064516129032, 1.2580645161290323, 1.2903225806451613, 1.3225806451612903, 1.3548387096774195, 1.3870967741935485, 1.4193548387096775, 1.4516129032258065, 1.4838709677419355, 1.5161290322580645, 1.5483870967741935, 1.5806451612903225, 1.6129032258064515, 1.6451612903225805, 1.6774193548387095, 1.7096774193548387, 1.7419354838709677, 1.7741935483870968, 1.8064516129032258, 1.838709677419355, 1.870967741935484, 1.903225806451613, 1.935483870967742, 1.967741935483871, 2.0>} : tile<2x64xf32>, tile<2xi32> -> tile<2x64xf32>
    return
  }
  // sinusoidal on the builder's (R, C) blocks with seq_len <= 2^17: the power
  // and its reciprocal once per column (on the 1x16 row), the angle
  // RN(p / pw) by Markstein's correction (no per-element divf), one angle per
  // (sin, cos) pair on the (4, 8, 1) half, one shared reduction, no
  // libdevice sin/cos, the pair joined with cat.
  // CHECK-LABEL: entry @sinusoidal_pairs
  entry @sinusoidal_pairs() {
    // CHECK: %[[COL:.*]] = reshape %{{.*}} : tile<16xi32> -> tile<1x16xi32>
    // CHECK: %[[PW:.*]] = pow %{{.*}}, %{{.*}} : tile<1x16xf32>
    // CHECK: %[[RCP:.*]] = divf %{{.*}}, %[[PW]] : tile<1x16xf32>
    // CHECK: %[[PF:.*]] = itof %{{.*}} signed : tile<4x1xi32> -> tile<4x1xf32>
    // CHECK-NOT: divf
    // CHECK: %[[PWB:.*]] = broadcast %[[PW]] : tile<1x16xf32> -> tile<4x16xf32>
    // CHECK: %[[RCPB:.*]] = broadcast %[[RCP]] : tile<1x16xf32> -> tile<4x16xf32>
    // CHECK: %[[PFB:.*]] = broadcast %[[PF]] : tile<4x1xf32> -> tile<4x16xf32>
    // CHECK: %[[PW2:.*]] = reshape %[[PWB]] : tile<4x16xf32> -> tile<4x8x2xf32>
    // CHECK: %[[PWH:.*]] = extract %[[PW2]][%{{.*}}, %{{.*}}, %{{.*}}] : tile<4x8x2xf32> -> tile<4x8x1xf32>
    // CHECK: %[[Q:.*]] = mulf %[[PFH:.*]], %[[RCPH:.*]] : tile<4x8x1xf32>
    // CHECK: %[[NQ:.*]] = negf %[[Q]] : tile<4x8x1xf32>
    // CHECK: %[[REM:.*]] = fma %[[NQ]], %[[PWH]], %[[PFH]] : tile<4x8x1xf32>
    // CHECK: %[[ANG:.*]] = fma %[[REM]], %[[RCPH]], %[[Q]] : tile<4x8x1xf32>
    // CHECK: fma %[[ANG]], %{{.*}}, %{{.*}} : tile<4x8x1xf32>
    // CHECK-NOT: sin %
    // CHECK-NOT: cos %
    // CHECK: %[[S:.*]] = ftof %{{.*}} : tile<4x8x1xf32> -> tile<4x8x1xf16>
    // CHECK: %[[C:.*]] = ftof %{{.*}} : tile<4x8x1xf32> -> tile<4x8x1xf16>
    // CHECK: %[[Y:.*]] = cat %[[S]], %[[C]] dim = 2 : tile<4x8x1xf16>, tile<4x8x1xf16> -> tile<4x8x2xf16>
    // CHECK: reshape %[[Y]] : tile<4x8x2xf16> -> tile<4x16xf16>
    %r = iota : tile<4xi32>
    %r2 = reshape %r : tile<4xi32> -> tile<4x1xi32>
    %p = broadcast %r2 : tile<4x1xi32> -> tile<4x16xi32>
    %k = constant <i32: 32> : tile<i32>
    %k1 = reshape %k : tile<i32> -> tile<1xi32>
    %kb = broadcast %k1 : tile<1xi32> -> tile<16xi32>
    %ci = iota : tile<16xi32>
    %c = addi %kb, %ci : tile<16xi32>
    %c2 = reshape %c : tile<16xi32> -> tile<1x16xi32>
    %cb = broadcast %c2 : tile<1x16xi32> -> tile<4x16xi32>
    %y = tileops.sinusoidal %p, %cb {d_model = 64 : i64, seq_len = 4 : i64} : tile<4x16xi32>, tile<4x16xi32> -> tile<4x16xf16>
    return
  }

  // Without seq_len (angles unbounded), or with an odd column offset (no
  // proof of the pairs): libdevice sin and cos per element.
  // CHECK-LABEL: entry @sinusoidal_generic
  entry @sinusoidal_generic() {
    // CHECK: cos %{{.*}} : tile<4x16xf32>
    // CHECK: sin %{{.*}} : tile<4x16xf32>
    // CHECK-NOT: cat
    // CHECK: return
    %r = iota : tile<4xi32>
    %r2 = reshape %r : tile<4xi32> -> tile<4x1xi32>
    %p = broadcast %r2 : tile<4x1xi32> -> tile<4x16xi32>
    %ci = iota : tile<16xi32>
    %c2 = reshape %ci : tile<16xi32> -> tile<1x16xi32>
    %cb = broadcast %c2 : tile<1x16xi32> -> tile<4x16xi32>
    %y = tileops.sinusoidal %p, %cb {d_model = 64 : i64} : tile<4x16xi32>, tile<4x16xi32> -> tile<4x16xf32>
    return
  }
  // CHECK-LABEL: entry @sinusoidal_odd_offset
  entry @sinusoidal_odd_offset() {
    // CHECK-NOT: sin %
    // CHECK-NOT: cat
    // CHECK: bitcast
    // CHECK-NOT: cat
    // CHECK: return
    %r = iota : tile<4xi32>
    %r2 = reshape %r : tile<4xi32> -> tile<4x1xi32>
    %p = broadcast %r2 : tile<4x1xi32> -> tile<4x16xi32>
    %k = constant <i32: 1> : tile<16xi32>
    %ci = iota : tile<16xi32>
    %c = addi %k, %ci : tile<16xi32>
    %c2 = reshape %c : tile<16xi32> -> tile<1x16xi32>
    %cb = broadcast %c2 : tile<1x16xi32> -> tile<4x16xi32>
    %y = tileops.sinusoidal %p, %cb {d_model = 64 : i64, seq_len = 4 : i64} : tile<4x16xi32>, tile<4x16xi32> -> tile<4x16xf32>
    return
  }
  // Narrow pow: f16 results use lg2/ex2.approx.ftz (flush_to_zero), bf16
  // results (f32's exponent range, f32-denormal a) the non-ftz forms, and
  // bf16 b also counts |b| >= 2^23 as integers and needs s < 2^24 for odd.
  // CHECK-LABEL: entry @pow_narrow_ftz
  entry @pow_narrow_ftz() {
    // CHECK: log2 %{{.*}} rounding<approx> flush_to_zero : tile<16xf32>
    // CHECK: exp2 %{{.*}} flush_to_zero : tile<16xf32>
    // CHECK: log2 %{{.*}} rounding<approx> : tile<16xf32>
    // CHECK-NOT: flush_to_zero
    // CHECK: exp2 %{{.*}} : tile<16xf32>
    // CHECK: %[[BIG:.*]] = cmpf greater_than_or_equal ordered
    // CHECK: ori %{{.*}}, %[[BIG]]
    // CHECK: constant <i32: 1258291201>
    // CHECK: constant <i32: -8388607>
    // CHECK: return
    %h = constant <f16: 1.5> : tile<16xf16>
    %b = constant <bf16: 1.5> : tile<16xbf16>
    %p = tileops.pow %h, %h : tile<16xf16>, tile<16xf16> -> tile<16xf16>
    %q = tileops.pow %b, %b : tile<16xbf16>, tile<16xbf16> -> tile<16xbf16>
    return
  }

  // uint8 data (`unsigned_int`): unsigned compares and max/min, abs is the
  // identity, sign is (x > 0 unsigned) ? 1 : 0; the same ops without the
  // attribute compare signed.
  // CHECK-LABEL: entry @unsigned_ints
  // CHECK: cmpi less_than %[[A:.*]], %[[B:.*]], unsigned : tile<8xi8> -> tile<8xi1>
  // CHECK: maxi %[[A]], %[[B]] unsigned : tile<8xi8>
  // CHECK-NOT: absi
  // CHECK: cmpi greater_than %[[A]], %{{.*}}, unsigned
  // CHECK: cmpi less_than %[[A]], %[[B]], signed : tile<8xi8> -> tile<8xi1>
  // CHECK: absi %[[A]]
  // CHECK: return
  entry @unsigned_ints() {
    %a = constant <i8: -56> : tile<8xi8>
    %b = constant <i8: 3> : tile<8xi8>
    %lt = tileops.lt %a, %b {unsigned_int} : tile<8xi8>, tile<8xi8> -> tile<8xi1>
    %mx = tileops.maximum %a, %b {unsigned_int} : tile<8xi8>, tile<8xi8> -> tile<8xi8>
    %ab = tileops.abs %a {unsigned_int} : tile<8xi8> -> tile<8xi8>
    %sg = tileops.sign %a {unsigned_int} : tile<8xi8> -> tile<8xi8>
    %slt = tileops.lt %a, %b : tile<8xi8>, tile<8xi8> -> tile<8xi1>
    %sab = tileops.abs %a : tile<8xi8> -> tile<8xi8>
    return
  }

  // f32 floor division: the exact floor from RN(x / y) and one fma for
  // every tile whose quotients are all below 2^22 (y finite): a reduction of
  // that condition to a flag uniform across the tile and a cuda_tile `if`;
  // fmodf's path (remf) only in the `else` region.
  // CHECK-LABEL: entry @floor_divide_guarded
  // CHECK: %[[Q:.*]] = divf %{{.*}}, %{{.*}} : tile<64xf32>
  // CHECK: %[[F:.*]] = floor %[[Q]]
  // CHECK: fma
  // CHECK-NOT: remf
  // CHECK: %[[R:.*]] = reduce %{{.*}} dim=0 identities=[1 : i32] : tile<64xi32> -> tile<i32>
  // CHECK: mini
  // CHECK: %[[ALL:.*]] = cmpi equal %[[R]], %{{.*}} : tile<i32> -> tile<i1>
  // CHECK: if %[[ALL]] -> (tile<64xf32>) {
  // CHECK-NOT: remf
  // CHECK: } else {
  // CHECK: remf
  // CHECK: return
  entry @floor_divide_guarded() {
    %x = constant <f32: 7.0> : tile<64xf32>
    %y = constant <f32: 2.0> : tile<64xf32>
    %q = tileops.floor_divide %x, %y : tile<64xf32>, tile<64xf32> -> tile<64xf32>
    return
  }
}
