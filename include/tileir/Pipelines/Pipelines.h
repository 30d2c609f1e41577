//===- Pipelines.h - The end-to-end pass pipeline ---------------*- C++ -*-===//
//
// Part of TileIR. The pipeline from cuda_tile to NVVM/LLVM, built once in
// C++ so that tile-opt, tile-translate, the C API and the Python package run
// the same sequence.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_PIPELINES_PIPELINES_H
#define TILEIR_PIPELINES_PIPELINES_H

#include "tileir/Dialect/TirX/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::tileir {

/// The options of the lowering from tirx to NVVM, shared by both pipelines'
/// option structs (`Derived`).
template <typename Derived>
struct LowerToNVVMOptions : public PassPipelineOptions<Derived> {
  detail::PassOptions::Option<tirx::LaunchABI> launchAbi{
      *this, "launch-abi",
      llvm::cl::desc("Launch ABI (see tirx-lower-buffers)"),
      llvm::cl::init(tirx::LaunchABI::Explicit),
      llvm::cl::values(
          clEnumValN(tirx::LaunchABI::Explicit, "explicit",
                     "the launcher passes the dynamic shared memory"),
          clEnumValN(tirx::LaunchABI::Tile, "tile",
                     "static shared memory only (cuTile-style launch)"))};
  detail::PassOptions::Option<LLVM::DIEmissionKind> debugInfo{
      *this, "debug-info",
      llvm::cl::desc("Debug info of the kernels: none (the locations' debug "
                     "scopes are dropped), lineinfo (line tables as PTX "
                     ".loc/.file directives only) or full (DWARF)"),
      llvm::cl::init(LLVM::DIEmissionKind::None),
      llvm::cl::values(
          clEnumValN(LLVM::DIEmissionKind::None, "none", "no debug info"),
          clEnumValN(LLVM::DIEmissionKind::DebugDirectivesOnly, "lineinfo",
                     "line tables as .loc/.file directives"),
          clEnumValN(LLVM::DIEmissionKind::Full, "full", "full DWARF"))};
};

struct CudaTileToNVVMOptions
    : public LowerToNVVMOptions<CudaTileToNVVMOptions> {
  detail::PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("Target chip"), llvm::cl::init("sm_90")};
  detail::PassOptions::Option<unsigned> ptxVersion{
      *this, "ptx-version",
      llvm::cl::desc("PTX ISA version times ten (0: chip default)"),
      llvm::cl::init(0)};
  detail::PassOptions::Option<unsigned> numThreads{
      *this, "num-threads",
      llvm::cl::desc("CTA size (0: chosen from the tile sizes)"),
      llvm::cl::init(0)};
  detail::PassOptions::Option<bool> rollWgmma{
      *this, "roll-wgmma",
      llvm::cl::desc("Roll the wgmma K loop (see convert-cuda-tile-to-tirx)"),
      llvm::cl::init(false)};
  detail::PassOptions::Option<bool> tmaLoads{
      *this, "tma-loads",
      llvm::cl::desc("TMA loads in the wgmma K loop (see "
                     "convert-cuda-tile-to-tirx)"),
      llvm::cl::init(true)};
  detail::PassOptions::Option<bool> warpSpecialize{
      *this, "warp-specialize",
      llvm::cl::desc("Producer warps for the TMA loads of the K loop and of "
                     "streamed operands (see "
                     "convert-cuda-tile-to-tirx)"),
      llvm::cl::init(true)};
  detail::PassOptions::Option<unsigned> pointerAlignment{
      *this, "pointer-alignment",
      llvm::cl::desc("Alignment in bytes the launcher guarantees of pointer "
                     "arguments (see convert-cuda-tile-to-tirx)"),
      llvm::cl::init(16)};
};

struct TirXToNVVMOptions : public LowerToNVVMOptions<TirXToNVVMOptions> {};

/// convert-cuda-tile-to-tirx: cuda_tile -> gpu.module of tirx kernels.
void buildCudaTileToTirXPipeline(OpPassManager &pm,
                                 const CudaTileToNVVMOptions &options);
/// tirx-dispatch, tirx-lower-buffers and the upstream conversions to NVVM.
/// Unless `options.debugInfo` is None, every llvm.func without a debug scope
/// then gets a DISubprogram (upstream `ensure-debug-info-scope-on-llvm-func`)
/// in a compile unit of that emission kind, so that plain file locations
/// become line tables too.
void buildTirXToNVVMPipeline(OpPassManager &pm,
                             const TirXToNVVMOptions &options);
/// Both: cuda_tile -> LLVM dialect + NVVM inside gpu.module.
void buildCudaTileToNVVMPipeline(OpPassManager &pm,
                                 const CudaTileToNVVMOptions &options);

/// Registers `cuda-tile-to-nvvm` and `tirx-to-nvvm` as pass pipelines.
void registerPipelines();

} // namespace mlir::tileir

#endif // TILEIR_PIPELINES_PIPELINES_H
