// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// Conversions (cuda_tile 47-55) and assume (99): tirx.map bodies whose
// result element type differs from the inputs'; f8 conversions stay
// arith.extf/truncf here and take the hardware cvt forms in tirx-dispatch.
// Pointer tiles are i64 addresses, so pointer conversions are identities
// (the same buffer) and llvm.ptrtoint/inttoptr on scalars.

// CHECK-LABEL: gpu.func @conversion
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>)
// The assumed pointer is the argument itself.
// CHECK: tirx.global_view %[[P]]
// CHECK: %[[A:.*]] = tirx.alloc : !tirx.buffer<128xf32
// CHECK: %[[I:.*]] = tirx.alloc : !tirx.buffer<128xi32
// CHECK: tirx.map cta %{{.*}}, %[[A]] : !tirx.buffer<128xi32, {{.*}}>, !tirx.buffer<128xf32
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT: %[[R:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK-NEXT: tirx.yield %[[R]] : i32
// CHECK: arith.extsi %{{.*}} : i32 to i64
// CHECK: arith.extui %{{.*}} : i32 to i64
// CHECK: arith.trunci %{{.*}} overflow<nsw> : i32 to i8
// CHECK: ^bb0(%[[X:.*]]: i32):
// CHECK-NEXT: arith.trunci %[[X]] : i32 to i4
// CHECK: ^bb0(%[[X:.*]]: i4):
// CHECK-NEXT: arith.extsi %[[X]] : i4 to i32
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: arith.extf %{{.*}} : f32 to f64
// f16 -> bf16 through f32.
// CHECK: ^bb0(%[[X:.*]]: f16):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT: arith.truncf %[[W]] : f32 to bf16
// CHECK: ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT: arith.truncf %[[X]] : f32 to f8E4M3FN
// CHECK: ^bb0(%[[X:.*]]: f8E5M2):
// CHECK-NEXT: arith.extf %[[X]] : f8E5M2 to f32
// CHECK: arith.fptosi %{{.*}} : f32 to i32
// CHECK: arith.fptoui %{{.*}} : f32 to i16
// ftoi from f8: exactly through f32.
// CHECK: ^bb0(%[[X:.*]]: f8E4M3FN):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : f8E4M3FN to f32
// CHECK-NEXT: arith.fptosi %[[W]] : f32 to i32
// ftoi to i1: nonzero (NaN included) is true.
// CHECK: ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: arith.cmpf une, %[[X]], %[[Z]] : f32
// CHECK: arith.sitofp %{{.*}} : i32 to f32
// CHECK: arith.uitofp %{{.*}} : i32 to f16
// CHECK: ^bb0(%[[X:.*]]: i1):
// CHECK-NEXT: arith.sitofp %[[X]] : i1 to f32
// Pointer tiles (the i64 address buffer of `offset`) convert to the same
// buffer: no map.
// CHECK: tirx.add cta %{{.*}}, %{{.*}}, %{{.*}} : !tirx.buffer<128xi64
// CHECK-NOT: tirx.map
// Scalars: llvm.ptrtoint / inttoptr.
// CHECK: %[[PI:.*]] = llvm.ptrtoint %[[P]] : !llvm.ptr<1> to i64
// CHECK: llvm.inttoptr %[[PI]] : i64 to !llvm.ptr<1>
// assume: the result is the operand.
// CHECK: tirx.map cta %{{.*}}, %[[I]], %[[I]] :
// CHECK-NEXT: ^bb0(%{{.*}}: i32, %{{.*}}: i32):
// CHECK-NEXT: arith.addi
cuda_tile.module @m {
  entry @conversion(%p: tile<ptr<f32>>, %pi: tile<ptr<i32>>) {
    %pa = assume div_by<16>, %p : tile<ptr<f32>>
    %tv = make_tensor_view %pa, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %t0 = load_view_tko weak %pv[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %iv = make_tensor_view %pi, shape = [128], strides = [1] : tensor_view<128xi32, strides=[1]>
    %ip = make_partition_view %iv : partition_view<tile=(128), tensor_view<128xi32, strides=[1]>>
    %i, %t1 = load_view_tko weak %ip[%c0] : partition_view<tile=(128), tensor_view<128xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
    %0 = bitcast %a : tile<128xf32> -> tile<128xi32>
    %1 = exti %i signed : tile<128xi32> -> tile<128xi64>
    %2 = exti %i unsigned : tile<128xi32> -> tile<128xi64>
    %3 = trunci %i overflow<no_signed_wrap> : tile<128xi32> -> tile<128xi8>
    %4 = trunci %i : tile<128xi32> -> tile<128xi4>
    %5 = exti %4 signed : tile<128xi4> -> tile<128xi32>
    %6 = ftof %a : tile<128xf32> -> tile<128xf16>
    %7 = ftof %a : tile<128xf32> -> tile<128xf64>
    %8 = ftof %6 : tile<128xf16> -> tile<128xbf16>
    %9 = ftof %a : tile<128xf32> -> tile<128xf8E4M3FN>
    %10 = ftof %a : tile<128xf32> -> tile<128xf8E5M2>
    %11 = ftof %10 : tile<128xf8E5M2> -> tile<128xf32>
    %12 = ftoi %a signed : tile<128xf32> -> tile<128xi32>
    %13 = ftoi %a unsigned : tile<128xf32> -> tile<128xi16>
    %14 = ftoi %9 signed : tile<128xf8E4M3FN> -> tile<128xi32>
    %b14 = ftoi %a unsigned : tile<128xf32> -> tile<128xi1>
    %15 = itof %i signed : tile<128xi32> -> tile<128xf32>
    %16 = itof %i unsigned : tile<128xi32> -> tile<128xf16>
    %b = cmpf less_than ordered %a, %a : tile<128xf32> -> tile<128xi1>
    %17 = itof %b signed : tile<128xi1> -> tile<128xf32>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %iota = iota : tile<128xi32>
    %q = offset %pb, %iota : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %18 = ptr_to_int %q : tile<128xptr<f32>> -> tile<128xi64>
    %19 = ptr_to_int %p : tile<ptr<f32>> -> tile<i64>
    %20 = int_to_ptr %19 : tile<i64> -> tile<ptr<i8>>
    %21 = ptr_to_ptr %20 : tile<ptr<i8>> -> tile<ptr<f64>>
    %ia = assume bounded<0, ?>, %i : tile<128xi32>
    %22 = addi %ia, %i : tile<128xi32>
    return
  }
}
