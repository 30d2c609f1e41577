// RUN: not tile-translate --cuda-tile-to-ptx %s 2>&1 | FileCheck %s
// RUN: not tile-translate --cuda-tile-to-llvmir %s 2>&1 | FileCheck %s

// An upstream step that fails on the lowered IR (here the LLVM IR
// translation meets an f8 value no conversion could type) is reported once,
// at the op's location, naming the chip and asking for a report; the
// follow-on errors ("Failed creating the llvm::Module", "could not be
// compiled to PTX") are dropped.

// CHECK: internal-error.mlir:[[#@LINE+4]]:33: error: TileIR could not compile this operation for sm_90: an internal lowering step failed (LLVM Translation failed for operation: builtin.unrealized_conversion_cast)
// CHECK-NEXT: gpu.func
// CHECK: note: this is a TileIR bug; please report it with the input
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%p: !llvm.ptr<1>, %x: f8E4M3FN) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %y = arith.addf %x, %x : f8E4M3FN
    %z = arith.extf %y : f8E4M3FN to f32
    llvm.store %z, %p : f32, !llvm.ptr<1>
    gpu.return
  }
}
// CHECK-NOT: error:
