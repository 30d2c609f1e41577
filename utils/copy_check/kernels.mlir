// Kernels of utils/copy_check/check.py (GPU check of the copy primitives).
// Compile: tile-translate --cuda-tile-to-ptx --chip=sm_90a kernels.mlir
!G1 = !tirx.buffer<?xf32, global>
!T = !tirx.buffer<2048xf32, global>
!S = !tirx.buffer<2048xf32, shared, #tirx.layout<S[2048]>>
!L = !tirx.buffer<2048xf32, local, #tirx.layout<S[(4,128,4):(4,1@tx,1)]>>
!G2 = !tirx.buffer<?x?xf32, global>
!B = !tirx.buffer<64x32xf32, global>
!SB = !tirx.buffer<64x32xf32, shared, #tirx.layout<S[64,32], swizzle = 128>>
!LB = !tirx.buffer<64x32xf32, local, #tirx.layout<S[(4,16,8,4):(4,8@tx,1@tx,1)]>>
!SB0 = !tirx.buffer<64x32xf32, shared, #tirx.layout<S[64,32]>>
!BAR = !tirx.buffer<1xi64, shared, #tirx.layout<S[1]>>
!GH = !tirx.buffer<64x64xf16, global>
!SH = !tirx.buffer<64x64xf16, shared, #tirx.layout<S[64,64], swizzle = 128>>
!LH = !tirx.buffer<64x64xf16, local, #tirx.layout<S[(64,16,4):(4,1@tx,1)] + R[8:16@tx]>>
!GA = !tirx.buffer<16x16xbf16, global>
!SA = !tirx.buffer<16x16xbf16, shared, #tirx.layout<S[16,16]>>
!SAT = !tirx.buffer<16x16xbf16, shared, #tirx.layout<S[(16,16):(1,16)]>>
!LA = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[(2,8,2,4,2):(2,4@laneid,4,1@laneid,1)]>>
!LBF = !tirx.buffer<16x16xbf16, local, #tirx.layout<S[(2,4,2,2,8):(2,1@laneid,1,4,4@laneid)]>>
!GP = !tirx.buffer<32x32xf32, global>
!LP0 = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1@laneid,1)]>>
!LP1 = !tirx.buffer<32x32xf32, local, #tirx.layout<S[(32,32):(1,1@laneid)]>>

gpu.module @copy_check {
  // Two-stage cp.async pipeline: CTA b copies tiles b, b + grid, ... of 2048
  // elements; tile k + 1 streams into shared memory while tile k goes
  // shared -> registers -> global.
  gpu.func @pipe_copy(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tile = arith.constant 2048 : index
    %tm1 = arith.constant 2047 : index
    %bid = gpu.block_id x
    %nb = gpu.grid_dim x
    %gi = tirx.global_view %in sizes [%n] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G1
    %go = tirx.global_view %out sizes [%n] strides [1] {alignment = 16 : i64} : !llvm.ptr<1> -> !G1
    %s0 = tirx.alloc : !S
    %s1 = tirx.alloc : !S
    %r = tirx.alloc : !L
    %ntiles0 = arith.addi %n, %tm1 : index
    %ntiles = arith.divui %ntiles0, %tile : index
    %nbm1 = arith.subi %nb, %c1 : index
    %k0 = arith.addi %ntiles, %nbm1 : index
    %kmax = arith.divui %k0, %nb : index
    // offset of the k-th tile of this CTA
    %off0 = arith.muli %bid, %tile : index
    %step = arith.muli %nb, %tile : index
    %ri0 = tirx.region %gi [%off0] : !G1 -> !T
    tirx.copy_async cta %s0, %ri0 : !S, !T
    tirx.async_commit
    scf.for %k = %c0 to %kmax step %c2 {
      %kk = arith.muli %k, %step : index
      %offk = arith.addi %off0, %kk : index
      %offk1 = arith.addi %offk, %step : index
      %offk2 = arith.addi %offk1, %step : index
      %ri1 = tirx.region %gi [%offk1] : !G1 -> !T
      tirx.copy_async cta %s1, %ri1 : !S, !T
      tirx.async_commit
      tirx.async_wait {pending = 1}
      gpu.barrier
      tirx.copy cta %r, %s0 : !L, !S
      %ro0 = tirx.region %go [%offk] : !G1 -> !T
      tirx.copy cta %ro0, %r : !T, !L
      gpu.barrier
      %ri2 = tirx.region %gi [%offk2] : !G1 -> !T
      tirx.copy_async cta %s0, %ri2 : !S, !T
      tirx.async_commit
      tirx.async_wait {pending = 1}
      gpu.barrier
      tirx.copy cta %r, %s1 : !L, !S
      %ro1 = tirx.region %go [%offk1] : !G1 -> !T
      tirx.copy cta %ro1, %r : !T, !L
      gpu.barrier
    }
    tirx.async_wait {pending = 0}
    gpu.return
  }

  // TMA load of the 64x32 tile (blockIdx.y, blockIdx.x) into a 128B-swizzled
  // shared buffer, then shared -> registers -> global through the copy's own
  // swizzle arithmetic.
  gpu.func @tma_tile(%desc: !llvm.ptr<1>, %in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %m: index, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c64 = arith.constant 64 : index
    %c32 = arith.constant 32 : index
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %bytes = arith.constant 8192 : i32
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row = arith.muli %by, %c64 : index
    %col = arith.muli %bx, %c32 : index
    %gi = tirx.global_view %in sizes [%m, %n] strides [%n, 1] : !llvm.ptr<1> -> !G2
    %ri = tirx.region %gi [%row, %col] : !G2 -> !B
    %go = tirx.global_view %out sizes [%m, %n] strides [%n, 1] : !llvm.ptr<1> -> !G2
    %ro = tirx.region %go [%row, %col] : !G2 -> !B
    %s = tirx.alloc : !SB
    %bar = tirx.alloc : !BAR
    %tid = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %tid, %c0 : index
    scf.if %first {
      tirx.mbarrier_init %bar[0], %one : !BAR
      tirx.mbarrier_arrive_expect_tx %bar[0], %bytes : !BAR
    }
    gpu.barrier
    tirx.copy_async cta %s, %ri barrier(%bar[0] : !BAR) tensor_map(%desc : !llvm.ptr<1>) : !SB, !B
    tirx.mbarrier_wait %bar[0], %zero : !BAR
    %r = tirx.alloc : !LB
    tirx.copy cta %r, %s : !LB, !SB
    tirx.copy cta %ro, %r : !B, !LB
    gpu.return
  }

  // TMA store: global -> shared (vec_auto) -> global (TMA store, no swizzle).
  gpu.func @tma_store(%desc: !llvm.ptr<1>, %in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %m: index, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c64 = arith.constant 64 : index
    %c32 = arith.constant 32 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row = arith.muli %by, %c64 : index
    %col = arith.muli %bx, %c32 : index
    %gi = tirx.global_view %in sizes [%m, %n] strides [%n, 1] : !llvm.ptr<1> -> !G2
    %ri = tirx.region %gi [%row, %col] : !G2 -> !B
    %go = tirx.global_view %out sizes [%m, %n] strides [%n, 1] : !llvm.ptr<1> -> !G2
    %ro = tirx.region %go [%row, %col] : !G2 -> !B
    %s = tirx.alloc : !SB0
    tirx.copy cta %s, %ri : !SB0, !B
    tirx.copy_async cta %ro, %s tensor_map(%desc : !llvm.ptr<1>) : !B, !SB0
    gpu.return
  }

  // global -> shared (128B swizzle) -> registers (replicated) -> global.
  gpu.func @swizzle_roundtrip(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c64 = arith.constant 64 : index
    %bx = gpu.block_id x
    %row = arith.muli %bx, %c64 : index
    %gi = tirx.global_view %in sizes [256, 64] strides [64, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<256x64xf16, global>
    %go = tirx.global_view %out sizes [256, 64] strides [64, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<256x64xf16, global>
    %ri = tirx.region %gi [%row, 0] : !tirx.buffer<256x64xf16, global> -> !GH
    %ro = tirx.region %go [%row, 0] : !tirx.buffer<256x64xf16, global> -> !GH
    %s = tirx.alloc : !SH
    tirx.copy cta %s, %ri : !SH, !GH
    gpu.barrier
    %r = tirx.alloc : !LH
    tirx.copy cta %r, %s : !LH, !SH
    tirx.copy cta %ro, %r : !GH, !LH
    gpu.return
  }

  // ldmatrix (x4, and x4.trans from a column-major tile) into the mma A
  // fragment, stmatrix back, out through vec_auto. out0 = A via ldmatrix,
  // out1 = A^T tile read with .trans, out2 = stmatrix round trip; the mma
  // B fragment of a row-major K x N tile (pairs along K) by x4.trans:
  // out3 = the fragment written out, out4 = stmatrix.trans round trip.
  gpu.func @ldstmatrix(%in: !llvm.ptr<1>, %out0: !llvm.ptr<1>, %out1: !llvm.ptr<1>, %out2: !llvm.ptr<1>, %out3: !llvm.ptr<1>, %out4: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %gi = tirx.global_view %in sizes [16, 16] strides [16, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GA
    %g0 = tirx.global_view %out0 sizes [16, 16] strides [16, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GA
    %g1 = tirx.global_view %out1 sizes [16, 16] strides [16, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GA
    %g2 = tirx.global_view %out2 sizes [16, 16] strides [16, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GA
    %ri = tirx.region %gi [0, 0] : !GA -> !GA
    %r0 = tirx.region %g0 [0, 0] : !GA -> !GA
    %r1 = tirx.region %g1 [0, 0] : !GA -> !GA
    %r2 = tirx.region %g2 [0, 0] : !GA -> !GA
    %s = tirx.alloc : !SA
    %st = tirx.alloc : !SAT
    tirx.copy warp %s, %ri : !SA, !GA
    tirx.copy warp %st, %ri : !SAT, !GA
    gpu.barrier
    %a = tirx.alloc : !LA
    tirx.copy warp %a, %s : !LA, !SA
    tirx.copy warp %r0, %a : !GA, !LA
    %b = tirx.alloc : !LA
    tirx.copy warp %b, %st : !LA, !SAT
    tirx.copy warp %r1, %b : !GA, !LA
    %s2 = tirx.alloc : !SA
    tirx.copy warp %s2, %a : !SA, !LA
    gpu.barrier
    tirx.copy warp %r2, %s2 : !GA, !SA
    %g3 = tirx.global_view %out3 sizes [16, 16] strides [16, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GA
    %g4 = tirx.global_view %out4 sizes [16, 16] strides [16, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !GA
    %r3 = tirx.region %g3 [0, 0] : !GA -> !GA
    %r4 = tirx.region %g4 [0, 0] : !GA -> !GA
    %fb = tirx.alloc : !LBF
    tirx.copy warp %fb, %s : !LBF, !SA
    tirx.copy warp %r3, %fb : !GA, !LBF
    %s3 = tirx.alloc : !SA
    tirx.copy warp %s3, %fb : !SA, !LBF
    gpu.barrier
    tirx.copy warp %r4, %s3 : !GA, !SA
    gpu.return
  }

  // Warp permute: lane i holds row i -> lane j holds column j.
  gpu.func @permute(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %w = arith.divui %tid, %c32 : index
    %bx = gpu.block_id x
    %c2 = arith.constant 2 : index
    %t0 = arith.muli %bx, %c2 : index
    %t = arith.addi %t0, %w : index
    %row = arith.muli %t, %c32 : index
    %gi = tirx.global_view %in sizes [128, 32] strides [32, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<128x32xf32, global>
    %go = tirx.global_view %out sizes [128, 32] strides [32, 1] {alignment = 16 : i64} : !llvm.ptr<1> -> !tirx.buffer<128x32xf32, global>
    %ri = tirx.region %gi [%row, 0] : !tirx.buffer<128x32xf32, global> -> !GP
    %ro = tirx.region %go [%row, 0] : !tirx.buffer<128x32xf32, global> -> !GP
    %a = tirx.alloc : !LP0
    tirx.copy warp %a, %ri : !LP0, !GP
    %b = tirx.alloc : !LP1
    tirx.permute_layout warp %b, %a : !LP1, !LP0
    tirx.copy warp %ro, %b : !GP, !LP1
    gpu.return
  }
}
