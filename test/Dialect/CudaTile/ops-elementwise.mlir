// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// REQUIRES: testing-ops

// Round trip of the integer, bitwise, floating-point, math and conversion
// ops, the shape ops permute/cat/extract, and scan.

cuda_tile.module @elementwise {
  // CHECK-LABEL: testing$func @integer
  // CHECK-SAME: (%[[A:.*]]: tile<i16>, %[[B:.*]]: tile<2x2xi32>, %[[C:.*]]: tile<i1>, %[[D:.*]]: tile<i8>)
  testing$func @integer(%a: tile<i16>, %b: tile<2x2xi32>, %c: tile<i1>, %d: tile<i8>) {
    // CHECK: absi %[[B]] : tile<2x2xi32>
    %0 = absi %b : tile<2x2xi32>
    // CHECK: subi %[[A]], %[[A]] : tile<i16>
    %1 = subi %a, %a : tile<i16>
    // CHECK: subi %[[A]], %[[A]] overflow<no_wrap> : tile<i16>
    %2 = subi %a, %a overflow<no_wrap> : tile<i16>
    // CHECK: mulhii %[[D]], %[[D]] : tile<i8>
    %3 = cuda_tile.mulhii %d, %d : !cuda_tile.tile<i8>
    // CHECK: divi %[[C]], %[[C]] signed rounding<negative_inf> : tile<i1>
    %4 = divi %c, %c signed rounding<negative_inf> : tile<i1>
    // CHECK: divi %[[B]], %[[B]] unsigned : tile<2x2xi32>
    %5 = divi %b, %b unsigned rounding<zero> : tile<2x2xi32>
    // CHECK: divi %[[B]], %[[B]] unsigned rounding<positive_inf> : tile<2x2xi32>
    %6 = divi %b, %b unsigned rounding<positive_inf> : tile<2x2xi32>
    // CHECK: remi %[[B]], %[[B]] signed : tile<2x2xi32>
    %7 = remi %b, %b signed : tile<2x2xi32>
    // CHECK: negi %[[A]] overflow<no_signed_wrap> : tile<i16>
    %8 = negi %a overflow<no_signed_wrap> : tile<i16>
    // CHECK: negi %[[A]] : tile<i16>
    %9 = negi %a : tile<i16>
    // CHECK: maxi %[[C]], %[[C]] signed : tile<i1>
    %10 = cuda_tile.maxi %c, %c signed : tile<i1>
    // CHECK: mini %[[B]], %[[B]] unsigned : tile<2x2xi32>
    %11 = mini %b, %b unsigned : tile<2x2xi32>
    // CHECK: shli %[[A]], %[[A]] overflow<no_unsigned_wrap> : tile<i16>
    %12 = shli %a, %a overflow<no_unsigned_wrap> : tile<i16>
    // CHECK: shri %[[D]], %[[D]] signed : tile<i8>
    %13 = shri %d, %d signed : tile<i8>
    // CHECK: shri %[[D]], %[[D]] unsigned : tile<i8>
    %14 = shri %d, %d unsigned : tile<i8>
    // CHECK: andi %[[C]], %[[C]] : tile<i1>
    %15 = andi %c, %c : tile<i1>
    // CHECK: ori %[[D]], %[[D]] : tile<i8>
    %16 = ori %d, %d : tile<i8>
    // CHECK: xori %[[C]], %[[C]] : tile<i1>
    %17 = xori %c, %c : tile<i1>
    return
  }
  // GENERIC-LABEL: "cuda_tile.testing$func"()
  // GENERIC: "cuda_tile.divi"(%{{.*}}, %{{.*}}) <{rounding_mode = #cuda_tile.rounding<negative_inf>, signedness = #cuda_tile.signedness<signed>}>
  // GENERIC: "cuda_tile.negi"(%{{.*}}) <{overflow = #cuda_tile.overflow<no_signed_wrap>}>
  // GENERIC: "cuda_tile.maxi"(%{{.*}}, %{{.*}}) <{signedness = #cuda_tile.signedness<signed>}>

  // CHECK-LABEL: testing$func @float
  // CHECK-SAME: (%[[X:.*]]: tile<2x2xf32>, %[[H:.*]]: tile<f16>, %[[D:.*]]: tile<2xf64>, %[[BF:.*]]: tile<bf16>)
  testing$func @float(%x: tile<2x2xf32>, %h: tile<f16>, %d: tile<2xf64>, %bf: tile<bf16>) {
    // CHECK: absf %[[H]] : tile<f16>
    %0 = absf %h : tile<f16>
    // CHECK: remf %[[X]], %[[X]] : tile<2x2xf32>
    %1 = remf %x, %x : tile<2x2xf32>
    // CHECK: negf %[[X]] : tile<2x2xf32>
    %2 = negf %x : tile<2x2xf32>
    // CHECK: minf %[[X]], %[[X]] propagate_nan : tile<2x2xf32>
    %3 = minf %x, %x propagate_nan : tile<2x2xf32>
    // CHECK: minf %[[X]], %[[X]] flush_to_zero propagate_nan : tile<2x2xf32>
    %4 = minf %x, %x propagate_nan flush_to_zero : tile<2x2xf32>
    // CHECK: cmpf less_than ordered %[[H]], %[[H]] : tile<f16> -> tile<i1>
    %5 = cmpf less_than ordered %h, %h : tile<f16> -> tile<i1>
    // CHECK: cmpf not_equal unordered %[[X]], %[[X]] : tile<2x2xf32> -> tile<2x2xi1>
    %6 = cmpf not_equal unordered %x, %x : tile<2x2xf32> -> tile<2x2xi1>
    // CHECK: fma %[[X]], %[[X]], %[[X]] rounding<zero> flush_to_zero : tile<2x2xf32>
    %7 = fma %x, %x, %x rounding<zero> flush_to_zero : tile<2x2xf32>
    // CHECK: fma %[[D]], %[[D]], %[[D]] : tile<2xf64>
    %8 = fma %d, %d, %d : tile<2xf64>
    // CHECK: ceil %[[BF]] : tile<bf16>
    %9 = ceil %bf : tile<bf16>
    // CHECK: floor %[[D]] : tile<2xf64>
    %10 = floor %d : tile<2xf64>
    return
  }
  // GENERIC: "cuda_tile.cmpf"(%{{.*}}, %{{.*}}) <{comparison_ordering = #cuda_tile.comparison_ordering<ordered>, comparison_predicate = #cuda_tile.comparison_predicate<less_than>}>
  // GENERIC: "cuda_tile.fma"(%{{.*}}, %{{.*}}, %{{.*}}) <{flush_to_zero, rounding_mode = #cuda_tile.rounding<zero>}>

  // CHECK-LABEL: testing$func @math
  // CHECK-SAME: (%[[X:.*]]: tile<2xf32>, %[[D:.*]]: tile<2xf64>, %[[H:.*]]: tile<2xf16>, %[[Q:.*]]: tile<4xf32>)
  testing$func @math(%x: tile<2xf32>, %d: tile<2xf64>, %h: tile<2xf16>, %q: tile<4xf32>) {
    // CHECK: atan2 %[[X]], %[[X]] : tile<2xf32>
    %0 = atan2 %x, %x : tile<2xf32>
    // CHECK: cos %[[X]] : tile<2xf32>
    %1 = cos %x : tile<2xf32>
    // CHECK: cosh %[[D]] : tile<2xf64>
    %2 = cosh %d : tile<2xf64>
    // CHECK: sin %[[X]] : tile<2xf32>
    %3 = sin %x : tile<2xf32>
    // CHECK: sinh %[[X]] : tile<2xf32>
    %4 = sinh %x : tile<2xf32>
    // CHECK: tan %[[X]] : tile<2xf32>
    %5 = tan %x : tile<2xf32>
    // CHECK: tanh %[[Q]] rounding<approx> : tile<4xf32>
    %6 = tanh %q rounding<approx> : tile<4xf32>
    // CHECK: tanh %[[H]] : tile<2xf16>
    %7 = tanh %h : tile<2xf16>
    // CHECK: log %[[X]] : tile<2xf32>
    %8 = log %x : tile<2xf32>
    // CHECK: log2 %[[X]] : tile<2xf32>
    %9 = log2 %x : tile<2xf32>
    // CHECK: log2 %[[X]] rounding<approx> flush_to_zero : tile<2xf32>
    %l2a = log2 %x rounding<approx> flush_to_zero : tile<2xf32>
    // CHECK: pow %[[D]], %[[D]] : tile<2xf64>
    %10 = pow %d, %d : tile<2xf64>
    // CHECK: sqrt %[[X]] rounding<approx> : tile<2xf32>
    %11 = sqrt %x rounding<approx> : tile<2xf32>
    // CHECK: sqrt %[[D]] rounding<positive_inf> : tile<2xf64>
    %12 = sqrt %d rounding<positive_inf> : tile<2xf64>
    // CHECK: sqrt %[[X]] flush_to_zero : tile<2xf32>
    %13 = sqrt %x flush_to_zero : tile<2xf32>
    // CHECK: rsqrt %[[Q]] flush_to_zero : tile<4xf32>
    %14 = rsqrt %q flush_to_zero : tile<4xf32>
    return
  }
  // GENERIC: "cuda_tile.tanh"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<approx>}>

  // CHECK-LABEL: testing$func @conversions
  testing$func @conversions(%i8: tile<4xi8>, %i4: tile<i4>, %i16: tile<i16>,
                            %h: tile<2x2xf16>, %f8: tile<2xf8E4M3FN>, %i1: tile<i1>,
                            %i64: tile<i64>, %p: tile<ptr<i32>>, %p4: tile<4xptr<i8>>,
                            %w4: tile<64xi4>, %b: tile<64xi8>, %m: tile<16xi1>) {
    // CHECK: bitcast %{{.*}} : tile<4xi8> -> tile<4xi8>
    %0 = bitcast %i8 : tile<4xi8> -> tile<4xi8>
    // CHECK: bitcast %{{.*}} : tile<2x2xf16> -> tile<2x2xi16>
    %1 = bitcast %h : tile<2x2xf16> -> tile<2x2xi16>
    // CHECK: exti %{{.*}} signed : tile<i4> -> tile<i8>
    %2 = exti %i4 signed : tile<i4> -> tile<i8>
    // CHECK: exti %{{.*}} unsigned : tile<4xi8> -> tile<4xi64>
    %3 = exti %i8 unsigned : tile<4xi8> -> tile<4xi64>
    // CHECK: trunci %{{.*}} overflow<no_signed_wrap> : tile<i16> -> tile<i8>
    %4 = trunci %i16 overflow<no_signed_wrap> : tile<i16> -> tile<i8>
    // CHECK: trunci %{{.*}} : tile<i16> -> tile<i4>
    %5 = trunci %i16 : tile<i16> -> tile<i4>
    // CHECK: ftof %{{.*}} rounding<zero> : tile<2x2xf16> -> tile<2x2xf8E8M0FNU>
    %6 = ftof %h rounding<zero> : tile<2x2xf16> -> tile<2x2xf8E8M0FNU>
    // CHECK: ftof %{{.*}} : tile<2x2xf16> -> tile<2x2xf32>
    %7 = ftof %h : tile<2x2xf16> -> tile<2x2xf32>
    // CHECK: ftoi %{{.*}} signed : tile<2xf8E4M3FN> -> tile<2xi16>
    %8 = ftoi %f8 signed : tile<2xf8E4M3FN> -> tile<2xi16>
    // CHECK: ftoi %{{.*}} unsigned : tile<2x2xf16> -> tile<2x2xi32>
    %9 = ftoi %h unsigned rounding<nearest_int_to_zero> : tile<2x2xf16> -> tile<2x2xi32>
    // CHECK: itof %{{.*}} signed : tile<i1> -> tile<f16>
    %10 = itof %i1 signed : tile<i1> -> tile<f16>
    // CHECK: int_to_ptr %{{.*}} : tile<i64> -> tile<ptr<i8>>
    %11 = int_to_ptr %i64 : tile<i64> -> tile<ptr<i8>>
    // CHECK: ptr_to_int %{{.*}} : tile<ptr<i32>> -> tile<i64>
    %12 = ptr_to_int %p : tile<ptr<i32>> -> tile<i64>
    // CHECK: ptr_to_ptr %{{.*}} : tile<4xptr<i8>> -> tile<4xptr<f64>>
    %13 = ptr_to_ptr %p4 : tile<4xptr<i8>> -> tile<4xptr<f64>>
    // CHECK: pack %{{.*}} : tile<64xi4> -> tile<32xi8>
    %14 = pack %w4 : tile<64xi4> -> tile<32xi8>
    // CHECK: pack %{{.*}} : tile<16xi1> -> tile<2xi8>
    %15 = pack %m : tile<16xi1> -> tile<2xi8>
    // CHECK: unpack %{{.*}} : tile<64xi8> -> tile<128xf4E2M1FN>
    %16 = unpack %b : tile<64xi8> -> tile<128xf4E2M1FN>
    // CHECK: unpack %{{.*}} : tile<64xi8> -> tile<16xf32>
    %17 = unpack %b : tile<64xi8> -> tile<16xf32>
    return
  }
  // GENERIC: "cuda_tile.exti"(%{{.*}}) <{signedness = #cuda_tile.signedness<signed>}> : (!cuda_tile.tile<i4>) -> !cuda_tile.tile<i8>
  // GENERIC: "cuda_tile.ftof"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<zero>}>
  // GENERIC: "cuda_tile.ftoi"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<nearest_int_to_zero>, signedness = #cuda_tile.signedness<signed>}>

  // The rounding modes of ftof beyond nearest_even: directed ones where the
  // conversion rounds, all five where it is exact.
  // CHECK-LABEL: testing$func @ftof_rounding
  testing$func @ftof_rounding(%d: tile<4xf64>, %f: tile<4xf32>, %h: tile<4xf16>) {
    // CHECK: ftof %{{.*}} rounding<zero> : tile<4xf64> -> tile<4xf32>
    %0 = ftof %d rounding<zero> : tile<4xf64> -> tile<4xf32>
    // CHECK: ftof %{{.*}} rounding<negative_inf> : tile<4xf64> -> tile<4xf32>
    %1 = ftof %d rounding<negative_inf> : tile<4xf64> -> tile<4xf32>
    // CHECK: ftof %{{.*}} rounding<positive_inf> : tile<4xf64> -> tile<4xf32>
    %2 = ftof %d rounding<positive_inf> : tile<4xf64> -> tile<4xf32>
    // CHECK: ftof %{{.*}} rounding<nearest_away> : tile<4xf32> -> tile<4xtf32>
    %3 = ftof %f rounding<nearest_away> : tile<4xf32> -> tile<4xtf32>
    // CHECK: ftof %{{.*}} rounding<zero> : tile<4xf32> -> tile<4xtf32>
    %4 = ftof %f rounding<zero> : tile<4xf32> -> tile<4xtf32>
    // CHECK: ftof %{{.*}} rounding<zero> : tile<4xf32> -> tile<4xf16>
    %5 = ftof %f rounding<zero> : tile<4xf32> -> tile<4xf16>
    // CHECK: ftof %{{.*}} rounding<zero> : tile<4xf16> -> tile<4xbf16>
    %6 = ftof %h rounding<zero> : tile<4xf16> -> tile<4xbf16>
    // CHECK: ftof %{{.*}} rounding<nearest_away> : tile<4xf16> -> tile<4xf64>
    %7 = ftof %h rounding<nearest_away> : tile<4xf16> -> tile<4xf64>
    // CHECK: ftof %{{.*}} : tile<4xf64> -> tile<4xf16>
    %8 = ftof %d rounding<nearest_even> : tile<4xf64> -> tile<4xf16>
    return
  }
  // GENERIC: "cuda_tile.ftof"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<negative_inf>}> : (!cuda_tile.tile<4xf64>) -> !cuda_tile.tile<4xf32>
  // GENERIC: "cuda_tile.ftof"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<nearest_away>}> : (!cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xtf32>

  // CHECK-LABEL: testing$func @shapes
  // CHECK-SAME: (%[[X:.*]]: tile<1x2xf32>, %[[Y:.*]]: tile<4x8xf32>, %[[I:.*]]: tile<i32>)
  testing$func @shapes(%x: tile<1x2xf32>, %y: tile<4x8xf32>, %i: tile<i32>) {
    // CHECK: permute %[[X]] [1, 0] : tile<1x2xf32> -> tile<2x1xf32>
    %0 = permute %x [1,0] : tile<1x2xf32> -> tile<2x1xf32>
    // CHECK: cat %[[X]], %[[X]] dim = 0 : tile<1x2xf32>, tile<1x2xf32> -> tile<2x2xf32>
    %1 = cat %x, %x dim = 0 : tile<1x2xf32>, tile<1x2xf32> -> tile<2x2xf32>
    // CHECK: extract %[[Y]][%[[I]], %[[I]]] : tile<4x8xf32> -> tile<2x4xf32>
    %2 = extract %y[%i, %i] : tile<4x8xf32> -> tile<2x4xf32>
    return
  }
  // GENERIC: "cuda_tile.permute"(%{{.*}}) <{permutation = array<i32: 1, 0>}>
  // GENERIC: "cuda_tile.cat"(%{{.*}}, %{{.*}}) <{dim = 0 : i64}>

  // CHECK-LABEL: testing$func @scan
  testing$func @scan(%x: tile<8xf32>, %y: tile<4x8xi32>) {
    // CHECK: %[[S:.*]] = scan %{{.*}} dim=0 reverse=true identities=[0.000000e+00 : f32] : tile<8xf32> -> tile<8xf32>
    // CHECK-NEXT: (%[[L:.*]]: tile<f32>, %[[R:.*]]: tile<f32>) {
    // CHECK-NEXT: %[[ADD:.*]] = addf %[[L]], %[[R]] : tile<f32>
    // CHECK-NEXT: yield %[[ADD]] : tile<f32>
    %0 = scan %x dim=0 reverse=true identities=[0.000000e+0 : f32] : tile<8xf32> -> tile<8xf32>
    (%in: tile<f32>, %acc: tile<f32>) {
      %add = addf %in, %acc : tile<f32>
      yield %add : tile<f32>
    }
    // The default `reverse=false` is not printed.
    // CHECK: scan %{{.*}} dim=1 identities=[1 : i32] : tile<4x8xi32> -> tile<4x8xi32>
    %1 = scan %y dim=1 reverse=false identities=[1 : i32] : tile<4x8xi32> -> tile<4x8xi32>
    (%in: tile<i32>, %acc: tile<i32>) {
      %mul = muli %in, %acc : tile<i32>
      yield %mul : tile<i32>
    }
    return
  }
  // GENERIC: "cuda_tile.scan"(%{{.*}}) <{dim = 0 : i32, identities = [0.000000e+00 : f32], reverse = true}>
}
