//===- CudaTileTypes.cpp - cuda_tile types ----------------------*- C++ -*-===//
//
// Part of TileIR.
//
// Parsers, printers and verifiers of the cuda_tile types, the TileView
// interface implementations, and the shared `custom<CudaTileType>`
// directive.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "DiagnosticUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::cuda_tile;

#include "tileir/Dialect/CudaTile/IR/CudaTileTypeInterfaces.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tileir/Dialect/CudaTile/IR/CudaTileTypes.cpp.inc"

void CudaTileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tileir/Dialect/CudaTile/IR/CudaTileTypes.cpp.inc"
      >();
}

using mlir::cuda_tile::detail::ListFormat;

//===----------------------------------------------------------------------===//
// custom<CudaTileType>
//===----------------------------------------------------------------------===//

ParseResult cuda_tile::parseCudaTileType(AsmParser &parser, Type &type) {
  // `token` first, so that it always means the cuda_tile token type.
  if (succeeded(parser.parseOptionalKeyword("token"))) {
    type = TokenType::get(parser.getContext());
    return success();
  }
  OptionalParseResult builtinOrPrefixed = parser.parseOptionalType(type);
  if (builtinOrPrefixed.has_value())
    return *builtinOrPrefixed;

  // The cuda_tile types that take parameters, by mnemonic.
  using ParseFn = Type (*)(AsmParser &);
  static constexpr std::pair<StringLiteral, ParseFn> kParameterizedTypes[] = {
      {PointerType::getMnemonic(), &PointerType::parse},
      {TileType::getMnemonic(), &TileType::parse},
      {TensorViewType::getMnemonic(), &TensorViewType::parse},
      {PartitionViewType::getMnemonic(), &PartitionViewType::parse},
      {StridedViewType::getMnemonic(), &StridedViewType::parse},
      {GatherScatterViewType::getMnemonic(), &GatherScatterViewType::parse}};

  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  if (failed(parser.parseOptionalKeyword(&mnemonic)))
    return parser.emitError(loc, "expected type");
  for (auto [name, parse] : kParameterizedTypes) {
    if (mnemonic != name)
      continue;
    type = parse(parser);
    return success(static_cast<bool>(type));
  }
  return parser.emitError(loc, "unknown type: ") << mnemonic;
}

ParseResult cuda_tile::parseCudaTileType(AsmParser &parser,
                                         SmallVectorImpl<Type> &types) {
  return parser.parseCommaSeparatedList([&]() -> ParseResult {
    Type type;
    if (parseCudaTileType(parser, type))
      return failure();
    types.push_back(type);
    return success();
  });
}

ParseResult cuda_tile::parseCudaTileType(
    OpAsmParser &parser, SmallVectorImpl<Type> &types,
    ArrayRef<OpAsmParser::UnresolvedOperand> operands) {
  if (operands.empty())
    return success();
  if (parser.parseComma())
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  if (parseCudaTileType(parser, types))
    return failure();
  if (types.size() == 1) {
    types.resize(operands.size(), types.front());
    return success();
  }
  if (types.size() != operands.size()) {
    InFlightDiagnostic diag = parser.emitError(loc, "expects 1 ");
    if (operands.size() > 1)
      diag << "or " << operands.size() << " ";
    return diag << "types for " << operands.size() << " operands, got "
                << types.size();
  }
  return success();
}

void cuda_tile::printCudaTileType(AsmPrinter &printer, Type type) {
  if (type && isa<CudaTileDialect>(type.getDialect()) &&
      succeeded(generatedTypePrinter(type, printer)))
    return;
  printer.printType(type);
}

void cuda_tile::printCudaTileType(AsmPrinter &printer, TypeRange types) {
  llvm::interleaveComma(types, printer,
                        [&](Type type) { printCudaTileType(printer, type); });
}

void cuda_tile::printCudaTileType(OpAsmPrinter &printer, Operation *,
                                  Type type) {
  printCudaTileType(printer, type);
}

void cuda_tile::printCudaTileType(OpAsmPrinter &printer, Operation *,
                                  TypeRange types) {
  printCudaTileType(printer, types);
}

void cuda_tile::printCudaTileType(OpAsmPrinter &printer, Operation *,
                                  TypeRange types, OperandRange operands) {
  if (operands.empty())
    return;
  printer << ", ";
  if (llvm::all_equal(types))
    printCudaTileType(printer, types.front());
  else
    printCudaTileType(printer, types);
}

Type cuda_tile::getI1SameShape(Type type) {
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto tile = dyn_cast<TileType>(type))
    return TileType::get(tile.getShape(), i1);
  return i1;
}

//===----------------------------------------------------------------------===//
// TileType
//===----------------------------------------------------------------------===//

/// Prints `4x8xf32` (or `f32` for rank 0), with a prefix-less element type.
static void printShapeAndElementType(AsmPrinter &printer,
                                     ArrayRef<int64_t> shape,
                                     Type elementType) {
  printer.printDimensionList(shape);
  if (!shape.empty())
    printer << "x";
  printCudaTileType(printer, elementType);
}

Type TileType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parseCudaTileType(parser, elementType) || parser.parseGreater())
    return {};
  return parser.getChecked<TileType>(loc, parser.getContext(), shape,
                                     elementType);
}

void TileType::print(AsmPrinter &printer) const {
  printer << "<";
  printShapeAndElementType(printer, getShape(), getElementType());
  printer << ">";
}

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType) {
  int64_t numElements = 1;
  for (int64_t dim : shape) {
    if (dim <= 0)
      return emitError() << "all dimensions must be positive constants, got "
                         << ListFormat{shape};
    if (!llvm::isPowerOf2_64(static_cast<uint64_t>(dim)))
      return emitError() << "all dimensions must be powers of two, got "
                         << ListFormat{shape};
    if (numElements > kMaxTileNumElements / dim)
      return emitError() << "tile would exceed the maximum of "
                         << kMaxTileNumElements << " elements";
    numElements *= dim;
  }
  if (isa<Float4E2M1FNType>(elementType) && numElements % 2 != 0)
    return emitError() << "expects an even number of elements in a tile of "
                          "f4E2M1FN, got "
                       << numElements;
  return success();
}

TileType TileType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                             Type elementType) const {
  return TileType::get(shape ? *shape : getShape(), elementType);
}

//===----------------------------------------------------------------------===//
// TensorViewType
//===----------------------------------------------------------------------===//

Type TensorViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true) ||
      parseCudaTileType(parser, elementType))
    return {};

  SmallVector<int64_t> strides;
  if (shape.empty()) {
    if (succeeded(parser.parseOptionalComma())) {
      parser.emitError(parser.getCurrentLocation(),
                       "strides must not be provided for 0-d tiles");
      return {};
    }
  } else {
    if (failed(parser.parseOptionalComma())) {
      parser.emitError(parser.getCurrentLocation(), "expected 'strides'");
      return {};
    }
    auto parseStride = [&]() -> ParseResult {
      if (succeeded(parser.parseOptionalQuestion())) {
        strides.push_back(kDynamic);
        return success();
      }
      SMLoc strideLoc = parser.getCurrentLocation();
      int64_t stride = 0;
      OptionalParseResult parsed = parser.parseOptionalInteger(stride);
      if (!parsed.has_value())
        return parser.emitError(strideLoc, "expected integer or '?'");
      if (failed(*parsed))
        return failure();
      // The one integer that would read back as `?`; other non-positive
      // strides are diagnosed by the verifier.
      if (stride == kDynamic)
        return parser.emitError(strideLoc,
                                "expects strictly positive static strides, "
                                "got ")
               << stride;
      strides.push_back(stride);
      return success();
    };
    if (parser.parseKeyword("strides") || parser.parseEqual() ||
        parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                       parseStride))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<TensorViewType>(loc, parser.getContext(), shape,
                                           elementType, strides);
}

void TensorViewType::print(AsmPrinter &printer) const {
  printer << "<";
  printShapeAndElementType(printer, getShape(), getElementType());
  if (!getShape().empty()) {
    printer << ", strides=[";
    llvm::interleave(
        getStrides(), printer,
        [&](int64_t stride) {
          if (ShapedType::isDynamic(stride))
            printer << "?";
          else
            printer << stride;
        },
        ",");
    printer << "]";
  }
  printer << ">";
}

LogicalResult
TensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, Type elementType,
                       ArrayRef<int64_t> strides) {
  if (shape.size() != strides.size())
    return emitError() << "expects one stride per dimension (" << shape.size()
                       << "), got " << strides.size();
  auto isInvalid = [](int64_t value) {
    return value <= 0 && !ShapedType::isDynamic(value);
  };
  if (llvm::any_of(shape, isInvalid))
    return emitError() << "expects strictly positive static dimensions, got "
                       << ListFormat{shape};
  if (llvm::any_of(strides, isInvalid))
    return emitError() << "expects strictly positive static strides, got "
                       << ListFormat{strides};
  return success();
}

size_t TensorViewType::getNumDynamicDims() const {
  return llvm::count_if(getShape(), ShapedType::isDynamic);
}

size_t TensorViewType::getNumDynamicStrides() const {
  return llvm::count_if(getStrides(), ShapedType::isDynamic);
}

//===----------------------------------------------------------------------===//
// Tile-grid views: shared syntax and verification
//===----------------------------------------------------------------------===//

/// Parses `tile=(d0xd1...)`.
static ParseResult parseTileShape(AsmParser &parser,
                                  SmallVectorImpl<int32_t> &tileShape) {
  if (parser.parseKeyword("tile") || parser.parseEqual())
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLParen())
    return failure();
  if (succeeded(parser.parseOptionalRParen()))
    return success();
  SmallVector<int64_t> dims;
  if (parser.parseDimensionList(dims, /*allowDynamic=*/false,
                                /*withTrailingX=*/false) ||
      parser.parseRParen())
    return failure();
  for (auto [index, dim] : llvm::enumerate(dims)) {
    if (dim <= 0 || dim > std::numeric_limits<int32_t>::max())
      return parser.emitError(loc, "tile dimension ")
             << index << " exceeds i32 limitations (got " << dim
             << ", expected strictly positive and less than or equal to "
             << std::numeric_limits<int32_t>::max() << ")";
    tileShape.push_back(static_cast<int32_t>(dim));
  }
  return success();
}

/// Parses `[i, j, ...]` of i32 values.
static ParseResult parseI32List(AsmParser &parser,
                                SmallVectorImpl<int32_t> &values) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                        [&]() -> ParseResult {
                                          int32_t value = 0;
                                          if (parser.parseInteger(value))
                                            return failure();
                                          values.push_back(value);
                                          return success();
                                        });
}

/// Parses `padding_value = V,` if present.
static ParseResult parseOptionalPaddingValue(AsmParser &parser,
                                             PaddingValueAttr &padding) {
  if (failed(parser.parseOptionalKeyword("padding_value")))
    return success();
  if (parser.parseEqual())
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<PaddingValue> value = symbolizePaddingValue(keyword);
  if (!value)
    return parser.emitError(loc, "expects padding_value to be one of zero, "
                                 "neg_zero, nan, pos_inf, neg_inf, got '")
           << keyword << "'";
  padding = PaddingValueAttr::get(parser.getContext(), *value);
  return parser.parseComma();
}

/// Parses the tensor_view a view is built on.
static ParseResult parseTensorView(AsmParser &parser, TensorViewType &view) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  view = dyn_cast<TensorViewType>(type);
  if (!view)
    return parser.emitError(loc, "expects a tensor_view type, got ") << type;
  return success();
}

/// Parses `, dim_map=[...]` if present; defaults to the identity map.
static ParseResult parseOptionalDimMap(AsmParser &parser, size_t rank,
                                       SmallVectorImpl<int32_t> &dimMap) {
  if (succeeded(parser.parseOptionalComma()))
    return failure(parser.parseKeyword("dim_map") || parser.parseEqual() ||
                   parseI32List(parser, dimMap));
  llvm::append_range(dimMap, llvm::seq<int32_t>(0, rank));
  return success();
}

static void printTileShape(AsmPrinter &printer, ArrayRef<int32_t> tileShape) {
  printer << "tile=(";
  llvm::interleave(tileShape, printer, "x");
  printer << "), ";
}

static void printPaddingAndTensorView(AsmPrinter &printer,
                                      PaddingValueAttr padding,
                                      TensorViewType tensorView) {
  if (padding)
    printer << "padding_value = " << stringifyPaddingValue(padding.getValue())
            << ", ";
  printCudaTileType(printer, tensorView);
}

static void printDimMapIfNotIdentity(AsmPrinter &printer,
                                     ArrayRef<int32_t> dimMap) {
  if (llvm::equal(dimMap, llvm::seq<int32_t>(0, dimMap.size())))
    return;
  printer << ", dim_map=[";
  llvm::interleaveComma(dimMap, printer);
  printer << "]";
}

/// Verifies what all tile-grid views share: the tile shape against the
/// tensor_view, the dimension map (if the view has one) and the padding.
static LogicalResult
verifyTileGridView(function_ref<InFlightDiagnostic()> emitError,
                   ArrayRef<int32_t> tileShape, TensorViewType tensorView,
                   std::optional<ArrayRef<int32_t>> dimMap,
                   PaddingValueAttr padding) {
  if (tileShape.empty())
    return emitError() << "0-dimension tile shape is not supported";
  if (static_cast<int64_t>(tileShape.size()) != tensorView.getRank())
    return emitError() << "expects the tile rank to equal the tensor_view "
                          "rank ("
                       << tensorView.getRank() << "), got " << tileShape.size();
  if (dimMap && dimMap->size() != tileShape.size())
    return emitError() << "expects dim_map to map all " << tileShape.size()
                       << " tile dimensions, got " << dimMap->size()
                       << " entries";
  if (llvm::any_of(tileShape, [](int32_t dim) {
        return dim <= 0 || !llvm::isPowerOf2_32(static_cast<uint32_t>(dim));
      }))
    return emitError()
           << "tile shape dimensions must have power of two length but got "
           << ListFormat{tileShape};

  if (dimMap) {
    SmallVector<std::optional<size_t>> mappedFrom(tileShape.size());
    for (auto [tileDim, target] : llvm::enumerate(*dimMap)) {
      if (target < 0 || static_cast<size_t>(target) >= tileShape.size())
        return emitError() << "expects dim_map entries in [0, "
                           << tileShape.size() << "), got " << target;
      if (std::optional<size_t> previous = mappedFrom[target])
        return emitError() << "target dimension " << target
                           << " mapped at least twice (for tile dimensions "
                           << *previous << " and " << tileDim << ")";
      mappedFrom[target] = tileDim;
    }
  }

  SmallVector<int64_t> shape(tileShape.begin(), tileShape.end());
  if (failed(TileType::verify(emitError, shape, tensorView.getElementType())))
    return failure();

  if (padding && padding.getValue() != PaddingValue::Zero &&
      !isa<FloatType>(tensorView.getElementType()))
    return emitError() << "expects a floating-point element type with "
                          "padding_value "
                       << stringifyPaddingValue(padding.getValue()) << ", got "
                       << tensorView.getElementType();
  return success();
}

static TileType getGridTileType(ArrayRef<int32_t> tileShape,
                                TensorViewType tensorView) {
  SmallVector<int64_t> shape(tileShape.begin(), tileShape.end());
  return TileType::get(shape, tensorView.getElementType());
}

/// Verifies that all indices but `skipped` are rank-0 tiles of one type.
static LogicalResult
verifyScalarIndices(function_ref<InFlightDiagnostic()> emitError,
                    TypeRange indexTypes,
                    std::optional<size_t> skipped = std::nullopt) {
  Type common;
  for (auto [index, type] : llvm::enumerate(indexTypes)) {
    if (skipped && index == *skipped)
      continue;
    auto tile = dyn_cast<TileType>(type);
    if (!tile || tile.getRank() != 0)
      return emitError() << "expects index #" << index
                         << " to be a rank-0 tile, got " << type;
    if (!common)
      common = type;
    else if (type != common)
      return emitError() << "expects all indices to have the same type, got "
                         << common << " and " << type;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// PartitionViewType
//===----------------------------------------------------------------------===//

Type PartitionViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int32_t> tileShape, dimMap;
  PaddingValueAttr padding;
  TensorViewType tensorView;
  if (parser.parseLess() || parseTileShape(parser, tileShape) ||
      parser.parseComma() || parseOptionalPaddingValue(parser, padding) ||
      parseTensorView(parser, tensorView) ||
      parseOptionalDimMap(parser, tileShape.size(), dimMap) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<PartitionViewType>(
      loc, parser.getContext(), tileShape, tensorView, dimMap, padding);
}

void PartitionViewType::print(AsmPrinter &printer) const {
  printer << "<";
  printTileShape(printer, getTileShape());
  printPaddingAndTensorView(printer, getPaddingValue(), getTensorView());
  printDimMapIfNotIdentity(printer, getDimMap());
  printer << ">";
}

LogicalResult
PartitionViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                          ArrayRef<int32_t> tileShape,
                          TensorViewType tensorView, ArrayRef<int32_t> dimMap,
                          PaddingValueAttr padding) {
  return verifyTileGridView(emitError, tileShape, tensorView, dimMap, padding);
}

size_t PartitionViewType::getViewIndexRank() const {
  return getTileShape().size();
}

Type PartitionViewType::getViewTileType() const {
  return getGridTileType(getTileShape(), getTensorView());
}

LogicalResult
PartitionViewType::verifyIndices(function_ref<InFlightDiagnostic()> emitError,
                                 TypeRange indexTypes) const {
  return verifyScalarIndices(emitError, indexTypes);
}

//===----------------------------------------------------------------------===//
// StridedViewType
//===----------------------------------------------------------------------===//

Type StridedViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int32_t> tileShape, traversalStrides, dimMap;
  PaddingValueAttr padding;
  TensorViewType tensorView;
  if (parser.parseLess() || parseTileShape(parser, tileShape) ||
      parser.parseComma() || parser.parseKeyword("traversal_strides") ||
      parser.parseEqual() || parseI32List(parser, traversalStrides) ||
      parser.parseComma() || parseOptionalPaddingValue(parser, padding) ||
      parseTensorView(parser, tensorView) ||
      parseOptionalDimMap(parser, tileShape.size(), dimMap) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<StridedViewType>(loc, parser.getContext(), tileShape,
                                            traversalStrides, tensorView,
                                            dimMap, padding);
}

void StridedViewType::print(AsmPrinter &printer) const {
  printer << "<";
  printTileShape(printer, getTileShape());
  printer << "traversal_strides=[";
  llvm::interleave(getTraversalStrides(), printer, ",");
  printer << "], ";
  printPaddingAndTensorView(printer, getPaddingValue(), getTensorView());
  printDimMapIfNotIdentity(printer, getDimMap());
  printer << ">";
}

LogicalResult StridedViewType::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<int32_t> tileShape,
    ArrayRef<int32_t> traversalStrides, TensorViewType tensorView,
    ArrayRef<int32_t> dimMap, PaddingValueAttr padding) {
  if (failed(verifyTileGridView(emitError, tileShape, tensorView, dimMap,
                                padding)))
    return failure();
  if (traversalStrides.size() != tileShape.size())
    return emitError() << "expected " << tileShape.size()
                       << " traversal strides, got " << traversalStrides.size();
  if (llvm::any_of(traversalStrides,
                   [](int32_t stride) { return stride <= 0; }))
    return emitError() << "expects strictly positive traversal strides, got "
                       << ListFormat{traversalStrides};
  return success();
}

size_t StridedViewType::getViewIndexRank() const {
  return getTileShape().size();
}

Type StridedViewType::getViewTileType() const {
  return getGridTileType(getTileShape(), getTensorView());
}

LogicalResult
StridedViewType::verifyIndices(function_ref<InFlightDiagnostic()> emitError,
                               TypeRange indexTypes) const {
  return verifyScalarIndices(emitError, indexTypes);
}

//===----------------------------------------------------------------------===//
// GatherScatterViewType
//===----------------------------------------------------------------------===//

Type GatherScatterViewType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int32_t> tileShape;
  PaddingValueAttr padding;
  TensorViewType tensorView;
  uint32_t sparseDim = 0;
  if (parser.parseLess() || parseTileShape(parser, tileShape) ||
      parser.parseComma() || parseOptionalPaddingValue(parser, padding) ||
      parseTensorView(parser, tensorView) || parser.parseComma() ||
      parser.parseKeyword("sparse_dim") || parser.parseEqual() ||
      parser.parseInteger(sparseDim) || parser.parseGreater())
    return {};
  return parser.getChecked<GatherScatterViewType>(
      loc, parser.getContext(), tileShape, tensorView, sparseDim, padding);
}

void GatherScatterViewType::print(AsmPrinter &printer) const {
  printer << "<";
  printTileShape(printer, getTileShape());
  printPaddingAndTensorView(printer, getPaddingValue(), getTensorView());
  printer << ", sparse_dim=" << getSparseDim() << ">";
}

LogicalResult GatherScatterViewType::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<int32_t> tileShape,
    TensorViewType tensorView, uint32_t sparseDim, PaddingValueAttr padding) {
  if (failed(verifyTileGridView(emitError, tileShape, tensorView,
                                /*dimMap=*/std::nullopt, padding)))
    return failure();
  if (sparseDim >= tileShape.size())
    return emitError() << "expects sparse_dim in [0, " << tileShape.size()
                       << "), got " << sparseDim;
  return success();
}

size_t GatherScatterViewType::getViewIndexRank() const {
  return getTileShape().size();
}

Type GatherScatterViewType::getViewTileType() const {
  return getGridTileType(getTileShape(), getTensorView());
}

LogicalResult GatherScatterViewType::verifyIndices(
    function_ref<InFlightDiagnostic()> emitError, TypeRange indexTypes) const {
  size_t sparseDim = getSparseDim();
  if (sparseDim < indexTypes.size()) {
    Type gatherType = indexTypes[sparseDim];
    auto gatherTile = dyn_cast<TileType>(gatherType);
    int64_t rows = getTileShape()[sparseDim];
    if (!gatherTile || gatherTile.getRank() != 1 ||
        gatherTile.getDimSize(0) != rows)
      return emitError() << "expects index #" << sparseDim
                         << " (sparse_dim) to be a 1-D tile of " << rows
                         << " elements, got " << gatherType;
  }
  return verifyScalarIndices(emitError, indexTypes, sparseDim);
}
