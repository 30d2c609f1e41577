//===- TirXDialect.cpp - tirx dialect, attributes and types ---------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/IR/TirX.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tirx;
using tileir::layout::AxisCoord;
using tileir::layout::Iter;
using tileir::layout::TileLayout;

llvm::hash_code tileir::layout::hash_value(const TileLayout &layout) {
  llvm::hash_code h = llvm::hash_value(layout.getShard().size());
  auto mix = [&](llvm::ArrayRef<Iter> iters) {
    for (const Iter &it : iters)
      h = llvm::hash_combine(h, it.extent, it.stride, llvm::StringRef(it.axis));
  };
  mix(layout.getShard());
  h = llvm::hash_combine(h, layout.getReplica().size());
  mix(layout.getReplica());
  for (const auto &[axis, value] : layout.getOffset())
    h = llvm::hash_combine(h, llvm::StringRef(axis), value);
  return h;
}

#include "tileir/Dialect/TirX/IR/TirXDialect.cpp.inc"
#include "tileir/Dialect/TirX/IR/TirXEnums.cpp.inc"
#include "tileir/Dialect/TirX/IR/TirXInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tileir/Dialect/TirX/IR/TirXAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tileir/Dialect/TirX/IR/TirXTypes.cpp.inc"

void TirXDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tileir/Dialect/TirX/IR/TirXAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "tileir/Dialect/TirX/IR/TirXTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tileir/Dialect/TirX/IR/TirXOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// LayoutAttr
//===----------------------------------------------------------------------===//

namespace {
/// Parses the TileLayout syntax from MLIR tokens:
///   S[(e0, e1, ...):(s0@ax0, s1, ...)] + R[e:s@ax] + k@axis
///   S[e0, e1, ...]   (extents only: row-major strides on `m`)
/// `1@laneid` lexes as the integer 1 followed by the symbol @laneid.
class LayoutTokenParser {
public:
  explicit LayoutTokenParser(AsmParser &parser) : parser(parser) {}

  FailureOr<TileLayout> parse() {
    llvm::SmallVector<Iter> shard, replica;
    AxisCoord offset;
    bool sawShard = false;
    do {
      StringRef keyword;
      if (succeeded(parser.parseOptionalKeyword(&keyword, {"S", "R"}))) {
        llvm::SmallVector<Iter> iters;
        if (failed(parseIterGroup(iters)))
          return failure();
        if (keyword == "S") {
          if (sawShard)
            return parser.emitError(parser.getCurrentLocation(),
                                    "expects a single shard group S[...]");
          sawShard = true;
          shard = std::move(iters);
        } else {
          replica.append(iters.begin(), iters.end());
        }
        continue;
      }
      int64_t value;
      if (failed(parser.parseInteger(value)))
        return failure();
      std::string axis = "m";
      StringAttr axisAttr;
      if (succeeded(parser.parseOptionalSymbolName(axisAttr)))
        axis = axisAttr.str();
      offset.push_back({axis, value});
    } while (succeeded(parser.parseOptionalPlus()));
    if (!sawShard)
      return parser.emitError(parser.getCurrentLocation(),
                              "expects a shard group S[...]");
    return TileLayout(std::move(shard), std::move(replica), std::move(offset));
  }

private:
  /// `[` (extents `:` strides | extent-list) `]`
  LogicalResult parseIterGroup(llvm::SmallVector<Iter> &iters) {
    if (parser.parseLSquare())
      return failure();
    if (succeeded(parser.parseOptionalRSquare()))
      return success();
    llvm::SmallVector<int64_t> extents;
    bool parenthesized = succeeded(parser.parseOptionalLParen());
    if (failed(parser.parseCommaSeparatedList(
            [&]() { return parser.parseInteger(extents.emplace_back()); })))
      return failure();
    if (parenthesized && parser.parseRParen())
      return failure();
    if (succeeded(parser.parseOptionalColon())) {
      bool stridesParen = succeeded(parser.parseOptionalLParen());
      llvm::SmallVector<std::pair<int64_t, std::string>> strides;
      if (failed(parser.parseCommaSeparatedList([&]() -> ParseResult {
            int64_t stride;
            if (parser.parseInteger(stride))
              return failure();
            StringAttr axis;
            strides.push_back(
                {stride, succeeded(parser.parseOptionalSymbolName(axis))
                             ? axis.str()
                             : std::string("m")});
            return success();
          })))
        return failure();
      if (stridesParen && parser.parseRParen())
        return failure();
      if (strides.size() != extents.size())
        return parser.emitError(parser.getCurrentLocation(),
                                "expects as many strides as extents, got ")
               << strides.size() << " strides for " << extents.size()
               << " extents";
      for (auto [e, s] : llvm::zip(extents, strides))
        iters.push_back(Iter{e, s.first, s.second});
    } else {
      // Extents only: row-major strides on the memory axis.
      int64_t stride = 1;
      iters.resize(extents.size());
      for (int i = static_cast<int>(extents.size()) - 1; i >= 0; --i) {
        iters[i] = Iter{extents[i], stride, "m"};
        stride *= extents[i];
      }
    }
    return parser.parseRSquare();
  }

  AsmParser &parser;
};
} // namespace

Attribute LayoutAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  FailureOr<TileLayout> layout = LayoutTokenParser(parser).parse();
  if (failed(layout))
    return {};
  unsigned swizzle = 0, shift = tileir::layout::Swizzle::kHardwareShift;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("swizzle") || parser.parseEqual() ||
        parser.parseInteger(swizzle))
      return {};
    if (succeeded(parser.parseOptionalComma()) &&
        (parser.parseKeyword("swizzle_shift") || parser.parseEqual() ||
         parser.parseInteger(shift)))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<LayoutAttr>(loc, parser.getContext(), *layout,
                                       swizzle, shift);
}

void LayoutAttr::print(AsmPrinter &printer) const {
  printer << "<";
  getLayout().print(printer.getStream());
  if (getSwizzle())
    printer << ", swizzle = " << getSwizzle();
  if (!hasHardwareSwizzle())
    printer << ", swizzle_shift = " << getSwizzleShift();
  printer << ">";
}

LogicalResult LayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 TileLayout layout, unsigned swizzle,
                                 unsigned swizzleShift) {
  if (llvm::Error err = layout.verifyWellFormed()) {
    InFlightDiagnostic diag = emitError() << "invalid layout: ";
    diag << llvm::toString(std::move(err));
    return diag;
  }
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitError() << "expects a swizzle of 32, 64 or 128 bytes, got "
                       << swizzle;
  // XOR-ing B chunk bits with bits S above them is a permutation only when
  // the two ranges do not overlap (S >= B); 24 keeps the source bits inside
  // any shared-memory address.
  if (swizzleShift == tileir::layout::Swizzle::kHardwareShift)
    return success();
  if (!swizzle)
    return emitError() << "expects a swizzle_shift only with a swizzle";
  unsigned chunkBits = llvm::Log2_32(swizzle / 16);
  if (swizzleShift < chunkBits || swizzleShift > 24)
    return emitError() << "expects a swizzle_shift between " << chunkBits
                       << " and 24, got " << swizzleShift;
  return success();
}

std::optional<tileir::layout::Swizzle>
LayoutAttr::getSwizzleFor(unsigned elementBits) const {
  if (!getSwizzle())
    return std::nullopt;
  auto swizzle = tileir::layout::Swizzle::forMode(getSwizzle(), elementBits);
  if (!swizzle) {
    llvm::consumeError(swizzle.takeError());
    return std::nullopt;
  }
  swizzle->shift = getSwizzleShift();
  return *swizzle;
}

//===----------------------------------------------------------------------===//
// BufferType
//===----------------------------------------------------------------------===//

Type BufferType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  llvm::SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma())
    return {};
  StringRef scopeName;
  SMLoc scopeLoc = parser.getCurrentLocation();
  if (parser.parseKeyword(&scopeName))
    return {};
  std::optional<MemScope> scope = symbolizeMemScope(scopeName);
  if (!scope) {
    parser.emitError(scopeLoc, "expects memory scope global, shared or "
                               "local, got '")
        << scopeName << "'";
    return {};
  }
  LayoutAttr layout;
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseCustomAttributeWithFallback(layout))
    return {};
  if (parser.parseGreater())
    return {};
  return parser.getChecked<BufferType>(loc, parser.getContext(), shape,
                                       elementType, *scope, layout);
}

void BufferType::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printDimensionList(getShape());
  if (!getShape().empty())
    printer << "x";
  printer << getElementType() << ", " << stringifyMemScope(getMemScope());
  if (getLayout()) {
    printer << ", ";
    printer.printStrippedAttrOrType(getLayout());
  }
  printer << ">";
}

LogicalResult BufferType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> shape, Type elementType,
                                 MemScope memScope, LayoutAttr layout) {
  if (!elementType.isIntOrFloat())
    return emitError() << "expects an integer or float element type, got "
                       << elementType;
  for (int64_t dim : shape)
    if (dim != ShapedType::kDynamic && dim <= 0)
      return emitError() << "expects positive extents, got " << dim;
  if (memScope == MemScope::Global) {
    if (layout)
      return emitError() << "expects no layout on a global buffer";
    return success();
  }
  if (ShapedType::isDynamicShape(shape))
    return emitError() << "expects a static shape for a "
                       << stringifyMemScope(memScope) << " buffer";
  if (!layout)
    return emitError() << "expects a layout for a "
                       << stringifyMemScope(memScope) << " buffer";
  int64_t numElements = ShapedType::getNumElements(shape);
  if (layout.getLayout().getNumElements() != numElements)
    return emitError() << "expects a layout covering " << numElements
                       << " elements, got one covering "
                       << layout.getLayout().getNumElements();
  if (memScope == MemScope::Shared && layout.getLayout().hasThreadAxes())
    return emitError() << "expects a shared buffer layout without thread axes";
  if (unsigned mode = layout.getSwizzle()) {
    if (memScope != MemScope::Shared)
      return emitError() << "expects a swizzle only on a shared buffer, got a "
                         << stringifyMemScope(memScope) << " buffer";
    auto swizzle = tileir::layout::Swizzle::forMode(
        mode, elementType.getIntOrFloatBitWidth());
    if (!swizzle)
      return emitError() << "expects a swizzle for this element type: "
                         << llvm::toString(swizzle.takeError());
    swizzle->shift = layout.getSwizzleShift();
    // The swizzle permutes addresses inside blocks of 2^(M+S+B) elements:
    // the storage must consist of whole blocks.
    int64_t period = int64_t(1)
                     << (swizzle->perElement + swizzle->shift + swizzle->bits);
    int64_t span = layout.getLayout().storage().span("m");
    if (span % period != 0)
      return emitError() << "expects a swizzled storage of whole " << period
                         << "-element swizzle blocks, got " << span
                         << " elements";
  }
  return success();
}

BufferType BufferType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                                 Type elementType) const {
  return BufferType::get(getContext(), shape ? *shape : getShape(), elementType,
                         getMemScope(), getLayout());
}
