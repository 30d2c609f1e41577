// tile-as compiles for cuTile Python's launcher, which passes any pointer
// its specialization allows: a pointer argument without `assume div_by` may
// be aligned to its elements only (cuTile recompiles a kernel for a base
// that is not 16-byte aligned, without the assume), so its tiles move in
// accesses of their elements' alignment; with `assume div_by<16>`, in
// 16-byte vectors. tile-translate keeps the ABI of TileIR's runtime (pointer
// arguments 16-byte aligned, docs/ABI.md): 16-byte vectors either way.

// RUN: tile-as %s --gpu-name sm_90 -S -o - | FileCheck %s --check-prefix=AS
// RUN: tile-translate %s --cuda-tile-to-ptx --chip=sm_90a | FileCheck %s --check-prefix=ABI

// AS-LABEL: // tileir.kernel inc_unaligned
// AS-SAME: align=1
// AS-LABEL: .entry inc_unaligned(
// AS-NOT: .v4.
// AS: ld.global.b16
// AS-NOT: .v4.
// AS: st.global.b16
// AS-NOT: .v4.
// AS-LABEL: // tileir.kernel inc_aligned
// AS-LABEL: .entry inc_aligned(
// AS: ld.global.v4.b32
// AS: st.global.v4.b32

// ABI-LABEL: .entry inc_unaligned(
// ABI: ld.global.v4.b32
// ABI-LABEL: .entry inc_aligned(
// ABI: ld.global.v4.b32

cuda_tile.module @kernels {
  entry @inc_unaligned(%p: tile<ptr<f16>>, %n: tile<i32>) {
    %t0 = make_token : token
    %b = assume bounded<0, ?>, %n : tile<i32>
    %view = make_tensor_view %p, shape = [%b], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %pv = make_partition_view %view : partition_view<tile=(256), tensor_view<?xf16, strides=[1]>>
    %x, %t1 = load_view_tko weak %pv[%bx] token = %t0 : partition_view<tile=(256), tensor_view<?xf16, strides=[1]>>, tile<i32> -> tile<256xf16>, token
    %one = constant <f16: 1.0> : tile<256xf16>
    %y = addf %x, %one : tile<256xf16>
    %t2 = store_view_tko weak %y, %pv[%bx] token = %t1 : tile<256xf16>, partition_view<tile=(256), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @inc_aligned(%p: tile<ptr<f16>>, %n: tile<i32>) {
    %t0 = make_token : token
    %a = assume div_by<16>, %p : tile<ptr<f16>>
    %b = assume bounded<0, ?>, %n : tile<i32>
    %b16 = assume div_by<16>, %b : tile<i32>
    %view = make_tensor_view %a, shape = [%b16], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %pv = make_partition_view %view : partition_view<tile=(256), tensor_view<?xf16, strides=[1]>>
    %x, %t1 = load_view_tko weak %pv[%bx] token = %t0 : partition_view<tile=(256), tensor_view<?xf16, strides=[1]>>, tile<i32> -> tile<256xf16>, token
    %one = constant <f16: 1.0> : tile<256xf16>
    %y = addf %x, %one : tile<256xf16>
    %t2 = store_view_tko weak %y, %pv[%bx] token = %t1 : tile<256xf16>, partition_view<tile=(256), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
    return
  }
}
