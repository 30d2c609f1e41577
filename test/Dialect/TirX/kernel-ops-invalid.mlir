// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Diagnostics of the kernel-structure ops.

gpu.module @m {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 48, 1, 1>} {
    // expected-error@+1 {{'tirx.warp_id' op expects a CTA size that is a multiple of 32, got 48}}
    %w = tirx.warp_id : index
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error@+1 {{'tirx.warpgroup_id' op expects a CTA size that is a multiple of 128, got 64}}
    %g = tirx.warpgroup_id : index
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error@+1 {{'tirx.barrier' op expects a CTA size that is a multiple of 128 for a warpgroup barrier, got 64}}
    tirx.barrier warpgroup
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error@+1 {{'tirx.barrier' op expects a scope wider than thread, got thread}}
    tirx.barrier thread
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error@+2 {{expected ::mlir::tirx::GridDim to be one of: x, y, z}}
    // expected-error@+1 {{failed to parse TirX_GridDimAttr parameter}}
    %b = tirx.cta_id w : index
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c = arith.constant true
    scf.if %c {
      // expected-error@+1 {{'tirx.warp_specialize' op expects to be directly in the body of a kernel}}
      tirx.warp_specialize producer_warps(1) {
      } producer {
      }
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 1024, 1, 1>} {
    // expected-error@+1 {{'tirx.warp_specialize' op expects a CTA size that is a multiple of 32 and leaves room for 1 producer warps, got 1024}}
    tirx.warp_specialize producer_warps(1) {
    } producer {
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    // expected-error@+1 {{'tirx.warp_specialize' op expects no barrier in its producer region}}
    tirx.warp_specialize producer_warps(1) {
    } producer {
      gpu.barrier
    }
    gpu.return
  }
}
