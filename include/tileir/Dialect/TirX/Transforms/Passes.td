//===- Passes.td - tirx passes -----------------------------*- tablegen -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TRANSFORMS_PASSES_TD
#define TILEIR_DIALECT_TIRX_TRANSFORMS_PASSES_TD

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

def TirXLowerBuffers : Pass<"tirx-lower-buffers", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lowers the tirx buffers left after dispatch to upstream memory";
  let description = [{
    `local` allocations become `memref.alloca` of the layout's per-thread
    storage (promoted to registers by LLVM), `shared` allocations become
    workgroup attributions of the kernel, `tirx.view`s resolve to their
    source's storage, and `tirx.global_view`/`tirx.region` (consumed by
    dispatch) are erased. Scope ids become `gpu.thread_id`/`gpu.block_id`
    arithmetic, `tirx.barrier` becomes `gpu.barrier` (cta), a named
    `nvvm.barrier` of 128 threads (warpgroup), `nvvm.bar.warp.sync` (warp)
    or `nvvm.cluster.arrive`/`wait` (cluster). Fails on any primitive left
    over.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def TirXFoldAggregates : Pass<"tirx-fold-aggregates", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Folds llvm.extractvalue of llvm.insertvalue chains";
  let description = [{
    Runs the upstream folders of `llvm.extractvalue` and `llvm.insertvalue`
    (and nothing else) on the LLVM dialect: an extractvalue of a value
    inserted into an aggregate becomes that value, and insertvalue chains
    left without users are erased. The wgmma lowering builds the 128-register
    accumulator struct of every `nvvm.wgmma.mma_async` from the register
    array and convert-nvvm-to-llvm takes it apart again for the inline asm;
    the memref lowering extracts the pointer of every descriptor per access.
    Left to LLVM, the chains cost IPSCCP (which runs before InstCombine in
    the O3 pipeline) ~40 ms per wgmma kernel of the matmul example. A full
    canonicalize round on the LLVM dialect costs more than it saves
    (docs/Pipeline.md, "Compile time").

    Before:
    ```mlir
    %s0 = llvm.insertvalue %a, %u[0] : !llvm.struct<(f32, f32)>
    %s1 = llvm.insertvalue %b, %s0[1] : !llvm.struct<(f32, f32)>
    %x = llvm.extractvalue %s1[0] : !llvm.struct<(f32, f32)>
    ```
    After: the uses of `%x` use `%a`; the chain is erased.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TILEIR_DIALECT_TIRX_TRANSFORMS_PASSES_TD
