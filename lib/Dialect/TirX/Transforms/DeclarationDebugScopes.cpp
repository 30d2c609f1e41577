//===- DeclarationDebugScopes.cpp - tirx-declaration-debug-scopes ---------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/AttrTypeSubElements.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_TIRXDECLARATIONDEBUGSCOPES
#include "tileir/Dialect/TirX/Transforms/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;

namespace {
struct TirXDeclarationDebugScopesPass
    : tirx::impl::TirXDeclarationDebugScopesBase<
          TirXDeclarationDebugScopesPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    AttrTypeReplacer replacer;
    replacer.addReplacement([&](FusedLoc loc) -> std::optional<Attribute> {
      if (!isa_and_nonnull<LLVM::DISubprogramAttr>(loc.getMetadata()))
        return std::nullopt;
      return FusedLoc::get(ctx, loc.getLocations());
    });
    for (auto func : getOperation().getOps<LLVM::LLVMFuncOp>())
      if (func.isExternal() &&
          func.getLoc()->findInstanceOf<FusedLocWith<LLVM::DISubprogramAttr>>())
        func->setLoc(cast<LocationAttr>(replacer.replace(func.getLoc())));
  }
};
} // namespace
