// A load and a store through a view of dynamic shape (masked at the edge)
// of a 256x1024 i32 tile in a 256-thread kernel: 1024 elements a thread.
// The masked path is straight-line predicated PTX, one access per element,
// not one branch per element (which made compile time and memory grow
// quadratically with the elements a thread holds; the fuzzer ran out of
// memory at 8192). The whole-tile path stays vectorized.
// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx

// CHECK-LABEL: .entry copy(
// CHECK-COUNT-1024: @p ld.global.b32
// CHECK-NOT: @p ld.global.b32
// CHECK-COUNT-256: ld.global.v4.b32
// CHECK-COUNT-1024: @p st.global.b32
// CHECK-NOT: @p st.global.b32
// CHECK-COUNT-256: st.global.v4.b32
// CHECK-NOT: bra
cuda_tile.module @m {
  entry @copy(%p: tile<ptr<i32>>, %n: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n, 1024], strides = [1024, 1] : tile<i32> -> tensor_view<?x1024xi32, strides=[1024,1]>
    %pv = make_partition_view %tv : partition_view<tile=(256x1024), tensor_view<?x1024xi32, strides=[1024,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %tok = load_view_tko weak %pv[%bx, %c0] : partition_view<tile=(256x1024), tensor_view<?x1024xi32, strides=[1024,1]>>, tile<i32> -> tile<256x1024xi32>, token
    %tok2 = store_view_tko weak %t, %pv[%bx, %c0] : tile<256x1024xi32>, partition_view<tile=(256x1024), tensor_view<?x1024xi32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}
