// Ops in entries (rank-0 tile arguments only), so that NVIDIA's
// tileirdisasm reads them: the ops that the cuTile kernels of cutile/ do not
// use, with their attributes and flags.
cuda_tile.module @kernels {
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
  global private constant @c alignment = 16 <i32: [7, 8]> : tile<2xi32>

  entry @unary(%h: tile<f16>, %f: tile<f32>, %d: tile<f64>, %bf: tile<bf16>) {
    %0 = absf %h : tile<f16>
    %1 = atan2 %f, %f : tile<f32>
    %2 = ceil %bf : tile<bf16>
    %3 = cmpf less_than ordered %h, %h : tile<f16> -> tile<i1>
    %4 = cmpf not_equal unordered %d, %d : tile<f64> -> tile<i1>
    %5 = cos %f : tile<f32>
    %6 = cosh %f : tile<f32>
    %7 = floor %d : tile<f64>
    %8 = log %f : tile<f32>
    %9 = log2 %f : tile<f32>
    %10 = remf %f, %f : tile<f32>
    %11 = sin %d : tile<f64>
    %12 = sinh %f : tile<f32>
    %13 = tan %f : tile<f32>
    %14 = tanh %f rounding<approx> : tile<f32>
    %15 = tanh %f : tile<f32>
    %16 = exp %f rounding<approx> : tile<f32>
    %17 = sqrt %f rounding<approx> flush_to_zero : tile<f32>
    %18 = divf %f, %f rounding<full> : tile<f32>
    %19 = maxf %f, %f propagate_nan flush_to_zero : tile<f32>
    %20 = fma %f, %f, %f rounding<zero> : tile<f32>
    %21 = ftof %f rounding<nearest_even> : tile<f32> -> tile<f16>
    return
  }

  entry @integer(%a: tile<i16>, %b: tile<i32>, %d: tile<i8>, %l: tile<i64>) {
    %0 = absi %b : tile<i32>
    %1 = mulhii %d, %d : tile<i8>
    %2 = negi %a overflow<no_signed_wrap> : tile<i16>
    %3 = ori %d, %d : tile<i8>
    %4 = shli %a, %a overflow<no_unsigned_wrap> : tile<i16>
    %5 = shri %d, %d signed : tile<i8>
    %6 = shri %d, %d unsigned : tile<i8>
    %7 = trunci %a overflow<no_signed_wrap> : tile<i16> -> tile<i8>
    %8 = bitcast %b : tile<i32> -> tile<f32>
    %9 = ftoi %8 signed : tile<f32> -> tile<i16>
    %10 = divi %b, %b signed rounding<negative_inf> : tile<i32>
    %11 = remi %b, %b unsigned : tile<i32>
    %12 = maxi %b, %b signed : tile<i32>
    %13 = itof %a unsigned : tile<i16> -> tile<f32>
    %14 = exti %d unsigned : tile<i8> -> tile<i64>
    %15 = cmpi greater_than_or_equal %l, %l, unsigned : tile<i64> -> tile<i1>
    return
  }

  entry @pointers(%p: tile<ptr<i32>>, %l: tile<i64>) {
    %0 = ptr_to_int %p : tile<ptr<i32>> -> tile<i64>
    %1 = int_to_ptr %l : tile<i64> -> tile<ptr<i8>>
    %r = reshape %1 : tile<ptr<i8>> -> tile<1xptr<i8>>
    %b = broadcast %r : tile<1xptr<i8>> -> tile<4xptr<i8>>
    %2 = ptr_to_ptr %b : tile<4xptr<i8>> -> tile<4xptr<f64>>
    %3 = get_global @g : tile<ptr<f32>>
    %4 = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    %5 = alloca num_elem = 8, alignment = 4 : tile<ptr<f32>>
    %c = constant <i1: true> : tile<i1>
    assert %c, "must hold" : tile<i1>
    return
  }

  entry @packing(%x: tile<i8>) {
    %w8 = constant <i8: 3> : tile<64xi8>
    %w = trunci %w8 : tile<64xi8> -> tile<64xi4>
    %0 = pack %w : tile<64xi4> -> tile<32xi8>
    %b = constant <i8: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32]> : tile<32xi8>
    %1 = unpack %b : tile<32xi8> -> tile<64xf4E2M1FN>
    %a = constant <i8: 1> : tile<4x8xi8>
    %bb = constant <i8: -1> : tile<8x16xi8>
    %acc = constant <i32: 0> : tile<4x16xi32>
    %2 = mmai %a, %bb, %acc signed unsigned : tile<4x8xi8>, tile<8x16xi8>, tile<4x16xi32>
    %l = constant <f8E5M2: 1.0> : tile<64x64xf8E5M2>
    %f = constant <f32: 0.0> : tile<64x64xf32>
    %ls = constant <f8E8M0FNU: 1.0> : tile<64x2xf8E8M0FNU>
    %rs = constant <f8E8M0FNU: 1.0> : tile<2x64xf8E8M0FNU>
    %3 = mmaf_scaled %l, %l, %f, %ls, %rs : tile<64x64xf8E5M2>, tile<64x64xf8E5M2>, tile<64x64xf32>, tile<64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU>
    return
  }

  entry @views(%base: tile<ptr<f32>>, %ibase: tile<ptr<i32>>, %n: tile<i32>) {
    %tv = make_tensor_view %base, shape = [%n, 8192, 64], strides = [524288, 64, 1] : tile<i32> -> tensor_view<?x8192x64xf32, strides=[524288,64,1]>
    %dims:3 = get_tensor_shape %tv : tensor_view<?x8192x64xf32, strides=[524288,64,1]> -> tile<i32>
    %sv = make_strided_view %tv : strided_view<tile=(8x1x32), traversal_strides=[512,1,10], padding_value = neg_inf, tensor_view<?x8192x64xf32, strides=[524288,64,1]>>
    %tv2 = make_tensor_view %base, shape = [8192, 8192], strides = [8192, 1] : tensor_view<8192x8192xf32, strides=[8192,1]>
    %gv = make_gather_scatter_view %tv2 : gather_scatter_view<tile=(128x128), tensor_view<8192x8192xf32, strides=[8192,1]>, sparse_dim=0>
    %itv = make_tensor_view %ibase, shape = [2, 2], strides = [2, 1] : tensor_view<2x2xi32, strides=[2,1]>
    %pv = make_partition_view %itv : partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v = constant <i32: 1> : tile<2x2xi32>
    %t = make_token : token
    %t0 = atomic_red_view_tko relaxed device %pv[%c0, %c0], add, %v token = %t : tile<2x2xi32>, partition_view<tile=(2x2), tensor_view<2x2xi32, strides=[2,1]>>, tile<i32> -> token
    return
  }
}
