//===- SynthesizeDebugInfoScopes.cpp - Add DI subprograms -------*- C++ -*-===//
//
// Part of TileIR.
//
// The cuda-tile-synthesize-debug-info-scopes pass.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/Transforms/Passes.h"

#include "llvm/Support/Path.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_CUDATILESYNTHESIZEDEBUGINFOSCOPES
#include "tileir/Dialect/CudaTile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// The first FileLineColLoc inside `loc`, if any.
static FileLineColLoc findFileLoc(Location loc) {
  FileLineColLoc found;
  loc->walk([&](Location inner) {
    if (auto fileLoc = dyn_cast<FileLineColLoc>(inner)) {
      found = fileLoc;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

struct CudaTileSynthesizeDebugInfoScopesPass
    : cuda_tile::impl::CudaTileSynthesizeDebugInfoScopesBase<
          CudaTileSynthesizeDebugInfoScopesPass> {
  void runOnOperation() override {
    cuda_tile::ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    StringRef name = "<unknown>", directory = "";
    if (FileLineColLoc fileLoc = findFileLoc(module.getLoc())) {
      StringRef path = fileLoc.getFilename().strref();
      name = llvm::sys::path::filename(path);
      directory = llvm::sys::path::parent_path(path);
    }
    auto file = DIFileAttr::get(ctx, StringAttr::get(ctx, name),
                                StringAttr::get(ctx, directory));
    auto compileUnit = DICompileUnitAttr::get(ctx, file);

    for (auto func : module.getOps<FunctionOpInterface>()) {
      if (isa<DILocAttr>(func.getLoc()))
        continue;
      FileLineColLoc funcLoc = findFileLoc(func.getLoc());
      auto subprogram = DISubprogramAttr::get(
          ctx, file, funcLoc ? funcLoc.getLine() : 1, func.getNameAttr(),
          func.getNameAttr(), compileUnit, std::nullopt);
      auto wrap = [&](Location loc) -> Location {
        if (isa<DILocAttr>(loc))
          return loc;
        return DILocAttr::get(ctx, loc, subprogram);
      };
      func->setLoc(wrap(func.getLoc()));
      func.getFunctionBody().walk(
          [&](Operation *op) { op->setLoc(wrap(op->getLoc())); });
    }
  }
};

} // namespace
