//===- Passes.td - TileIR conversion passes ----------------*- tablegen -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_CONVERSION_PASSES_TD
#define TILEIR_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertCudaTileToTirX : Pass<"convert-cuda-tile-to-tirx", "::mlir::ModuleOp"> {
  let summary = "Lowers cuda_tile kernels to tirx primitives, assigning layouts";
  let description = [{
    Every `cuda_tile.module` becomes a `gpu.module` with an `#nvvm.target`,
    every `entry` a `gpu.func` kernel with the same symbol and one parameter
    per argument (`tile<ptr<T>>` -> `!llvm.ptr<1>`, scalars by value). The
    pass fixes the CTA size from the kernel's tile sizes (or the
    `num_worker_warps_per_cta` optimization hint) and gives every tile value
    a layout:

    * tiles that are the same scalar everywhere (splat constants, broadcasts
      of scalars, rank-0 tiles) stay scalars and use upstream `arith`;
    * other tiles become `local` buffers with a blocked layout per shape
      (16-byte runs of the narrowest element type per thread, threads next,
      repeated in registers), shared by every tile of that shape;
    * reductions produce the source layout with the reduced bits removed
      (replicated over the reducing threads); reshapes and broadcasts are
      `tirx.view`s of the source's registers.

    Views become `tirx.global_view`/`tirx.region`, view loads and stores
    `tirx.copy`, pointer-tile loads and stores `tirx.load_ptr`/`store_ptr`.

    Every op the pass creates has the location of the cuda_tile op it comes
    from. Debug scopes become the LLVM dialect's: a location
    `#cuda_tile.di_loc<L in S>` becomes `fused<S'>[L]`, where `S'` is the
    `#llvm.di_subprogram` (or `#llvm.di_lexical_block`) of `S`, so that the
    LLVM IR translation emits DISubprograms and DILocations.

    Before:
    ```mlir
    %s = addf %a, %b : tile<1024xf32>
    ```
    After:
    ```mlir
    %s = tirx.alloc : !tirx.buffer<1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
    tirx.add cta %s, %a, %b : ...
    ```
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Target chip (sm_80, sm_86, sm_89, sm_90, sm_90a)">,
    Option<"ptxVersion", "ptx-version", "unsigned", /*default=*/"0",
           "PTX ISA version times ten (0: the chip's default)">,
    Option<"numThreads", "num-threads", "unsigned", /*default=*/"0",
           "CTA size (0: chosen from the tile sizes)">,
    Option<"rollWgmma", "roll-wgmma", "bool", /*default=*/"false",
           "Rolls the wgmma K loop like the mma.sync one (one iteration per "
           "K step, stage buffers selected at run time, their wgmma "
           "descriptors computed before the loop): 1/stages of the code and "
           "of the compile time; H100 speed to be measured (docs/Matmul.md)">,
    Option<"tmaLoads", "tma-loads", "bool", /*default=*/"true",
           "Loads the stages of the rolled wgmma K loop by TMA where the "
           "views allow it, through tensor maps built on the device "
           "(docs/Matmul.md, \"TMA loads\"); false keeps cp.async">,
    Option<"warpSpecialize", "warp-specialize", "bool", /*default=*/"true",
           "Gives the TMA loads of the rolled wgmma K loop and of "
           "attention's streamed operands to producer warps of their own "
           "(tirx.warp_specialize; docs/Matmul.md, \"Producer warp\"); "
           "false issues them from the loop's threads">,
    Option<"pointerAlignment", "pointer-alignment", "unsigned",
           /*default=*/"16",
           "Alignment in bytes assumed for pointer arguments beyond their "
           "elements' size and what `assume div_by` says (part of the "
           "kernel ABI; TileIR's runtime checks it; 1: none, as cuTile "
           "Python launches)">,
    Option<"debugEmissionKind", "debug-emission-kind",
           "::mlir::LLVM::DIEmissionKind",
           /*default=*/"::mlir::LLVM::DIEmissionKind::Full",
           "Emission kind of the LLVM compile units that the "
           "`#cuda_tile.di_*` scopes of the locations become (None: the "
           "scopes are dropped, the file locations stay)",
           [{::llvm::cl::values(
             clEnumValN(::mlir::LLVM::DIEmissionKind::None, "None", "None"),
             clEnumValN(::mlir::LLVM::DIEmissionKind::Full, "Full",
                        "Full (default)"),
             clEnumValN(::mlir::LLVM::DIEmissionKind::LineTablesOnly,
                        "LineTablesOnly", "LineTablesOnly"),
             clEnumValN(::mlir::LLVM::DIEmissionKind::DebugDirectivesOnly,
                        "DebugDirectivesOnly", "DebugDirectivesOnly"))}]>,
  ];
  let dependentDialects = ["::mlir::tirx::TirXDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::memref::MemRefDialect"];
}

#endif // TILEIR_CONVERSION_PASSES_TD
