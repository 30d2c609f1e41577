//===- Passes.td - dispatch passes -------------------------*- tablegen -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DISPATCH_PASSES_TD
#define TILEIR_DISPATCH_PASSES_TD

include "mlir/Pass/PassBase.td"

def TirXDispatch : Pass<"tirx-dispatch", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lowers every tile primitive through its variant table";
  let description = [{
    For every tirx primitive, looks up the variants registered for
    (primitive, target kind), keeps only the forced one when the op names one
    with `dispatch = "..."`, orders them by priority (ties by name), and
    replaces the op with the implementation of the first variant whose
    predicates all hold and whose implementation does not decline. When none
    fits, one error lists every variant with its priority and its reasons.
    The target comes from the module's `#nvvm.target`; the CTA size from the
    kernel's `known_block_size`.

    Before:
    ```mlir
    tirx.exp cta %d, %s : !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>, ...
    ```
    After: eight unrolled `math.exp` on the thread's registers (`memref.load`
    / `memref.store` on the buffer's storage).
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark per primitive naming the chosen variant and the "
           "reasons the higher-priority ones were rejected">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::gpu::GPUDialect"];
}

#endif // TILEIR_DISPATCH_PASSES_TD
