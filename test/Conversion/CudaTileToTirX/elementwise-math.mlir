// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// Math ops (cuda_tile 30-43): math ops (libdevice after GPU-to-NVVM) in the
// tirx.map body; f16/bf16 computed in f32; approx/ftz forms are the PTX
// instructions (ex2.approx, sqrt.approx, rsqrt.approx, tanh.approx).

// CHECK-LABEL: gpu.func @math
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT: %[[R:.*]] = math.atan2 %[[X]], %[[Y]] : f32
// CHECK-NEXT: tirx.yield %[[R]]
// CHECK: math.cos
// CHECK: math.cosh
// CHECK: math.sin
// CHECK: math.sinh
// CHECK: math.tan
// CHECK: math.tanh
// CHECK: ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT: %[[R:.*]] = llvm.inline_asm "tanh.approx.f32 $0, $1;", "=f,f" %[[X]] : (f32) -> f32
// CHECK: math.exp
// exp approx: ex2.approx(x * log2(e)).
// CHECK: ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT: %[[L:.*]] = arith.constant 1.44269502 : f32
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[X]], %[[L]] : f32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%[[M]])
// CHECK: math.exp2
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
// CHECK: math.log
// CHECK: math.log2
// CHECK: llvm.call_intrinsic "llvm.nvvm.lg2.approx.f"
// CHECK: llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"
// CHECK: math.powf
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rz.f"
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.f"
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.ftz.f"
// CHECK: math.rsqrt
// CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.ftz.f"
// f16: widened to f32, rounded once.
// CHECK: ^bb0(%[[H:.*]]: f16):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK-NEXT: %[[S:.*]] = math.sin %[[W]] : f32
// CHECK-NEXT: %[[N:.*]] = arith.truncf %[[S]] : f32 to f16
// CHECK-NEXT: tirx.yield %[[N]] : f16
// CHECK: ^bb0(%[[H:.*]]: bf16):
// CHECK-NEXT: arith.extf %[[H]] : bf16 to f32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"
// CHECK-NEXT: arith.truncf %{{.*}} : f32 to bf16
// f64: the double forms.
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.d"
// CHECK: math.exp %{{.*}} : f64
// A rank-0 operand: the scalar form.
// CHECK: %[[T:.*]] = math.tanh %{{.*}} : f32
// CHECK-NOT: tirx.map
// CHECK: gpu.return
cuda_tile.module @m {
  entry @math(%p: tile<ptr<f32>>, %h: tile<ptr<f16>>, %g: tile<ptr<bf16>>, %q: tile<ptr<f64>>, %s: tile<f32>) {
    %tv = make_tensor_view %p, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<256xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a, %t0 = load_view_tko weak %pv[%c0] : partition_view<tile=(128), tensor_view<256xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %b, %t1 = load_view_tko weak %pv[%c1] : partition_view<tile=(128), tensor_view<256xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %0 = atan2 %a, %b : tile<128xf32>
    %1 = cos %a : tile<128xf32>
    %2 = cosh %a : tile<128xf32>
    %3 = sin %a : tile<128xf32>
    %4 = sinh %a : tile<128xf32>
    %5 = tan %a : tile<128xf32>
    %6 = tanh %a : tile<128xf32>
    %7 = tanh %a rounding<approx> : tile<128xf32>
    %8 = exp %a : tile<128xf32>
    %9 = exp %a rounding<approx> : tile<128xf32>
    %10 = exp2 %a : tile<128xf32>
    %11 = exp2 %a flush_to_zero : tile<128xf32>
    %12 = log %a : tile<128xf32>
    %13 = log2 %a : tile<128xf32>
    %l2a = log2 %a rounding<approx> : tile<128xf32>
    %l2f = log2 %a rounding<approx> flush_to_zero : tile<128xf32>
    %14 = pow %a, %b : tile<128xf32>
    %15 = sqrt %a : tile<128xf32>
    %16 = sqrt %a rounding<zero> : tile<128xf32>
    %17 = sqrt %a rounding<approx> : tile<128xf32>
    %18 = sqrt %a flush_to_zero : tile<128xf32>
    %19 = rsqrt %a : tile<128xf32>
    %20 = rsqrt %a flush_to_zero : tile<128xf32>
    %hv = make_tensor_view %h, shape = [128], strides = [1] : tensor_view<128xf16, strides=[1]>
    %hp = make_partition_view %hv : partition_view<tile=(128), tensor_view<128xf16, strides=[1]>>
    %e, %t2 = load_view_tko weak %hp[%c0] : partition_view<tile=(128), tensor_view<128xf16, strides=[1]>>, tile<i32> -> tile<128xf16>, token
    %21 = sin %e : tile<128xf16>
    %gv = make_tensor_view %g, shape = [128], strides = [1] : tensor_view<128xbf16, strides=[1]>
    %gp = make_partition_view %gv : partition_view<tile=(128), tensor_view<128xbf16, strides=[1]>>
    %f, %t3 = load_view_tko weak %gp[%c0] : partition_view<tile=(128), tensor_view<128xbf16, strides=[1]>>, tile<i32> -> tile<128xbf16>, token
    %22 = sqrt %f : tile<128xbf16>
    %qv = make_tensor_view %q, shape = [128], strides = [1] : tensor_view<128xf64, strides=[1]>
    %qp = make_partition_view %qv : partition_view<tile=(128), tensor_view<128xf64, strides=[1]>>
    %d, %t4 = load_view_tko weak %qp[%c0] : partition_view<tile=(128), tensor_view<128xf64, strides=[1]>>, tile<i32> -> tile<128xf64>, token
    %23 = sqrt %d : tile<128xf64>
    %24 = exp %d : tile<128xf64>
    %25 = tanh %s : tile<f32>
    return
  }
}
