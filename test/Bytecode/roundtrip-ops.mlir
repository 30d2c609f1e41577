// Round trip through Tile IR bytecode: text -> bytecode (13.3 and 13.5)
// -> text prints the same module, and reading is a fixed point.
// RUN: tile-opt %s -o %t.text
// RUN: tile-translate --mlir-to-cudatilebc %s -o %t.bc
// RUN: tile-opt %t.bc -o %t.back
// RUN: diff %t.text %t.back
// RUN: tile-translate --mlir-to-cudatilebc --bytecode-version=13.5 %s | tile-opt | diff %t.text -
// RUN: tile-translate --mlir-to-cudatilebc %t.bc | cmp - %t.bc
// RUN: FileCheck %s --input-file=%t.back
// REQUIRES: testing-ops

// CHECK: cuda_tile.module @kernels attributes {producer = "tileir test"}
// CHECK-DAG: get_num_tile_blocks
// CHECK-DAG: join_tokens


// Round trip of the cuda_tile ops in custom and generic form.

cuda_tile.module @kernels attributes {producer = "tileir test"} {

  entry @kernel(%p: tile<ptr<f32>>, %n: tile<i32>, %tv: tensor_view<8xf32, strides=[1]>)
      optimization_hints=<sm_120 = {occupancy = 2, num_cta_in_cga = 2}, sm_100 = {num_cta_in_cga = 2}> {
    return
  }

  // An empty body gets its implicit `return`; hints may be empty and keys may
  // be strings.
  entry @implicit_return() {
  }
  entry @string_keys() optimization_hints=<"sm_90" = {"allow_tma" = false}, default = {latency = 3 : i32}> {
    return
  }


  testing$func @grid() -> (tile<i32>, tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    return %bx, %gx : tile<i32>, tile<i32>
  }

  testing$func @float_arith(%a: tile<2x2xf32>, %b: tile<2x2xf32>, %h: tile<4xf16>) {
    %0 = addf %a, %b : tile<2x2xf32>
    %1 = addf %a, %b rounding<negative_inf> : tile<2x2xf32>
    // The default rounding mode is not printed.
    %2 = addf %a, %b rounding<nearest_even> flush_to_zero : tile<2x2xf32>
    %3 = subf %a, %b rounding<positive_inf> flush_to_zero : tile<2x2xf32>
    %4 = mulf %a, %b rounding<zero> : tile<2x2xf32>
    %5 = divf %a, %b rounding<approx> : tile<2x2xf32>
    %6 = divf %a, %b rounding<full> flush_to_zero : tile<2x2xf32>
    %7 = divf %h, %h rounding<zero> : tile<4xf16>
    %8 = maxf %a, %b : tile<2x2xf32>
    // The two flags print in a fixed order.
    %9 = maxf %a, %b propagate_nan flush_to_zero : tile<2x2xf32>
    %10 = maxf %h, %h propagate_nan : tile<4xf16>
    %11 = exp %a rounding<full> : tile<2x2xf32>
    %12 = exp %a rounding<approx> : tile<2x2xf32>
    %13 = exp %h : tile<4xf16>
    %14 = exp2 %a flush_to_zero : tile<2x2xf32>
    %15 = exp2 %h : tile<4xf16>
    return
  }

  testing$func @int_arith(%x: tile<i16>, %y: tile<4x8xi64>) {
    %0 = addi %x, %x : tile<i16>
    %1 = addi %x, %x overflow<no_signed_wrap> : tile<i16>
    %2 = muli %y, %y overflow<no_wrap> : tile<4x8xi64>
    %3 = muli %y, %y overflow<no_unsigned_wrap> : tile<4x8xi64>
    %4 = muli %x, %x overflow<none> : tile<i16>
    %5 = cmpi less_than %x, %x, signed : tile<i16> -> tile<i1>
    %6 = cmpi equal %y, %y, unsigned : tile<4x8xi64> -> tile<4x8xi1>
    %7 = cmpi not_equal %x, %x, signed : tile<i16> -> tile<i1>
    %8 = cmpi less_than_or_equal %x, %x, signed : tile<i16> -> tile<i1>
    %9 = cmpi greater_than %x, %x, unsigned : tile<i16> -> tile<i1>
    %10 = cmpi greater_than_or_equal %x, %x, unsigned : tile<i16> -> tile<i1>
    %11 = select %6, %y, %y : tile<4x8xi1>, tile<4x8xi64>
    return
  }

  testing$func @shapes(%p: tile<ptr<f32>>, %t: tile<2x2xf32>, %r: tile<1x2xf32>) {
    %iota = iota : tile<128xi32>
    %iota1 = iota : tile<2xi1>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %flat = reshape %t : tile<2x2xf32> -> tile<4xf32>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %rb = broadcast %r : tile<1x2xf32> -> tile<4x2xf32>
    %po = offset %pb, %iota : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    return
  }

  testing$func @pointer_memory(%ptrs: tile<128xptr<f32>>, %mask: tile<128xi1>,
                               %pad: tile<128xf32>, %iptr: tile<ptr<i32>>) {
    %t0 = make_token : token
    %v, %t1 = load_ptr_tko weak %ptrs : tile<128xptr<f32>> -> tile<128xf32>, token
    %w, %t2 = load_ptr_tko weak %ptrs, %mask, %pad token = %t0 : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
    %x, %t3 = load_ptr_tko relaxed device %ptrs, %mask : tile<128xptr<f32>>, tile<128xi1> -> tile<128xf32>, token
    %y, %t4 = load_ptr_tko acquire sys %iptr optimization_hints = <sm_90 = {latency = 3}> : tile<ptr<i32>> -> tile<i32>, token
    %s0 = store_ptr_tko weak %ptrs, %v : tile<128xptr<f32>>, tile<128xf32> -> token
    %s1 = store_ptr_tko release tl_blk %ptrs, %v, %mask token=%t1 : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
    %s2 = store_ptr_tko relaxed device %ptrs, %v optimization_hints = <sm_100 = {latency = 1}> : tile<128xptr<f32>>, tile<128xf32> -> token
    %j = join_tokens %s0, %s1 : token
    %j3 = join_tokens %s0, %s1, %t0 : token
    return
  }

  testing$func @views(%base: tile<ptr<f32>>, %n: tile<i32>, %n64: tile<i64>) {
    %tv0 = make_tensor_view %base, shape = [], strides = [] : tensor_view<f32>
    %tv1 = make_tensor_view %base, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %tv2 = make_tensor_view %base, shape = [%n, 32], strides = [32, 1] : tile<i32> -> tensor_view<?x32xf32, strides=[32,1]>
    %tv3 = make_tensor_view %base, shape = [%n64, %n64], strides = [%n64, 1] : tile<i64> -> tensor_view<?x?xf32, strides=[?,1]>
    %tv4 = make_tensor_view %base, shape = [8], strides = [%n] : tile<i32> -> tensor_view<8xf32, strides=[?]>
    %pv = make_partition_view %tv2 : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x32xf32, strides=[32,1]>>
    %pvt = make_partition_view %tv2 : partition_view<tile=(32x8), tensor_view<?x32xf32, strides=[32,1]>, dim_map=[1, 0]>
    %c0 = constant <i32: 0> : tile<i32>
    %t0 = make_token : token
    %x, %tx = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x32xf32>, token
    %y, %ty = load_view_tko relaxed device %pvt[%c0, %c0] token=%t0 optimization_hints = <sm_100 = {allow_tma = true, latency = 2}> : partition_view<tile=(32x8), tensor_view<?x32xf32, strides=[32,1]>, dim_map=[1, 0]>, tile<i32>, tile<i32> -> tile<32x8xf32>, token
    %s0 = store_view_tko weak %x, %pv[%c0, %c0] : tile<8x32xf32>, partition_view<tile=(8x32), padding_value = zero, tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> token
    %s1 = store_view_tko release sys %x, %pv[%c0, %c0] token = %tx : tile<8x32xf32>, partition_view<tile=(8x32), padding_value = zero, tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }

  // Views over other TileView types; the index types are written once when
  // they agree and one per index otherwise.
  testing$func @other_views(
      %sv: strided_view<tile=(4x4), traversal_strides=[4,3], tensor_view<?x64xf32, strides=[64,1]>>,
      %gv: gather_scatter_view<tile=(8x16), tensor_view<?x64xf16, strides=[64,1]>, sparse_dim=0>,
      %rows: tile<8xi32>, %i: tile<i32>, %j: tile<i64>, %h: tile<8x16xf16>) {
    %a, %ta = load_view_tko weak %sv[%j, %j] : strided_view<tile=(4x4), traversal_strides=[4,3], tensor_view<?x64xf32, strides=[64,1]>>, tile<i64> -> tile<4x4xf32>, token
    %b, %tb = load_view_tko weak %gv[%rows, %i] : gather_scatter_view<tile=(8x16), tensor_view<?x64xf16, strides=[64,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x16xf16>, token
    %tc = store_view_tko weak %h, %gv[%rows, %i] : tile<8x16xf16>, gather_scatter_view<tile=(8x16), tensor_view<?x64xf16, strides=[64,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> token
    return
  }

  testing$func @reductions(%x: tile<8x64xf32>, %i: tile<8x64xi32>) -> tile<8xf32> {
    %sum = reduce %x dim=1 identities=[0.000000e+00 : f32] : tile<8x64xf32> -> tile<8xf32>
    (%elem: tile<f32>, %acc: tile<f32>) {
      %add = addf %elem, %acc : tile<f32>
      yield %add : tile<f32>
    }
    %max:2 = reduce %x, %i dim=0 identities=[0xFF800000 : f32, 0 : i32] : tile<8x64xf32>, tile<8x64xi32> -> tile<64xf32>, tile<64xi32>
    (%a0: tile<f32>, %a1: tile<f32>, %b0: tile<i32>, %b1: tile<i32>) {
      %m = maxf %a0, %a1 : tile<f32>
      %s = addi %b0, %b1 : tile<i32>
      yield %m, %s : tile<f32>, tile<i32>
    }
    return %sum : tile<8xf32>
  }
}

// The generic form of the kernel with the cuda_tile prefix everywhere.
