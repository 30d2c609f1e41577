// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// Float ops (cuda_tile 17-29): tirx.map bodies with arith/math at
// nearest-even, and the NVVM intrinsic of the PTX instruction for directed
// roundings, flush_to_zero, approx and full.

// CHECK-LABEL: gpu.func @float
// CHECK: %[[A:.*]] = tirx.alloc : !tirx.buffer<128xf32
// CHECK: %[[B:.*]] = tirx.alloc : !tirx.buffer<128xf32
// CHECK: %[[C:.*]] = tirx.alloc : !tirx.buffer<128xf32
// CHECK: tirx.map cta %{{.*}}, %[[A]] :
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT: %[[R:.*]] = math.absf %[[X]] : f32
// CHECK-NEXT: tirx.yield %[[R]] : f32
// CHECK: tirx.map cta %{{.*}}, %[[A]], %[[B]] :
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT: %[[R:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT: tirx.yield %[[R]] : f32
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT: %[[R:.*]] = llvm.call_intrinsic "llvm.nvvm.add.rz.f"(%[[X]], %[[Y]]) : (f32, f32) -> f32
// CHECK-NEXT: tirx.yield %[[R]]
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rm.f"
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rp.f"
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rn.ftz.f"
// CHECK: arith.subf
// subf with a directed rounding: add of the exact negation.
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[Y]] : f32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.add.rz.f"(%[[X]], %[[N]])
// CHECK: arith.mulf
// CHECK: llvm.call_intrinsic "llvm.nvvm.mul.rp.f"
// CHECK: llvm.call_intrinsic "llvm.nvvm.mul.rn.ftz.f"
// CHECK: arith.divf
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.rz.f"
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.approx.f"
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.full"
// CHECK: arith.remf
// CHECK: arith.negf
// maxf/minf: maximumNumber unless propagate_nan (IEEE maximum).
// CHECK: arith.maxnumf
// CHECK: arith.maximumf
// CHECK: arith.minnumf
// CHECK: llvm.call_intrinsic "llvm.nvvm.fmin.ftz.nan.f"
// CHECK: tirx.map cta %{{.*}}, %[[A]], %[[B]], %[[C]] :
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[Z:.*]]: f32):
// CHECK-NEXT: %[[R:.*]] = math.fma %[[X]], %[[Y]], %[[Z]] : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.fma.rz.f"
// CHECK: llvm.call_intrinsic "llvm.nvvm.fma.rn.ftz.f"
// CHECK: math.ceil
// CHECK: math.floor
// cmpf: ordered and unordered predicates.
// CHECK: arith.cmpf olt
// CHECK: arith.cmpf une
// CHECK: arith.cmpf uge
// CHECK: arith.cmpf oeq
// select on i1 and f32 buffers.
// CHECK: tirx.map cta %{{.*}}, %{{.*}}, %[[A]], %[[B]] : !tirx.buffer<128xf32, {{.*}}>, !tirx.buffer<128xi1, {{.*}}>
// CHECK-NEXT: ^bb0(%[[P:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT: arith.select %[[P]], %[[X]], %[[Y]] : f32
// f64 directed rounding: the .d intrinsic.
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rm.d"
// f16: arith at nearest-even (tirx-dispatch packs it into f16x2).
// CHECK: ^bb0(%{{.*}}: f16, %{{.*}}: f16, %{{.*}}: f16):
// CHECK-NEXT: math.fma %{{.*}} : f16
cuda_tile.module @m {
  entry @float(%p: tile<ptr<f32>>, %q: tile<ptr<f64>>, %h: tile<ptr<f16>>) {
    %tv = make_tensor_view %p, shape = [384], strides = [1] : tensor_view<384xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<384xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %a, %t0 = load_view_tko weak %pv[%c0] : partition_view<tile=(128), tensor_view<384xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %b, %t1 = load_view_tko weak %pv[%c1] : partition_view<tile=(128), tensor_view<384xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %c, %t2 = load_view_tko weak %pv[%c2] : partition_view<tile=(128), tensor_view<384xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %0 = absf %a : tile<128xf32>
    %1 = addf %a, %b : tile<128xf32>
    %2 = addf %a, %b rounding<zero> : tile<128xf32>
    %3 = addf %a, %b rounding<negative_inf> : tile<128xf32>
    %4 = addf %a, %b rounding<positive_inf> : tile<128xf32>
    %5 = addf %a, %b flush_to_zero : tile<128xf32>
    %6 = subf %a, %b : tile<128xf32>
    %7 = subf %a, %b rounding<zero> : tile<128xf32>
    %8 = mulf %a, %b : tile<128xf32>
    %9 = mulf %a, %b rounding<positive_inf> : tile<128xf32>
    %10 = mulf %a, %b flush_to_zero : tile<128xf32>
    %11 = divf %a, %b : tile<128xf32>
    %12 = divf %a, %b rounding<zero> : tile<128xf32>
    %13 = divf %a, %b rounding<approx> : tile<128xf32>
    %14 = divf %a, %b rounding<full> : tile<128xf32>
    %15 = remf %a, %b : tile<128xf32>
    %16 = negf %a : tile<128xf32>
    %17 = maxf %a, %b : tile<128xf32>
    %18 = maxf %a, %b propagate_nan : tile<128xf32>
    %19 = minf %a, %b : tile<128xf32>
    %20 = minf %a, %b propagate_nan flush_to_zero : tile<128xf32>
    %21 = fma %a, %b, %c : tile<128xf32>
    %22 = fma %a, %b, %c rounding<zero> : tile<128xf32>
    %23 = fma %a, %b, %c flush_to_zero : tile<128xf32>
    %24 = ceil %a : tile<128xf32>
    %25 = floor %a : tile<128xf32>
    %26 = cmpf less_than ordered %a, %b : tile<128xf32> -> tile<128xi1>
    %27 = cmpf not_equal unordered %a, %b : tile<128xf32> -> tile<128xi1>
    %28 = cmpf greater_than_or_equal unordered %a, %b : tile<128xf32> -> tile<128xi1>
    %29 = cmpf equal ordered %a, %b : tile<128xf32> -> tile<128xi1>
    %30 = select %29, %a, %b : tile<128xi1>, tile<128xf32>
    %dv = make_tensor_view %q, shape = [128], strides = [1] : tensor_view<128xf64, strides=[1]>
    %dp = make_partition_view %dv : partition_view<tile=(128), tensor_view<128xf64, strides=[1]>>
    %d, %t3 = load_view_tko weak %dp[%c0] : partition_view<tile=(128), tensor_view<128xf64, strides=[1]>>, tile<i32> -> tile<128xf64>, token
    %31 = addf %d, %d rounding<negative_inf> : tile<128xf64>
    %hv = make_tensor_view %h, shape = [128], strides = [1] : tensor_view<128xf16, strides=[1]>
    %hp = make_partition_view %hv : partition_view<tile=(128), tensor_view<128xf16, strides=[1]>>
    %e, %t4 = load_view_tko weak %hp[%c0] : partition_view<tile=(128), tensor_view<128xf16, strides=[1]>>, tile<i32> -> tile<128xf16>, token
    %32 = fma %e, %e, %e : tile<128xf16>
    return
  }
}
