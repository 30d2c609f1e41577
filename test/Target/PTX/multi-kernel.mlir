// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// The same PTX with threads or without (kernels compile in parallel when
// the context may use threads, serially otherwise).
// RUN: tile-translate --cuda-tile-to-ptx --mlir-disable-threading %s \
// RUN:   | diff %t.ptx -

// Several kernels: each compiles in a gpu.module of its own and the PTX is
// merged into one module (docs/Pipeline.md, "Compile time"): one header,
// one declaration of vprintf, the format strings of both kernels under
// distinct names, every kernel in source order with its ABI line. A module
// with globals compiles whole (its kernels share them).

// CHECK: .version
// CHECK-NOT: .version
// CHECK: .target sm_90
// CHECK-NOT: .target
// CHECK: .extern .func {{ *}}(.param .b32 func_retval0) vprintf
// CHECK: .global .align 1 .b8 [[FMT1:printfFormat_[0-9_]+]][6] = {120, 61, 37, 100, 10};
// CHECK: // tileir.kernel print_x params=(i32)
// CHECK-NEXT: .visible .entry print_x(
// CHECK: mov.b64 {{.*}}, [[FMT1]];
// CHECK: call.uni (retval0), vprintf,
// CHECK-NOT: .extern .func
// CHECK: .global .align 1 .b8 [[FMT2:printfFormat_[0-9_]+]][6] = {121, 61, 37, 100, 10};
// CHECK: // tileir.kernel print_y params=(i32)
// CHECK-NEXT: .visible .entry print_y(
// CHECK: mov.b64 {{.*}}, [[FMT2]];
// CHECK: // tileir.kernel exp_row params=(ptr)
// CHECK-NEXT: .visible .entry exp_row(
// CHECK: ex2.approx
// CHECK: .global .align 4 .b8 table[16]
// CHECK: // tileir.kernel lut_a params=(ptr,i32)
// CHECK: // tileir.kernel lut_b params=(ptr,i32)
// CHECK-NOT: .extern .func
// CHECK-NOT: .version

cuda_tile.module @kernels {
  entry @print_x(%x: tile<i32>) {
    %t = print_tko "x=%d\n", %x : tile<i32> -> token
    return
  }
  entry @print_y(%y: tile<i32>) {
    %t = print_tko "y=%d\n", %y : tile<i32> -> token
    return
  }
  entry @exp_row(%x: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %t0 = load_view_tko weak %px[%c0] : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %e = exp %a : tile<1024xf32>
    %t1 = store_view_tko weak %e, %px[%c0] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

cuda_tile.module @shared_global {
  global @table <i32: [1, 2, 3, 4]> : tile<4xi32>
  entry @lut_a(%out: tile<ptr<i32>>, %i: tile<i32>) {
    %l = get_global @table : tile<ptr<i32>>
    %li = offset %l, %i : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %v, %t0 = load_ptr_tko weak %li : tile<ptr<i32>> -> tile<i32>, token
    %t1 = store_ptr_tko weak %out, %v : tile<ptr<i32>>, tile<i32> -> token
    return
  }
  entry @lut_b(%out: tile<ptr<i32>>, %i: tile<i32>) {
    %l = get_global @table : tile<ptr<i32>>
    %li = offset %l, %i : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %v, %t0 = load_ptr_tko weak %li : tile<ptr<i32>> -> tile<i32>, token
    %t1 = store_ptr_tko weak %l, %v : tile<ptr<i32>>, tile<i32> -> token
    %t2 = store_ptr_tko weak %out, %v : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
