// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// REQUIRES: testing-ops

// Round trip of the cuda_tile ops in custom and generic form.

// CHECK-LABEL: cuda_tile.module @ops
// CHECK-SAME: attributes {producer = "tileir test"}
// GENERIC-LABEL: "cuda_tile.module"()
cuda_tile.module @ops attributes {producer = "tileir test"} {

  // CHECK-LABEL: entry @kernel
  // CHECK-SAME: (%{{.*}}: tile<ptr<f32>>, %{{.*}}: tile<i32>, %{{.*}}: tensor_view<8xf32, strides=[1]>)
  // CHECK-SAME: optimization_hints=<sm_100 = {num_cta_in_cga = 2}, sm_120 = {num_cta_in_cga = 2, occupancy = 2}> {
  // CHECK: return
  // GENERIC-LABEL: "cuda_tile.entry"()
  // GENERIC-SAME: optimization_hints = #cuda_tile.optimization_hints<sm_100 = {num_cta_in_cga = 2}, sm_120 = {num_cta_in_cga = 2, occupancy = 2}>
  entry @kernel(%p: tile<ptr<f32>>, %n: tile<i32>, %tv: tensor_view<8xf32, strides=[1]>)
      optimization_hints=<sm_120 = {occupancy = 2, num_cta_in_cga = 2}, sm_100 = {num_cta_in_cga = 2}> {
    return
  }

  // An empty body gets its implicit `return`; hints may be empty and keys may
  // be strings.
  // CHECK-LABEL: entry @implicit_return() {
  // CHECK-NEXT: return
  entry @implicit_return() {
  }
  // CHECK-LABEL: entry @string_keys
  // CHECK-SAME: optimization_hints=<default = {latency = 3}, sm_90 = {allow_tma = false}>
  entry @string_keys() optimization_hints=<"sm_90" = {"allow_tma" = false}, default = {latency = 3 : i32}> {
    return
  }
  // CHECK-LABEL: entry @empty_hints() optimization_hints=<> {
  entry @empty_hints() optimization_hints=<> {
    return
  }

  // Argument attributes and a trailing attribute dictionary round-trip; ops
  // may keep their `cuda_tile.` prefix, which the printer drops.
  // CHECK-LABEL: entry @attributes(%{{.*}}: tile<f32> {cuda_tile.marker}, %{{.*}}: tile<i32>) {
  // CHECK-NEXT: addf %{{.*}}, %{{.*}} : tile<f32>
  // CHECK-NEXT: return
  // CHECK-NEXT: } {tag = 1 : i64}
  entry @attributes(%a: tile<f32> {cuda_tile.marker}, %b: tile<i32>) {
    %0 = cuda_tile.addf %a, %a : !cuda_tile.tile<f32>
    cuda_tile.return
  } {tag = 1}

  // CHECK-LABEL: testing$func @grid
  testing$func @grid() -> (tile<i32>, tile<i32>) {
    // CHECK: %[[BX:.*]], %{{.*}}, %{{.*}} = get_tile_block_id : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    // CHECK: %[[GX:.*]], %{{.*}}, %{{.*}} = get_num_tile_blocks : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    // CHECK: return %[[BX]], %[[GX]] : tile<i32>, tile<i32>
    return %bx, %gx : tile<i32>, tile<i32>
  }

  // CHECK-LABEL: testing$func @float_arith
  // CHECK-SAME: (%[[A:.*]]: tile<2x2xf32>, %[[B:.*]]: tile<2x2xf32>, %[[H:.*]]: tile<4xf16>)
  testing$func @float_arith(%a: tile<2x2xf32>, %b: tile<2x2xf32>, %h: tile<4xf16>) {
    // CHECK: addf %[[A]], %[[B]] : tile<2x2xf32>
    %0 = addf %a, %b : tile<2x2xf32>
    // CHECK: addf %[[A]], %[[B]] rounding<negative_inf> : tile<2x2xf32>
    %1 = addf %a, %b rounding<negative_inf> : tile<2x2xf32>
    // The default rounding mode is not printed.
    // CHECK: addf %[[A]], %[[B]] flush_to_zero : tile<2x2xf32>
    %2 = addf %a, %b rounding<nearest_even> flush_to_zero : tile<2x2xf32>
    // CHECK: subf %[[A]], %[[B]] rounding<positive_inf> flush_to_zero : tile<2x2xf32>
    %3 = subf %a, %b rounding<positive_inf> flush_to_zero : tile<2x2xf32>
    // CHECK: mulf %[[A]], %[[B]] rounding<zero> : tile<2x2xf32>
    %4 = mulf %a, %b rounding<zero> : tile<2x2xf32>
    // CHECK: divf %[[A]], %[[B]] rounding<approx> : tile<2x2xf32>
    %5 = divf %a, %b rounding<approx> : tile<2x2xf32>
    // CHECK: divf %[[A]], %[[B]] rounding<full> flush_to_zero : tile<2x2xf32>
    %6 = divf %a, %b rounding<full> flush_to_zero : tile<2x2xf32>
    // CHECK: divf %[[H]], %[[H]] rounding<zero> : tile<4xf16>
    %7 = divf %h, %h rounding<zero> : tile<4xf16>
    // CHECK: maxf %[[A]], %[[B]] : tile<2x2xf32>
    %8 = maxf %a, %b : tile<2x2xf32>
    // The two flags print in a fixed order.
    // CHECK: maxf %[[A]], %[[B]] flush_to_zero propagate_nan : tile<2x2xf32>
    %9 = maxf %a, %b propagate_nan flush_to_zero : tile<2x2xf32>
    // CHECK: maxf %[[H]], %[[H]] propagate_nan : tile<4xf16>
    %10 = maxf %h, %h propagate_nan : tile<4xf16>
    // CHECK: exp %[[A]] : tile<2x2xf32>
    %11 = exp %a rounding<full> : tile<2x2xf32>
    // CHECK: exp %[[A]] rounding<approx> : tile<2x2xf32>
    %12 = exp %a rounding<approx> : tile<2x2xf32>
    // CHECK: exp %[[H]] : tile<4xf16>
    %13 = exp %h : tile<4xf16>
    // CHECK: exp2 %[[A]] flush_to_zero : tile<2x2xf32>
    %14 = exp2 %a flush_to_zero : tile<2x2xf32>
    // CHECK: exp2 %[[H]] : tile<4xf16>
    %15 = exp2 %h : tile<4xf16>
    return
  }
  // GENERIC-LABEL: "cuda_tile.testing$func"()
  // GENERIC: "cuda_tile.addf"(%{{.*}}, %{{.*}}) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<2x2xf32>, !cuda_tile.tile<2x2xf32>) -> !cuda_tile.tile<2x2xf32>
  // GENERIC: "cuda_tile.addf"(%{{.*}}, %{{.*}}) <{rounding_mode = #cuda_tile.rounding<negative_inf>}>
  // GENERIC: "cuda_tile.addf"(%{{.*}}, %{{.*}}) <{flush_to_zero, rounding_mode = #cuda_tile.rounding<nearest_even>}>
  // GENERIC: "cuda_tile.maxf"(%{{.*}}, %{{.*}}) : (!cuda_tile.tile<2x2xf32>, !cuda_tile.tile<2x2xf32>) -> !cuda_tile.tile<2x2xf32>
  // GENERIC: "cuda_tile.maxf"(%{{.*}}, %{{.*}}) <{flush_to_zero, propagate_nan}>
  // GENERIC: "cuda_tile.exp"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<full>}>
  // GENERIC: "cuda_tile.exp2"(%{{.*}}) <{flush_to_zero}>

  // CHECK-LABEL: testing$func @int_arith
  // CHECK-SAME: (%[[X:.*]]: tile<i16>, %[[Y:.*]]: tile<4x8xi64>)
  testing$func @int_arith(%x: tile<i16>, %y: tile<4x8xi64>) {
    // CHECK: addi %[[X]], %[[X]] : tile<i16>
    %0 = addi %x, %x : tile<i16>
    // CHECK: addi %[[X]], %[[X]] overflow<no_signed_wrap> : tile<i16>
    %1 = addi %x, %x overflow<no_signed_wrap> : tile<i16>
    // CHECK: muli %[[Y]], %[[Y]] overflow<no_wrap> : tile<4x8xi64>
    %2 = muli %y, %y overflow<no_wrap> : tile<4x8xi64>
    // CHECK: muli %[[Y]], %[[Y]] overflow<no_unsigned_wrap> : tile<4x8xi64>
    %3 = muli %y, %y overflow<no_unsigned_wrap> : tile<4x8xi64>
    // CHECK: muli %[[X]], %[[X]] : tile<i16>
    %4 = muli %x, %x overflow<none> : tile<i16>
    // CHECK: cmpi less_than %[[X]], %[[X]], signed : tile<i16> -> tile<i1>
    %5 = cmpi less_than %x, %x, signed : tile<i16> -> tile<i1>
    // CHECK: %[[EQ:.*]] = cmpi equal %[[Y]], %[[Y]], unsigned : tile<4x8xi64> -> tile<4x8xi1>
    %6 = cmpi equal %y, %y, unsigned : tile<4x8xi64> -> tile<4x8xi1>
    // CHECK: cmpi not_equal
    %7 = cmpi not_equal %x, %x, signed : tile<i16> -> tile<i1>
    // CHECK: cmpi less_than_or_equal
    %8 = cmpi less_than_or_equal %x, %x, signed : tile<i16> -> tile<i1>
    // CHECK: cmpi greater_than
    %9 = cmpi greater_than %x, %x, unsigned : tile<i16> -> tile<i1>
    // CHECK: cmpi greater_than_or_equal
    %10 = cmpi greater_than_or_equal %x, %x, unsigned : tile<i16> -> tile<i1>
    // CHECK: select %[[EQ]], %[[Y]], %[[Y]] : tile<4x8xi1>, tile<4x8xi64>
    %11 = select %6, %y, %y : tile<4x8xi1>, tile<4x8xi64>
    return
  }
  // GENERIC: "cuda_tile.addi"(%{{.*}}, %{{.*}}) <{overflow = #cuda_tile.overflow<none>}>
  // GENERIC: "cuda_tile.addi"(%{{.*}}, %{{.*}}) <{overflow = #cuda_tile.overflow<no_signed_wrap>}>
  // GENERIC: "cuda_tile.cmpi"(%{{.*}}, %{{.*}}) <{comparison_predicate = #cuda_tile.comparison_predicate<less_than>, signedness = #cuda_tile.signedness<signed>}>

  // CHECK-LABEL: testing$func @shapes
  // CHECK-SAME: (%[[P:.*]]: tile<ptr<f32>>, %[[T:.*]]: tile<2x2xf32>, %[[R:.*]]: tile<1x2xf32>)
  testing$func @shapes(%p: tile<ptr<f32>>, %t: tile<2x2xf32>, %r: tile<1x2xf32>) {
    // CHECK: %[[IOTA:.*]] = iota : tile<128xi32>
    %iota = iota : tile<128xi32>
    // CHECK: iota : tile<2xi1>
    %iota1 = iota : tile<2xi1>
    // CHECK: %[[P1:.*]] = reshape %[[P]] : tile<ptr<f32>> -> tile<1xptr<f32>>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    // CHECK: reshape %[[T]] : tile<2x2xf32> -> tile<4xf32>
    %flat = reshape %t : tile<2x2xf32> -> tile<4xf32>
    // CHECK: %[[PB:.*]] = broadcast %[[P1]] : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    // CHECK: broadcast %[[R]] : tile<1x2xf32> -> tile<4x2xf32>
    %rb = broadcast %r : tile<1x2xf32> -> tile<4x2xf32>
    // CHECK: offset %[[PB]], %[[IOTA]] : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %po = offset %pb, %iota : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    return
  }

  // CHECK-LABEL: testing$func @pointer_memory
  // CHECK-SAME: (%[[PTRS:.*]]: tile<128xptr<f32>>, %[[MASK:.*]]: tile<128xi1>, %[[PAD:.*]]: tile<128xf32>, %[[IP:.*]]: tile<ptr<i32>>)
  testing$func @pointer_memory(%ptrs: tile<128xptr<f32>>, %mask: tile<128xi1>,
                               %pad: tile<128xf32>, %iptr: tile<ptr<i32>>) {
    // CHECK: %[[T0:.*]] = make_token : token
    %t0 = make_token : token
    // CHECK: %[[V:.*]], %[[T1:.*]] = load_ptr_tko weak %[[PTRS]] : tile<128xptr<f32>> -> tile<128xf32>, token
    %v, %t1 = load_ptr_tko weak %ptrs : tile<128xptr<f32>> -> tile<128xf32>, token
    // CHECK: load_ptr_tko weak %[[PTRS]], %[[MASK]], %[[PAD]] token=%[[T0]] : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
    %w, %t2 = load_ptr_tko weak %ptrs, %mask, %pad token = %t0 : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
    // CHECK: load_ptr_tko relaxed device %[[PTRS]], %[[MASK]] : tile<128xptr<f32>>, tile<128xi1> -> tile<128xf32>, token
    %x, %t3 = load_ptr_tko relaxed device %ptrs, %mask : tile<128xptr<f32>>, tile<128xi1> -> tile<128xf32>, token
    // CHECK: load_ptr_tko acquire sys %[[IP]] optimization_hints = <sm_90 = {latency = 3}> : tile<ptr<i32>> -> tile<i32>, token
    %y, %t4 = load_ptr_tko acquire sys %iptr optimization_hints = <sm_90 = {latency = 3}> : tile<ptr<i32>> -> tile<i32>, token
    // CHECK: %[[S0:.*]] = store_ptr_tko weak %[[PTRS]], %[[V]] : tile<128xptr<f32>>, tile<128xf32> -> token
    %s0 = store_ptr_tko weak %ptrs, %v : tile<128xptr<f32>>, tile<128xf32> -> token
    // CHECK: %[[S1:.*]] = store_ptr_tko release tl_blk %[[PTRS]], %[[V]], %[[MASK]] token=%[[T1]] : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
    %s1 = store_ptr_tko release tl_blk %ptrs, %v, %mask token=%t1 : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
    // CHECK: store_ptr_tko relaxed device %[[PTRS]], %[[V]] optimization_hints = <sm_100 = {latency = 1}> : tile<128xptr<f32>>, tile<128xf32> -> token
    %s2 = store_ptr_tko relaxed device %ptrs, %v optimization_hints = <sm_100 = {latency = 1}> : tile<128xptr<f32>>, tile<128xf32> -> token
    // CHECK: join_tokens %[[S0]], %[[S1]] : token
    %j = join_tokens %s0, %s1 : token
    // CHECK: join_tokens %[[S0]], %[[S1]], %[[T0]] : token
    %j3 = join_tokens %s0, %s1, %t0 : token
    return
  }
  // GENERIC: "cuda_tile.load_ptr_tko"(%{{.*}}) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (!cuda_tile.tile<128xptr<f32>>) -> (!cuda_tile.tile<128xf32>, !cuda_tile.token)
  // GENERIC: "cuda_tile.load_ptr_tko"(%{{.*}}, %{{.*}}) <{memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}>
  // GENERIC: "cuda_tile.store_ptr_tko"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{memory_ordering_semantics = 3 : i32, memory_scope = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 1>}>

  // CHECK-LABEL: testing$func @views
  // CHECK-SAME: (%[[BASE:.*]]: tile<ptr<f32>>, %[[N:.*]]: tile<i32>, %[[N64:.*]]: tile<i64>)
  testing$func @views(%base: tile<ptr<f32>>, %n: tile<i32>, %n64: tile<i64>) {
    // CHECK: make_tensor_view %[[BASE]], shape = [], strides = [] : tensor_view<f32>
    %tv0 = make_tensor_view %base, shape = [], strides = [] : tensor_view<f32>
    // CHECK: make_tensor_view %[[BASE]], shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %tv1 = make_tensor_view %base, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    // CHECK: %[[TV2:.*]] = make_tensor_view %[[BASE]], shape = [%[[N]], 32], strides = [32, 1] : tile<i32> -> tensor_view<?x32xf32, strides=[32,1]>
    %tv2 = make_tensor_view %base, shape = [%n, 32], strides = [32, 1] : tile<i32> -> tensor_view<?x32xf32, strides=[32,1]>
    // CHECK: make_tensor_view %[[BASE]], shape = [%[[N64]], %[[N64]]], strides = [%[[N64]], 1] {tag} : tile<i64> -> tensor_view<?x?xf32, strides=[?,1]>
    %tv3 = make_tensor_view %base, shape = [%n64, %n64], strides = [%n64, 1] {tag} : tile<i64> -> tensor_view<?x?xf32, strides=[?,1]>
    // CHECK: make_tensor_view %[[BASE]], shape = [8], strides = [%[[N]]] : tile<i32> -> tensor_view<8xf32, strides=[?]>
    %tv4 = make_tensor_view %base, shape = [8], strides = [%n] : tile<i32> -> tensor_view<8xf32, strides=[?]>
    // CHECK: %[[PV:.*]] = make_partition_view %[[TV2]] : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x32xf32, strides=[32,1]>>
    %pv = make_partition_view %tv2 : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x32xf32, strides=[32,1]>>
    // CHECK: %[[PVT:.*]] = make_partition_view %[[TV2]] {tag} : partition_view<tile=(32x8), tensor_view<?x32xf32, strides=[32,1]>, dim_map=[1, 0]>
    %pvt = make_partition_view %tv2 {tag} : partition_view<tile=(32x8), tensor_view<?x32xf32, strides=[32,1]>, dim_map=[1, 0]>
    %c0 = constant <i32: 0> : tile<i32>
    %t0 = make_token : token
    // CHECK: %[[X:.*]], %[[TX:.*]] = load_view_tko weak %[[PV]][%{{.*}}, %{{.*}}] : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x32xf32>, token
    %x, %tx = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x32xf32>, token
    // CHECK: load_view_tko relaxed device %[[PVT]][%{{.*}}, %{{.*}}] token = %{{.*}} optimization_hints = <sm_100 = {allow_tma = true, latency = 2}> attributes {tag} : partition_view<tile=(32x8), tensor_view<?x32xf32, strides=[32,1]>, dim_map=[1, 0]>, tile<i32> -> tile<32x8xf32>, token
    %y, %ty = load_view_tko relaxed device %pvt[%c0, %c0] token=%t0 optimization_hints = <sm_100 = {allow_tma = true, latency = 2}> attributes {tag} : partition_view<tile=(32x8), tensor_view<?x32xf32, strides=[32,1]>, dim_map=[1, 0]>, tile<i32>, tile<i32> -> tile<32x8xf32>, token
    // CHECK: store_view_tko weak %[[X]], %[[PV]][%{{.*}}, %{{.*}}] : tile<8x32xf32>, partition_view<tile=(8x32), padding_value = zero, tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> token
    %s0 = store_view_tko weak %x, %pv[%c0, %c0] : tile<8x32xf32>, partition_view<tile=(8x32), padding_value = zero, tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> token
    // CHECK: store_view_tko release sys %[[X]], %[[PV]][%{{.*}}, %{{.*}}] token = %[[TX]] : tile<8x32xf32>
    %s1 = store_view_tko release sys %x, %pv[%c0, %c0] token = %tx : tile<8x32xf32>, partition_view<tile=(8x32), padding_value = zero, tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
  // GENERIC: "cuda_tile.make_tensor_view"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i32>) -> !cuda_tile.tensor_view<?x32xf32, strides=[32,1]>
  // GENERIC: "cuda_tile.make_partition_view"(%{{.*}}) : (!cuda_tile.tensor_view<?x32xf32, strides=[32,1]>) -> !cuda_tile.partition_view<tile=(8x32), padding_value = zero, tensor_view<?x32xf32, strides=[32,1]>>
  // GENERIC: "cuda_tile.load_view_tko"(%{{.*}}, %{{.*}}, %{{.*}}) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>}>

  // Views over other TileView types; the index types are written once when
  // they agree and one per index otherwise.
  // CHECK-LABEL: testing$func @other_views
  testing$func @other_views(
      %sv: strided_view<tile=(4x4), traversal_strides=[4,3], tensor_view<?x64xf32, strides=[64,1]>>,
      %gv: gather_scatter_view<tile=(8x16), tensor_view<?x64xf16, strides=[64,1]>, sparse_dim=0>,
      %rows: tile<8xi32>, %i: tile<i32>, %j: tile<i64>, %h: tile<8x16xf16>) {
    // CHECK: load_view_tko weak %{{.*}}[%{{.*}}, %{{.*}}] : strided_view<tile=(4x4), traversal_strides=[4,3], tensor_view<?x64xf32, strides=[64,1]>>, tile<i64> -> tile<4x4xf32>, token
    %a, %ta = load_view_tko weak %sv[%j, %j] : strided_view<tile=(4x4), traversal_strides=[4,3], tensor_view<?x64xf32, strides=[64,1]>>, tile<i64> -> tile<4x4xf32>, token
    // CHECK: load_view_tko weak %{{.*}}[%{{.*}}, %{{.*}}] : gather_scatter_view<tile=(8x16), tensor_view<?x64xf16, strides=[64,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x16xf16>, token
    %b, %tb = load_view_tko weak %gv[%rows, %i] : gather_scatter_view<tile=(8x16), tensor_view<?x64xf16, strides=[64,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x16xf16>, token
    // CHECK: store_view_tko weak %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : tile<8x16xf16>, gather_scatter_view<tile=(8x16), tensor_view<?x64xf16, strides=[64,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> token
    %tc = store_view_tko weak %h, %gv[%rows, %i] : tile<8x16xf16>, gather_scatter_view<tile=(8x16), tensor_view<?x64xf16, strides=[64,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> token
    return
  }

  // CHECK-LABEL: testing$func @reductions
  // CHECK-SAME: (%[[X:.*]]: tile<8x64xf32>, %[[I:.*]]: tile<8x64xi32>)
  testing$func @reductions(%x: tile<8x64xf32>, %i: tile<8x64xi32>) -> tile<8xf32> {
    // CHECK: %[[SUM:.*]] = reduce %[[X]] dim=1 identities=[0.000000e+00 : f32] : tile<8x64xf32> -> tile<8xf32>
    // CHECK-NEXT: (%[[L:.*]]: tile<f32>, %[[R:.*]]: tile<f32>) {
    // CHECK-NEXT:   %[[ADD:.*]] = addf %[[L]], %[[R]] : tile<f32>
    // CHECK-NEXT:   yield %[[ADD]] : tile<f32>
    // CHECK-NEXT: }
    %sum = reduce %x dim=1 identities=[0.000000e+00 : f32] : tile<8x64xf32> -> tile<8xf32>
    (%elem: tile<f32>, %acc: tile<f32>) {
      %add = addf %elem, %acc : tile<f32>
      yield %add : tile<f32>
    }
    // CHECK: reduce %[[X]], %[[I]] dim=0 identities=[0xFF800000 : f32, 0 : i32] : tile<8x64xf32>, tile<8x64xi32> -> tile<64xf32>, tile<64xi32>
    // CHECK-NEXT: (%{{.*}}: tile<f32>, %{{.*}}: tile<f32>, %{{.*}}: tile<i32>, %{{.*}}: tile<i32>) {
    // CHECK: yield %{{.*}}, %{{.*}} : tile<f32>, tile<i32>
    %max:2 = reduce %x, %i dim=0 identities=[0xFF800000 : f32, 0 : i32] : tile<8x64xf32>, tile<8x64xi32> -> tile<64xf32>, tile<64xi32>
    (%a0: tile<f32>, %a1: tile<f32>, %b0: tile<i32>, %b1: tile<i32>) {
      %m = maxf %a0, %a1 : tile<f32>
      %s = addi %b0, %b1 : tile<i32>
      yield %m, %s : tile<f32>, tile<i32>
    }
    // CHECK: return %[[SUM]] : tile<8xf32>
    return %sum : tile<8xf32>
  }
  // GENERIC: "cuda_tile.reduce"(%{{.*}}) <{dim = 1 : i32, identities = [0.000000e+00 : f32]}> ({
  // GENERIC-NEXT: ^bb0(%{{.*}}: !cuda_tile.tile<f32>, %{{.*}}: !cuda_tile.tile<f32>):
  // GENERIC: "cuda_tile.yield"(%{{.*}}) : (!cuda_tile.tile<f32>) -> ()
}

// The generic form of the kernel with the cuda_tile prefix everywhere.
// CHECK-LABEL: cuda_tile.module @generic
// CHECK: entry @g(%{{.*}}: tile<f32>) {
// CHECK-NEXT: %{{.*}} = addf %{{.*}}, %{{.*}} rounding<zero> : tile<f32>
"cuda_tile.module"() <{sym_name = "generic"}> ({
  "cuda_tile.entry"() <{function_type = (!cuda_tile.tile<f32>) -> (), sym_name = "g"}> ({
  ^bb0(%arg0: !cuda_tile.tile<f32>):
    %0 = "cuda_tile.addf"(%arg0, %arg0) {rounding_mode = #cuda_tile.rounding<zero>} : (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
    "cuda_tile.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
