// RUN: tile-translate --cuda-tile-to-ptx --debug-info=lineinfo %s | FileCheck %s
// RUN: tile-opt --cuda-tile-synthesize-debug-info-scopes %s --mlir-print-debuginfo \
// RUN:   | tile-translate --cuda-tile-to-ptx --debug-info=lineinfo | FileCheck %s
// RUN: tile-translate --cuda-tile-to-ptx --debug-info=full %s | FileCheck %s --check-prefix=FULL
// RUN: tile-translate --cuda-tile-to-ptx %s | FileCheck %s --check-prefix=NONE '--implicit-check-not=.loc{{[[:space:]]}}' --implicit-check-not=.file

// Plain file locations (what the textual parser gives, no di_loc): with
// line info every kernel gets a subprogram in a compile unit of the input
// file (upstream ensure-debug-info-scope-on-llvm-func), and the `.loc` lines
// name the lines of this file. The same with scopes that
// cuda-tile-synthesize-debug-info-scopes adds. vprintf, which the lowering
// declares at the location of print_tko and assert, stays a declaration
// without a defining subprogram. With debug info the
// kernels of both cuda_tile.modules compile to one PTX module (one header,
// one file table).

// CHECK: .version
// CHECK-NOT: .version
// CHECK: .target sm_90{{$}}
// CHECK-LABEL: .entry print_and_check(
// CHECK: .loc [[FILE:[0-9]+]] [[@LINE+24]] 10
// CHECK: call.uni (retval0), vprintf,
// CHECK: .loc [[FILE]] [[@LINE+24]] 5
// CHECK: call.uni (retval0), vprintf,
// CHECK-NEXT: } // callseq
// CHECK-NEXT: trap;
// CHECK-LABEL: .entry scale(
// CHECK: .loc [[FILE]] [[@LINE+30]] 10
// CHECK-NEXT: mul.rn.f32
// CHECK: .file [[FILE]] "{{.*}}debug-info-file-locations.mlir"
// CHECK-NOT: .file

// FULL: .target sm_90, debug
// FULL: .loc [[FILE:[0-9]+]] [[@LINE+24]] 10
// FULL-NEXT: mul.rn.f32
// FULL: .file [[FILE]] "{{.*}}debug-info-file-locations.mlir"
// FULL: .section .debug_info

// NONE: .entry print_and_check(
// NONE: .entry scale(

cuda_tile.module @checks {
  entry @print_and_check(%x: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %t = print_tko "x=%d\n", %x : tile<i32> -> token
    %pos = cmpi greater_than %x, %c0, signed : tile<i32> -> tile<i1>
    assert %pos, "x must be positive" : tile<i1>
    return
  }
}

cuda_tile.module @math {
  entry @scale(%a: tile<ptr<f32>>, %n: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %ta = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %v, %t0 = load_view_tko weak %pa[%bx] : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %s = mulf %v, %v rounding<nearest_even> : tile<128xf32>
    %t1 = store_view_tko weak %s, %pa[%bx] token = %t0 : tile<128xf32>, partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
