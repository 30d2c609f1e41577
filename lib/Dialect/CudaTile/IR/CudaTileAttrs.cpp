//===- CudaTileAttrs.cpp - cuda_tile attributes -----------------*- C++ -*-===//
//
// Part of TileIR.
//
// Enum definitions and the `optimization_hints` attribute.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#include "tileir/Dialect/CudaTile/IR/CudaTileEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.cpp.inc"

void CudaTileDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// OptimizationHintsAttr
//===----------------------------------------------------------------------===//

/// The key of the hints that apply to every architecture without an entry.
static constexpr StringLiteral kDefaultHintsKey = "default";

Attribute OptimizationHintsAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  NamedAttrList entries;
  if (failed(parser.parseOptionalGreater())) {
    auto parseEntry = [&]() -> ParseResult {
      SMLoc keyLoc = parser.getCurrentLocation();
      std::string key;
      Attribute value;
      if (parser.parseKeywordOrString(&key) || parser.parseEqual() ||
          parser.parseAttribute(value))
        return failure();
      if (entries.get(key))
        return parser.emitError(keyLoc, "duplicate optimization_hints key '")
               << key << "'";
      entries.append(key, value);
      return success();
    };
    if (parser.parseCommaSeparatedList(parseEntry) || parser.parseGreater())
      return {};
  }
  return parser.getChecked<OptimizationHintsAttr>(
      loc, parser.getContext(), entries.getDictionary(parser.getContext()));
}

/// Prints a hint value; integers and floats of the types the parser gives
/// untyped literals (i64, f64) are printed without their type.
static void printHintValue(AsmPrinter &printer, Attribute value) {
  auto intAttr = dyn_cast<IntegerAttr>(value);
  auto floatAttr = dyn_cast<FloatAttr>(value);
  if ((intAttr && intAttr.getType().isSignlessInteger(64)) ||
      (floatAttr && floatAttr.getType().isF64()))
    printer.printAttributeWithoutType(value);
  else
    printer.printAttribute(value);
}

void OptimizationHintsAttr::print(AsmPrinter &printer) const {
  printer << "<";
  llvm::interleaveComma(getValue(), printer, [&](NamedAttribute entry) {
    printer.printKeywordOrString(entry.getName().strref());
    printer << " = {";
    llvm::interleaveComma(cast<DictionaryAttr>(entry.getValue()), printer,
                          [&](NamedAttribute hint) {
                            printer.printKeywordOrString(
                                hint.getName().strref());
                            printer << " = ";
                            printHintValue(printer, hint.getValue());
                          });
    printer << "}";
  });
  printer << ">";
}

LogicalResult
OptimizationHintsAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              DictionaryAttr value) {
  for (NamedAttribute entry : value) {
    if (!isa<DictionaryAttr>(entry.getValue()))
      return emitError() << "expects a dictionary of hints for '"
                         << entry.getName().strref() << "', got "
                         << entry.getValue();
  }
  return success();
}

Attribute OptimizationHintsAttr::getHint(StringRef arch, StringRef name) const {
  for (StringRef key : {arch, StringRef(kDefaultHintsKey)}) {
    auto hints = dyn_cast_or_null<DictionaryAttr>(getValue().get(key));
    if (!hints)
      continue;
    if (Attribute hint = hints.get(name))
      return hint;
  }
  return {};
}
