//===- DebugInfo.cpp - cuda_tile debug scopes to LLVM debug info ----------===//
//
// Part of TileIR. The `#cuda_tile.di_*` scopes of a module's locations become
// the LLVM dialect's debug-info attributes (a `di_loc<L in S>` becomes
// `fused<S'>[L]`), which the upstream LLVM IR translation turns into
// DISubprograms and DILocations. The lowering gives every op it creates the
// location of the cuda_tile op it comes from, so converting the locations of
// the cuda_tile module before lowering it carries them to the kernels.
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::tileir;

namespace {
/// Converts cuda_tile debug-info attributes to LLVM ones, each once: a
/// cuda_tile subprogram or compile unit maps to one distinct LLVM node.
class DebugInfoConverter {
public:
  DebugInfoConverter(MLIRContext *ctx, LLVM::DIEmissionKind kind)
      : ctx(ctx), kind(kind) {}

  /// `inner` (the converted location of `loc`) in the LLVM form of the
  /// scope of `loc`; `inner` alone when debug info is off.
  LocationAttr convert(ct::DILocAttr loc, LocationAttr inner) {
    if (kind == LLVM::DIEmissionKind::None)
      return inner;
    LLVM::DILocalScopeAttr scope = convertScope(loc.getScope());
    if (!scope)
      return inner;
    // The line of a DILocation is in its scope's file: a location in
    // another file than its scope (code written elsewhere) gets a lexical
    // block file, which switches the file and keeps the scope.
    if (auto fileLoc = inner.findInstanceOf<FileLineColLoc>()) {
      StringRef path = fileLoc.getFilename().strref();
      if (!isSameFile(path, scopeFile(loc.getScope())))
        scope = LLVM::DILexicalBlockFileAttr::get(ctx, scope, fileFor(path),
                                                  /*discriminator=*/0);
    }
    return FusedLoc::get(ctx, {Location(inner)}, scope);
  }

  /// The compile unit of the converted scopes; null before the first.
  LLVM::DICompileUnitAttr getCompileUnit() const { return compileUnit; }

private:
  LLVM::DIFileAttr convert(ct::DIFileAttr file) {
    return LLVM::DIFileAttr::get(ctx, file.getName(), file.getDirectory());
  }

  /// The compile unit of all kernels: ptxas rejects DWARF of several
  /// compile units in one PTX module ("overlapping non-identical data"), so
  /// the first cuda_tile compile unit stands for all (each subprogram keeps
  /// its own file).
  LLVM::DICompileUnitAttr convert(ct::DICompileUnitAttr unit) {
    if (!compileUnit)
      compileUnit = LLVM::DICompileUnitAttr::get(
          DistinctAttr::create(UnitAttr::get(ctx)), llvm::dwarf::DW_LANG_C,
          convert(unit.getFile()), StringAttr::get(ctx, "tileir"),
          /*isOptimized=*/true, kind);
    return compileUnit;
  }

  LLVM::DISubprogramAttr convert(ct::DISubprogramAttr subprogram) {
    if (Attribute done = converted.lookup(subprogram))
      return cast<LLVM::DISubprogramAttr>(done);
    LLVM::DIFileAttr file = convert(subprogram.getFile());
    auto type =
        LLVM::DISubroutineTypeAttr::get(ctx, llvm::dwarf::DW_CC_normal, {});
    auto result = LLVM::DISubprogramAttr::get(
        ctx, DistinctAttr::create(UnitAttr::get(ctx)),
        convert(subprogram.getCompileUnit()), file, subprogram.getName(),
        subprogram.getLinkageName(), file, subprogram.getLine(),
        subprogram.getScopeLine().value_or(subprogram.getLine()),
        LLVM::DISubprogramFlags::Definition |
            LLVM::DISubprogramFlags::Optimized,
        type, /*retainedNodes=*/{}, /*annotations=*/{});
    converted[subprogram] = result;
    return result;
  }

  /// A subprogram or lexical block (the verifier admits nothing else), or
  /// null.
  LLVM::DILocalScopeAttr convertScope(Attribute scope) {
    if (auto subprogram = dyn_cast<ct::DISubprogramAttr>(scope))
      return convert(subprogram);
    auto block = dyn_cast<ct::DILexicalBlockAttr>(scope);
    if (!block)
      return {};
    if (Attribute done = converted.lookup(block))
      return cast<LLVM::DILocalScopeAttr>(done);
    LLVM::DILocalScopeAttr parent = convertScope(block.getScope());
    if (!parent)
      return {};
    auto result = LLVM::DILexicalBlockAttr::get(
        ctx, parent, convert(block.getFile()), block.getLine(),
        block.getColumn().value_or(0));
    converted[block] = result;
    return result;
  }

  static ct::DIFileAttr scopeFile(Attribute scope) {
    if (auto subprogram = dyn_cast<ct::DISubprogramAttr>(scope))
      return subprogram.getFile();
    if (auto block = dyn_cast<ct::DILexicalBlockAttr>(scope))
      return block.getFile();
    return {};
  }

  /// Whether `path` (of a file location) names `file`: its name, or its
  /// name in its directory.
  static bool isSameFile(StringRef path, ct::DIFileAttr file) {
    if (!file || path == file.getName().strref())
      return true;
    SmallString<128> joined(file.getDirectory().strref());
    llvm::sys::path::append(joined, file.getName().strref());
    llvm::sys::path::remove_dots(joined);
    SmallString<128> normalized(path);
    llvm::sys::path::remove_dots(normalized);
    return joined == normalized;
  }

  LLVM::DIFileAttr fileFor(StringRef path) {
    return LLVM::DIFileAttr::get(ctx, llvm::sys::path::filename(path),
                                 llvm::sys::path::parent_path(path));
  }

  MLIRContext *ctx;
  LLVM::DIEmissionKind kind;
  DenseMap<Attribute, Attribute> converted;
  LLVM::DICompileUnitAttr compileUnit;
};
} // namespace

void mlir::tileir::convertDebugScopes(ModuleOp op, LLVM::DIEmissionKind kind) {
  DebugInfoConverter converter(op->getContext(), kind);
  AttrTypeReplacer replacer;
  replacer.addReplacement(
      [&](ct::DILocAttr loc) -> std::pair<Attribute, WalkResult> {
        // Locations nested in the inner one (a call site, a fused
        // location) may have scopes of their own.
        auto inner = cast<LocationAttr>(replacer.replace(loc.getLoc()));
        return {converter.convert(loc, inner), WalkResult::skip()};
      });
  replacer.recursivelyReplaceElementsIn(op, /*replaceAttrs=*/false,
                                        /*replaceLocs=*/true,
                                        /*replaceTypes=*/false);
  // ensure-debug-info-scope-on-llvm-func puts the functions without a
  // scope into the compile unit of the module's location.
  if (LLVM::DICompileUnitAttr unit = converter.getCompileUnit())
    op->setLoc(FusedLoc::get(op.getContext(), {op.getLoc()}, unit));
}
