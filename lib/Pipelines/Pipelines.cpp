//===- Pipelines.cpp - The end-to-end pass pipeline -----------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Pipelines/Pipelines.h"

#include "tileir/Conversion/Passes.h"
#include "tileir/Dialect/CudaTile/Transforms/Passes.h"
#include "tileir/Dialect/TileOps/Transforms/Passes.h"
#include "tileir/Dialect/TirX/Transforms/Passes.h"
#include "tileir/Dispatch/Passes.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tileir;

void mlir::tileir::buildCudaTileToTirXPipeline(
    OpPassManager &pm, const CudaTileToNVVMOptions &options) {
  ConvertCudaTileToTirXOptions convert;
  convert.chip = options.chip;
  convert.ptxVersion = options.ptxVersion;
  convert.numThreads = options.numThreads;
  convert.rollWgmma = options.rollWgmma;
  convert.tmaLoads = options.tmaLoads;
  convert.warpSpecialize = options.warpSpecialize;
  convert.pointerAlignment = options.pointerAlignment;
  convert.debugEmissionKind = options.debugInfo;
  // tileops library ops become cuda_tile arithmetic first.
  pm.addPass(tileops::createTileOpsExpand());
  // Loops that run at most once are gone and repeated loads of one tile
  // are one (cuTile's kernels reload a tile in a second loop over it).
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Loops whose carried tiles outgrow the registers run once per slice of
  // them (before loads are moved ahead: each slice's loop is an ordinary
  // loop).
  cuda_tile::CudaTileSliceLoopsOptions slice;
  slice.arch = options.chip;
  slice.numThreads = options.numThreads;
  pm.addPass(cuda_tile::createCudaTileSliceLoops(slice));
  // Loads with a latency hint are issued iterations ahead.
  cuda_tile::CudaTilePrefetchLoadsOptions prefetch;
  prefetch.arch = options.chip;
  pm.addPass(cuda_tile::createCudaTilePrefetchLoads(prefetch));
  pm.addPass(createConvertCudaTileToTirX(convert));
}

void mlir::tileir::buildTirXToNVVMPipeline(OpPassManager &pm,
                                           const TirXToNVVMOptions &options) {
  LLVM::DIEmissionKind debugInfo = options.debugInfo;
  OpPassManager &gpu = pm.nest<gpu::GPUModuleOp>();
  // Folds region offsets to static ones before the variants' predicates
  // look at them (in-bounds copies need no zero-fill size); cheap: the IR is
  // still one op per tile primitive.
  gpu.addPass(createCanonicalizerPass());
  gpu.addPass(createCSEPass());
  gpu.addPass(::tileir::dispatch::createTirXDispatch());
  tirx::TirXLowerBuffersOptions lowerBuffers;
  lowerBuffers.launchAbi = options.launchAbi;
  gpu.addPass(tirx::createTirXLowerBuffers(lowerBuffers));
  // The index arithmetic of the unrolled variants folds to constants before
  // the (costly) dialect conversion to LLVM. No round on the LLVM dialect:
  // it changed no PTX (LLVM's O3 pipeline does that work faster) and cost
  // ~15% of the compile time (docs/Pipeline.md, "Compile time").
  GreedyRewriteConfig noRegions;
  noRegions.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  gpu.addPass(createCanonicalizerPass(noRegions));
  gpu.addPass(createCSEPass());
  gpu.addPass(createSCFToControlFlowPass());
  gpu.addPass(createConvertGpuOpsToNVVMOps());
  // NVVM ops defined by their PTX (wgmma, mbarrier, TMA) become
  // llvm.inline_asm.
  gpu.addPass(createConvertNVVMToLLVMPass());
  // extractvalue of insertvalue chains (wgmma accumulator structs, memref
  // descriptors) fold here, cheaply, instead of in LLVM's IPSCCP; large
  // register arrays become allocas of array type, which LLVM's first SROA
  // promotes.
  gpu.addPass(tirx::createTirXPrepareLLVM());
  if (debugInfo != LLVM::DIEmissionKind::None)
    gpu.addPass(tirx::createTirXDeclarationDebugScopes());
  pm.addPass(createReconcileUnrealizedCastsPass());
  // Functions whose locations have no debug scope (inputs without
  // `#cuda_tile.di_loc`, functions the conversions declare) get one, in a
  // compile unit of the module's file: LLVM emits line tables only for
  // functions with a DISubprogram.
  if (debugInfo != LLVM::DIEmissionKind::None)
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass({debugInfo}));
}

void mlir::tileir::buildCudaTileToNVVMPipeline(
    OpPassManager &pm, const CudaTileToNVVMOptions &options) {
  buildCudaTileToTirXPipeline(pm, options);
  TirXToNVVMOptions lower;
  lower.launchAbi = options.launchAbi;
  lower.debugInfo = options.debugInfo;
  buildTirXToNVVMPipeline(pm, lower);
}

void mlir::tileir::registerPipelines() {
  PassPipelineRegistration<CudaTileToNVVMOptions>(
      "cuda-tile-to-nvvm",
      "Lower cuda_tile kernels to LLVM dialect + NVVM in gpu.module",
      buildCudaTileToNVVMPipeline);
  PassPipelineRegistration<TirXToNVVMOptions>(
      "tirx-to-nvvm",
      "Dispatch tirx primitives and lower the result to LLVM dialect + NVVM",
      buildTirXToNVVMPipeline);
}
