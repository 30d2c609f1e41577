// The registerCompatible predicate of elementwise dispatch read the
// destination's bit layout through a temporary that was already destroyed
// (AddressSanitizer: stack-use-after-scope, utils/sanitize.sh). Every
// register elementwise op, here an iota, goes through it.
// RUN: tile-translate --cuda-tile-to-ptx %s | FileCheck %s

// CHECK: .visible .entry iota()
cuda_tile.module @k {
  entry @iota() {
    %i = iota : tile<1024xi32>
    return
  }
}
