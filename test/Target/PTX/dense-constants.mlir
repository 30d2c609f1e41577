// RUN: tile-translate --cuda-tile-to-llvmir %s | FileCheck %s --check-prefix=LLVM
// RUN: tile-translate --cuda-tile-to-ptx %s | FileCheck %s --check-prefix=PTX

// Dense constants and globals of every whole-byte element type reach PTX.
// f8 values (which LLVM has no type for) are stored as their bytes; i1 and
// tf32 dense values are rejected with a located error
// (test/Conversion/CudaTileToTirX/memory-invalid.mlir,
// shape-ops-invalid.mlir).

// LLVM-DAG: @lut8 = addrspace(1) global [2 x i8] c"8@", align 4
// LLVM-DAG: @__tileir_constant_e5m2_0 = internal addrspace(1) constant [2 x i8] c"<@"
// LLVM-DAG: @__tileir_constant_e4m3_0 = internal addrspace(1) constant [2 x i8] c"8@"
// LLVM-DAG: @__tileir_constant_half_0 = internal addrspace(1) constant [2 x half] [half 0xH3C00, half 0xH4000]
// LLVM-DAG: @__tileir_constant_bhalf_0 = internal addrspace(1) constant [2 x bfloat] [bfloat 0xR3F80, bfloat 0xR4000]

// PTX: .visible .global .align 4 .b8 lut8[2] = {56, 64};
// PTX-LABEL: .visible .entry e5m2(
// PTX: st.global.v2.b8 [%rd{{[0-9]+}}], {60, 64};
// PTX-LABEL: .visible .entry e4m3(
// PTX: st.global.v2.b8 [%rd{{[0-9]+}}], {56, 64};
// PTX-LABEL: .visible .entry half(
// PTX: st.global.b32 [%rd{{[0-9]+}}], 1073757184;
// PTX-LABEL: .visible .entry bhalf(
// PTX-LABEL: .visible .entry global_f8(
cuda_tile.module @m {
  global @lut8 alignment = 4 <f8E4M3FN: [1.0, 2.0]> : tile<2xf8E4M3FN>
  entry @e5m2(%a: tile<ptr<f8E5M2>>) {
    %c = constant <f8E5M2: [1.0, 2.0]> : tile<2xf8E5M2>
    %tv = make_tensor_view %a, shape = [2], strides = [1] : tensor_view<2xf8E5M2, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(2), tensor_view<2xf8E5M2, strides=[1]>>
    %z = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %c, %pv[%z] : tile<2xf8E5M2>, partition_view<tile=(2), tensor_view<2xf8E5M2, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @e4m3(%a: tile<ptr<f8E4M3FN>>) {
    %c = constant <f8E4M3FN: [1.0, 2.0]> : tile<2xf8E4M3FN>
    %tv = make_tensor_view %a, shape = [2], strides = [1] : tensor_view<2xf8E4M3FN, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(2), tensor_view<2xf8E4M3FN, strides=[1]>>
    %z = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %c, %pv[%z] : tile<2xf8E4M3FN>, partition_view<tile=(2), tensor_view<2xf8E4M3FN, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @half(%a: tile<ptr<f16>>) {
    %c = constant <f16: [1.0, 2.0]> : tile<2xf16>
    %tv = make_tensor_view %a, shape = [2], strides = [1] : tensor_view<2xf16, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(2), tensor_view<2xf16, strides=[1]>>
    %z = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %c, %pv[%z] : tile<2xf16>, partition_view<tile=(2), tensor_view<2xf16, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @bhalf(%a: tile<ptr<bf16>>) {
    %c = constant <bf16: [1.0, 2.0]> : tile<2xbf16>
    %tv = make_tensor_view %a, shape = [2], strides = [1] : tensor_view<2xbf16, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(2), tensor_view<2xbf16, strides=[1]>>
    %z = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %c, %pv[%z] : tile<2xbf16>, partition_view<tile=(2), tensor_view<2xbf16, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @global_f8(%a: tile<ptr<f8E4M3FN>>) {
    %g = get_global @lut8 : tile<ptr<f8E4M3FN>>
    %gv = make_tensor_view %g, shape = [2], strides = [1] : tensor_view<2xf8E4M3FN, strides=[1]>
    %gp = make_partition_view %gv : partition_view<tile=(2), tensor_view<2xf8E4M3FN, strides=[1]>>
    %tv = make_tensor_view %a, shape = [2], strides = [1] : tensor_view<2xf8E4M3FN, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(2), tensor_view<2xf8E4M3FN, strides=[1]>>
    %z = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %gp[%z] : partition_view<tile=(2), tensor_view<2xf8E4M3FN, strides=[1]>>, tile<i32> -> tile<2xf8E4M3FN>, token
    %t1 = store_view_tko weak %v, %pv[%z] : tile<2xf8E4M3FN>, partition_view<tile=(2), tensor_view<2xf8E4M3FN, strides=[1]>>, tile<i32> -> token
    return
  }
}
