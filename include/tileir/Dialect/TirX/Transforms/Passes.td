//===- Passes.td - tirx passes -----------------------------*- tablegen -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TRANSFORMS_PASSES_TD
#define TILEIR_DIALECT_TIRX_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TirXLowerBuffers : Pass<"tirx-lower-buffers", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lowers the tirx buffers left after dispatch to upstream memory";
  let description = [{
    `local` allocations become `memref.alloca` of the layout's per-thread
    storage (promoted to registers by LLVM), `shared` allocations take
    shared memory as the launch ABI allows (below), `tirx.view`s resolve to
    their source's storage, and `tirx.global_view`/`tirx.region` (consumed by
    dispatch) are erased.

    Shared memory with `launch-abi=explicit` (the launcher passes the
    dynamic shared memory the kernel states): while a kernel's shared
    buffers fit the 48 KiB a kernel may declare statically, each is a
    workgroup attribution (a static `.shared` array); beyond that they share
    one `gpu.dynamic_shared_memory` block, each a `memref.view` at its static
    offset, and the kernel records the bytes to launch with in
    `tileir.dynamic_smem`. With `launch-abi=tile` (the launcher passes no
    dynamic shared memory, as cuTile launches a tile kernel): every shared
    byte of the kernel, the shared buffers and the workgroup attributions
    made before (one-element broadcast slots), is one workgroup attribution
    of `i8` aligned to the largest alignment, each buffer a `memref.view` at
    its static offset, of any size up to the chip's per-CTA limit (ptxas
    accepts static arrays beyond 48 KiB for sm_90). Either way a kernel
    needing more than the chip's limit is an error. Scope ids become `gpu.thread_id`/`gpu.block_id`
    arithmetic, `tirx.barrier` becomes `gpu.barrier` (cta), a named
    `nvvm.barrier` of 128 threads (warpgroup), `nvvm.bar.warp.sync` (warp)
    or `nvvm.cluster.arrive`/`wait` (cluster). `tirx.warp_specialize`
    gives the launch its producer warps, which branch at the kernel's entry
    to the producer regions (see the op). Fails on any primitive left over.
  }];
  let options = [
    Option<"launchAbi", "launch-abi", "::mlir::tirx::LaunchABI",
           /*default=*/"::mlir::tirx::LaunchABI::Explicit",
           "How the kernels are launched, which decides how they take shared "
           "memory",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tirx::LaunchABI::Explicit, "explicit",
                        "static shared memory up to 48 KiB, dynamic beyond"),
             clEnumValN(::mlir::tirx::LaunchABI::Tile, "tile",
                        "one static shared array of any size, no dynamic "
                        "shared memory"))}]>,
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def TirXPrepareLLVM : Pass<"tirx-prepare-llvm", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Shapes the LLVM dialect for LLVM's O3 pipeline";
  let description = [{
    Runs after the conversion to the LLVM dialect, two rewrites that LLVM
    would do itself, but late and at a cost:

    * The upstream folders of `llvm.extractvalue` and `llvm.insertvalue`
      (and nothing else): an extractvalue of a value inserted into an
      aggregate becomes that value, and insertvalue chains left without
      users are erased. The wgmma lowering builds the 128-register
      accumulator struct of every `nvvm.wgmma.mma_async` from the register
      array and convert-nvvm-to-llvm takes it apart again for the inline
      asm; left to LLVM, the chains cost IPSCCP (which runs before
      InstCombine) ~40 ms per wgmma kernel of the matmul example.
    * `llvm.alloca %n x T` with a constant `n` of at least
      `array-alloca-min-elements` (64; 0: never) becomes `llvm.alloca 1 x
      !llvm.array<n x T>`. The per-thread register arrays come from
      `memref.alloca` in that form, which LLVM's SROA skips, so they are
      promoted only after the first InstCombine has turned them into array
      types itself; that InstCombine re-scans every user of an alloca each
      time one of them changes, quadratic in the users: half of the O3
      instructions of the sm_90 matmul (128- and 512-element arrays).
      Retyped, the first SROA promotes them, which changes the order of
      LLVM's simplifications: for the small arrays of the other examples
      (at most 32 elements) that changed their PTX for no measurable
      time, hence the threshold (docs/Pipeline.md, "Compile time").

    A full canonicalize round on the LLVM dialect costs more than it saves
    (docs/Pipeline.md, "Compile time").

    Before:
    ```mlir
    %n = llvm.mlir.constant(128 : index) : i64
    %a = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    %s1 = llvm.insertvalue %b, %s0[1] : !llvm.struct<(f32, f32)>
    %x = llvm.extractvalue %s1[1] : !llvm.struct<(f32, f32)>
    ```
    After: `%a = llvm.alloca %one x !llvm.array<128 x f32>`; the uses of
    `%x` use `%b`.
  }];
  let options = [
    Option<"arrayAllocaMinElements", "array-alloca-min-elements", "unsigned",
           /*default=*/"64",
           "Allocas of at least this constant element count take an array "
           "type (0: none)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def TirXDeclarationDebugScopes
    : Pass<"tirx-declaration-debug-scopes", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Drops the debug scope of the functions that the conversions "
                "declare";
  let description = [{
    The upstream conversions declare the functions they call (`vprintf`,
    `__assertfail`, `malloc`, libdevice's `__nv_*`) at the location of the
    op that needs them. In a kernel with debug info that location is fused
    with the kernel's `#llvm.di_subprogram`, which the LLVM IR translation
    would attach to the declaration, and LLVM's verifier rejects a
    declaration with a defining (distinct) subprogram. Every external
    `llvm.func` whose location is fused with a subprogram gets that
    location without it; `ensure-debug-info-scope-on-llvm-func` then gives
    it a declaration's subprogram.

    Before:
    ```mlir
    llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32 loc(fused<#sp>["k.py":3:5])
    ```
    After: `loc("k.py":3:5)`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TILEIR_DIALECT_TIRX_TRANSFORMS_PASSES_TD
