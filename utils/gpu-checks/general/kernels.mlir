// Kernels of utils/gpu-checks/general/check.py: the general per_element and
// decompose variants of tirx-dispatch (docs/Dispatch.md) on operands no
// faster variant takes: shared or non-power-of-two tiles, replicated
// register tiles, layouts that differ across the CTA.
// Compile: tile-translate --cuda-tile-to-ptx --chip=sm_90 kernels.mlir
!G35I = !tirx.buffer<3x5xi64, global>
!G35B = !tirx.buffer<3x5xi8, global>
!G35F = !tirx.buffer<3x5xf32, global>
!G35S = !tirx.buffer<3x5xi32, global>
!SP = !tirx.buffer<3x5xi64, shared, #tirx.layout<S[(3,5):(5,1)]>>
!SF = !tirx.buffer<3x5xf32, shared, #tirx.layout<S[(3,5):(5,1)]>>
!SM = !tirx.buffer<3x5xi1, shared, #tirx.layout<S[(3,5):(5,1)]>>
!SB = !tirx.buffer<3x5xi8, shared, #tirx.layout<S[(3,5):(5,1)]>>
!LP = !tirx.buffer<3x5xi64, local, #tirx.layout<S[(3,5):(5,1)] + R[32:1@laneid]>>
!LV = !tirx.buffer<3x5xi32, local, #tirx.layout<S[(3,5):(5,1)] + R[32:1@laneid]>>
!G16 = !tirx.buffer<16x16xf32, global>
!PA = !tirx.buffer<16x16xf32, local, #tirx.layout<S[(16,16):(1@tx,1)] + R[8:16@tx]>>
!PB = !tirx.buffer<16x16xf32, local, #tirx.layout<S[(16,16):(1,1@tx)] + R[8:16@tx]>>

gpu.module @general_check {
  // load_ptr (warp, shared operands, 3x5): out[i] = mask[i] ? *ptrs[i] : 2.0.
  gpu.func @gather(%ptrs: !llvm.ptr<1>, %mask: !llvm.ptr<1>, %out: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %gp = tirx.global_view %ptrs sizes [3, 5] strides [5, 1] : !llvm.ptr<1> -> !G35I
    %gm = tirx.global_view %mask sizes [3, 5] strides [5, 1] : !llvm.ptr<1> -> !G35B
    %go = tirx.global_view %out sizes [3, 5] strides [5, 1] : !llvm.ptr<1> -> !G35F
    %sp = tirx.alloc : !SP
    %sb = tirx.alloc : !SB
    %sm = tirx.alloc : !SM
    %d = tirx.alloc : !SF
    tirx.copy warp %sp, %gp : !SP, !G35I
    tirx.copy warp %sb, %gm : !SB, !G35B
    gpu.barrier
    tirx.cast warp %sm, %sb : !SM, !SB
    gpu.barrier
    %pad = arith.constant 2.0 : f32
    tirx.load_ptr warp %d, %sp mask %sm : !SM padding %pad : f32 : !SF, !SP
    gpu.barrier
    tirx.copy warp %go, %d : !G35F, !SF
    gpu.return
  }

  // store_ptr (CTA, shared operands): *ptrs[i] = x[i] where mask[i]; then
  // for_each writes x[i] * 3 to out2[i] (the flat index from the body).
  gpu.func @scatter(%ptrs: !llvm.ptr<1>, %mask: !llvm.ptr<1>, %x: !llvm.ptr<1>, %out2: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %gp = tirx.global_view %ptrs sizes [3, 5] strides [5, 1] : !llvm.ptr<1> -> !G35I
    %gm = tirx.global_view %mask sizes [3, 5] strides [5, 1] : !llvm.ptr<1> -> !G35B
    %gx = tirx.global_view %x sizes [3, 5] strides [5, 1] : !llvm.ptr<1> -> !G35F
    %sp = tirx.alloc : !SP
    %sb = tirx.alloc : !SB
    %sm = tirx.alloc : !SM
    %sx = tirx.alloc : !SF
    tirx.copy cta %sp, %gp : !SP, !G35I
    tirx.copy cta %sb, %gm : !SB, !G35B
    tirx.copy cta %sx, %gx : !SF, !G35F
    gpu.barrier
    tirx.cast cta %sm, %sb : !SM, !SB
    gpu.barrier
    tirx.store_ptr cta %sp, %sx mask %sm : !SM : !SP, !SF
    tirx.for_each cta %sx : !SF {
    ^bb0(%a: f32, %i: i64):
      %c3 = arith.constant 3.0 : f32
      %v = arith.mulf %a, %c3 : f32
      %g = llvm.getelementptr %out2[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %v, %g : f32, !llvm.ptr<1>
    }
    gpu.return
  }

  // atomic (warp, replicated 3x5 register tiles, 2 warps): each warp adds
  // v[i] to *ptrs[i] once and every lane gets the old values; each warp
  // writes them to its 3 rows of old.
  gpu.func @atomic_add(%ptrs: !llvm.ptr<1>, %v: !llvm.ptr<1>, %old: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %gp = tirx.global_view %ptrs sizes [3, 5] strides [5, 1] : !llvm.ptr<1> -> !G35I
    %gv = tirx.global_view %v sizes [3, 5] strides [5, 1] : !llvm.ptr<1> -> !G35S
    %p = tirx.alloc : !LP
    %x = tirx.alloc : !LV
    %o = tirx.alloc : !LV
    tirx.copy warp %p, %gp : !LP, !G35I
    tirx.copy warp %x, %gv : !LV, !G35S
    tirx.atomic warp into %o : !LV %p, %x {kind = "add", ordering = "monotonic", syncscope = "device"} : !LP, !LV
    %tid = gpu.thread_id x
    %c32 = arith.constant 32 : index
    %c3 = arith.constant 3 : index
    %w = arith.divui %tid, %c32 : index
    %r0 = arith.muli %w, %c3 : index
    %go = tirx.global_view %old sizes [6, 5] strides [5, 1] : !llvm.ptr<1> -> !tirx.buffer<6x5xi32, global>
    %rows = tirx.region %go [%r0, 0] : !tirx.buffer<6x5xi32, global> -> !G35S
    tirx.copy warp %rows, %o : !G35S, !LV
    gpu.return
  }

  // reduce without destinations (max of a shared 3x5 tile, in every lane)
  // and a reverse scan of its rows (sums from the end of each row).
  gpu.func @reduce_scan(%x: !llvm.ptr<1>, %maxout: !llvm.ptr<1>, %scan: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %gx = tirx.global_view %x sizes [3, 5] strides [5, 1] : !llvm.ptr<1> -> !G35F
    %gs = tirx.global_view %scan sizes [3, 5] strides [5, 1] : !llvm.ptr<1> -> !G35F
    %sx = tirx.alloc : !SF
    %sd = tirx.alloc : !SF
    tirx.copy warp %sx, %gx : !SF, !G35F
    gpu.barrier
    %r = tirx.reduce warp srcs(%sx : !SF) axes = [0, 1] identities = [0xFF800000 : f32] -> f32 {
    ^bb0(%a: f32, %b: f32):
      %m = arith.maximumf %a, %b : f32
      tirx.reduce_yield %m : f32
    }
    %tid = gpu.thread_id x
    %tid64 = arith.index_cast %tid : index to i64
    %g = llvm.getelementptr %maxout[%tid64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    llvm.store %r, %g : f32, !llvm.ptr<1>
    tirx.scan warp dsts(%sd : !SF) srcs(%sx : !SF) axis = 1 reverse identities = [0.0 : f32] {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tirx.reduce_yield %s : f32
    }
    gpu.barrier
    tirx.copy warp %gs, %sd : !G35F, !SF
    gpu.return
  }

  // permute_layout at CTA scope between layouts that place a row (PA) or a
  // column (PB) in each of 16 threads, replicated 8 times.
  gpu.func @permute_cta(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %gi = tirx.global_view %in sizes [16, 16] strides [16, 1] : !llvm.ptr<1> -> !G16
    %go = tirx.global_view %out sizes [16, 16] strides [16, 1] : !llvm.ptr<1> -> !G16
    %a = tirx.alloc : !PA
    %b = tirx.alloc : !PB
    tirx.copy cta %a, %gi : !PA, !G16
    tirx.permute_layout cta %b, %a : !PB, !PA
    tirx.copy cta %go, %b : !G16, !PB
    gpu.return
  }
}
