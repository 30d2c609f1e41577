//===- CudaTileOps.cpp - cuda_tile operations -------------------*- C++ -*-===//
//
// Part of TileIR.
//
// Custom syntax (dense literals, enum keywords, function-like ops, view
// constructors, region argument lists), verifiers, builders and folders of
// the cuda_tile operations, and the verifiers behind the dialect's op traits.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "DiagnosticUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using mlir::cuda_tile::detail::ListFormat;
using mlir::cuda_tile::detail::TypeListFormat;

//===----------------------------------------------------------------------===//
// Trait verifiers
//===----------------------------------------------------------------------===//

LogicalResult
cuda_tile::detail::verifyRoundingMode(Operation *op, RoundingMode mode,
                                      RoundingMode defaultMode,
                                      ArrayRef<RoundingMode> allowed) {
  if (!llvm::is_contained(allowed, mode)) {
    InFlightDiagnostic diag =
        op->emitOpError("expects rounding mode to be one of ");
    llvm::interleaveComma(allowed, diag, [&](RoundingMode allowedMode) {
      diag << "'" << stringifyRoundingMode(allowedMode) << "'";
    });
    diag << ", got '" << stringifyRoundingMode(mode) << "'";
    return diag;
  }
  bool needsF32 = mode == RoundingMode::Approx ||
                  (mode == RoundingMode::Full && mode != defaultMode);
  Type elementType = getElementTypeOrSelf(op->getResult(0).getType());
  if (needsF32 && !elementType.isF32())
    return op->emitOpError("expects f32 elements with rounding<")
           << stringifyRoundingMode(mode) << ">, got " << elementType;
  return success();
}

LogicalResult cuda_tile::detail::verifyFlushToZero(Operation *op,
                                                   bool flushToZero) {
  Type elementType = getElementTypeOrSelf(op->getResult(0).getType());
  if (flushToZero && !elementType.isF32())
    return op->emitOpError("expects f32 elements with flush_to_zero, got ")
           << elementType;
  return success();
}

LogicalResult
cuda_tile::detail::verifyMemoryModel(Operation *op, MemoryAccessKind kind,
                                     MemoryOrderingSemantics ordering,
                                     std::optional<MemoryScope> scope) {
  bool isLoad = kind == MemoryAccessKind::Load;
  StringRef access = isLoad ? "load" : "store";
  MemoryOrderingSemantics synchronizing =
      isLoad ? MemoryOrderingSemantics::Acquire
             : MemoryOrderingSemantics::Release;
  if (ordering != MemoryOrderingSemantics::Weak &&
      ordering != MemoryOrderingSemantics::Relaxed && ordering != synchronizing)
    return op->emitOpError("expects memory ordering semantics weak, relaxed "
                           "or ")
           << stringifyMemoryOrderingSemantics(synchronizing) << " for a "
           << access << ", got " << stringifyMemoryOrderingSemantics(ordering);
  if (ordering == MemoryOrderingSemantics::Weak && scope)
    return op->emitOpError("weak ") << access << " must not have memory scope";
  if (ordering != MemoryOrderingSemantics::Weak && !scope)
    return op->emitOpError("memory scope is required for ")
           << stringifyMemoryOrderingSemantics(ordering) << " " << access;
  return success();
}

//===----------------------------------------------------------------------===//
// Optimization hints
//===----------------------------------------------------------------------===//

/// The architectures `optimization_hints` may name; `default` is the entry
/// for all others.
static constexpr StringLiteral kHintArchitectures[] = {
    "sm_80",  "sm_86",  "sm_87",  "sm_88",  "sm_89",  "sm_90",
    "sm_100", "sm_103", "sm_110", "sm_120", "sm_121", "default"};

/// The hints each op takes.
static constexpr StringLiteral kEntryHints[] = {
    "num_cta_in_cga", "num_worker_warps_per_cta", "occupancy"};
static constexpr StringLiteral kViewLoadHints[] = {"allow_tma", "cache_hint",
                                                   "latency"};
static constexpr StringLiteral kViewAccessHints[] = {"allow_tma", "latency"};
static constexpr StringLiteral kPointerAccessHints[] = {"latency"};

/// The integer value of hint `value`, if it is an integer (not a bool) that
/// fits in 64 bits.
static std::optional<int64_t> getHintInteger(Attribute value) {
  auto intAttr = dyn_cast<IntegerAttr>(value);
  if (!intAttr || isa<BoolAttr>(value) ||
      intAttr.getValue().getSignificantBits() > 64)
    return std::nullopt;
  return intAttr.getValue().getSExtValue();
}

static bool isPowerOfTwoAtMost(Attribute value, int64_t max) {
  std::optional<int64_t> v = getHintInteger(value);
  return v && *v > 0 && *v <= max && llvm::isPowerOf2_64(*v);
}

static bool isIntegerIn(Attribute value, int64_t min, int64_t max) {
  std::optional<int64_t> v = getHintInteger(value);
  return v && *v >= min && *v <= max;
}

namespace {
/// A hint and the values it accepts.
struct HintRule {
  StringLiteral name;
  /// Completes "expects <arch> hint <name> to be ...".
  StringLiteral expected;
  bool (*isValid)(Attribute value);
};
} // namespace

static constexpr HintRule kHintRules[] = {
    {"num_cta_in_cga", "a power of two no larger than 16",
     [](Attribute v) { return isPowerOfTwoAtMost(v, 16); }},
    {"num_worker_warps_per_cta", "a power of two no larger than 32",
     [](Attribute v) { return isPowerOfTwoAtMost(v, 32); }},
    {"occupancy", "an integer in [1, 32]",
     [](Attribute v) { return isIntegerIn(v, 1, 32); }},
    {"allow_tma", "a boolean", [](Attribute v) { return isa<BoolAttr>(v); }},
    // (The convert-cuda-tile-to-tirx lowering checks the eviction priority.)
    {"cache_hint", "a string (a PTX L1 eviction priority)",
     [](Attribute v) { return isa<StringAttr>(v); }},
    {"latency", "an integer in [1, 10]",
     [](Attribute v) { return isIntegerIn(v, 1, 10); }},
};

bool OptimizationHintsAttr::isValidHint(StringRef name, Attribute value) {
  const HintRule *rule = llvm::find_if(
      kHintRules, [&](const HintRule &r) { return r.name == name; });
  return rule != std::end(kHintRules) && rule->isValid(value);
}

/// Prints a hint value without its type: `2`, `true`, `"x"`.
static std::string printHintValue(Attribute value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  value.print(os, /*elideType=*/true);
  return text;
}

/// Checks the architectures, hint names and hint values of `hints` against
/// the hints `op` takes (`known`). Problems are reported as the dialect's
/// hint-diagnostics mode says: not at all (the default), as warnings, or as
/// errors, and only errors fail verification.
static LogicalResult verifyOptimizationHints(Operation *op,
                                             OptimizationHintsAttr hints,
                                             ArrayRef<StringLiteral> known) {
  HintDiagnostics mode =
      cast<CudaTileDialect>(op->getDialect())->getHintDiagnostics();
  if (!hints || mode == HintDiagnostics::Silent)
    return success();
  bool reported = false;
  auto emitHintDiagnostic = [&]() -> InFlightDiagnostic {
    reported = true;
    if (mode == HintDiagnostics::Error)
      return op->emitOpError();
    // Not op->emitWarning(): its "see current operation" note prints the op,
    // printing verifies it, and verifying warns again.
    InFlightDiagnostic diag = mlir::emitWarning(op->getLoc());
    diag << "'" << op->getName() << "' op ";
    return diag;
  };
  for (NamedAttribute entry : hints.getValue()) {
    StringRef arch = entry.getName().strref();
    if (!llvm::is_contained(kHintArchitectures, arch)) {
      emitHintDiagnostic() << "expects an optimization_hints architecture "
                              "among "
                           << llvm::join(
                                  ArrayRef<StringLiteral>(kHintArchitectures),
                                  ", ")
                           << ", got '" << arch << "'";
      continue;
    }
    for (NamedAttribute hint : cast<DictionaryAttr>(entry.getValue())) {
      StringRef name = hint.getName().strref();
      Attribute value = hint.getValue();
      if (!llvm::is_contained(known, name)) {
        emitHintDiagnostic()
            << "expects " << arch << " hints among " << llvm::join(known, ", ")
            << ", got '" << name << "'";
        continue;
      }
      const HintRule *rule = llvm::find_if(
          kHintRules, [&](const HintRule &r) { return r.name == name; });
      if (!rule->isValid(value)) {
        emitHintDiagnostic()
            << "expects " << arch << " hint " << name << " to be "
            << rule->expected << ", got " << printHintValue(value);
        continue;
      }
      // Thread block clusters start with sm_90.
      if (name == "num_cta_in_cga" && arch.starts_with("sm_8") &&
          getHintInteger(value) != 1)
        emitHintDiagnostic() << "expects " << arch
                             << " hint num_cta_in_cga to be 1 (no thread "
                                "block clusters before sm_90), got "
                             << printHintValue(value);
    }
  }
  return failure(reported && mode == HintDiagnostics::Error);
}

//===----------------------------------------------------------------------===//
// custom<EnumKeyword>: a dialect enum attribute as a bare keyword
//===----------------------------------------------------------------------===//

template <typename AttrT>
static ParseResult parseEnumKeyword(OpAsmParser &parser, AttrT &attr) {
  using EnumT = decltype(std::declval<AttrT>().getValue());
  FailureOr<EnumT> value = FieldParser<EnumT, EnumT>::parse(parser);
  if (failed(value))
    return failure();
  attr = AttrT::get(parser.getContext(), *value);
  return success();
}

template <typename AttrT>
static void printEnumKeyword(OpAsmPrinter &printer, Operation *, AttrT attr) {
  printer << stringifyEnum(attr.getValue());
}

//===----------------------------------------------------------------------===//
// custom<MaskAndPadding>: `, %mask`, `, %mask, %padding` or `padding=%padding`
//===----------------------------------------------------------------------===//

/// The optional mask and padding value of load_ptr_tko. A padding value
/// without a mask takes the keyword, so that it does not read back as a mask.
static ParseResult
parseMaskAndPadding(OpAsmParser &parser,
                    std::optional<OpAsmParser::UnresolvedOperand> &mask,
                    std::optional<OpAsmParser::UnresolvedOperand> &padding) {
  if (succeeded(parser.parseOptionalKeyword("padding"))) {
    padding.emplace();
    return failure(parser.parseEqual() || parser.parseOperand(*padding));
  }
  if (failed(parser.parseOptionalComma()))
    return success();
  mask.emplace();
  if (parser.parseOperand(*mask))
    return failure();
  if (failed(parser.parseOptionalComma()))
    return success();
  padding.emplace();
  return parser.parseOperand(*padding);
}

static void printMaskAndPadding(OpAsmPrinter &printer, Operation *, Value mask,
                                Value padding) {
  if (mask)
    printer << ", " << mask;
  if (padding)
    printer << (mask ? ", " : " padding=") << padding;
}

/// The types of the mask and padding value, `, TYPE` each that is present.
static ParseResult parseMaskAndPaddingTypes(
    OpAsmParser &parser,
    const std::optional<OpAsmParser::UnresolvedOperand> &mask,
    const std::optional<OpAsmParser::UnresolvedOperand> &padding,
    Type &maskType, Type &paddingType) {
  if (mask && (parser.parseComma() || parseCudaTileType(parser, maskType)))
    return failure();
  if (padding &&
      (parser.parseComma() || parseCudaTileType(parser, paddingType)))
    return failure();
  return success();
}

static void printMaskAndPaddingTypes(OpAsmPrinter &printer, Operation *,
                                     Value mask, Value padding, Type maskType,
                                     Type paddingType) {
  for (Type type : {maskType, paddingType}) {
    if (!type)
      continue;
    printer << ", ";
    printCudaTileType(printer, type);
  }
}

//===----------------------------------------------------------------------===//
// custom<DenseLiteral>: `<ELT: LITERAL> : tile<...>`
//===----------------------------------------------------------------------===//

/// The element types a literal may have.
static bool isLiteralElementType(Type type) {
  return type.isInteger(1) || type.isInteger(8) || type.isInteger(16) ||
         type.isInteger(32) || type.isInteger(64) ||
         isa<Float16Type, BFloat16Type, Float32Type, Float64Type, FloatTF32Type,
             Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType,
             Float4E2M1FNType>(type);
}

namespace {
/// Parses the LITERAL of `<ELT: LITERAL>`: a scalar or nested lists of
/// scalars, recording the values and the shape of the literal.
class DenseLiteralParser {
public:
  DenseLiteralParser(OpAsmParser &parser, Type elementType)
      : parser(parser), elementType(elementType) {}

  /// Parses a scalar or a list; `shape` receives its shape (empty for a
  /// scalar).
  ParseResult parse(SmallVectorImpl<int64_t> &shape) {
    if (failed(parser.parseOptionalLSquare()))
      return parseScalar();
    if (succeeded(parser.parseOptionalRSquare())) {
      shape.push_back(0);
      return success();
    }
    SmallVector<int64_t> elementShape;
    int64_t count = 0;
    auto parseElement = [&]() -> ParseResult {
      SMLoc loc = parser.getCurrentLocation();
      SmallVector<int64_t> nestedShape;
      if (parse(nestedShape))
        return failure();
      if (count > 0 && nestedShape != elementShape)
        return parser.emitError(loc, "expects all elements of a list to have "
                                     "the same shape, got ")
               << ListFormat{elementShape} << " and "
               << ListFormat{nestedShape};
      elementShape = std::move(nestedShape);
      ++count;
      return success();
    };
    if (parser.parseCommaSeparatedList(parseElement) || parser.parseRSquare())
      return failure();
    shape.push_back(count);
    llvm::append_range(shape, elementShape);
    return success();
  }

  SmallVector<APInt> ints;
  SmallVector<APFloat> floats;

private:
  ParseResult parseScalar() {
    SMLoc loc = parser.getCurrentLocation();
    auto intType = dyn_cast<IntegerType>(elementType);
    if (!intType) {
      APFloat value(cast<FloatType>(elementType).getFloatSemantics());
      if (parser.parseFloat(value.getSemantics(), value))
        return failure();
      floats.push_back(value);
      return success();
    }

    unsigned width = intType.getWidth();
    for (auto [keyword, bit] : {std::pair<StringRef, bool>{"true", true},
                                std::pair<StringRef, bool>{"false", false}}) {
      if (failed(parser.parseOptionalKeyword(keyword)))
        continue;
      if (width != 1)
        return parser.emitError(loc, "expects an integer literal for ")
               << elementType << ", got '" << keyword << "'";
      ints.push_back(APInt(1, bit));
      return success();
    }

    APInt value;
    OptionalParseResult parsed = parser.parseOptionalInteger(value);
    if (!parsed.has_value())
      return parser.emitError(loc, "expects an integer literal for ")
             << elementType;
    if (failed(*parsed))
      return failure();
    bool fits = value.isNegative() ? value.getSignificantBits() <= width
                                   : value.getActiveBits() <= width;
    if (!fits)
      return parser.emitError(loc, "expects an integer in [")
             << llvm::toString(APInt::getSignedMinValue(width), 10, true)
             << ", " << llvm::toString(APInt::getMaxValue(width), 10, false)
             << "] for " << elementType << ", got "
             << llvm::toString(value, 10, true);
    ints.push_back(value.isNegative() ? value.sextOrTrunc(width)
                                      : value.zextOrTrunc(width));
    return success();
  }

  OpAsmParser &parser;
  Type elementType;
};
} // namespace

static ParseResult parseDenseLiteral(OpAsmParser &parser,
                                     DenseIntOrFPElementsAttr &value,
                                     Type &resultType) {
  if (parser.parseLess())
    return failure();
  SMLoc elementLoc = parser.getCurrentLocation();
  Type elementType;
  if (parseCudaTileType(parser, elementType))
    return failure();
  if (!isLiteralElementType(elementType))
    return parser.emitError(elementLoc,
                            "expects a literal element type (i1, i8, i16, "
                            "i32, i64, f16, bf16, f32, f64, tf32, f8E4M3FN, "
                            "f8E5M2, f8E8M0FNU or f4E2M1FN), got ")
           << elementType;
  if (parser.parseColon())
    return failure();

  SMLoc literalLoc = parser.getCurrentLocation();
  DenseLiteralParser literal(parser, elementType);
  SmallVector<int64_t> literalShape;
  if (literal.parse(literalShape) || parser.parseGreater() ||
      parser.parseColon())
    return failure();

  SMLoc typeLoc = parser.getCurrentLocation();
  if (parseCudaTileType(parser, resultType))
    return failure();
  auto tileType = dyn_cast<TileType>(resultType);
  if (!tileType)
    return parser.emitError(typeLoc, "expects a tile type, got ") << resultType;
  if (tileType.getElementType() != elementType)
    return parser.emitError(typeLoc, "expects a tile of ")
           << elementType << " (the literal's element type), got "
           << resultType;
  bool isScalar = literalShape.empty();
  if (!isScalar && ArrayRef<int64_t>(literalShape) != tileType.getShape())
    return parser.emitError(literalLoc, "expects a literal of shape ")
           << ListFormat{tileType.getShape()} << " (the tile shape), got "
           << ListFormat{ArrayRef<int64_t>(literalShape)};

  auto tensorType = RankedTensorType::get(tileType.getShape(), elementType);
  DenseElementsAttr attr =
      isa<IntegerType>(elementType)
          ? DenseElementsAttr::get(tensorType, ArrayRef<APInt>(literal.ints))
          : DenseElementsAttr::get(tensorType,
                                   ArrayRef<APFloat>(literal.floats));
  value = cast<DenseIntOrFPElementsAttr>(attr);
  return success();
}

/// Prints a float as MLIR does: `1.000000e+00` when that is exact, else the
/// shortest exact decimal form, else (and for non-finite values) its bit
/// pattern in hexadecimal.
static void printFloatLiteral(raw_ostream &os, const APFloat &value) {
  if (value.isFinite()) {
    SmallString<128> text;
    value.toString(text, /*FormatPrecision=*/6, /*FormatMaxPadding=*/0,
                   /*TruncateZero=*/false);
    if (APFloat(value.getSemantics(), text).bitwiseIsEqual(value)) {
      os << text;
      return;
    }
    text.clear();
    value.toString(text);
    if (StringRef(text).contains('.')) {
      os << text;
      return;
    }
  }
  SmallString<16> hex;
  value.bitcastToAPInt().toString(hex, /*Radix=*/16, /*Signed=*/false,
                                  /*formatAsCLiteral=*/true);
  os << hex;
}

/// Prints the elements of a row-major `shape` as nested lists.
static void printNestedLiteral(raw_ostream &os, ArrayRef<int64_t> shape,
                               int64_t &next,
                               function_ref<void(int64_t)> printElement) {
  if (shape.empty()) {
    printElement(next++);
    return;
  }
  os << "[";
  for (int64_t i = 0; i < shape.front(); ++i) {
    if (i != 0)
      os << ", ";
    printNestedLiteral(os, shape.drop_front(), next, printElement);
  }
  os << "]";
}

static void printDenseLiteral(OpAsmPrinter &printer, Operation *,
                              DenseIntOrFPElementsAttr value, Type resultType) {
  Type elementType = value.getElementType();
  raw_ostream &os = printer.getStream();
  printer << "<";
  printCudaTileType(printer, elementType);
  printer << ": ";

  SmallVector<APInt> ints;
  SmallVector<APFloat> floats;
  if (isa<IntegerType>(elementType))
    llvm::append_range(ints, value.getValues<APInt>());
  else
    llvm::append_range(floats, value.getValues<APFloat>());
  auto printElement = [&](int64_t index) {
    if (!isa<IntegerType>(elementType))
      return printFloatLiteral(os, floats[index]);
    if (elementType.isInteger(1))
      os << (ints[index].isZero() ? "false" : "true");
    else
      os << ints[index].getSExtValue();
  };

  int64_t next = 0;
  if (value.isSplat())
    printElement(0);
  else
    printNestedLiteral(os, value.getType().getShape(), next, printElement);
  printer << "> : ";
  printCudaTileType(printer, resultType);
}

//===----------------------------------------------------------------------===//
// Function-like ops and region argument lists
//===----------------------------------------------------------------------===//

/// Parses `(%a: T {attrs} loc, ...)` with short-form types.
static ParseResult
parseArgumentList(OpAsmParser &parser,
                  SmallVectorImpl<OpAsmParser::Argument> &arguments) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
        OpAsmParser::Argument argument;
        NamedAttrList attrs;
        if (parser.parseOperand(argument.ssaName,
                                /*allowResultNumber=*/false) ||
            parser.parseColon() || parseCudaTileType(parser, argument.type) ||
            parser.parseOptionalAttrDict(attrs) ||
            parser.parseOptionalLocationSpecifier(argument.sourceLoc))
          return failure();
        if (!attrs.empty())
          argument.attrs = attrs.getDictionary(parser.getContext());
        arguments.push_back(argument);
        return success();
      });
}

/// Prints `(%a: T {attrs}, ...)` for the arguments of `region`'s entry
/// block, with the types and attributes of the signature.
static void printArgumentList(OpAsmPrinter &printer, Region &region,
                              TypeRange types, ArrayAttr argAttrs) {
  printer << "(";
  for (auto [index, type] : llvm::enumerate(types)) {
    if (index != 0)
      printer << ", ";
    BlockArgument argument;
    if (!region.empty() && index < region.getNumArguments())
      argument = region.getArgument(index);
    if (argument)
      printer.printOperand(argument);
    printer << ": ";
    printCudaTileType(printer, type);
    if (argAttrs && index < argAttrs.size())
      if (auto dict = dyn_cast<DictionaryAttr>(argAttrs[index]))
        printer.printOptionalAttrDict(dict.getValue());
  }
  printer << ")";
}

/// Parses `@name(%a: T, ...) [-> T | -> (T, ...)] [optimization_hints=<...>]
/// { ... } [attr-dict]`.
template <typename OpT>
static ParseResult parseFunctionLikeOp(OpAsmParser &parser,
                                       OperationState &result) {
  Builder &builder = parser.getBuilder();
  StringAttr name;
  SmallVector<OpAsmParser::Argument> arguments;
  SmallVector<Type> resultTypes;
  if (parser.parseSymbolName(name, SymbolTable::getSymbolAttrName(),
                             result.attributes) ||
      parseArgumentList(parser, arguments))
    return failure();
  if (succeeded(parser.parseOptionalArrow())) {
    if (succeeded(parser.parseOptionalLParen())) {
      if (failed(parser.parseOptionalRParen()) &&
          (parseCudaTileType(parser, resultTypes) || parser.parseRParen()))
        return failure();
    } else {
      Type type;
      if (parseCudaTileType(parser, type))
        return failure();
      resultTypes.push_back(type);
    }
  }

  SmallVector<Type> argumentTypes = llvm::map_to_vector(
      arguments, [](const OpAsmParser::Argument &arg) { return arg.type; });
  result.addAttribute(
      OpT::getFunctionTypeAttrName(result.name),
      TypeAttr::get(builder.getFunctionType(argumentTypes, resultTypes)));
  call_interface_impl::addArgAndResultAttrs(
      builder, result, arguments, /*resultAttrs=*/{},
      OpT::getArgAttrsAttrName(result.name),
      OpT::getResAttrsAttrName(result.name));

  if (succeeded(parser.parseOptionalKeyword("optimization_hints"))) {
    OptimizationHintsAttr hints;
    if (parser.parseEqual() ||
        parser.parseCustomAttributeWithFallback(hints, Type()))
      return failure();
    result.addAttribute(OpT::getOptimizationHintsAttrName(result.name), hints);
  }

  Region *body = result.addRegion();
  if (parser.parseRegion(*body, arguments, /*enableNameShadowing=*/false))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  OpT::ensureTerminator(*body, builder, result.location);
  return parser.parseOptionalAttrDict(result.attributes);
}

template <typename OpT>
static void printFunctionLikeOp(OpAsmPrinter &printer, OpT op) {
  printer << ' ';
  printer.printSymbolName(op.getSymName());
  FunctionType type = op.getFunctionType();
  printArgumentList(printer, op.getBody(), type.getInputs(),
                    op.getArgAttrsAttr());
  if (!type.getResults().empty()) {
    printer << " -> ";
    if (type.getNumResults() == 1) {
      printCudaTileType(printer, type.getResult(0));
    } else {
      printer << "(";
      printCudaTileType(printer, type.getResults());
      printer << ")";
    }
  }
  if (OptimizationHintsAttr hints = op.getOptimizationHintsAttr()) {
    printer << " optimization_hints=";
    printer.printStrippedAttrOrType(hints);
  }
  printer << ' ';
  printer.printRegion(op.getBody(), /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/true);
  printer.printOptionalAttrDict(op->getAttrs(),
                                {SymbolTable::getSymbolAttrName(),
                                 op.getFunctionTypeAttrName().getValue(),
                                 op.getArgAttrsAttrName().getValue(),
                                 op.getResAttrsAttrName().getValue(),
                                 op.getOptimizationHintsAttrName().getValue()});
}

/// custom<ArgumentRegion>: a region preceded by its argument list.
static ParseResult parseArgumentRegion(OpAsmParser &parser, Region &region) {
  SmallVector<OpAsmParser::Argument> arguments;
  if (parseArgumentList(parser, arguments))
    return failure();
  return parser.parseRegion(region, arguments, /*enableNameShadowing=*/false);
}

static void printArgumentRegion(OpAsmPrinter &printer, Operation *,
                                Region &region) {
  printer.printNewline();
  SmallVector<Type> types;
  if (!region.empty())
    llvm::append_range(types, region.getArgumentTypes());
  printArgumentList(printer, region, types, /*argAttrs=*/nullptr);
  printer << ' ';
  printer.printRegion(region, /*printEntryBlockArgs=*/false);
}

//===----------------------------------------------------------------------===//
// custom<Visibility> and custom<GlobalLiteral> (globals)
//===----------------------------------------------------------------------===//

/// Parses an optional `public`/`private` keyword.
static ParseResult parseVisibility(OpAsmParser &parser,
                                   SymbolVisibilityAttr &visibility) {
  SymbolVisibility value = SymbolVisibility::Public;
  if (succeeded(parser.parseOptionalKeyword("private")))
    value = SymbolVisibility::Private;
  else
    (void)parser.parseOptionalKeyword("public");
  visibility = SymbolVisibilityAttr::get(parser.getContext(), value);
  return success();
}

/// Prints `private`; `public` is the default and is not printed.
static void printVisibility(OpAsmPrinter &printer, Operation *,
                            SymbolVisibilityAttr visibility) {
  if (visibility && visibility.getValue() == SymbolVisibility::Private)
    printer << "private";
}

/// Parses the `<ELT: LITERAL> : tile<...>` initializer of a global.
static ParseResult parseGlobalLiteral(OpAsmParser &parser,
                                      DenseIntOrFPElementsAttr &value) {
  Type type;
  return parseDenseLiteral(parser, value, type);
}

static void printGlobalLiteral(OpAsmPrinter &printer, Operation *op,
                               DenseIntOrFPElementsAttr value) {
  printDenseLiteral(
      printer, op, value,
      TileType::get(value.getType().getShape(), value.getElementType()));
}

//===----------------------------------------------------------------------===//
// custom<AssumePredicate>
//===----------------------------------------------------------------------===//

/// Parses an assume predicate in its short form (`div_by<...>`) or as a
/// full attribute (`#cuda_tile.div_by<...>`).
static ParseResult
parseAssumePredicate(OpAsmParser &parser,
                     AssumePredicateAttrInterface &predicate) {
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  StringRef keyword;
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    if (keyword == DivByAttr::getMnemonic())
      attr = DivByAttr::parse(parser, Type());
    else if (keyword == SameElementsAttr::getMnemonic())
      attr = SameElementsAttr::parse(parser, Type());
    else if (keyword == BoundedAttr::getMnemonic())
      attr = BoundedAttr::parse(parser, Type());
    else
      return parser.emitError(loc, "expects an assume predicate (div_by, "
                                   "same_elements or bounded), got '")
             << keyword << "'";
    if (!attr)
      return failure();
  } else if (parser.parseAttribute(attr)) {
    return failure();
  }
  predicate = dyn_cast<AssumePredicateAttrInterface>(attr);
  if (!predicate)
    return parser.emitError(loc, "expects an assume predicate, got ") << attr;
  return success();
}

/// Prints an assume predicate in its short form.
static void printAssumePredicate(OpAsmPrinter &printer, Operation *,
                                 AssumePredicateAttrInterface predicate) {
  llvm::TypeSwitch<Attribute>(predicate)
      .Case<DivByAttr, SameElementsAttr, BoundedAttr>([&](auto attr) {
        printer << attr.getMnemonic();
        attr.print(printer);
      })
      .Default([&](Attribute attr) { printer.printAttribute(attr); });
}

//===----------------------------------------------------------------------===//
// TableGen'd op definitions
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileOps.cpp.inc"

//===----------------------------------------------------------------------===//
// ModuleOp
//===----------------------------------------------------------------------===//

void cuda_tile::ModuleOp::build(OpBuilder &builder, OperationState &result,
                                StringRef name) {
  result.addRegion()->emplaceBlock();
  result.getOrAddProperties<Properties>().sym_name =
      builder.getStringAttr(name);
}

//===----------------------------------------------------------------------===//
// EntryOp
//===----------------------------------------------------------------------===//

ParseResult EntryOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseFunctionLikeOp<EntryOp>(parser, result);
}

void EntryOp::print(OpAsmPrinter &printer) {
  printFunctionLikeOp(printer, *this);
}

/// The debug-info subprogram of `loc`, null if it has none.
static DISubprogramAttr getDISubprogram(Location loc) {
  if (auto diLoc = dyn_cast<DILocAttr>(loc))
    return diLoc.getSubprogram();
  return {};
}

/// Debug-info rules of a function: its scope is a subprogram named after
/// it, its location is not a call site, and its ops are in its scope or, if
/// it has none, in none.
static LogicalResult verifyFunctionDebugInfo(FunctionOpInterface func) {
  if (isa<CallSiteLoc>(func.getLoc()))
    return func.emitOpError("expects a location that is not a call site "
                            "location");
  DISubprogramAttr subprogram = getDISubprogram(func.getLoc());
  if (subprogram && subprogram.getLinkageName() != func.getNameAttr())
    return func.emitOpError("expects the di_subprogram linkageName ")
           << func.getNameAttr() << " (the function name), got "
           << subprogram.getLinkageName();
  WalkResult result = func.getFunctionBody().walk([&](Operation *op) {
    DISubprogramAttr opScope = getDISubprogram(op->getLoc());
    if (!opScope || opScope == subprogram)
      return WalkResult::advance();
    if (!subprogram)
      op->emitOpError("expects no debug-info scope in a function without "
                      "one, got ")
          << opScope;
    else
      op->emitOpError("expects the debug-info scope of its function ")
          << subprogram << ", got " << opScope;
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

LogicalResult EntryOp::verify() {
  if (failed(verifyFunctionDebugInfo(*this)))
    return failure();
  if (!getResultTypes().empty())
    return emitOpError("expects no results, got ") << getResultTypes().size();
  for (auto [index, type] : llvm::enumerate(getArgumentTypes())) {
    auto tile = dyn_cast<TileType>(type);
    if (tile && tile.getRank() != 0)
      return emitOpError("expects argument #")
             << index << " to be a rank-0 tile, got " << type;
    // A kernel parameter has a PTX type; tf32 is only a precision of mma
    // inputs (pass f32 and convert with ftof).
    if (tile && isa<FloatTF32Type>(tile.getElementType()))
      return emitOpError("expects argument #")
             << index << " to be of a type a kernel can take, got " << type
             << " (pass f32 and convert with ftof)";
  }
  return verifyOptimizationHints(*this, getOptimizationHintsAttr(),
                                 kEntryHints);
}

#if TILEIR_ENABLE_TESTING_OPS
//===----------------------------------------------------------------------===//
// TestingFuncOp
//===----------------------------------------------------------------------===//

ParseResult TestingFuncOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseFunctionLikeOp<TestingFuncOp>(parser, result);
}

void TestingFuncOp::print(OpAsmPrinter &printer) {
  printFunctionLikeOp(printer, *this);
}
#endif // TILEIR_ENABLE_TESTING_OPS

//===----------------------------------------------------------------------===//
// Early exits: break, continue, return
//===----------------------------------------------------------------------===//

namespace {
/// What a `break`, `continue` or `return` inside an `if` writes: leaving the
/// `if` for an enclosing op is an effect that code motion and dead code
/// elimination must keep, even when nothing in the `if` touches memory.
struct EarlyExitResource : SideEffects::Resource::Base<EarlyExitResource> {
  StringRef getName() final { return "cuda_tile.early_exit"; }
};
} // namespace

/// The effects of exit terminator `op`: none when it ends its own loop or
/// function body, a write to EarlyExitResource when it ends an `if`.
static void getExitEffects(
    Operation *op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (isa_and_nonnull<IfOp>(op->getParentOp()))
    effects.emplace_back(MemoryEffects::Write::get(), EarlyExitResource::get());
}

/// A load reads the memory behind `source`. An ordered one (not weak) also
/// orders the accesses around it, as a write would: it is neither removed
/// when unused nor merged with another (as LLVM treats atomic loads).
static void getLoadEffects(
    MemoryOrderingSemantics ordering, OpOperand &source,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &source);
  if (ordering != MemoryOrderingSemantics::Weak)
    effects.emplace_back(MemoryEffects::Write::get());
}

void LoadPtrTkoOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getLoadEffects(getMemoryOrderingSemantics(), getSourceMutable(), effects);
}

void LoadViewTkoOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getLoadEffects(getMemoryOrderingSemantics(), getViewMutable(), effects);
}

void BreakOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getExitEffects(*this, effects);
}

void ContinueOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getExitEffects(*this, effects);
}

void ReturnOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getExitEffects(*this, effects);
}

LogicalResult ReturnOp::verify() {
  Operation *parent = (*this)->getParentOp();
  // An early return from an `if` returns from the enclosing function.
  while (isa_and_nonnull<IfOp>(parent))
    parent = parent->getParentOp();
  if (isa_and_nonnull<EntryOp>(parent)) {
    if (getNumOperands() != 0)
      return emitOpError("expects no operands in an entry, got ")
             << getNumOperands();
    return success();
  }
#if TILEIR_ENABLE_TESTING_OPS
  if (auto func = dyn_cast_or_null<TestingFuncOp>(parent)) {
    ArrayRef<Type> results = func.getResultTypes();
    if (!llvm::equal(getOperandTypes(), results))
      return emitOpError("expects operand types ")
             << TypeListFormat{results} << " (the function results), got "
             << TypeListFormat{getOperandTypes()};
    return success();
  }
  static constexpr StringLiteral kParents =
      "'cuda_tile.entry' or 'cuda_tile.testing$func'";
#else
  static constexpr StringLiteral kParents = "'cuda_tile.entry'";
#endif // TILEIR_ENABLE_TESTING_OPS
  InFlightDiagnostic diag = emitOpError("expects parent op to be ") << kParents;
  if (parent)
    diag << ", got '" << parent->getName() << "'";
  return diag;
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

void ConstantOp::build(OpBuilder &builder, OperationState &result,
                       DenseIntOrFPElementsAttr value) {
  build(builder, result,
        TileType::get(value.getType().getShape(), value.getElementType()),
        value);
}

LogicalResult ConstantOp::verify() {
  TileType type = getType();
  auto expected = RankedTensorType::get(type.getShape(), type.getElementType());
  if (getValue().getType() != expected)
    return emitOpError("expects a value of type ")
           << expected << ", got " << getValue().getType();
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

void ConstantOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  // Also called on ops that failed to verify: check what is read.
  DenseIntOrFPElementsAttr value = getProperties().value;
  if (!value)
    return;
  Type elementType = value.getElementType();
  if (elementType.isInteger(1)) {
    auto bits = value.getValues<bool>();
    if (llvm::all_of(bits, [](bool bit) { return bit; }))
      return setNameFn(getResult(), "true");
    if (llvm::none_of(bits, [](bool bit) { return bit; }))
      return setNameFn(getResult(), "false");
    return setNameFn(getResult(), "cst_i1");
  }

  SmallString<32> name("cst");
  llvm::raw_svector_ostream os(name);
  if (value.isSplat()) {
    if (isa<IntegerType>(elementType)) {
      os << "_" << value.getSplatValue<APInt>().getSExtValue();
    } else {
      APFloat splat = value.getSplatValue<APFloat>();
      APSInt asInt(/*BitWidth=*/64, /*isUnsigned=*/false);
      bool exact = false;
      if (splat.isNaN())
        os << "_nan";
      else if (splat.convertToInteger(asInt, APFloat::rmTowardZero, &exact) ==
                   APFloat::opOK &&
               exact)
        os << "_" << asInt.getSExtValue();
    }
  }
  os << "_" << elementType;
  setNameFn(getResult(), name);
}

//===----------------------------------------------------------------------===//
// Grid queries, iota, broadcast, reshape, select
//===----------------------------------------------------------------------===//

LogicalResult IotaOp::verify() {
  TileType type = getType();
  if (type.getRank() != 1)
    return emitOpError("expects a 1-D result tile, got ") << type;
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  int64_t size = type.getDimSize(0);
  if (width < 63 && size > (int64_t(1) << width))
    return emitOpError("expects at most ")
           << (int64_t(1) << width) << " elements for element type "
           << type.getElementType() << ", got " << size;
  return success();
}

LogicalResult BroadcastOp::verify() {
  ArrayRef<int64_t> source = getSource().getType().getShape();
  ArrayRef<int64_t> result = getType().getShape();
  for (auto [sourceDim, resultDim] : llvm::zip_equal(source, result))
    if (sourceDim != resultDim && sourceDim != 1)
      return emitOpError("expects every source dimension to be 1 or equal to "
                         "the result dimension, got source ")
             << ListFormat{source} << " and result " << ListFormat{result};
  return success();
}

void BroadcastOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "bcast");
}

LogicalResult ReshapeOp::verify() {
  int64_t sourceElements = getSource().getType().getNumElements();
  int64_t resultElements = getType().getNumElements();
  if (sourceElements != resultElements)
    return emitOpError("expects the source and the result to have the same "
                       "number of elements, got ")
           << sourceElements << " and " << resultElements;
  return success();
}

void ReshapeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "reshape");
}

LogicalResult SelectOp::verify() {
  Type elementType = getType().getElementType();
  if (isa<Float4E2M1FNType>(elementType))
    return emitOpError("expects a value element type other than f4E2M1FN, "
                       "got ")
           << elementType;
  return success();
}

//===----------------------------------------------------------------------===//
// AssumeOp
//===----------------------------------------------------------------------===//

LogicalResult AssumeOp::verify() {
  return getPredicate().verifyWithAssumeOp(*this);
}

void AssumeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "assume");
}

OpFoldResult AssumeOp::fold(FoldAdaptor) {
  auto producer = getValue().getDefiningOp<AssumeOp>();
  if (producer && producer.getPredicate() == getPredicate())
    return getValue();
  return {};
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

void ReduceOp::build(OpBuilder &builder, OperationState &result,
                     ValueRange operands, int32_t dim, ArrayAttr identities) {
  SmallVector<Type> resultTypes;
  for (Value operand : operands) {
    auto tile = cast<TileType>(operand.getType());
    SmallVector<int64_t> shape(tile.getShape());
    shape.erase(shape.begin() + dim);
    resultTypes.push_back(TileType::get(shape, tile.getElementType()));
  }
  build(builder, result, resultTypes, operands, dim, identities);
}

/// Whether an identity of type `identityType` may seed a reduction of
/// `elementType` elements (f16 and bf16 identities are interchangeable).
static bool isCompatibleIdentityType(Type elementType, Type identityType) {
  if (elementType == identityType)
    return true;
  return isa<Float16Type, BFloat16Type>(elementType) &&
         isa<Float16Type, BFloat16Type>(identityType);
}

/// Verifies what `reduce` and `scan` share: one identity per operand, of the
/// operand element type, and `dim` within the operand rank.
static LogicalResult verifyCombinerOperands(Operation *op, ValueRange operands,
                                            ArrayAttr identities, int64_t dim) {
  // SameOperandsShape guarantees at least one operand.
  if (op->getNumResults() != operands.size())
    return op->emitOpError("expects one result per operand (")
           << operands.size() << "), got " << op->getNumResults();
  if (identities.size() != operands.size())
    return op->emitOpError("expects one identity per operand (")
           << operands.size() << "), got " << identities.size();
  auto first = cast<TileType>(operands.front().getType());
  if (dim >= first.getRank())
    return op->emitOpError("expects dim in [0, ")
           << first.getRank() << "), got " << dim;
  for (auto [index, operand, identity] :
       llvm::enumerate(operands, identities)) {
    Type elementType = cast<TileType>(operand.getType()).getElementType();
    auto typedIdentity = dyn_cast<TypedAttr>(identity);
    if (!typedIdentity ||
        !isCompatibleIdentityType(elementType, typedIdentity.getType()))
      return op->emitOpError("expects identity #")
             << index << " to be a " << elementType << " value, got "
             << identity;
  }
  return success();
}

LogicalResult ReduceOp::verify() {
  if (failed(verifyCombinerOperands(*this, getOperands(), getIdentities(),
                                    getDim())))
    return failure();
  int64_t dim = getDim();
  for (auto [index, operand, result] :
       llvm::enumerate(getOperands(), getResults())) {
    auto operandType = cast<TileType>(operand.getType());
    Type elementType = operandType.getElementType();
    SmallVector<int64_t> shape(operandType.getShape());
    shape.erase(shape.begin() + dim);
    auto resultType = cast<TileType>(result.getType());
    if (resultType.getShape() != ArrayRef<int64_t>(shape) ||
        resultType.getElementType() != elementType)
      return emitOpError("expects result #")
             << index << " to be a tile of " << elementType << " of shape "
             << ListFormat{ArrayRef<int64_t>(shape)} << ", got " << resultType;
  }
  return success();
}

/// Whether `type` is a rank-0 tile of `elementType`.
static bool isScalarTileOf(Type type, Type elementType) {
  auto tile = dyn_cast<TileType>(type);
  return tile && tile.getRank() == 0 && tile.getElementType() == elementType;
}

/// Verifies the combiner body of `reduce` and `scan`: two rank-0 arguments
/// per operand, a `yield` of one rank-0 value per operand, only ops without
/// memory effects. (Not only Pure ones: NVIDIA's tileiras accepts `divi` and
/// `remi`, which may trap and so are not speculatable, as cuTile writes
/// `(a + b) % m`.)
static LogicalResult verifyCombinerBody(Operation *op, ValueRange operands,
                                        Region &region) {
  Block &body = region.front();
  size_t numOperands = operands.size();
  if (body.getNumArguments() != 2 * numOperands)
    return op->emitOpError("expects ")
           << 2 * numOperands << " body arguments (two per operand), got "
           << body.getNumArguments();
  for (auto [index, argument] : llvm::enumerate(body.getArguments())) {
    Type elementType =
        cast<TileType>(operands[index / 2].getType()).getElementType();
    if (!isScalarTileOf(argument.getType(), elementType))
      return op->emitOpError("expects body argument #")
             << index << " to be a rank-0 tile of " << elementType << ", got "
             << argument.getType();
  }

  auto yield = body.empty() ? YieldOp() : dyn_cast<YieldOp>(body.back());
  if (!yield)
    return op->emitOpError("expects the body to end with 'cuda_tile.yield'");
  if (yield.getNumOperands() != numOperands)
    return op->emitOpError("expects the body to yield ")
           << numOperands << " values (one per operand), got "
           << yield.getNumOperands();
  for (auto [index, value] : llvm::enumerate(yield.getOperands())) {
    Type elementType =
        cast<TileType>(operands[index].getType()).getElementType();
    if (!isScalarTileOf(value.getType(), elementType))
      return op->emitOpError("expects yielded value #")
             << index << " to be a rank-0 tile of " << elementType << ", got "
             << value.getType();
  }

  Operation *effectful = nullptr;
  body.walk([&](Operation *nested) {
    if (isMemoryEffectFree(nested))
      return WalkResult::advance();
    effectful = nested;
    return WalkResult::interrupt();
  });
  if (effectful)
    return op->emitOpError("expects only operations without memory effects in "
                           "the body, got '")
           << effectful->getName() << "'";
  return success();
}

/// Names the (lhs, rhs) argument pairs of a reduce/scan body
/// `<prefix>_lhs`/`<prefix>_rhs`, numbered when there are several operands.
static void setCombinerArgumentNames(Region &region, StringRef prefix,
                                     OpAsmSetValueNameFn setNameFn) {
  if (region.empty())
    return;
  bool numbered = region.getNumArguments() > 2;
  for (auto [index, argument] : llvm::enumerate(region.getArguments())) {
    std::string name = (prefix + (index % 2 == 0 ? "_lhs" : "_rhs")).str();
    if (numbered)
      name += std::to_string(index / 2);
    setNameFn(argument, name);
  }
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombinerBody(*this, getOperands(), getBody());
}

void ReduceOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  if (getNumResults() != 0)
    setNameFn(getResult(0), "reduce");
}

void ReduceOp::getAsmBlockArgumentNames(Region &region,
                                        OpAsmSetValueNameFn setNameFn) {
  setCombinerArgumentNames(region, "reduce", setNameFn);
}

//===----------------------------------------------------------------------===//
// Pointer loads and stores
//===----------------------------------------------------------------------===//

/// The pointee type of a tile of pointers.
static Type getPointeeType(TileType pointers) {
  return cast<PointerType>(pointers.getElementType()).getPointeeType();
}

LogicalResult LoadPtrTkoOp::verify() {
  TileType source = getSource().getType();
  Type pointee = getPointeeType(source);
  TileType result = getResult().getType();
  if (result.getShape() != source.getShape() ||
      result.getElementType() != pointee)
    return emitOpError("expects a result tile of ")
           << pointee << " of shape " << ListFormat{source.getShape()}
           << " (the pointee type in the shape of source), got " << result;
  if (Value mask = getMask()) {
    auto maskType = cast<TileType>(mask.getType());
    if (maskType.getShape() != source.getShape())
      return emitOpError("expects a mask of shape ")
             << ListFormat{source.getShape()} << " (the source shape), got "
             << ListFormat{maskType.getShape()};
  }
  // A padding value without a mask is accepted and unused (cuTile Python
  // writes one for every gather; NVIDIA's tileiras accepts it).
  if (Value padding = getPaddingValue()) {
    if (padding.getType() != result)
      return emitOpError("expects paddingValue of type ")
             << result << " (the result type), got " << padding.getType();
  }
  return verifyOptimizationHints(*this, getOptimizationHintsAttr(),
                                 kPointerAccessHints);
}

LogicalResult StorePtrTkoOp::verify() {
  TileType value = getValue().getType();
  TileType destination = getDestination().getType();
  if (destination.getShape() != value.getShape() ||
      getPointeeType(destination) != value.getElementType())
    return emitOpError("expects a destination tile of pointers to ")
           << value.getElementType() << " of shape "
           << ListFormat{value.getShape()} << " (the value), got "
           << destination;
  if (Value mask = getMask()) {
    auto maskType = cast<TileType>(mask.getType());
    if (maskType.getShape() != value.getShape())
      return emitOpError("expects a mask of shape ")
             << ListFormat{value.getShape()} << " (the value shape), got "
             << ListFormat{maskType.getShape()};
  }
  return verifyOptimizationHints(*this, getOptimizationHintsAttr(),
                                 kPointerAccessHints);
}

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

LogicalResult JoinTokensOp::verify() {
  if (getTokens().size() < 2)
    return emitOpError("expect two or more tokens");
  return success();
}

//===----------------------------------------------------------------------===//
// MakeTensorViewOp
//===----------------------------------------------------------------------===//

namespace {
/// One entry of the `shape = [...]` or `strides = [...]` list: a static
/// size, or a dynamic one given by an SSA value.
struct SizeEntry {
  std::optional<int64_t> staticSize;
  SMLoc loc;
};
} // namespace

/// Parses `[e0, e1, ...]` where each entry is an integer or an SSA value.
static ParseResult
parseSizeList(OpAsmParser &parser, SmallVectorImpl<SizeEntry> &entries,
              SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dynamic) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
        SMLoc loc = parser.getCurrentLocation();
        int64_t size = 0;
        OptionalParseResult integer = parser.parseOptionalInteger(size);
        if (integer.has_value()) {
          if (failed(*integer))
            return failure();
          entries.push_back({size, loc});
          return success();
        }
        OpAsmParser::UnresolvedOperand operand;
        OptionalParseResult value = parser.parseOptionalOperand(operand);
        if (!value.has_value())
          return parser.emitError(loc, "expected integer or SSA value");
        if (failed(*value))
          return failure();
        dynamic.push_back(operand);
        entries.push_back({std::nullopt, loc});
        return success();
      });
}

/// Checks the parsed `kind` list against the sizes of the result type.
static ParseResult checkSizeList(OpAsmParser &parser, StringRef kind,
                                 SMLoc listLoc, ArrayRef<SizeEntry> entries,
                                 ArrayRef<int64_t> expected) {
  if (entries.size() != expected.size())
    return parser.emitError(listLoc, "expects ")
           << expected.size() << " " << kind
           << " entries (the tensor_view rank), got " << entries.size();
  for (auto [index, entry, size] : llvm::enumerate(entries, expected)) {
    bool dynamic = ShapedType::isDynamic(size);
    if (dynamic == !entry.staticSize && (dynamic || *entry.staticSize == size))
      continue;
    InFlightDiagnostic diag = parser.emitError(entry.loc, "expects ")
                              << kind << " entry #" << index << " to be ";
    if (dynamic)
      diag << "an SSA value ('?' in the tensor_view type)";
    else
      diag << size << " as in the tensor_view type";
    if (entry.staticSize)
      diag << ", got " << *entry.staticSize;
    else
      diag << ", got an SSA value";
    return diag;
  }
  return success();
}

ParseResult MakeTensorViewOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  OpAsmParser::UnresolvedOperand base;
  SmallVector<SizeEntry> shapeEntries, strideEntries;
  SmallVector<OpAsmParser::UnresolvedOperand> dynamicShape, dynamicStrides;
  if (parser.parseOperand(base) || parser.parseComma() ||
      parser.parseKeyword("shape") || parser.parseEqual())
    return failure();
  SMLoc shapeLoc = parser.getCurrentLocation();
  if (parseSizeList(parser, shapeEntries, dynamicShape) ||
      parser.parseComma() || parser.parseKeyword("strides") ||
      parser.parseEqual())
    return failure();
  SMLoc stridesLoc = parser.getCurrentLocation();
  if (parseSizeList(parser, strideEntries, dynamicStrides) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();

  Type indexType;
  if (!dynamicShape.empty() || !dynamicStrides.empty())
    if (parseCudaTileType(parser, indexType) || parser.parseArrow())
      return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  auto viewType = dyn_cast<TensorViewType>(type);
  if (!viewType)
    return parser.emitError(typeLoc, "expects a tensor_view type, got ")
           << type;
  if (checkSizeList(parser, "shape", shapeLoc, shapeEntries,
                    viewType.getShape()) ||
      checkSizeList(parser, "strides", stridesLoc, strideEntries,
                    viewType.getStrides()))
    return failure();

  Type baseType =
      TileType::get({}, PointerType::get(viewType.getElementType()));
  if (parser.resolveOperand(base, baseType, result.operands) ||
      parser.resolveOperands(dynamicShape, indexType, result.operands) ||
      parser.resolveOperands(dynamicStrides, indexType, result.operands))
    return failure();
  result.getOrAddProperties<Properties>().operandSegmentSizes = {
      1, static_cast<int32_t>(dynamicShape.size()),
      static_cast<int32_t>(dynamicStrides.size())};
  result.addTypes(viewType);
  return success();
}

/// Prints sizes, taking the dynamic ones from `dynamic` in order.
static void printSizeList(OpAsmPrinter &printer, ArrayRef<int64_t> sizes,
                          OperandRange dynamic) {
  auto next = dynamic.begin();
  printer << "[";
  llvm::interleaveComma(sizes, printer, [&](int64_t size) {
    if (!ShapedType::isDynamic(size))
      printer << size;
    else if (next != dynamic.end())
      printer.printOperand(*next++);
  });
  printer << "]";
}

void MakeTensorViewOp::print(OpAsmPrinter &printer) {
  TensorViewType type = getType();
  printer << ' ';
  printer.printOperand(getBase());
  printer << ", shape = ";
  printSizeList(printer, type.getShape(), getDynamicShape());
  printer << ", strides = ";
  printSizeList(printer, type.getStrides(), getDynamicStrides());
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getOperandSegmentSizesAttrName().getValue()});
  printer << " : ";
  if (!getDynamicShape().empty() || !getDynamicStrides().empty()) {
    Value first = getDynamicShape().empty() ? getDynamicStrides().front()
                                            : getDynamicShape().front();
    printCudaTileType(printer, first.getType());
    printer << " -> ";
  }
  printCudaTileType(printer, type);
}

LogicalResult MakeTensorViewOp::verify() {
  TensorViewType type = getType();
  Type pointee =
      cast<PointerType>(getBase().getType().getElementType()).getPointeeType();
  if (pointee != type.getElementType())
    return emitOpError("expects a base pointer to ")
           << type.getElementType() << " (the tensor_view element type), got "
           << getBase().getType();
  if (getDynamicShape().size() != type.getNumDynamicDims())
    return emitOpError("expects ")
           << type.getNumDynamicDims()
           << " dynamic shape operands (one per '?'), got "
           << getDynamicShape().size();
  if (getDynamicStrides().size() != type.getNumDynamicStrides())
    return emitOpError("expects ")
           << type.getNumDynamicStrides()
           << " dynamic stride operands (one per '?'), got "
           << getDynamicStrides().size();
  Type common;
  for (Value value :
       llvm::concat<Value>(getDynamicShape(), getDynamicStrides())) {
    if (!common)
      common = value.getType();
    else if (value.getType() != common)
      return emitOpError("expects all dynamic sizes and strides to have the "
                         "same type, got ")
             << common << " and " << value.getType();
  }
  return success();
}

void MakeTensorViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "tview");
}

//===----------------------------------------------------------------------===//
// MakePartitionViewOp
//===----------------------------------------------------------------------===//

ParseResult MakePartitionViewOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  OpAsmParser::UnresolvedOperand tensorView;
  if (parser.parseOperand(tensorView) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  auto viewType = dyn_cast<PartitionViewType>(type);
  if (!viewType)
    return parser.emitError(typeLoc, "expects a partition_view type, got ")
           << type;
  if (parser.resolveOperand(tensorView, viewType.getTensorView(),
                            result.operands))
    return failure();
  result.addTypes(viewType);
  return success();
}

void MakePartitionViewOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printer.printOperand(getTensorView());
  printer.printOptionalAttrDict((*this)->getAttrs());
  printer << " : ";
  printCudaTileType(printer, getType());
}

LogicalResult MakePartitionViewOp::verify() {
  TensorViewType expected = getType().getTensorView();
  if (getTensorView().getType() != expected)
    return emitOpError("expects an operand of type ")
           << expected << " (the partition_view's tensor_view), got "
           << getTensorView().getType();
  return success();
}

void MakePartitionViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "pview");
}

//===----------------------------------------------------------------------===//
// View loads and stores
//===----------------------------------------------------------------------===//

/// Verifies the indices of a view access and the type of the tile it moves.
template <typename OpT>
static LogicalResult verifyViewAccess(OpT op, Type tileType) {
  TileView view = op.getView().getType();
  size_t rank = view.getViewIndexRank();
  if (op.getIndex().size() != rank)
    return op.emitOpError("expects ")
           << rank << " indices (the view's index rank), got "
           << op.getIndex().size();
  Type expected = view.getViewTileType();
  if (tileType != expected)
    return op.emitOpError("expects tile type ")
           << expected << " (the view's tile type), got " << tileType;
  return view.verifyIndices([&] { return op.emitOpError(); },
                            op.getIndex().getTypes());
}

LogicalResult LoadViewTkoOp::verify() {
  if (failed(verifyViewAccess(*this, getTile().getType())))
    return failure();
  return verifyOptimizationHints(*this, getOptimizationHintsAttr(),
                                 kViewLoadHints);
}

LogicalResult StoreViewTkoOp::verify() {
  if (failed(verifyViewAccess(*this, getTile().getType())))
    return failure();
  return verifyOptimizationHints(*this, getOptimizationHintsAttr(),
                                 kViewAccessHints);
}

//===----------------------------------------------------------------------===//
// Integer ops
//===----------------------------------------------------------------------===//

LogicalResult DivIOp::verify() {
  if (getRoundingMode() == RoundingMode::NegativeInf &&
      getSignedness() == Signedness::Unsigned)
    return emitOpError("expects signed operands with rounding<negative_inf>, "
                       "got unsigned");
  return success();
}

LogicalResult NegIOp::verify() {
  if (getOverflow() == IntegerOverflow::NoUnsignedWrap)
    return emitOpError("expects overflow none, no_signed_wrap or no_wrap, got "
                       "no_unsigned_wrap");
  return success();
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

/// The number of bits an element occupies in a packed tile (`tf32` is
/// stored in 32 bits).
static unsigned getPackedBitWidth(Type elementType) {
  if (isa<FloatTF32Type>(elementType))
    return 32;
  return elementType.getIntOrFloatBitWidth();
}

LogicalResult BitcastOp::verify() {
  Type source = getSource().getType().getElementType();
  Type result = getType().getElementType();
  if (getPackedBitWidth(source) != getPackedBitWidth(result))
    return emitOpError("expects element types of the same bit width, got ")
           << source << " and " << result;
  return success();
}

/// Verifies that an integer conversion changes the width in the direction
/// its name says.
static LogicalResult verifyIntWidthChange(Operation *op, Type source,
                                          Type result, bool widen) {
  unsigned sourceWidth = getElementTypeOrSelf(source).getIntOrFloatBitWidth();
  unsigned resultWidth = getElementTypeOrSelf(result).getIntOrFloatBitWidth();
  if (widen ? resultWidth > sourceWidth : resultWidth < sourceWidth)
    return success();
  return op->emitOpError("expects a ")
         << (widen ? "wider" : "narrower") << " result element type than "
         << getElementTypeOrSelf(source) << ", got "
         << getElementTypeOrSelf(result);
}

LogicalResult ExtIOp::verify() {
  return verifyIntWidthChange(*this, getSource().getType(), getType(),
                              /*widen=*/true);
}

LogicalResult TruncIOp::verify() {
  return verifyIntWidthChange(*this, getSource().getType(), getType(),
                              /*widen=*/false);
}

/// The rounding modes `ftof` accepts from `source` to `result` elements
/// (those of NVIDIA's tileiras): a conversion that is exact for every value
/// (each source value is representable in the result type) takes any of
/// the five IEEE modes; f8E8M0FNU results round toward zero or up; other
/// f8 and f4 results to nearest even; f64 -> f32 takes the four directed
/// IEEE modes; f32 -> tf32 nearest even, zero or nearest away; the other
/// narrowing conversions nearest even or zero.
static SmallVector<RoundingMode> getFToFRoundingModes(FloatType source,
                                                      FloatType result) {
  using RM = RoundingMode;
  if (isa<Float8E8M0FNUType>(result))
    return {RM::Zero, RM::PositiveInf};
  if (isa<Float8E4M3FNType, Float8E5M2Type, Float4E2M1FNType>(result))
    return {RM::NearestEven};
  if (APFloat::isRepresentableBy(source.getFloatSemantics(),
                                 result.getFloatSemantics()))
    return {RM::NearestEven, RM::Zero, RM::NegativeInf, RM::PositiveInf,
            RM::NearestAway};
  if (source.isF64() && result.isF32())
    return {RM::NearestEven, RM::Zero, RM::NegativeInf, RM::PositiveInf};
  if (source.isF32() && isa<FloatTF32Type>(result))
    return {RM::NearestEven, RM::Zero, RM::NearestAway};
  return {RM::NearestEven, RM::Zero};
}

LogicalResult FToFOp::verify() {
  auto source = cast<FloatType>(getSource().getType().getElementType());
  auto result = cast<FloatType>(getType().getElementType());
  if (source == result)
    return emitOpError("expects different source and result element types, "
                       "got ")
           << source;
  RoundingMode mode = getRoundingMode();
  SmallVector<RoundingMode> modes = getFToFRoundingModes(source, result);
  if (llvm::is_contained(modes, mode))
    return success();
  InFlightDiagnostic diag = emitOpError("expects ");
  for (auto [i, m] : llvm::enumerate(modes)) {
    if (i)
      diag << (i + 1 == modes.size() ? " or " : ", ");
    diag << "rounding<" << stringifyRoundingMode(m) << ">";
  }
  return diag << " for a conversion from " << source << " to " << result
              << ", got rounding<" << stringifyRoundingMode(mode) << ">";
}

LogicalResult IToFOp::verify() {
  Type result = getType().getElementType();
  if (isa<Float8E8M0FNUType>(result))
    return emitOpError("expects a result element type other than f8E8M0FNU, "
                       "got ")
           << result;
  return success();
}

/// Verifies a `pack` or `unpack` between `packed` bytes and `unpacked`
/// elements: different element widths and the same number of bits.
static LogicalResult verifyPacking(Operation *op, TileType source,
                                   TileType result) {
  unsigned sourceWidth = getPackedBitWidth(source.getElementType());
  unsigned resultWidth = getPackedBitWidth(result.getElementType());
  if (sourceWidth == resultWidth)
    return op->emitOpError("expects element types of different bit widths "
                           "(use bitcast otherwise), got ")
           << source.getElementType() << " and " << result.getElementType();
  int64_t sourceBits = source.getNumElements() * sourceWidth;
  int64_t resultBits = result.getNumElements() * resultWidth;
  if (sourceBits != resultBits)
    return op->emitOpError("expects the source and the result to hold the "
                           "same number of bits, got ")
           << sourceBits << " and " << resultBits;
  return success();
}

LogicalResult PackOp::verify() {
  return verifyPacking(*this, getSource().getType(), getType());
}

LogicalResult UnpackOp::verify() {
  return verifyPacking(*this, getSource().getType(), getType());
}

//===----------------------------------------------------------------------===//
// permute, cat, extract
//===----------------------------------------------------------------------===//

LogicalResult PermuteOp::verify() {
  TileType source = getSource().getType();
  ArrayRef<int32_t> permutation = getPermutation();
  int64_t rank = source.getRank();
  if (rank < 2)
    return emitOpError("expects a source of rank 2 or more, got ") << rank;
  if (static_cast<int64_t>(permutation.size()) != rank)
    return emitOpError("expects a permutation of ")
           << rank << " dimensions, got " << ListFormat{permutation};
  SmallVector<bool> seen(rank, false);
  for (int32_t dim : permutation) {
    if (dim < 0 || dim >= rank || seen[dim])
      return emitOpError("expects a permutation of [0, ")
             << rank << "), got " << ListFormat{permutation};
    seen[dim] = true;
  }
  SmallVector<int64_t> expected = llvm::map_to_vector(
      permutation, [&](int32_t dim) { return source.getDimSize(dim); });
  if (getType().getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("expects result shape ")
           << ListFormat{expected} << ", got "
           << ListFormat{getType().getShape()};
  return success();
}

LogicalResult CatOp::verify() {
  TileType lhs = getLhs().getType(), rhs = getRhs().getType();
  TileType result = getType();
  if (lhs.getRank() != rhs.getRank() || lhs.getRank() != result.getRank())
    return emitOpError("expects operands and result of the same rank, got ")
           << lhs.getRank() << ", " << rhs.getRank() << " and "
           << result.getRank();
  int64_t dim = getDim();
  if (dim >= lhs.getRank())
    return emitOpError("expects dim in [0, ")
           << lhs.getRank() << "), got " << dim;
  SmallVector<int64_t> expected(lhs.getShape());
  for (int64_t i = 0, e = lhs.getRank(); i < e; ++i) {
    if (i == dim) {
      expected[i] += rhs.getDimSize(i);
    } else if (lhs.getDimSize(i) != rhs.getDimSize(i)) {
      return emitOpError("expects operand shapes to agree outside dim ")
             << dim << ", got " << ListFormat{lhs.getShape()} << " and "
             << ListFormat{rhs.getShape()};
    }
  }
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("expects result shape ")
           << ListFormat{expected} << ", got " << ListFormat{result.getShape()};
  return success();
}

/// The shapes of extract and insert: `whole` viewed as a grid of
/// `part`-shaped tiles, one index per dimension.
static LogicalResult verifyPartOfTile(Operation *op, TileType whole,
                                      TileType part, size_t numIndices,
                                      StringRef wholeName, StringRef partName) {
  if (whole.getRank() != part.getRank())
    return op->emitOpError("expects ")
           << wholeName << " and " << partName << " of the same rank, got "
           << whole.getRank() << " and " << part.getRank();
  if (numIndices != static_cast<size_t>(whole.getRank()))
    return op->emitOpError("expects one index per dimension (")
           << whole.getRank() << "), got " << numIndices;
  for (auto [wholeDim, partDim] :
       llvm::zip_equal(whole.getShape(), part.getShape()))
    if (wholeDim % partDim != 0)
      return op->emitOpError("expects every ")
             << wholeName << " dimension to be a multiple of the " << partName
             << " dimension, got " << wholeName << " "
             << ListFormat{whole.getShape()} << " and " << partName << " "
             << ListFormat{part.getShape()};
  return success();
}

LogicalResult ExtractOp::verify() {
  return verifyPartOfTile(*this, getSource().getType(), getType(),
                          getIndices().size(), "source", "result");
}

//===----------------------------------------------------------------------===//
// InsertOp
//===----------------------------------------------------------------------===//

LogicalResult InsertOp::verify() {
  return verifyPartOfTile(*this, getDest().getType(), getSource().getType(),
                          getIndices().size(), "dest", "source");
}

//===----------------------------------------------------------------------===//
// ScanOp
//===----------------------------------------------------------------------===//

LogicalResult ScanOp::verify() {
  if (failed(verifyCombinerOperands(*this, getOperands(), getIdentities(),
                                    getDim())))
    return failure();
  for (auto [index, operand, result] :
       llvm::enumerate(getOperands(), getResults()))
    if (operand.getType() != result.getType())
      return emitOpError("expects result #")
             << index << " to have the operand type " << operand.getType()
             << ", got " << result.getType();
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombinerBody(*this, getOperands(), getBody());
}

void ScanOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  if (getNumResults() != 0)
    setNameFn(getResult(0), "scan");
}

void ScanOp::getAsmBlockArgumentNames(Region &region,
                                      OpAsmSetValueNameFn setNameFn) {
  setCombinerArgumentNames(region, "scan", setNameFn);
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

/// Whether values of `type` may be carried by a loop or returned by an `if`.
static bool isCarriableType(Type type) {
  return !isa<TensorViewType, TileView>(type);
}

/// Verifies that none of `types` (the `what` of `op`) is a view.
static LogicalResult verifyNoViews(Operation *op, TypeRange types,
                                   StringRef what) {
  for (auto [index, type] : llvm::enumerate(types))
    if (!isCarriableType(type))
      return op->emitOpError("expects ")
             << what << " #" << index << " not to be a view, got " << type;
  return success();
}

/// Adds an empty terminator `OpT` to the single block of `region` (creating
/// the block) when it has none.
template <typename OpT>
static void ensureImplicitTerminator(Region &region, Builder &builder,
                                     Location loc) {
  if (region.empty())
    region.emplaceBlock();
  Block &block = region.front();
  if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
    return;
  OpBuilder opBuilder(builder.getContext());
  opBuilder.setInsertionPointToEnd(&block);
  OpT::create(opBuilder, loc);
}

/// Whether `region` ends with an operand-less `OpT`, which is not printed.
template <typename OpT>
static bool hasImplicitTerminator(Region &region) {
  if (region.empty() || region.front().empty())
    return true;
  auto terminator = dyn_cast<OpT>(region.front().back());
  return terminator && terminator->getNumOperands() == 0 &&
         terminator->getAttrs().empty();
}

/// Parses `(T, ...)` or a single type after `->`.
static ParseResult parseResultTypeList(OpAsmParser &parser,
                                       SmallVectorImpl<Type> &types) {
  if (succeeded(parser.parseOptionalLParen())) {
    if (succeeded(parser.parseOptionalRParen()))
      return success();
    if (parseCudaTileType(parser, types))
      return failure();
    return parser.parseRParen();
  }
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  types.push_back(type);
  return success();
}

ParseResult IfOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  OpAsmParser::UnresolvedOperand condition;
  if (parser.parseOperand(condition) ||
      parser.resolveOperand(condition, TileType::get({}, builder.getI1Type()),
                            result.operands))
    return failure();
  if (succeeded(parser.parseOptionalArrow()) &&
      parseResultTypeList(parser, result.types))
    return failure();
  Region *thenRegion = result.addRegion();
  Region *elseRegion = result.addRegion();
  if (parser.parseRegion(*thenRegion))
    return failure();
  ensureImplicitTerminator<YieldOp>(*thenRegion, builder, result.location);
  if (succeeded(parser.parseOptionalKeyword("else"))) {
    if (parser.parseRegion(*elseRegion))
      return failure();
    ensureImplicitTerminator<YieldOp>(*elseRegion, builder, result.location);
  }
  return parser.parseOptionalAttrDict(result.attributes);
}

void IfOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printer.printOperand(getCondition());
  if (getNumResults() != 0) {
    printer << " -> (";
    printCudaTileType(printer, getResultTypes());
    printer << ")";
  }
  printer << ' ';
  printer.printRegion(getThenRegion(), /*printEntryBlockArgs=*/false,
                      !hasImplicitTerminator<YieldOp>(getThenRegion()));
  if (!getElseRegion().empty()) {
    printer << " else ";
    printer.printRegion(getElseRegion(), /*printEntryBlockArgs=*/false,
                        !hasImplicitTerminator<YieldOp>(getElseRegion()));
  }
  printer.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult IfOp::verify() {
  if (getThenRegion().empty())
    return emitOpError("expects a non-empty then region");
  if (getNumResults() != 0 && getElseRegion().empty())
    return emitOpError("expects an else region when the op has results");
  return verifyNoViews(*this, getResultTypes(), "result");
}

LogicalResult IfOp::verifyRegions() {
  // The core verifier has checked that each block ends with a terminator.
  for (Region *region : {&getThenRegion(), &getElseRegion()}) {
    if (region->empty())
      continue;
    auto yield = dyn_cast<YieldOp>(region->front().back());
    if (yield && !llvm::equal(yield.getOperandTypes(), getResultTypes()))
      return yield.emitOpError("expects operand types ")
             << TypeListFormat{getResultTypes()}
             << " (the 'cuda_tile.if' results), got "
             << TypeListFormat{yield.getOperandTypes()};
  }
  return success();
}

/// Parses `iter_values(%a = %x, ...)` into block arguments and operands.
static ParseResult
parseIterValues(OpAsmParser &parser,
                SmallVectorImpl<OpAsmParser::Argument> &arguments,
                SmallVectorImpl<OpAsmParser::UnresolvedOperand> &initValues) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
        OpAsmParser::Argument argument;
        OpAsmParser::UnresolvedOperand init;
        if (parser.parseArgument(argument) || parser.parseEqual() ||
            parser.parseOperand(init))
          return failure();
        arguments.push_back(argument);
        initValues.push_back(init);
        return success();
      });
}

/// Prints `iter_values(%a = %x, ...)`.
static void printIterValues(OpAsmPrinter &printer, ValueRange arguments,
                            ValueRange initValues) {
  printer << "iter_values(";
  llvm::interleaveComma(llvm::zip_equal(arguments, initValues), printer,
                        [&](auto pair) {
                          printer.printOperand(std::get<0>(pair));
                          printer << " = ";
                          printer.printOperand(std::get<1>(pair));
                        });
  printer << ")";
}

ParseResult ForOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  if (succeeded(parser.parseOptionalKeyword("unsigned")))
    result.addAttribute(getUnsignedCmpAttrName(result.name),
                        builder.getUnitAttr());
  OpAsmParser::Argument inductionVar;
  OpAsmParser::UnresolvedOperand lowerBound, upperBound, step;
  Type boundType;
  if (parser.parseArgument(inductionVar) || parser.parseKeyword("in") ||
      parser.parseLParen() || parser.parseOperand(lowerBound) ||
      parser.parseKeyword("to") || parser.parseOperand(upperBound) ||
      parser.parseComma() || parser.parseKeyword("step") ||
      parser.parseOperand(step) || parser.parseRParen() ||
      parser.parseColon() || parseCudaTileType(parser, boundType))
    return failure();
  inductionVar.type = boundType;
  if (parser.resolveOperands({lowerBound, upperBound, step}, boundType,
                             result.operands))
    return failure();

  SmallVector<OpAsmParser::Argument> arguments{inductionVar};
  SmallVector<OpAsmParser::UnresolvedOperand> initValues;
  if (succeeded(parser.parseOptionalKeyword("iter_values"))) {
    SMLoc loc = parser.getCurrentLocation();
    if (parseIterValues(parser, arguments, initValues) || parser.parseArrow() ||
        parseResultTypeList(parser, result.types))
      return failure();
    if (result.types.size() != initValues.size())
      return parser.emitError(loc, "expects one type per iter value (")
             << initValues.size() << "), got " << result.types.size();
    for (auto [argument, type] :
         llvm::zip_equal(MutableArrayRef(arguments).drop_front(), result.types))
      argument.type = type;
    if (parser.resolveOperands(initValues, result.types, loc, result.operands))
      return failure();
  }
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, arguments, /*enableNameShadowing=*/false))
    return failure();
  ensureImplicitTerminator<ContinueOp>(*body, builder, result.location);
  return parser.parseOptionalAttrDict(result.attributes);
}

void ForOp::print(OpAsmPrinter &printer) {
  if (getUnsignedCmp())
    printer << " unsigned";
  printer << ' ';
  printer.printOperand(getInductionVar());
  printer << " in (";
  printer.printOperand(getLowerBound());
  printer << " to ";
  printer.printOperand(getUpperBound());
  printer << ", step ";
  printer.printOperand(getStep());
  printer << ") : ";
  printCudaTileType(printer, getLowerBound().getType());
  if (!getInitValues().empty()) {
    printer << ' ';
    printIterValues(printer, getRegion().getArguments().drop_front(),
                    getInitValues());
    printer << " -> (";
    printCudaTileType(printer, getResultTypes());
    printer << ")";
  }
  printer << ' ';
  printer.printRegion(getRegion(), /*printEntryBlockArgs=*/false,
                      !hasImplicitTerminator<ContinueOp>(getRegion()));
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getUnsignedCmpAttrName().getValue()});
}

LogicalResult ForOp::verify() {
  Type boundType = getLowerBound().getType();
  if (getUpperBound().getType() != boundType ||
      getStep().getType() != boundType)
    return emitOpError("expects bounds and step of one type, got ")
           << TypeListFormat{TypeRange((*this)->getOperands().take_front(3))};
  if (!llvm::equal(getInitValues().getTypes(), getResultTypes()))
    return emitOpError("expects iter values of the result types ")
           << TypeListFormat{getResultTypes()} << ", got "
           << TypeListFormat{getInitValues().getTypes()};
  return verifyNoViews(*this, getResultTypes(), "loop-carried value");
}

LogicalResult ForOp::verifyRegions() {
  Block &body = getRegion().front();
  SmallVector<Type> expected{getLowerBound().getType()};
  llvm::append_range(expected, getResultTypes());
  if (!llvm::equal(body.getArgumentTypes(), expected))
    return emitOpError("expects body arguments ")
           << TypeListFormat{expected} << " (the induction variable and the "
           << "iter values), got " << TypeListFormat{body.getArgumentTypes()};
  return success();
}

ParseResult LoopOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  SmallVector<OpAsmParser::Argument> arguments;
  SmallVector<OpAsmParser::UnresolvedOperand> initValues;
  if (succeeded(parser.parseOptionalKeyword("iter_values"))) {
    SMLoc loc = parser.getCurrentLocation();
    SmallVector<Type> iterTypes;
    if (parseIterValues(parser, arguments, initValues) || parser.parseColon() ||
        parseCudaTileType(parser, iterTypes))
      return failure();
    if (iterTypes.size() != initValues.size())
      return parser.emitError(loc, "expects one type per iter value (")
             << initValues.size() << "), got " << iterTypes.size();
    for (auto [argument, type] : llvm::zip_equal(arguments, iterTypes))
      argument.type = type;
    if (parser.resolveOperands(initValues, iterTypes, loc, result.operands))
      return failure();
    if (succeeded(parser.parseOptionalArrow()) &&
        parseCudaTileType(parser, result.types))
      return failure();
  } else if (succeeded(parser.parseOptionalColon())) {
    if (parseCudaTileType(parser, result.types))
      return failure();
  }
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, arguments, /*enableNameShadowing=*/false))
    return failure();
  ensureImplicitTerminator<ContinueOp>(*body, builder, result.location);
  return parser.parseOptionalAttrDict(result.attributes);
}

void LoopOp::print(OpAsmPrinter &printer) {
  if (!getInitValues().empty()) {
    printer << ' ';
    printIterValues(printer, getRegion().getArguments(), getInitValues());
    printer << " : ";
    printCudaTileType(printer, getInitValues().getTypes());
    if (getNumResults() != 0) {
      printer << " -> ";
      printCudaTileType(printer, getResultTypes());
    }
  } else if (getNumResults() != 0) {
    printer << " : ";
    printCudaTileType(printer, getResultTypes());
  }
  printer << ' ';
  printer.printRegion(getRegion(), /*printEntryBlockArgs=*/false,
                      !hasImplicitTerminator<ContinueOp>(getRegion()));
  printer.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult LoopOp::verify() {
  if (failed(verifyNoViews(*this, getInitValues().getTypes(),
                           "loop-carried value")))
    return failure();
  return verifyNoViews(*this, getResultTypes(), "result");
}

LogicalResult LoopOp::verifyRegions() {
  Block &body = getRegion().front();
  if (!llvm::equal(body.getArgumentTypes(), getInitValues().getTypes()))
    return emitOpError("expects body arguments of the iter value types ")
           << TypeListFormat{getInitValues().getTypes()} << ", got "
           << TypeListFormat{body.getArgumentTypes()};
  return success();
}

/// The innermost `for` or `loop` that `op` belongs to through `if`s only,
/// or null.
static Operation *getEnclosingLoop(Operation *op) {
  Operation *parent = op->getParentOp();
  while (isa_and_nonnull<IfOp>(parent))
    parent = parent->getParentOp();
  return isa_and_nonnull<ForOp, LoopOp>(parent) ? parent : nullptr;
}

/// Verifies that `op`'s operand types are `expected`, the `what` of `loop`.
static LogicalResult verifyTerminatorTypes(Operation *op, TypeRange expected,
                                           Operation *loop, StringRef what) {
  if (llvm::equal(op->getOperandTypes(), expected))
    return success();
  return op->emitOpError("expects operand types ")
         << TypeListFormat{expected} << " (the '" << loop->getName() << "' "
         << what << "), got " << TypeListFormat{op->getOperandTypes()};
}

LogicalResult BreakOp::verify() {
  auto loop = dyn_cast_or_null<LoopOp>(getEnclosingLoop(*this));
  if (!loop)
    return emitOpError("expects to be nested in a 'cuda_tile.loop' through "
                       "'cuda_tile.if' ops only");
  return verifyTerminatorTypes(*this, loop.getResultTypes(), loop, "results");
}

LogicalResult ContinueOp::verify() {
  Operation *loop = getEnclosingLoop(*this);
  if (!loop)
    return emitOpError("expects to be nested in a 'cuda_tile.for' or "
                       "'cuda_tile.loop' through 'cuda_tile.if' ops only");
  if (auto forOp = dyn_cast<ForOp>(loop))
    return verifyTerminatorTypes(*this, forOp.getResultTypes(), loop,
                                 "iter values");
  return verifyTerminatorTypes(*this,
                               cast<LoopOp>(loop).getInitValues().getTypes(),
                               loop, "iter values");
}

//===----------------------------------------------------------------------===//
// Globals and printing
//===----------------------------------------------------------------------===//

LogicalResult GlobalOp::verify() {
  if (getDISubprogram(getLoc()))
    return emitOpError("expects no debug-info scope on a global");
  if (getValue().getType().getRank() != 1)
    return emitOpError("expects a 1-D initializer, got rank ")
           << getValue().getType().getRank();
  int64_t alignment = getAlignment();
  if (alignment < 0 || (alignment != 0 && !llvm::isPowerOf2_64(alignment)))
    return emitOpError("expects an alignment that is 0 or a power of two, got ")
           << alignment;
  return success();
}

LogicalResult
GetGlobalOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto global =
      symbolTable.lookupNearestSymbolFrom<GlobalOp>(*this, getNameAttr());
  if (!global)
    return emitOpError("expects '")
           << getName() << "' to name a 'cuda_tile.global'";
  Type pointee = cast<PointerType>(getType().getElementType()).getPointeeType();
  Type elementType = global.getValue().getElementType();
  if (pointee != elementType)
    return emitOpError("expects a pointer to ")
           << elementType << " (the global's element type), got " << pointee;
  return success();
}

LogicalResult PrintTkoOp::verify() {
  // The format goes to the device printf as it is: every `%` starts a
  // conversion `%[flags][width][.precision][length]type` of one argument,
  // or is `%%`.
  StringRef format = getStr();
  size_t conversions = 0;
  for (size_t i = 0, e = format.size(); i < e; ++i) {
    if (format[i] != '%')
      continue;
    size_t start = i++;
    if (i < e && format[i] == '%')
      continue;
    StringRef rest = format.drop_front(i);
    rest = rest.ltrim("-+ #0");
    rest = rest.ltrim("0123456789");
    if (rest.consume_front("."))
      rest = rest.ltrim("0123456789");
    if (!rest.consume_front("hh") && !rest.consume_front("ll"))
      (void)(rest.consume_front("h") || rest.consume_front("l") ||
             rest.consume_front("L") || rest.consume_front("z") ||
             rest.consume_front("j") || rest.consume_front("t"));
    if (rest.empty() || !StringRef("diouxXeEfFgGaAcp").contains(rest.front()))
      return emitOpError("expects a printf conversion (such as %d or %f, or "
                         "%% for '%') at offset ")
             << start << " of the format string, got '"
             << format.substr(start, format.size() - rest.size() - start + 1)
             << "'";
    i = format.size() - rest.size();
    ++conversions;
  }
  if (conversions != getArgs().size())
    return emitOpError("expects one argument per conversion in the format "
                       "string (")
           << conversions << "), got " << getArgs().size();
  return success();
}

//===----------------------------------------------------------------------===//
// View queries and constructors
//===----------------------------------------------------------------------===//

/// Parses `%src : SRC_TYPE -> RESULT_TYPE` with as many results as
/// `getCount(SRC_TYPE)`; the source type must be a `SrcT`.
template <typename SrcT>
static ParseResult parseShapeQuery(OpAsmParser &parser, OperationState &result,
                                   StringRef expected,
                                   function_ref<size_t(SrcT)> getCount) {
  OpAsmParser::UnresolvedOperand src;
  Type srcType, resultType;
  if (parser.parseOperand(src) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parseCudaTileType(parser, srcType) || parser.parseArrow() ||
      parseCudaTileType(parser, resultType))
    return failure();
  auto typed = dyn_cast<SrcT>(srcType);
  if (!typed)
    return parser.emitError(typeLoc, "expects ")
           << expected << " source, got " << srcType;
  if (parser.resolveOperand(src, srcType, result.operands))
    return failure();
  result.types.append(getCount(typed), resultType);
  return success();
}

static void printShapeQuery(OpAsmPrinter &printer, Operation *op) {
  printer << ' ';
  printer.printOperand(op->getOperand(0));
  printer.printOptionalAttrDict(op->getAttrs());
  printer << " : ";
  printCudaTileType(printer, op->getOperand(0).getType());
  printer << " -> ";
  if (op->getNumResults() != 0)
    printCudaTileType(printer, op->getResult(0).getType());
  else
    printer << "tile<i32>";
}

/// Verifies that a shape query has `count` results of one type.
static LogicalResult verifyShapeQuery(Operation *op, size_t count,
                                      StringRef what) {
  if (op->getNumResults() != count)
    return op->emitOpError("expects one result per ")
           << what << " (" << count << "), got " << op->getNumResults();
  if (count != 0 && !llvm::all_equal(op->getResultTypes()))
    return op->emitOpError("expects results of one type, got ")
           << TypeListFormat{op->getResultTypes()};
  return success();
}

ParseResult GetTensorShapeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  return parseShapeQuery<TensorViewType>(
      parser, result, "a tensor_view",
      [](TensorViewType type) { return type.getShape().size(); });
}

void GetTensorShapeOp::print(OpAsmPrinter &printer) {
  printShapeQuery(printer, *this);
}

LogicalResult GetTensorShapeOp::verify() {
  return verifyShapeQuery(*this, getSrc().getType().getShape().size(),
                          "dimension");
}

ParseResult GetIndexSpaceShapeOp::parse(OpAsmParser &parser,
                                        OperationState &result) {
  return parseShapeQuery<TileView>(
      parser, result, "a tile view",
      [](TileView type) { return type.getViewIndexRank(); });
}

void GetIndexSpaceShapeOp::print(OpAsmPrinter &printer) {
  printShapeQuery(printer, *this);
}

LogicalResult GetIndexSpaceShapeOp::verify() {
  return verifyShapeQuery(*this, getSrc().getType().getViewIndexRank(),
                          "index dimension");
}

/// Parses `%tv [attr-dict] : VIEW_TYPE`, where the operand type is the
/// view's tensor_view.
template <typename ViewT>
static ParseResult parseMakeView(OpAsmParser &parser, OperationState &result,
                                 StringRef expected) {
  OpAsmParser::UnresolvedOperand tensorView;
  if (parser.parseOperand(tensorView) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  auto viewType = dyn_cast<ViewT>(type);
  if (!viewType)
    return parser.emitError(typeLoc, "expects ")
           << expected << " result, got " << type;
  if (parser.resolveOperand(tensorView, viewType.getTensorView(),
                            result.operands))
    return failure();
  result.addTypes(viewType);
  return success();
}

static void printMakeView(OpAsmPrinter &printer, Operation *op) {
  printer << ' ';
  printer.printOperand(op->getOperand(0));
  printer.printOptionalAttrDict(op->getAttrs());
  printer << " : ";
  printCudaTileType(printer, op->getResult(0).getType());
}

/// Verifies that the operand of a view constructor is the view's
/// tensor_view.
static LogicalResult verifyMakeView(Operation *op, TensorViewType expected,
                                    StringRef view) {
  Type actual = op->getOperand(0).getType();
  if (actual != expected)
    return op->emitOpError("expects an operand of type ")
           << expected << " (the " << view << "'s tensor_view), got " << actual;
  return success();
}

ParseResult MakeStridedViewOp::parse(OpAsmParser &parser,
                                     OperationState &result) {
  return parseMakeView<StridedViewType>(parser, result, "a strided_view");
}

void MakeStridedViewOp::print(OpAsmPrinter &printer) {
  printMakeView(printer, *this);
}

LogicalResult MakeStridedViewOp::verify() {
  return verifyMakeView(*this, getType().getTensorView(), "strided_view");
}

ParseResult MakeGatherScatterViewOp::parse(OpAsmParser &parser,
                                           OperationState &result) {
  return parseMakeView<GatherScatterViewType>(parser, result,
                                              "a gather_scatter_view");
}

void MakeGatherScatterViewOp::print(OpAsmPrinter &printer) {
  printMakeView(printer, *this);
}

LogicalResult MakeGatherScatterViewOp::verify() {
  return verifyMakeView(*this, getType().getTensorView(),
                        "gather_scatter_view");
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

/// Verifies the operands shared by the atomics: an ordering other than
/// weak, pointers to `value`'s elements of `value`'s shape, a mask of that
/// shape.
static LogicalResult verifyAtomicOperands(Operation *op,
                                          MemoryOrderingSemantics ordering,
                                          TileType pointers, TileType value,
                                          Value mask) {
  if (ordering == MemoryOrderingSemantics::Weak)
    return op->emitOpError("expects memory ordering semantics relaxed, "
                           "acquire, release or acq_rel, got weak");
  if (pointers.getShape() != value.getShape() ||
      getPointeeType(pointers) != value.getElementType())
    return op->emitOpError("expects pointers to the ")
           << value.getElementType() << " elements of " << value << ", got "
           << pointers;
  if (mask && cast<TileType>(mask.getType()).getShape() != value.getShape())
    return op->emitOpError("expects a mask of shape ")
           << ListFormat{value.getShape()} << ", got " << mask.getType();
  return success();
}

/// Whether `type` is a 32- or 64-bit integer or float.
static bool isWordType(Type type) {
  return type.isInteger(32) || type.isInteger(64) || type.isF32() ||
         type.isF64();
}

LogicalResult AtomicCasTkoOp::verify() {
  TileType value = getVal().getType();
  if (failed(verifyAtomicOperands(*this, getMemoryOrderingSemantics(),
                                  getPointers().getType(), value, getMask())))
    return failure();
  if (!isWordType(value.getElementType()))
    return emitOpError("expects 32- or 64-bit integer or float elements, got ")
           << value.getElementType();
  return success();
}

/// Verifies that the elements of `value` suit the atomic `mode`.
static LogicalResult verifyAtomicModeElementType(Operation *op,
                                                 AtomicRMWMode mode,
                                                 Type elementType) {
  bool valid;
  StringRef expected;
  switch (mode) {
  case AtomicRMWMode::AddF:
    valid =
        isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(elementType);
    expected = "f16, bf16, f32 or f64";
    break;
  case AtomicRMWMode::XChg:
    valid = isWordType(elementType);
    expected = "32- or 64-bit integer or float";
    break;
  default:
    valid = elementType.isInteger(32) || elementType.isInteger(64);
    expected = "i32 or i64";
    break;
  }
  if (!valid)
    return op->emitOpError("expects ")
           << expected << " elements with mode " << stringifyAtomicRMWMode(mode)
           << ", got " << elementType;
  return success();
}

LogicalResult AtomicRmwTkoOp::verify() {
  TileType value = getArg().getType();
  if (failed(verifyAtomicOperands(*this, getMemoryOrderingSemantics(),
                                  getPointers().getType(), value, getMask())))
    return failure();
  return verifyAtomicModeElementType(*this, getMode(), value.getElementType());
}

//===----------------------------------------------------------------------===//
// AtomicRedViewTkoOp
//===----------------------------------------------------------------------===//

/// Parses a bare keyword naming a case of the integer-backed enum `EnumT`;
/// `what` names the enum with its article ("an atomic mode").
template <typename EnumT>
static ParseResult parseIntegerEnumKeyword(OpAsmParser &parser, EnumT &value,
                                           StringRef what) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<EnumT> parsed = symbolizeEnum<EnumT>(keyword);
  if (!parsed)
    return parser.emitError(loc, "expects ")
           << what << ", got '" << keyword << "'";
  value = *parsed;
  return success();
}

ParseResult AtomicRedViewTkoOp::parse(OpAsmParser &parser,
                                      OperationState &result) {
  Properties &props = result.getOrAddProperties<Properties>();
  MLIRContext *ctx = parser.getContext();
  MemoryOrderingSemantics ordering;
  if (parseIntegerEnumKeyword(parser, ordering, "a memory ordering"))
    return failure();
  props.memory_ordering_semantics =
      MemoryOrderingSemanticsAttr::get(ctx, ordering);
  for (MemoryScope scope :
       {MemoryScope::TlBlk, MemoryScope::Device, MemoryScope::Sys}) {
    if (succeeded(parser.parseOptionalKeyword(stringifyMemoryScope(scope)))) {
      props.memory_scope = MemoryScopeAttr::get(ctx, scope);
      break;
    }
  }

  OpAsmParser::UnresolvedOperand view, value, token;
  SmallVector<OpAsmParser::UnresolvedOperand> indices;
  AtomicRMWMode mode;
  if (parser.parseOperand(view) ||
      parser.parseOperandList(indices, OpAsmParser::Delimiter::Square) ||
      parser.parseComma() ||
      parseIntegerEnumKeyword(parser, mode, "an atomic mode") ||
      parser.parseComma() || parser.parseOperand(value))
    return failure();
  props.mode = AtomicRMWModeAttr::get(ctx, mode);
  bool hasToken = succeeded(parser.parseOptionalKeyword("token"));
  if (hasToken && (parser.parseEqual() || parser.parseOperand(token)))
    return failure();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();

  Type valueType, viewType, tokenType;
  SmallVector<Type> indexTypes;
  if (parser.parseColon() || parseCudaTileType(parser, valueType) ||
      parser.parseComma() || parseCudaTileType(parser, viewType) ||
      parseCudaTileType(parser, indexTypes, indices) || parser.parseArrow() ||
      parseCudaTileType(parser, tokenType))
    return failure();
  if (parser.resolveOperand(view, viewType, result.operands) ||
      parser.resolveOperands(indices, indexTypes, parser.getNameLoc(),
                             result.operands) ||
      parser.resolveOperand(value, valueType, result.operands))
    return failure();
  if (hasToken &&
      parser.resolveOperand(token, TokenType::get(ctx), result.operands))
    return failure();
  props.operandSegmentSizes = {1, static_cast<int32_t>(indices.size()), 1,
                               hasToken ? 1 : 0};
  result.addTypes(tokenType);
  return success();
}

void AtomicRedViewTkoOp::print(OpAsmPrinter &printer) {
  printer << " "
          << stringifyMemoryOrderingSemantics(getMemoryOrderingSemantics());
  if (std::optional<MemoryScope> scope = getMemoryScope())
    printer << " " << stringifyMemoryScope(*scope);
  printer << " " << getView() << "[" << getIndex() << "], "
          << stringifyAtomicRMWMode(getMode()) << ", " << getValue();
  if (Value token = getToken())
    printer << " token = " << token;
  printer.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(), {"memory_ordering_semantics", "memory_scope", "mode",
                            "operandSegmentSizes"});
  printer << " : ";
  printCudaTileType(printer, getValue().getType());
  printer << ", ";
  printCudaTileType(printer, getView().getType());
  printCudaTileType(printer, *this, getIndex().getTypes(), getIndex());
  printer << " -> ";
  printCudaTileType(printer, getResultToken().getType());
}

LogicalResult AtomicRedViewTkoOp::verify() {
  MemoryOrderingSemantics ordering = getMemoryOrderingSemantics();
  if (ordering != MemoryOrderingSemantics::Relaxed)
    return emitOpError("expects memory ordering semantics relaxed, got ")
           << stringifyMemoryOrderingSemantics(ordering);
  std::optional<MemoryScope> scope = getMemoryScope();
  if (!scope)
    return emitOpError("memory scope is required for relaxed atomic "
                       "reduction");
  if (*scope == MemoryScope::Sys)
    return emitOpError("expects memory scope tl_blk or device, got sys");
  if (getMode() == AtomicRMWMode::XChg)
    return emitOpError("expects an atomic mode other than xchg, got xchg");

  TileView view = getView().getType();
  PaddingValueAttr padding;
  if (auto partition = dyn_cast<PartitionViewType>(view))
    padding = partition.getPaddingValue();
  else if (auto strided = dyn_cast<StridedViewType>(view))
    padding = strided.getPaddingValue();
  else
    return emitOpError("expects a partition_view or strided_view, got ")
           << view;
  if (padding)
    return emitOpError("expects a view without padding_value, got ") << view;

  size_t rank = view.getViewIndexRank();
  if (getIndex().size() != rank)
    return emitOpError("expects ")
           << rank << " indices (the view's index rank), got "
           << getIndex().size();
  auto viewTile = cast<TileType>(view.getViewTileType());
  TileType value = getValue().getType();
  if (value.getShape() != viewTile.getShape())
    return emitOpError("expects value shape ")
           << ListFormat{viewTile.getShape()}
           << " (the view's tile shape), got " << ListFormat{value.getShape()};
  if (value.getElementType() != viewTile.getElementType())
    return emitOpError("expects value element type ")
           << viewTile.getElementType() << " (the view's element type), got "
           << value.getElementType();
  if (failed(view.verifyIndices([&] { return emitOpError(); },
                                getIndex().getTypes())))
    return failure();
  return verifyAtomicModeElementType(*this, getMode(), value.getElementType());
}

//===----------------------------------------------------------------------===//
// Matrix multiply-accumulate
//===----------------------------------------------------------------------===//

/// Verifies the shapes `[B]xMxK * [B]xKxN + [B]xMxN` of an mma.
static LogicalResult verifyMmaShapes(Operation *op, TileType lhs, TileType rhs,
                                     TileType acc) {
  int64_t rank = lhs.getRank();
  if ((rank != 2 && rank != 3) || rhs.getRank() != rank ||
      acc.getRank() != rank)
    return op->emitOpError("expects operands of rank 2 or 3 (all equal), got ")
           << lhs.getRank() << ", " << rhs.getRank() << " and "
           << acc.getRank();
  ArrayRef<int64_t> a = lhs.getShape(), b = rhs.getShape(), c = acc.getShape();
  bool batchOk = rank == 2 || (a[0] == b[0] && a[0] == c[0]);
  int64_t m = a[rank - 2], k = a[rank - 1], n = b[rank - 1];
  if (!batchOk || b[rank - 2] != k || c[rank - 2] != m || c[rank - 1] != n)
    return op->emitOpError("expects [B]xMxK, [B]xKxN and [B]xMxN operands, "
                           "got ")
           << ListFormat{a} << ", " << ListFormat{b} << " and "
           << ListFormat{c};
  return success();
}

LogicalResult MmaFOp::verify() {
  TileType lhs = getLhs().getType(), rhs = getRhs().getType();
  TileType acc = getAcc().getType();
  Type in = lhs.getElementType(), out = acc.getElementType();
  if (rhs.getElementType() != in)
    return emitOpError("expects lhs and rhs of one element type, got ")
           << in << " and " << rhs.getElementType();
  bool valid = false;
  if (isa<Float8E4M3FNType, Float8E5M2Type, Float16Type>(in))
    valid = out.isF16() || out.isF32();
  else if (isa<BFloat16Type, FloatTF32Type, Float32Type>(in))
    valid = out.isF32();
  else if (in.isF64())
    valid = out.isF64();
  if (!valid)
    return emitOpError("expects a supported input/accumulator element type "
                       "combination, got ")
           << in << " and " << out;
  return verifyMmaShapes(*this, lhs, rhs, acc);
}

LogicalResult MmaFScaledOp::verify() {
  TileType lhs = getLhs().getType(), rhs = getRhs().getType();
  TileType acc = getAcc().getType();
  TileType lhsScale = getLhsScale().getType();
  TileType rhsScale = getRhsScale().getType();
  Type in = lhs.getElementType(), scale = lhsScale.getElementType();
  if (rhs.getElementType() != in ||
      !isa<Float8E4M3FNType, Float8E5M2Type, Float4E2M1FNType>(in))
    return emitOpError("expects lhs and rhs of one element type among "
                       "f8E4M3FN, f8E5M2 and f4E2M1FN, got ")
           << in << " and " << rhs.getElementType();
  if (!acc.getElementType().isF32())
    return emitOpError("expects an f32 accumulator, got ")
           << acc.getElementType();
  if (rhsScale.getElementType() != scale ||
      !isa<Float8E4M3FNType, Float8E8M0FNUType>(scale))
    return emitOpError("expects scales of one element type among f8E4M3FN "
                       "and f8E8M0FNU, got ")
           << scale << " and " << rhsScale.getElementType();
  if (failed(verifyMmaShapes(*this, lhs, rhs, acc)))
    return failure();
  int64_t rank = lhs.getRank();
  if (lhsScale.getRank() != rank || rhsScale.getRank() != rank)
    return emitOpError("expects scales of rank ") << rank;
  int64_t k = lhs.getDimSize(rank - 1);
  int64_t ks = lhsScale.getDimSize(rank - 1);
  if (lhsScale.getDimSize(rank - 2) != lhs.getDimSize(rank - 2) ||
      rhsScale.getDimSize(rank - 2) != ks ||
      rhsScale.getDimSize(rank - 1) != rhs.getDimSize(rank - 1) || k % ks != 0)
    return emitOpError("expects [B]xMxKs and [B]xKsxN scales with K a "
                       "multiple of Ks, got ")
           << ListFormat{lhsScale.getShape()} << " and "
           << ListFormat{rhsScale.getShape()};
  int64_t block = k / ks;
  bool isF4 = isa<Float4E2M1FNType>(in);
  bool valid;
  if (!isF4)
    valid = isa<Float8E8M0FNUType>(scale) && block == 32;
  else if (isa<Float8E4M3FNType>(scale))
    valid = block == 16;
  else
    valid = block == 16 || block == 32;
  if (!valid)
    return emitOpError("expects a supported scale block size for ")
           << in << " inputs and " << scale << " scales, got " << block;
  return success();
}

LogicalResult MmaIOp::verify() {
  return verifyMmaShapes(*this, getLhs().getType(), getRhs().getType(),
                         getAcc().getType());
}

//===----------------------------------------------------------------------===//
// AllocaOp
//===----------------------------------------------------------------------===//

LogicalResult AllocaOp::verify() {
  int64_t alignment = getAlignment();
  Type pointee = cast<PointerType>(getType().getElementType()).getPointeeType();
  int64_t size = std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
  if (!llvm::isPowerOf2_64(alignment) || alignment < size)
    return emitOpError("expects a power-of-two alignment of at least ")
           << size << " (the size of " << pointee << "), got " << alignment;
  return success();
}
