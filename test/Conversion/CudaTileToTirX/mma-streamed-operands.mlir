// RUN: tile-opt %s --convert-cuda-tile-to-tirx="chip=sm_90a warp-specialize=false" | FileCheck %s --check-prefixes=CHECK,TMA
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_90a | FileCheck %s --check-prefix=WS
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a %s | FileCheck %s --check-prefix=PTXWS
// RUN: tile-opt %s --convert-cuda-tile-to-tirx="chip=sm_90a tma-loads=false" | FileCheck %s --check-prefixes=CHECK,CPASYNC
// RUN: tile-opt %s --convert-cuda-tile-to-tirx=chip=sm_80 | FileCheck %s --check-prefix=SM80
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a --tma-loads=false %s | FileCheck %s --check-prefix=PTX
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_90a --warp-specialize=false %s | FileCheck %s --check-prefix=PTXTMA
// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_80 %s | FileCheck %s --check-prefix=PTX80
// RUN: tile-opt %s --convert-cuda-tile-to-tirx="chip=sm_90a warp-specialize=false" | FileCheck %s --check-prefix=QONCE
// RUN: tile-opt %s --convert-cuda-tile-to-tirx="chip=sm_90a warp-specialize=false num-threads=128" | FileCheck %s --check-prefix=ONEWG

// Tiles a loop loads only to feed a product (attention's K and V) are
// streamed: copied straight into shared memory, in the layout the product
// reads, one iteration ahead into the other of two buffers. K (loaded
// N x K, contiguous along K, permuted) is read by wgmma K-major with
// transpose-B; V (K x N, contiguous along N) MN-major.
//
// With TMA (wgmma products, views with 16-byte alignment facts) and
// without producer warps (warp-specialize=false): the loop's tensor maps
// are built once before it, each buffer has an mbarrier armed by thread 0
// with the tile's bytes, and every thread waits on the mbarrier of the
// buffer it reads, with the parity of that buffer's use.
// TMA-LABEL: gpu.func @attn
// TMA-COUNT-4: tirx.mbarrier_init
// TMA: %[[MAPS:.*]]:2 = tirx.tensor_maps %{{.*}}, %{{.*}} {boxes = [array<i64: 128, 64>, array<i64: 128, 64>], swizzles = array<i64: 128, 128>}
// TMA-NEXT: gpu.barrier
// TMA: tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>
// TMA: tirx.mbarrier_arrive_expect_tx %{{.*}}[0], %c16384_i32
// TMA: tirx.copy_async cta {{.*}} tensor_map(%[[MAPS]]#0 : !llvm.ptr<1>)
// TMA-NOT: tirx.async_commit
// TMA: tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[8192:1], swizzle = 128>>
// TMA: tirx.copy_async cta {{.*}} tensor_map(%[[MAPS]]#1 : !llvm.ptr<1>)
// Q, which the loop does not change, is staged once before it, fenced for
// the async proxy and published by a barrier there; every operand the
// products read from shared memory is then TMA's (waited for by every
// thread) or Q, and they carry async_operands (no fence per iteration) and
// have no barrier before them. One barrier at the end of the body keeps
// the next iteration's copies from overwriting a buffer a warp still
// reads.
// TMA: tirx.copy cta
// TMA: tirx.async_proxy_fence
// TMA-NEXT: gpu.barrier
// TMA-NEXT: scf.for %[[IV:.*]] =
// TMA: tirx.copy_async cta {{.*}} tensor_map(%[[MAPS]]#0 : !llvm.ptr<1>)
// TMA: %[[HALF:.*]] = arith.shrui
// TMA: %[[BIT:.*]] = arith.andi %[[HALF]]
// TMA: %[[PARITY:.*]] = arith.index_cast %[[BIT]] : index to i32
// TMA: tirx.mbarrier_wait %{{.*}}[0], %[[PARITY]]
// TMA-NOT: gpu.barrier
// TMA: tirx.gemm warpgroup {{.*}}config = {async_operands = true}{{.*}}transpose_b
// TMA-NOT: gpu.barrier
// TMA: tirx.copy_async cta {{.*}} tensor_map(%[[MAPS]]#1 : !llvm.ptr<1>)
// TMA: tirx.mbarrier_wait
// TMA-NOT: gpu.barrier
// TMA: tirx.gemm warpgroup {{.*}}config = {async_operands = true}
// TMA-NOT: tirx.async_wait
// After the loop: a barrier behind every wait, the slot given back, the
// mbarriers invalidated, a barrier before their memory is reused.
// TMA: gpu.barrier
// TMA-NEXT: }
// TMA-NEXT: gpu.barrier
// TMA-NEXT: tirx.tensor_maps_release %[[MAPS]]#0
// TMA-COUNT-4: tirx.mbarrier_inval
// TMA: gpu.barrier
// TMA: gpu.return

// On one warpgroup each product is two stacked 64-row pieces, issued
// asynchronously and waited for together, and the body's one barrier is
// at its end.
// ONEWG-LABEL: gpu.func @attn
// ONEWG: scf.for
// ONEWG: tirx.mbarrier_wait
// ONEWG-NOT: gpu.barrier
// ONEWG: tirx.gemm_async warpgroup {{.*}}config = {async_operands = true}{{.*}}transpose_b
// ONEWG-NOT: gpu.barrier
// ONEWG: tirx.gemm_async warpgroup {{.*}}config = {async_operands = true}{{.*}}transpose_b
// ONEWG-NEXT: tirx.gemm_wait warpgroup
// ONEWG-NOT: gpu.barrier
// ONEWG: tirx.mbarrier_wait
// ONEWG-NOT: gpu.barrier
// ONEWG: tirx.gemm_async warpgroup {{.*}}config = {async_operands = true}
// ONEWG-NOT: gpu.barrier
// ONEWG: tirx.gemm_async warpgroup {{.*}}config = {async_operands = true}
// ONEWG-NEXT: tirx.gemm_wait warpgroup
// ONEWG-NEXT: gpu.barrier
// ONEWG-NEXT: }

// By default the TMA copies go to a producer warp (the threads' registers
// allow one more warp: no occupancy hint): each buffer also has an "empty"
// mbarrier, on which one thread per warpgroup (two here) hands it back
// once the product that reads it has completed. The producer builds the
// maps, waits for a buffer to be empty, arms its full mbarrier and copies;
// the loop's threads wait for full buffers only, with no CTA barrier
// before or after the products (Q's staging is published once, before the
// loop).
// WS-LABEL: gpu.func @attn
// WS-COUNT-4: tirx.mbarrier_init %{{.*}}[0], %c1_i32
// WS-COUNT-4: tirx.mbarrier_init %{{.*}}[0], %c2_i32
// WS: gpu.barrier
// WS-NOT: tirx.tensor_maps
// WS: tirx.warp_specialize producer_warps(1) {
// WS: tirx.copy cta
// WS-NEXT: tirx.async_proxy_fence
// WS-NEXT: gpu.barrier
// WS-NEXT: scf.for
// WS-NOT: gpu.barrier
// WS-NOT: tirx.copy_async
// WS: tirx.mbarrier_wait
// WS: tirx.gemm warpgroup {{.*}}config = {async_operands = true}{{.*}}transpose_b
// WS: tirx.mbarrier_arrive
// WS: tirx.mbarrier_wait
// WS: tirx.gemm warpgroup {{.*}}config = {async_operands = true}
// WS: tirx.mbarrier_arrive
// WS-NOT: gpu.barrier
// WS: } producer {
// WS-NEXT: %[[MAPS:.*]]:2 = tirx.tensor_maps
// WS: scf.for
// WS: tirx.mbarrier_wait
// WS: tirx.mbarrier_arrive_expect_tx %{{.*}}[0], %c16384_i32
// WS: tirx.copy_async thread {{.*}} tensor_map(%[[MAPS]]#0 : !llvm.ptr<1>)
// WS: tirx.mbarrier_wait
// WS: tirx.mbarrier_arrive_expect_tx
// WS: tirx.copy_async thread {{.*}} tensor_map(%[[MAPS]]#1 : !llvm.ptr<1>)
// The producer gives the maps' slot back once its last copies landed.
// WS: scf.for
// WS-COUNT-2: tirx.mbarrier_wait
// WS: tirx.tensor_maps_release %[[MAPS]]#0
// WS-NEXT: }
// WS-COUNT-8: tirx.mbarrier_inval
// WS: gpu.return
// The kernel's threads and one producer warp; the loop has no CTA barrier.
// PTXWS-LABEL: .entry attn
// PTXWS: .reqntid 288, 1, 1
// PTXWS-NOT: setmaxnreg
// PTXWS: barrier.sync 3, 288;
// PTXWS: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTXWS: barrier.sync 4, 288;
// PTXWS: barrier.arrive 3, 288;
// PTXWS: mbarrier.try_wait.parity.shared.b64
// PTXWS-NOT: bar.sync
// PTXWS: wgmma.mma_async.sync.aligned.m64n128k16
// PTXWS-NOT: bar.sync
// PTXWS: mbarrier.arrive.shared.b64
// PTXWS-NOT: bar.sync
// PTXWS: mbarrier.try_wait.parity.shared.b64
// PTXWS-NOT: bar.sync
// PTXWS: wgmma.mma_async.sync.aligned.m64n64k16
// PTXWS-NOT: bar.sync
// PTXWS: mbarrier.arrive.shared.b64
// PTXWS: barrier.sync 4, 288;

// cp.async (tma-loads=false): one group per copy, waited for with as many
// groups in flight as the loop has streamed loads.
// CPASYNC-LABEL: gpu.func @attn
// CPASYNC: tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>
// CPASYNC: tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>
// CPASYNC: scf.if
// CPASYNC: tirx.region
// CPASYNC-NEXT: tirx.view
// CPASYNC-NEXT: tirx.copy_async cta
// CPASYNC-NEXT: }
// CPASYNC-NEXT: tirx.async_commit
// CPASYNC: tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[8192:1], swizzle = 128>>
// CPASYNC: tirx.alloc : !tirx.buffer<128x64xf16, shared, <S[8192:1], swizzle = 128>>
// CPASYNC: tirx.copy_async cta
// CPASYNC: tirx.async_commit
// CPASYNC: scf.for
// CPASYNC: tirx.copy_async cta
// CPASYNC: tirx.async_commit
// CPASYNC-NEXT: tirx.async_wait {pending = 2 : i64}
// cp.async writes through the generic proxy: the products keep their
// fence.
// CPASYNC-NOT: async_operands
// CPASYNC: tirx.gemm warpgroup {{.*}}transpose_b{{.*}} : {{.*}}, !tirx.buffer<64x64xf16, shared, <S[(64,64):(64,1)], swizzle = 128>>, !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>
// The barrier that keeps the next iteration from overwriting K while a
// warp still reads it is the one before P V.
// CPASYNC-NOT: gpu.barrier
// CPASYNC: tirx.copy_async cta
// CPASYNC: tirx.async_commit
// CPASYNC-NEXT: tirx.async_wait {pending = 2 : i64}
// CPASYNC-NOT: tirx.copy cta {{.*}} !tirx.buffer<128x64xf16, shared
// CPASYNC: tirx.gemm warpgroup {{.*}} : {{.*}}, !tirx.buffer<64x128xf16, local, {{.*}}>>, !tirx.buffer<128x64xf16, shared, <S[8192:1], swizzle = 128>>
// CPASYNC: tirx.async_wait {pending = 0 : i64}
// CPASYNC-NOT: tirx.copy_async
// CPASYNC: gpu.return

// mma.sync reads K as N x K rows (transpose_b) and V as K x N rows.
// SM80-LABEL: gpu.func @attn
// SM80: scf.for
// SM80: tirx.async_wait {pending = 2 : i64}
// SM80: tirx.gemm warp {{.*}}transpose_b
// SM80: tirx.async_wait {pending = 2 : i64}

// Q K^T: K-major A and B (transpose immediates 0, 0); P V: P from
// registers, V MN-major (transpose-B immediate 1). With TMA, the kernel
// takes PTX 8.3 (tensormap.replace).
// PTXTMA: .version 8.3
// PTXTMA-LABEL: .entry attn
// PTXTMA: tensormap.replace.tile.swizzle_mode.global.b1024.b32 [{{.*}}], 3;
// PTXTMA: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTXTMA: fence.proxy.async.shared::cta
// PTXTMA-NOT: fence.proxy.async
// PTXTMA: mbarrier.try_wait.parity.shared.b64
// PTXTMA-NOT: fence.proxy.async
// PTXTMA-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 0;
// PTXTMA: mbarrier.try_wait.parity.shared.b64
// PTXTMA-COUNT-16: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
// PTXTMA-NOT: cp.async.wait_group
// PTXTMA: atom.global.exch.b32
// PTX-LABEL: .entry attn
// PTX: cp.async.cg.shared.global
// PTX: cp.async.wait_group 2;
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 0;
// PTX: cp.async.wait_group 2;
// PTX-COUNT-16: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
// PTX80-LABEL: .entry attn
// PTX80: cp.async.wait_group 2;
// PTX80: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
cuda_tile.module @k {
  entry @attn(%pq: tile<ptr<f16>>, %pk: tile<ptr<f16>>, %pv: tile<ptr<f16>>, %po: tile<ptr<f32>>, %n: tile<i32>) {
    %tq = make_tensor_view %pq, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %tk = make_tensor_view %pk, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %tv = make_tensor_view %pv, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %to = make_tensor_view %po, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %vq = make_partition_view %tq : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %vk = make_partition_view %tk : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
    %vv = make_partition_view %tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %nt = divi %n, %c1 signed rounding<positive_inf> : tile<i32>
    %q, %t0 = load_view_tko weak %vq[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %zs = constant <f32: 0.0> : tile<128x128xf32>
    %zo = constant <f32: 0.0> : tile<128x64xf32>
    %acc = for %i in (%c0 to %nt, step %c1) : tile<i32> iter_values(%o = %zo) -> (tile<128x64xf32>) {
      %k, %t1 = load_view_tko weak %vk[%i, %c0] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %kt = permute %k [1, 0] : tile<128x64xf16> -> tile<64x128xf16>
      %s = mmaf %q, %kt, %zs : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      %p = ftof %s : tile<128x128xf32> -> tile<128x128xf16>
      %v, %t2 = load_view_tko weak %vv[%i, %c0] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %o2 = mmaf %p, %v, %o : tile<128x128xf16>, tile<128x64xf16>, tile<128x64xf32>
      continue %o2 : tile<128x64xf32>
    }
    %vo = make_partition_view %to : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %t3 = store_view_tko weak %acc, %vo[%c0, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// Not streamed: a stride not known to keep 16-byte runs aligned (the copy
// would test it at run time), a padding other than zero (cp.async fills
// zeros); the tiles go through registers. (A loop of one product into one
// carried accumulator is a matmul K loop, pipelined on its own.)
// CHECK-LABEL: gpu.func @kept
// CHECK-NOT: tirx.copy_async
// CHECK: gpu.return
cuda_tile.module @k2 {
  entry @kept(%pa: tile<ptr<f16>>, %pb: tile<ptr<f16>>, %po: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>) {
    %ta = make_tensor_view %pa, shape = [%n, 64], strides = [%s, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[?,1]>
    %tb = make_tensor_view %pb, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %to = make_tensor_view %po, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %va = make_partition_view %ta : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x64xf16, strides=[?,1]>>
    %vb = make_partition_view %tb : partition_view<tile=(64x64), padding_value = nan, tensor_view<?x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %z = constant <f32: 0.0> : tile<64x64xf32>
    %acc, %cnt = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%o = %z, %m = %c0) -> (tile<64x64xf32>, tile<i32>) {
      %a, %t1 = load_view_tko weak %va[%i, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x64xf16, strides=[?,1]>>, tile<i32> -> tile<64x64xf16>, token
      %b, %t2 = load_view_tko weak %vb[%i, %c0] : partition_view<tile=(64x64), padding_value = nan, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
      %p = mmaf %a, %b, %o : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      %m2 = addi %m, %c1 : tile<i32>
      continue %p, %m2 : tile<64x64xf32>, tile<i32>
    }
    %vo = make_partition_view %to : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %t3 = store_view_tko weak %acc, %vo[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// Two loops of one block streaming the same views by TMA (cuTile's causal
// attention: the tiles before the diagonal, then the diagonal's): the maps
// built for the first loop are kept for the second, freed after it; each
// loop has its own mbarriers. A loop streaming another view builds maps
// of its own, and the maps before it are freed first.
// TMA-LABEL: gpu.func @two_loops
// TMA-COUNT-1: tirx.tensor_maps
// TMA: scf.for
// TMA-NOT: tirx.tensor_maps_release
// TMA-COUNT-4: tirx.mbarrier_inval
// TMA-NOT: tirx.tensor_maps_release
// TMA-COUNT-4: tirx.mbarrier_init
// TMA-NOT: tirx.tensor_maps
// TMA: scf.for
// TMA: tirx.tensor_maps_release
// TMA-COUNT-4: tirx.mbarrier_inval
// TMA-NOT: tirx.tensor_maps
// TMA: gpu.return
// TMA-LABEL: gpu.func @other_view
// TMA: %[[FIRST:.*]]:2 = tirx.tensor_maps
// TMA: scf.for
// TMA: tirx.tensor_maps_release %[[FIRST]]#0
// TMA: %[[SECOND:.*]]:2 = tirx.tensor_maps
// TMA: scf.for
// TMA: tirx.tensor_maps_release %[[SECOND]]#0
// TMA: gpu.return
// Q, an operand of both loops' products (causal attention's two loops), is
// staged and fenced once, before the first loop; the second loop's products
// read that staging, without a fence of their own (async_operands).
// QONCE-LABEL: gpu.func @two_loops
// QONCE: tirx.copy cta %{{.*}}, %{{.*}} : !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>, !tirx.buffer<128x64xf16, local
// QONCE-NEXT: tirx.async_proxy_fence
// QONCE-NEXT: gpu.barrier
// QONCE-NEXT: scf.for
// QONCE-NOT: !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>, !tirx.buffer<128x64xf16, local
// QONCE: scf.for
// QONCE-NOT: !tirx.buffer<128x64xf16, shared, <S[(128,64):(64,1)], swizzle = 128>>, !tirx.buffer<128x64xf16, local
// QONCE: tirx.gemm warpgroup {{.*}}config = {async_operands = true}, dispatch = "wgmma", transpose_b}
// QONCE-LABEL: gpu.func @other_view
cuda_tile.module @k3 {
  entry @two_loops(%pq: tile<ptr<f16>>, %pk: tile<ptr<f16>>, %pv: tile<ptr<f16>>, %po: tile<ptr<f32>>, %n: tile<i32>, %m: tile<i32>) {
    %tq = make_tensor_view %pq, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %tk = make_tensor_view %pk, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %tv = make_tensor_view %pv, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %to = make_tensor_view %po, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %vq = make_partition_view %tq : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %vk = make_partition_view %tk : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
    %vv = make_partition_view %tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %q, %t0 = load_view_tko weak %vq[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %zs = constant <f32: 0.0> : tile<128x128xf32>
    %zo = constant <f32: 0.0> : tile<128x64xf32>
    %acc = for %i in (%c0 to %m, step %c1) : tile<i32> iter_values(%o = %zo) -> (tile<128x64xf32>) {
      %k, %t1 = load_view_tko weak %vk[%i, %c0] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %kt = permute %k [1, 0] : tile<128x64xf16> -> tile<64x128xf16>
      %s = mmaf %q, %kt, %zs : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      %p = ftof %s : tile<128x128xf32> -> tile<128x128xf16>
      %v, %t2 = load_view_tko weak %vv[%i, %c0] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %o2 = mmaf %p, %v, %o : tile<128x128xf16>, tile<128x64xf16>, tile<128x64xf32>
      continue %o2 : tile<128x64xf32>
    }
    %acc2 = for %i in (%m to %n, step %c1) : tile<i32> iter_values(%o = %acc) -> (tile<128x64xf32>) {
      %k, %t1 = load_view_tko weak %vk[%i, %c0] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %kt = permute %k [1, 0] : tile<128x64xf16> -> tile<64x128xf16>
      %s = mmaf %q, %kt, %zs : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      %p = ftof %s : tile<128x128xf32> -> tile<128x128xf16>
      %v, %t2 = load_view_tko weak %vv[%i, %c0] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %o2 = mmaf %p, %v, %o : tile<128x128xf16>, tile<128x64xf16>, tile<128x64xf32>
      continue %o2 : tile<128x64xf32>
    }
    %vo = make_partition_view %to : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %t3 = store_view_tko weak %acc2, %vo[%c0, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @other_view(%pq: tile<ptr<f16>>, %pk: tile<ptr<f16>>, %pv: tile<ptr<f16>>, %pw: tile<ptr<f16>>, %po: tile<ptr<f32>>, %n: tile<i32>, %m: tile<i32>) {
    %tq = make_tensor_view %pq, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %tk = make_tensor_view %pk, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %tv = make_tensor_view %pv, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %tw = make_tensor_view %pw, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %to = make_tensor_view %po, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %vq = make_partition_view %tq : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %vk = make_partition_view %tk : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
    %vv = make_partition_view %tv : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
    %vw = make_partition_view %tw : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %q, %t0 = load_view_tko weak %vq[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %zs = constant <f32: 0.0> : tile<128x128xf32>
    %zo = constant <f32: 0.0> : tile<128x64xf32>
    %acc = for %i in (%c0 to %m, step %c1) : tile<i32> iter_values(%o = %zo) -> (tile<128x64xf32>) {
      %k, %t1 = load_view_tko weak %vk[%i, %c0] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %kt = permute %k [1, 0] : tile<128x64xf16> -> tile<64x128xf16>
      %s = mmaf %q, %kt, %zs : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      %p = ftof %s : tile<128x128xf32> -> tile<128x128xf16>
      %v, %t2 = load_view_tko weak %vv[%i, %c0] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %o2 = mmaf %p, %v, %o : tile<128x128xf16>, tile<128x64xf16>, tile<128x64xf32>
      continue %o2 : tile<128x64xf32>
    }
    %acc2 = for %i in (%m to %n, step %c1) : tile<i32> iter_values(%o = %acc) -> (tile<128x64xf32>) {
      %k, %t1 = load_view_tko weak %vk[%i, %c0] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %kt = permute %k [1, 0] : tile<128x64xf16> -> tile<64x128xf16>
      %s = mmaf %q, %kt, %zs : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      %p = ftof %s : tile<128x128xf32> -> tile<128x128xf16>
      %v, %t2 = load_view_tko weak %vw[%i, %c0] : partition_view<tile=(128x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %o2 = mmaf %p, %v, %o : tile<128x128xf16>, tile<128x64xf16>, tile<128x64xf32>
      continue %o2 : tile<128x64xf32>
    }
    %vo = make_partition_view %to : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %t3 = store_view_tko weak %acc2, %vo[%c0, %c0] : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// With producer warps, each loop has its own producer, which builds the
// maps it copies through and gives them back (no maps kept from one loop
// for the next: the regions do not share values).
// WS-LABEL: gpu.func @two_loops
// WS: tirx.warp_specialize producer_warps(1) {
// WS: } producer {
// WS-NEXT: %[[FIRST:.*]]:2 = tirx.tensor_maps
// WS: tirx.tensor_maps_release %[[FIRST]]#0
// WS-COUNT-8: tirx.mbarrier_inval
// WS: tirx.warp_specialize producer_warps(1) {
// WS: } producer {
// WS-NEXT: %[[SECOND:.*]]:2 = tirx.tensor_maps
// WS: tirx.tensor_maps_release %[[SECOND]]#0
// WS-COUNT-8: tirx.mbarrier_inval
// WS: gpu.return

// A producer warp is taken only where it leaves the loop's threads the
// registers they need (the accumulators and half as much again): with
// `occupancy = 2`, one warpgroup of 64 rows holding 96 accumulator
// registers (scores 64x64, output 64x128) is taken to need 144, and one
// more warp leaves 168 (ten warps on two CTAs, three per sub-partition).
// WS-LABEL: gpu.func @regs
// WS: tirx.warp_specialize producer_warps(1) {
// PTXWS-LABEL: .entry regs
// PTXWS: .reqntid 160, 1, 1
// PTXWS: .minnctapersm 2
// With 128 rows over two warpgroups (the scores 128x64 and the output
// 128x128: 96 registers a thread) the two CTAs leave 128 registers; one
// more warp would leave 96, and the loop's threads issue the copies
// themselves.
// WS-LABEL: gpu.func @no_room
// WS-NOT: tirx.warp_specialize
// WS: tirx.copy_async cta
// WS: gpu.return
cuda_tile.module @k4 {
  entry @regs(%pq: tile<ptr<f16>>, %pk: tile<ptr<f16>>, %pv: tile<ptr<f16>>, %po: tile<ptr<f32>>, %n: tile<i32>) optimization_hints=<default = {occupancy = 2}> {
    %tq = make_tensor_view %pq, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %tk = make_tensor_view %pk, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %tv = make_tensor_view %pv, shape = [%n, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf16, strides=[128,1]>
    %to = make_tensor_view %po, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf32, strides=[128,1]>
    %vq = make_partition_view %tq : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %vk = make_partition_view %tk : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
    %vv = make_partition_view %tv : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x128xf16, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %q, %t0 = load_view_tko weak %vq[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %zs = constant <f32: 0.0> : tile<64x64xf32>
    %zo = constant <f32: 0.0> : tile<64x128xf32>
    %acc = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%o = %zo) -> (tile<64x128xf32>) {
      %k, %t1 = load_view_tko weak %vk[%i, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
      %kt = permute %k [1, 0] : tile<64x64xf16> -> tile<64x64xf16>
      %s = mmaf %q, %kt, %zs : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      %p = ftof %s : tile<64x64xf32> -> tile<64x64xf16>
      %v, %t2 = load_view_tko weak %vv[%i, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
      %o2 = mmaf %p, %v, %o : tile<64x64xf16>, tile<64x128xf16>, tile<64x128xf32>
      continue %o2 : tile<64x128xf32>
    }
    %vo = make_partition_view %to : partition_view<tile=(64x128), tensor_view<64x128xf32, strides=[128,1]>>
    %t3 = store_view_tko weak %acc, %vo[%c0, %c0] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<64x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
  entry @no_room(%pq: tile<ptr<f16>>, %pk: tile<ptr<f16>>, %pv: tile<ptr<f16>>, %po: tile<ptr<f32>>, %n: tile<i32>) optimization_hints=<default = {occupancy = 2}> {
    %tq = make_tensor_view %pq, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %tk = make_tensor_view %pk, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>
    %tv = make_tensor_view %pv, shape = [%n, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf16, strides=[128,1]>
    %to = make_tensor_view %po, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %vq = make_partition_view %tq : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %vk = make_partition_view %tk : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>
    %vv = make_partition_view %tv : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x128xf16, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %q, %t0 = load_view_tko weak %vq[%c0, %c0] : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %zs = constant <f32: 0.0> : tile<128x64xf32>
    %zo = constant <f32: 0.0> : tile<128x128xf32>
    %acc = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%o = %zo) -> (tile<128x128xf32>) {
      %k, %t1 = load_view_tko weak %vk[%i, %c0] : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
      %kt = permute %k [1, 0] : tile<64x64xf16> -> tile<64x64xf16>
      %s = mmaf %q, %kt, %zs : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
      %p = ftof %s : tile<128x64xf32> -> tile<128x64xf16>
      %v, %t2 = load_view_tko weak %vv[%i, %c0] : partition_view<tile=(64x128), padding_value = zero, tensor_view<?x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
      %o2 = mmaf %p, %v, %o : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %o2 : tile<128x128xf32>
    }
    %vo = make_partition_view %to : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %t3 = store_view_tko weak %acc, %vo[%c0, %c0] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// Tiles whose two buffers each would pass the streams' 64 KiB (decoding
// attention: 64 x 256 scores, K and V tiles of 256 x 128, 64 KiB each)
// are streamed by TMA into one buffer each, one mbarrier each; each
// iteration waits with the parity of the iteration itself, and the next
// tile is copied into the buffer once the product has read it, behind the
// CTA barrier after the product.
// TMA-LABEL: gpu.func @one_buffer
// TMA-COUNT-2: tirx.mbarrier_init
// TMA-NOT: tirx.mbarrier_init
// TMA: tirx.tensor_maps
// TMA: tirx.alloc : !tirx.buffer<256x128xf16, shared, {{.*}}swizzle = 128>>
// TMA: tirx.mbarrier_arrive_expect_tx %[[KBAR:.*]][0], %c65536_i32
// TMA: tirx.alloc : !tirx.buffer<256x128xf16, shared, {{.*}}swizzle = 128>>
// TMA-NOT: tirx.alloc : !tirx.buffer<256x128xf16
// TMA: scf.for
// TMA-NOT: tirx.copy_async
// TMA-NOT: arith.shrui
// TMA: %[[J:.*]] = arith.divsi
// TMA-NEXT: %{{.*}} = arith.constant 1 : index
// TMA-NEXT: %[[BIT:.*]] = arith.andi %[[J]], %{{.*}} : index
// TMA-NEXT: %[[PARITY:.*]] = arith.index_cast %[[BIT]] : index to i32
// TMA: tirx.mbarrier_wait %[[KBAR]][0], %[[PARITY]]
// TMA: tirx.gemm warpgroup {{.*}}transpose_b
// TMA-NEXT: gpu.barrier
// TMA: tirx.mbarrier_arrive_expect_tx %[[KBAR]][0], %c65536_i32
// TMA: tirx.copy_async cta
// TMA: tirx.mbarrier_wait
// TMA: tirx.gemm warpgroup
// TMA-NEXT: gpu.barrier
// TMA: tirx.copy_async cta
// TMA: gpu.return
// With a producer warp (no occupancy hint: the registers allow one more
// warp), the producer waits for iteration j's buffer to be empty with the
// parity of iteration j - 1's release, and waits for the last iteration's
// copies alone before giving the maps' slot back.
// WS-LABEL: gpu.func @one_buffer
// WS-COUNT-4: tirx.mbarrier_init
// WS-NOT: tirx.mbarrier_init
// WS: tirx.warp_specialize producer_warps(1) {
// WS: scf.for
// WS: tirx.mbarrier_wait
// WS: tirx.gemm warpgroup {{.*}}transpose_b
// WS-NOT: gpu.barrier
// WS: tirx.mbarrier_arrive
// WS: } producer {
// WS: scf.for
// WS: %[[BIT:.*]] = arith.andi %{{.*}}, %{{.*}} : index
// WS: %[[PARITY:.*]] = arith.index_cast %[[BIT]] : index to i32
// WS: %[[EMPTY:.*]] = arith.xori %[[PARITY]], %c1_i32
// WS: tirx.mbarrier_wait %{{.*}}[0], %[[EMPTY]]
// WS: tirx.mbarrier_arrive_expect_tx %{{.*}}[0], %c65536_i32
// WS: %[[FROM:.*]] = arith.subi %[[TRIPS:.*]], %c1{{.*}} : index
// WS: %[[FIRST:.*]] = arith.maxsi %[[FROM]]
// WS: scf.for %{{.*}} = %[[FIRST]] to %[[TRIPS]]
// WS-COUNT-2: tirx.mbarrier_wait
// WS: tirx.tensor_maps_release
cuda_tile.module @k5 {
  entry @one_buffer(%pq: tile<ptr<f16>>, %pk: tile<ptr<f16>>, %pv: tile<ptr<f16>>, %po: tile<ptr<f32>>, %n: tile<i32>) {
    %tq = make_tensor_view %pq, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %tk = make_tensor_view %pk, shape = [%n, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf16, strides=[128,1]>
    %tv = make_tensor_view %pv, shape = [%n, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf16, strides=[128,1]>
    %to = make_tensor_view %po, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf32, strides=[128,1]>
    %vq = make_partition_view %tq : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %vk = make_partition_view %tk : partition_view<tile=(256x128), padding_value = zero, tensor_view<?x128xf16, strides=[128,1]>>
    %vv = make_partition_view %tv : partition_view<tile=(256x128), padding_value = zero, tensor_view<?x128xf16, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c256 = constant <i32: 256> : tile<i32>
    %nt = divi %n, %c256 signed rounding<positive_inf> : tile<i32>
    %q, %t0 = load_view_tko weak %vq[%c0, %c0] : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %zs = constant <f32: 0.0> : tile<64x256xf32>
    %zo = constant <f32: 0.0> : tile<64x128xf32>
    %acc = for %i in (%c0 to %nt, step %c1) : tile<i32> iter_values(%o = %zo) -> (tile<64x128xf32>) {
      %k, %t1 = load_view_tko weak %vk[%i, %c0] : partition_view<tile=(256x128), padding_value = zero, tensor_view<?x128xf16, strides=[128,1]>>, tile<i32> -> tile<256x128xf16>, token
      %kt = permute %k [1, 0] : tile<256x128xf16> -> tile<128x256xf16>
      %s = mmaf %q, %kt, %zs : tile<64x128xf16>, tile<128x256xf16>, tile<64x256xf32>
      %p = ftof %s : tile<64x256xf32> -> tile<64x256xf16>
      %v, %t2 = load_view_tko weak %vv[%i, %c0] : partition_view<tile=(256x128), padding_value = zero, tensor_view<?x128xf16, strides=[128,1]>>, tile<i32> -> tile<256x128xf16>, token
      %o2 = mmaf %p, %v, %o : tile<64x256xf16>, tile<256x128xf16>, tile<64x128xf32>
      continue %o2 : tile<64x128xf32>
    }
    %vo = make_partition_view %to : partition_view<tile=(64x128), tensor_view<64x128xf32, strides=[128,1]>>
    %t3 = store_view_tko weak %acc, %vo[%c0, %c0] : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<64x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
