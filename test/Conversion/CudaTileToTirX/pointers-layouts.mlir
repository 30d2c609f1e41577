// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s | FileCheck %s --check-prefix=PTX

// Pointer tiles whose offsets, masks or addresses come in another layout
// than the op's buffers (cuTile's gather with a broadcast row mask): an
// offset of a replicated index tile (every thread holds all 4 rows) feeds a
// blocked address tile, the row mask of a masked load and the addresses of
// a store follow other layouts. The operands are converted to the op's
// layout first (tirx.permute_layout; dispatch goes through shared memory
// here: the replicated tile holds the element at a thread-dependent
// register), so that every primitive's buffers agree.

// CHECK-LABEL: gpu.func @gather_rows
// Offsets of the mask pointers: the replicated i64 index tile in the
// blocked layout of the result.
// CHECK: %[[REP:.*]] = tirx.alloc : !tirx.buffer<4x1xi64, local, <S[4:1] + R[(2,2,2,2,2):(1@tx,2@tx,4@tx,8@tx,16@tx)]>>
// CHECK: %[[BLK:.*]] = tirx.alloc : !tirx.buffer<4x1xi64, local, <S[4:1@tx] + R[8:4@tx]>>
// CHECK: tirx.permute_layout cta %[[BLK]], %[[REP]]
// CHECK: tirx.mul cta %{{.*}}, %[[BLK]], %{{.*}} : !tirx.buffer<4x1xi64, local, <S[4:1@tx] + R[8:4@tx]>>, !tirx.buffer<4x1xi64, local, <S[4:1@tx] + R[8:4@tx]>>, i64
// The in-bounds mask of the row load, converted the same way.
// CHECK: tirx.permute_layout cta %[[MASK:.*]], %{{.*}} : !tirx.buffer<4x1xi1, local, <S[4:1@tx] + R[8:4@tx]>>
// CHECK: tirx.load_ptr cta %{{.*}}, %{{.*}} mask %[[MASK]] : !tirx.buffer<4x1xi1, local, <S[4:1@tx] + R[8:4@tx]>>
// The store's addresses in the layout of the stored value.
// CHECK: tirx.permute_layout cta %[[ADDR:.*]], %{{.*}} : !tirx.buffer<16xi64, local, <S[(4,4):(1@tx,1)] + R[8:4@tx]>>
// CHECK: tirx.store_ptr cta %[[ADDR]], %{{.*}} : !tirx.buffer<16xi64, local, <S[(4,4):(1@tx,1)] + R[8:4@tx]>>, !tirx.buffer<16xf16, local, <S[(4,4):(1@tx,1)] + R[8:4@tx]>>

// PTX-LABEL: .entry gather_rows(
// PTX: ld.global.b8
// PTX: st.global.b16

cuda_tile.module @kernels {
  entry @gather_rows(%src: tile<ptr<f16>>, %mask: tile<ptr<i1>>, %dst: tile<ptr<f16>>, %ld: tile<i32>, %rows: tile<i32>) {
    %tok = make_token : token
    %iota = iota : tile<4xi32>
    %col = reshape %iota : tile<4xi32> -> tile<4x1xi32>
    %col64 = exti %col signed : tile<4x1xi32> -> tile<4x1xi64>
    %rows64 = exti %rows signed : tile<i32> -> tile<i64>
    %rows11 = reshape %rows64 : tile<i64> -> tile<1x1xi64>
    %rowsb = broadcast %rows11 : tile<1x1xi64> -> tile<4x1xi64>
    %inb = cmpi less_than %col64, %rowsb, unsigned : tile<4x1xi64> -> tile<4x1xi1>
    %m11 = reshape %mask : tile<ptr<i1>> -> tile<1x1xptr<i1>>
    %mb = broadcast %m11 : tile<1x1xptr<i1>> -> tile<4x1xptr<i1>>
    %mptrs = offset %mb, %col64 : tile<4x1xptr<i1>>, tile<4x1xi64> -> tile<4x1xptr<i1>>
    %false = constant <i1: false> : tile<4x1xi1>
    %keep, %t0 = load_ptr_tko weak %mptrs, %inb, %false token = %tok : tile<4x1xptr<i1>>, tile<4x1xi1>, tile<4x1xi1> -> tile<4x1xi1>, token
    %ld64 = exti %ld signed : tile<i32> -> tile<i64>
    %ld11 = reshape %ld64 : tile<i64> -> tile<1x1xi64>
    %ldb = broadcast %ld11 : tile<1x1xi64> -> tile<4x4xi64>
    %colb = broadcast %col64 : tile<4x1xi64> -> tile<4x4xi64>
    %rowoff = muli %colb, %ldb : tile<4x4xi64>
    %j = iota : tile<4xi32>
    %j64 = exti %j signed : tile<4xi32> -> tile<4xi64>
    %j14 = reshape %j64 : tile<4xi64> -> tile<1x4xi64>
    %jb = broadcast %j14 : tile<1x4xi64> -> tile<4x4xi64>
    %off = addi %rowoff, %jb : tile<4x4xi64>
    %s11 = reshape %src : tile<ptr<f16>> -> tile<1x1xptr<f16>>
    %sb = broadcast %s11 : tile<1x1xptr<f16>> -> tile<4x4xptr<f16>>
    %sptrs = offset %sb, %off : tile<4x4xptr<f16>>, tile<4x4xi64> -> tile<4x4xptr<f16>>
    %keepb = broadcast %keep : tile<4x1xi1> -> tile<4x4xi1>
    %z = constant <f16: 0.000000e+00> : tile<4x4xf16>
    %v, %t1 = load_ptr_tko weak %sptrs, %keepb, %z token = %tok : tile<4x4xptr<f16>>, tile<4x4xi1>, tile<4x4xf16> -> tile<4x4xf16>, token
    %flat = reshape %v : tile<4x4xf16> -> tile<16xf16>
    %k = iota : tile<16xi32>
    %k64 = exti %k signed : tile<16xi32> -> tile<16xi64>
    %d1 = reshape %dst : tile<ptr<f16>> -> tile<1xptr<f16>>
    %db = broadcast %d1 : tile<1xptr<f16>> -> tile<16xptr<f16>>
    %dptrs = offset %db, %k64 : tile<16xptr<f16>>, tile<16xi64> -> tile<16xptr<f16>>
    %t2 = store_ptr_tko weak %dptrs, %flat token = %tok : tile<16xptr<f16>>, tile<16xf16> -> token
    return
  }
}
