//===- CudaTileDialect.cpp - cuda_tile dialect ------------------*- C++ -*-===//
//
// Part of TileIR.
//
// Registers the types, attributes and ops of the cuda_tile dialect, and
// the tool options that set how it reports optimization-hint problems.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#include "tileir/Dialect/CudaTile/IR/CudaTileDialect.cpp.inc"

namespace {

/// Prints debug-info attributes through aliases (`#di_file`,
/// `#di_subprogram1`, ...) instead of repeating them inline.
struct CudaTileOpAsmDialectInterface : OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    return llvm::TypeSwitch<Attribute, AliasResult>(attr)
        .Case<DIFileAttr, DICompileUnitAttr, DISubprogramAttr,
              DILexicalBlockAttr>([&](auto diAttr) {
          os << decltype(diAttr)::getMnemonic();
          return AliasResult::OverridableAlias;
        })
        .Default([](Attribute) { return AliasResult::NoAlias; });
  }
};

/// The tool options behind the dialect's hint-diagnostics mode.
struct HintDiagnosticsCLOptions {
  llvm::cl::opt<bool> warn{
      "Wunsupported-hints",
      llvm::cl::desc("Warn about unknown or invalid cuda_tile "
                     "optimization_hints")};
  llvm::cl::opt<bool> error{"Werr-hints",
                            llvm::cl::desc("Make unknown or invalid cuda_tile "
                                           "optimization_hints errors")};
};

} // namespace

static llvm::ManagedStatic<HintDiagnosticsCLOptions> hintOptions;

void cuda_tile::registerHintDiagnosticsCLOptions(
    llvm::cl::OptionCategory &category) {
  hintOptions->warn.addCategory(category);
  hintOptions->error.addCategory(category);
}

void CudaTileDialect::initialize() {
  if (hintOptions.isConstructed()) {
    if (hintOptions->error)
      hintDiagnostics = HintDiagnostics::Error;
    else if (hintOptions->warn)
      hintDiagnostics = HintDiagnostics::Warning;
  }
  registerTypes();
  registerAttributes();
  addInterfaces<CudaTileOpAsmDialectInterface>();
  addOperations<
#define GET_OP_LIST
#include "tileir/Dialect/CudaTile/IR/CudaTileOps.cpp.inc"
      >();
}

namespace {
/// Later spellings of our ops: (spelling, op).
constexpr std::pair<StringLiteral, StringLiteral> kSpellings[] = {
    {"cuda_tile.fpowf", "cuda_tile.pow"},
};

template <size_t I>
ParseResult parseSpelling(OpAsmParser &parser, OperationState &state) {
  state.name = OperationName(kSpellings[I].second, state.getContext());
  return state.name.getRegisteredInfo()->getParseAssemblyFn()(parser, state);
}
} // namespace

std::optional<llvm::function_ref<ParseResult(OpAsmParser &, OperationState &)>>
CudaTileDialect::getParseOperationHook(StringRef opName) const {
  static_assert(std::size(kSpellings) == 1, "one parser per spelling");
  if (opName == kSpellings[0].first)
    return parseSpelling<0>;
  return std::nullopt;
}

Operation *CudaTileDialect::materializeConstant(OpBuilder &builder,
                                                Attribute value, Type type,
                                                Location loc) {
  auto tileType = dyn_cast<TileType>(type);
  auto dense = dyn_cast<DenseIntOrFPElementsAttr>(value);
  if (!tileType || !dense ||
      dense.getType() !=
          RankedTensorType::get(tileType.getShape(), tileType.getElementType()))
    return nullptr;
  return ConstantOp::create(builder, loc, tileType, dense);
}
