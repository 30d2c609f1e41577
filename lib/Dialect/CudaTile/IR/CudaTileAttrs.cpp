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

/// Hint integers are i32 (as Tile IR bytecode stores them): in the hints of
/// an architecture, untyped literals, which parse as i64, become i32 when they
/// fit.
static Attribute canonicalHints(Attribute value) {
  auto dict = dyn_cast<DictionaryAttr>(value);
  if (!dict)
    return value;
  NamedAttrList hints;
  for (NamedAttribute hint : dict) {
    auto intAttr = dyn_cast<IntegerAttr>(hint.getValue());
    if (intAttr && intAttr.getType().isSignlessInteger(64) &&
        llvm::isInt<32>(intAttr.getInt()))
      hints.append(hint.getName(),
                   IntegerAttr::get(IntegerType::get(value.getContext(), 32),
                                    intAttr.getInt()));
    else
      hints.append(hint);
  }
  return hints.getDictionary(value.getContext());
}

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
      entries.append(key, canonicalHints(value));
      return success();
    };
    if (parser.parseCommaSeparatedList(parseEntry) || parser.parseGreater())
      return {};
  }
  return parser.getChecked<OptimizationHintsAttr>(
      loc, parser.getContext(), entries.getDictionary(parser.getContext()));
}

/// Prints a hint value; integers and floats of the types the parser gives
/// untyped literals (i32, see canonicalHints, and f64) are printed without
/// their type.
static void printHintValue(AsmPrinter &printer, Attribute value) {
  auto intAttr = dyn_cast<IntegerAttr>(value);
  auto floatAttr = dyn_cast<FloatAttr>(value);
  if ((intAttr && intAttr.getType().isSignlessInteger(32)) ||
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
  if (arch.ends_with("a"))
    arch = arch.drop_back();
  for (StringRef key : {arch, StringRef(kDefaultHintsKey)}) {
    auto hints = dyn_cast_or_null<DictionaryAttr>(getValue().get(key));
    if (!hints)
      continue;
    if (Attribute hint = hints.get(name))
      return hint;
  }
  return {};
}

//===----------------------------------------------------------------------===//
// Assume predicates
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTileAttrInterfaces.cpp.inc"

/// Parses an integer or `?` (returned as std::nullopt).
static ParseResult parseOptionalBound(AsmParser &parser,
                                      std::optional<int64_t> &bound) {
  if (succeeded(parser.parseOptionalQuestion())) {
    bound = std::nullopt;
    return success();
  }
  int64_t value;
  if (parser.parseInteger(value))
    return failure();
  bound = value;
  return success();
}

static void printOptionalBound(AsmPrinter &printer,
                               std::optional<int64_t> bound) {
  if (bound)
    printer << *bound;
  else
    printer << "?";
}

Attribute DivByAttr::parse(AsmParser &parser, Type) {
  uint64_t divisor;
  std::optional<int64_t> every, along;
  if (parser.parseLess() || parser.parseInteger(divisor))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    int64_t e, a;
    if (parser.parseKeyword("every") || parser.parseInteger(e) ||
        parser.parseKeyword("along") || parser.parseInteger(a))
      return {};
    every = e;
    along = a;
  }
  if (parser.parseGreater())
    return {};
  return DivByAttr::get(parser.getContext(), divisor, every, along);
}

void DivByAttr::print(AsmPrinter &printer) const {
  printer << "<" << getDivisor();
  if (getEvery() && getAlong())
    printer << ", every " << *getEvery() << " along " << *getAlong();
  printer << ">";
}

/// The largest divisor `div_by` accepts.
static constexpr uint64_t kMaxDivisor = uint64_t(1) << 62;

LogicalResult DivByAttr::verifyWithAssumeOp(Operation *op) const {
  uint64_t divisor = getDivisor();
  if (!llvm::isPowerOf2_64(divisor) || divisor > kMaxDivisor)
    return op->emitOpError("expects div_by divisor to be a power of two "
                           "no larger than 2^62, got ")
           << divisor;
  // Only the parser builds div_by, and it reads 'every' and 'along'
  // together.
  assert(getEvery().has_value() == getAlong().has_value() &&
         "div_by has 'every' without 'along' or the reverse");
  Type type = op->getOperand(0).getType();
  auto tile = dyn_cast<TileType>(type);
  bool intOrPtrTile =
      tile && isa<IntegerType, PointerType>(tile.getElementType());
  if (!intOrPtrTile && !isa<TensorViewType>(type))
    return op->emitOpError("expects div_by on an integer or pointer tile or "
                           "a tensor_view, got ")
           << type;
  if (!getEvery() || !getAlong())
    return success();
  if (!tile || tile.getRank() == 0)
    return op->emitOpError("expects div_by with 'every ... along ...' on a "
                           "tile of rank 1 or more, got ")
           << type;
  int64_t along = *getAlong(), every = *getEvery();
  if (along < 0 || along >= tile.getRank())
    return op->emitOpError("expects div_by 'along' dimension in [0, ")
           << tile.getRank() << "), got " << along;
  int64_t size = tile.getDimSize(along);
  if (every < 0 || every > size)
    return op->emitOpError("expects div_by 'every' in [0, ")
           << size << "] (the size of dimension " << along << "), got "
           << every;
  return success();
}

Attribute SameElementsAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> values;
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     [&]() -> ParseResult {
                                       return parser.parseInteger(
                                           values.emplace_back());
                                     }) ||
      parser.parseGreater())
    return {};
  return SameElementsAttr::get(parser.getContext(), values);
}

void SameElementsAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getValues(), printer);
  printer << "]>";
}

LogicalResult SameElementsAttr::verifyWithAssumeOp(Operation *op) const {
  Type type = op->getOperand(0).getType();
  auto tile = dyn_cast<TileType>(type);
  if (!tile || !isa<IntegerType, PointerType>(tile.getElementType()))
    return op->emitOpError(
               "expects same_elements on an integer or pointer tile, got ")
           << type;
  ArrayRef<int64_t> values = getValues();
  if (static_cast<int64_t>(values.size()) != tile.getRank())
    return op->emitOpError("expects ")
           << tile.getRank() << " same_elements values (the tile's rank), got "
           << values.size();
  for (auto [dim, value] : llvm::enumerate(values)) {
    int64_t size = tile.getDimSize(dim);
    if (value < 0 || value > size)
      return op->emitOpError("expects same_elements value ")
             << dim << " in [0, " << size << "], got " << value;
  }
  return success();
}

Attribute BoundedAttr::parse(AsmParser &parser, Type) {
  std::optional<int64_t> lb, ub;
  if (parser.parseLess() || parseOptionalBound(parser, lb) ||
      parser.parseComma() || parseOptionalBound(parser, ub) ||
      parser.parseGreater())
    return {};
  return BoundedAttr::get(parser.getContext(), lb, ub);
}

void BoundedAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printOptionalBound(printer, getLb());
  printer << ", ";
  printOptionalBound(printer, getUb());
  printer << ">";
}

LogicalResult BoundedAttr::verifyWithAssumeOp(Operation *op) const {
  Type type = op->getOperand(0).getType();
  auto tile = dyn_cast<TileType>(type);
  auto intType = tile ? dyn_cast<IntegerType>(tile.getElementType()) : nullptr;
  if (!intType)
    return op->emitOpError("expects bounded on an integer tile, got ") << type;
  unsigned width = intType.getWidth();
  int64_t minValue = APInt::getSignedMinValue(width).getSExtValue();
  int64_t maxValue = APInt::getSignedMaxValue(width).getSExtValue();
  for (auto [name, bound] : {std::pair{"lower", getLb()}, {"upper", getUb()}}) {
    if (bound && (*bound < minValue || *bound > maxValue))
      return op->emitOpError("expects bounded ")
             << name << " bound in [" << minValue << ", " << maxValue
             << "] (the signed range of " << intType << "), got " << *bound;
  }
  if (getLb() && getUb() && *getLb() > *getUb())
    return op->emitOpError("expects bounded lower bound <= upper bound, got ")
           << *getLb() << " > " << *getUb();
  return success();
}

//===----------------------------------------------------------------------===//
// Debug info
//===----------------------------------------------------------------------===//

/// The subprogram a scope (subprogram or lexical block) resolves to.
static DISubprogramAttr getScopeSubprogram(Attribute scope) {
  if (auto subprogram = dyn_cast<DISubprogramAttr>(scope))
    return subprogram;
  if (auto block = dyn_cast<DILexicalBlockAttr>(scope))
    return block.getSubprogram();
  return {};
}

static LogicalResult verifyScope(function_ref<InFlightDiagnostic()> emitError,
                                 Attribute scope) {
  if (!isa<DISubprogramAttr, DILexicalBlockAttr>(scope))
    return emitError() << "expects a di_subprogram or di_lexical_block "
                          "scope, got "
                       << scope;
  return success();
}

LogicalResult
DILexicalBlockAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           Attribute scope, DIFileAttr, unsigned,
                           std::optional<unsigned>) {
  return verifyScope(emitError, scope);
}

DISubprogramAttr DILexicalBlockAttr::getSubprogram() const {
  return getScopeSubprogram(getScope());
}

LogicalResult DILocAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                LocationAttr loc, Attribute scope) {
  if (isa<DILocAttr>(loc))
    return emitError() << "expects a location that is not a di_loc, got "
                       << loc;
  return verifyScope(emitError, scope);
}

DISubprogramAttr DILocAttr::getSubprogram() const {
  return getScopeSubprogram(getScope());
}
