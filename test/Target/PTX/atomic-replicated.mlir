// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s --check-prefix=TIRX

// Atomics whose old values are used, on register tiles that replicate
// elements over threads (cuTile's ct.atomic_add on an array with a tile of
// offsets): each element is updated once, by its replica leader, and the
// old value reaches every replica. 128 f16/bf16 elements on a 32-thread
// CTA: 16 lanes hold 8 each (16-byte vectors), lanes 16-31 replicate them,
// `shfl.sync.idx` from lane & 15. A 128-element i32 tile next to a
// 1024-element one (a 128-thread CTA): warps 1-3 replicate warp 0, the old
// values go through shared memory between two barriers. f16 and bf16 add are
// `atom.add.noftz.f16` / `.bf16`.

// TIRX-LABEL: gpu.func @add_f16
// TIRX: tirx.atomic cta into {{.*}}!tirx.buffer<128xf16, local, <S[(16,8):(1@tx,1)] + R[2:16@tx]>>

// CHECK-LABEL: .entry add_f16(
// CHECK-DAG: and.b32 %[[SRC:r[0-9]+]], %r{{[0-9]+}}, 15;
// CHECK-DAG: setp.gt.u32 %[[NOTLEAD:p[0-9]+]], %r{{[0-9]+}}, 15;
// CHECK: @%[[NOTLEAD]] bra
// CHECK-COUNT-8: atom.global.add.noftz.f16
// CHECK-COUNT-8: shfl.sync.idx.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, %[[SRC]], 31, -1;
// CHECK-LABEL: .entry add_bf16(
// CHECK-COUNT-8: atom.global.add.noftz.bf16
// CHECK-COUNT-8: shfl.sync.idx.b32
// CHECK-LABEL: .entry add_i32_warps(
// CHECK: .reqntid 128, 1, 1
// CHECK-COUNT-4: atom.global.add.u32
// CHECK: st.shared.v4.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.v4.b32
// CHECK: bar.sync 0;
cuda_tile.module @m {
  entry @add_f16(%x: tile<ptr<f16>>, %y: tile<ptr<f16>>, %z: tile<ptr<f16>>) {
    %iota = iota : tile<128xi32>
    %x1 = reshape %x : tile<ptr<f16>> -> tile<1xptr<f16>>
    %xb = broadcast %x1 : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %xs = offset %xb, %iota : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %y1 = reshape %y : tile<ptr<f16>> -> tile<1xptr<f16>>
    %yb = broadcast %y1 : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %ys = offset %yb, %iota : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %z1 = reshape %z : tile<ptr<f16>> -> tile<1xptr<f16>>
    %zb = broadcast %z1 : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %zs = offset %zb, %iota : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %v, %t0 = load_ptr_tko weak %ys : tile<128xptr<f16>> -> tile<128xf16>, token
    %old, %t1 = atomic_rmw_tko acq_rel device %xs, addf, %v : tile<128xptr<f16>>, tile<128xf16> -> tile<128xf16>, token
    %t2 = store_ptr_tko weak %zs, %old token = %t1 : tile<128xptr<f16>>, tile<128xf16> -> token
    return
  }

  entry @add_bf16(%x: tile<ptr<bf16>>, %y: tile<ptr<bf16>>, %z: tile<ptr<bf16>>) {
    %iota = iota : tile<128xi32>
    %x1 = reshape %x : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %xb = broadcast %x1 : tile<1xptr<bf16>> -> tile<128xptr<bf16>>
    %xs = offset %xb, %iota : tile<128xptr<bf16>>, tile<128xi32> -> tile<128xptr<bf16>>
    %y1 = reshape %y : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %yb = broadcast %y1 : tile<1xptr<bf16>> -> tile<128xptr<bf16>>
    %ys = offset %yb, %iota : tile<128xptr<bf16>>, tile<128xi32> -> tile<128xptr<bf16>>
    %z1 = reshape %z : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %zb = broadcast %z1 : tile<1xptr<bf16>> -> tile<128xptr<bf16>>
    %zs = offset %zb, %iota : tile<128xptr<bf16>>, tile<128xi32> -> tile<128xptr<bf16>>
    %v, %t0 = load_ptr_tko weak %ys : tile<128xptr<bf16>> -> tile<128xbf16>, token
    %old, %t1 = atomic_rmw_tko relaxed device %xs, addf, %v : tile<128xptr<bf16>>, tile<128xbf16> -> tile<128xbf16>, token
    %t2 = store_ptr_tko weak %zs, %old token = %t1 : tile<128xptr<bf16>>, tile<128xbf16> -> token
    return
  }

  entry @add_i32_warps(%x: tile<ptr<i32>>, %z: tile<ptr<i32>>, %w: tile<ptr<f32>>) {
    %iota = iota : tile<128xi32>
    %x1 = reshape %x : tile<ptr<i32>> -> tile<1xptr<i32>>
    %xb = broadcast %x1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %xs = offset %xb, %iota : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %z1 = reshape %z : tile<ptr<i32>> -> tile<1xptr<i32>>
    %zb = broadcast %z1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %zs = offset %zb, %iota : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %old, %t1 = atomic_rmw_tko relaxed device %xs, add, %iota : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %t2 = store_ptr_tko weak %zs, %old token = %t1 : tile<128xptr<i32>>, tile<128xi32> -> token
    %big = iota : tile<1024xi32>
    %w1 = reshape %w : tile<ptr<f32>> -> tile<1xptr<f32>>
    %wb = broadcast %w1 : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %ws = offset %wb, %big : tile<1024xptr<f32>>, tile<1024xi32> -> tile<1024xptr<f32>>
    %f = itof %big signed : tile<1024xi32> -> tile<1024xf32>
    %t3 = store_ptr_tko weak %ws, %f : tile<1024xptr<f32>>, tile<1024xf32> -> token
    return
  }
}
