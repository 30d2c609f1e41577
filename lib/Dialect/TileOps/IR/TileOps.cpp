//===- TileOps.cpp - the tileops dialect, its op table and verifier ------===//
//
// Part of TileIR. The op table is the generated op list: each entry comes
// from the static members of one op class (its ODS definition, TileOps.td);
// the verifier of every op, the expansion patterns, the kernel builder and
// `tileops-build --list-ops` read it.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TileOps/IR/TileOps.h"

#include "tileir/Dialect/TileOps/IR/TileOpsEmitter.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::tileops;
namespace ct = mlir::cuda_tile;

#include "tileir/Dialect/TileOps/IR/TileOpsDialect.cpp.inc"
#include "tileir/Dialect/TileOps/IR/TileOpsInterfaces.cpp.inc"

void TileOpsDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tileir/Dialect/TileOps/IR/TileOpsOps.cpp.inc"
      >();
}

using ::mlir::cuda_tile::parseCudaTileType;
using ::mlir::cuda_tile::printCudaTileType;

#define GET_OP_CLASSES
#include "tileir/Dialect/TileOps/IR/TileOpsOps.cpp.inc"

llvm::StringRef mlir::tileops::stringifyFamily(Family family) {
  static const char *names[] = {"unary_math",  "binary_arith", "activation",
                                "fused_gated", "comparison",   "bitwise",
                                "logical",     "special",      "rope",
                                "dropout",     "alibi",        "sinusoidal"};
  return names[static_cast<unsigned>(family)];
}

llvm::StringRef mlir::tileops::stringifyParamType(ParamType type) {
  static const char *names[] = {"f64", "i64", "str", "f64[]"};
  return names[static_cast<unsigned>(type)];
}

const ParamInfo *OpInfo::lookupParam(StringRef name) const {
  for (const ParamInfo &p : params)
    if (p.name == name)
      return &p;
  return nullptr;
}

/// The entries of `Ops...` (the generated op list), ordered by name.
template <typename... Ops>
static SmallVector<OpInfo> collectOps() {
  SmallVector<OpInfo> ops = {OpInfo::get<Ops>()...};
  llvm::sort(ops,
             [](const OpInfo &a, const OpInfo &b) { return a.name < b.name; });
  return ops;
}

ArrayRef<OpInfo> mlir::tileops::getAllOps() {
  static const SmallVector<OpInfo> ops = collectOps<
#define GET_OP_LIST
#include "tileir/Dialect/TileOps/IR/TileOpsOps.cpp.inc"
      >();
  return ops;
}

/// `OpT::create` for the one of `Ops...` named `name`.
template <typename... Ops>
static Operation *createNamedOp(OpBuilder &b, Location loc, StringRef name,
                                Type resultType, ValueRange inputs,
                                ArrayRef<NamedAttribute> attributes) {
  Operation *op = nullptr;
  (void)((OpInfo::get<Ops>().name == name &&
          (op = Ops::create(b, loc, TypeRange{resultType}, inputs, attributes)
                    .getOperation())) ||
         ...);
  return op;
}

Operation *mlir::tileops::createOp(OpBuilder &b, Location loc, StringRef name,
                                   Type resultType, ValueRange inputs,
                                   ArrayRef<NamedAttribute> attributes) {
  return createNamedOp<
#define GET_OP_LIST
#include "tileir/Dialect/TileOps/IR/TileOpsOps.cpp.inc"
      >(b, loc, name, resultType, inputs, attributes);
}

const OpInfo *mlir::tileops::lookupOp(StringRef name) {
  name.consume_front("tileops.");
  for (const OpInfo &info : getAllOps())
    if (info.name == name)
      return &info;
  return nullptr;
}

unsigned mlir::tileops::kindOf(Type t) {
  if (isa<Float16Type, BFloat16Type, Float32Type, Float8E4M3FNType,
          Float8E5M2Type>(t))
    return kFloat;
  if (t.isInteger(1))
    return kBool;
  if (t.isInteger(8) || t.isInteger(16) || t.isInteger(32) || t.isInteger(64))
    return kInt;
  return 0;
}

llvm::ArrayRef<KindInfo> mlir::tileops::getKindInfos() {
  static const KindInfo kinds[] = {
      {kFloat, "float", "f16/bf16/f32/f8E4M3FN/f8E5M2"},
      {kInt, "int", "i8/i16/i32/i64"},
      {kBool, "bool", "i1"}};
  return kinds;
}

static std::string kindsText(unsigned kinds) {
  SmallVector<StringRef> parts;
  for (const KindInfo &k : getKindInfos())
    if (kinds & k.kind)
      parts.push_back(k.types);
  return llvm::join(parts, " or ");
}

/// PyTorch broadcasting of `a` and `b` (right-aligned); nullopt when
/// incompatible.
static std::optional<SmallVector<int64_t>>
broadcastShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  size_t n = std::max(a.size(), b.size());
  SmallVector<int64_t> out(n, 1);
  for (size_t i = 0; i < n; ++i) {
    int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
    int64_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (da != db && da != 1 && db != 1)
      return std::nullopt;
    out[i] = da == 1 ? db : da;
  }
  return out;
}

static std::string shapeText(ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

static std::optional<double> f64Attr(Operation *op, StringRef name) {
  if (auto a = op->getAttrOfType<FloatAttr>(name))
    return a.getValueAsDouble();
  return std::nullopt;
}

LogicalResult mlir::tileops::verifyTileOp(Operation *op, const OpInfo &info) {
  Family family = info.family;
  auto inputs = op->getOperands();
  if (inputs.size() != info.numInputs)
    return op->emitOpError("expects ")
           << info.numInputs << " input(s), got " << inputs.size();
  SmallVector<ct::TileType> types;
  for (Value v : inputs) {
    auto t = dyn_cast<ct::TileType>(v.getType());
    if (!t)
      return op->emitOpError("expects tile inputs, got ") << v.getType();
    types.push_back(t);
  }
  auto result = cast<ct::TileType>(op->getResult(0).getType());
  // Which inputs are data (checked against `kinds`), and which are masks,
  // indices or scalars with a fixed type.
  unsigned data = info.firstDataInput();
  Type dataElt = types[data].getElementType();
  auto checkKind = [&](unsigned idx, unsigned kinds) -> LogicalResult {
    Type elt = types[idx].getElementType();
    if (!(kindOf(elt) & kinds))
      return op->emitOpError("expects input ")
             << idx << " of element type " << kindsText(kinds) << ", got "
             << elt;
    return success();
  };
  auto checkElt = [&](unsigned idx, Type want,
                      StringRef what) -> LogicalResult {
    if (types[idx].getElementType() != want)
      return op->emitOpError("expects ")
             << what << " (input " << idx << ") of element type " << want
             << ", got " << types[idx].getElementType();
    return success();
  };
  Builder b(op->getContext());
  Type i1 = b.getI1Type(), i32 = b.getI32Type(), i64 = b.getI64Type();
  SmallVector<int64_t> wantShape(result.getShape());

  switch (family) {
  case Family::UnaryMath:
  case Family::BinaryArith:
  case Family::Activation:
  case Family::Comparison:
  case Family::Bitwise:
  case Family::Logical:
  case Family::Special: {
    // Elementwise with PyTorch broadcasting.
    SmallVector<int64_t> shape(types[0].getShape());
    for (unsigned i = 1; i < types.size(); ++i) {
      auto bs = broadcastShapes(shape, types[i].getShape());
      if (!bs)
        return op->emitOpError("expects broadcast-compatible input shapes, "
                               "got ")
               << shapeText(shape) << " and " << shapeText(types[i].getShape());
      shape = *bs;
    }
    wantShape = shape;
    for (unsigned i = 0; i < types.size(); ++i) {
      switch (info.roleOf(i)) {
      case 'c':
        if (failed(checkElt(i, i1, "the condition")))
          return failure();
        break;
      case 'm':
        if (failed(checkElt(i, i1, "the mask")))
          return failure();
        break;
      case 'w':
        if (failed(checkElt(i, dataElt, "the weight")))
          return failure();
        break;
      default:
        if (failed(checkKind(i, info.kinds)))
          return failure();
        if (types[i].getElementType() != dataElt)
          return op->emitOpError("expects inputs of one element type, got ")
                 << dataElt << " and " << types[i].getElementType();
      }
    }
    break;
  }
  case Family::FusedGated: {
    if (failed(checkKind(0, info.kinds)))
      return failure();
    ArrayRef<int64_t> s = types[0].getShape();
    if (s.empty() || s.back() < 2)
      return op->emitOpError("expects an input of rank >= 1 whose last "
                             "dimension is even (2N), got ")
             << shapeText(s);
    wantShape.assign(s.begin(), s.end());
    wantShape.back() /= 2;
    break;
  }
  case Family::Rope: {
    if (failed(checkKind(0, info.kinds)) ||
        failed(checkElt(1, i32, "the positions")))
      return failure();
    ArrayRef<int64_t> s = types[0].getShape();
    if (s.size() < 1 || s.back() < 2)
      return op->emitOpError("expects x of rank >= 1 with an even head "
                             "dimension >= 2, got ")
             << shapeText(s);
    if (types[1].getShape() != s.drop_back())
      return op->emitOpError("expects positions of shape ")
             << shapeText(s.drop_back()) << " (x without its head dimension), "
             << "got " << shapeText(types[1].getShape());
    if (auto rf = op->getAttrOfType<DenseF64ArrayAttr>("rescale_factors"))
      if (rf.size() != s.back() / 2)
        return op->emitOpError("expects ")
               << s.back() / 2 << " rescale_factors (head_dim / 2), got "
               << rf.size();
    wantShape.assign(s.begin(), s.end());
    break;
  }
  case Family::Dropout: {
    if (failed(checkKind(0, info.kinds)) ||
        failed(checkElt(1, i32, "the element index")) ||
        failed(checkElt(2, i64, "the seed")) ||
        failed(checkElt(3, i64, "the offset")))
      return failure();
    if (types[1].getShape() != types[0].getShape())
      return op->emitOpError("expects the element index of the shape of x");
    if (types[2].getRank() != 0 || types[3].getRank() != 0)
      return op->emitOpError("expects a rank-0 seed and offset");
    wantShape.assign(types[0].getShape().begin(), types[0].getShape().end());
    break;
  }
  case Family::Alibi:
  case Family::Sinusoidal: {
    for (unsigned i = 0; i < types.size(); ++i) {
      if (failed(checkElt(i, i32, "an index")))
        return failure();
      if (types[i].getShape() != types[0].getShape())
        return op->emitOpError("expects index inputs of one shape");
    }
    wantShape.assign(types[0].getShape().begin(), types[0].getShape().end());
    break;
  }
  }

  if (ArrayRef<int64_t>(wantShape) != result.getShape())
    return op->emitOpError("expects a result of shape ")
           << shapeText(wantShape) << ", got " << shapeText(result.getShape());
  Type resElt = result.getElementType();
  switch (info.result) {
  case ResultRule::SameAsData:
    if (resElt != dataElt)
      return op->emitOpError("expects result element type ")
             << dataElt << ", got " << resElt;
    break;
  case ResultRule::Bool:
    if (!resElt.isInteger(1))
      return op->emitOpError("expects result element type i1, got ") << resElt;
    break;
  case ResultRule::Float:
    if (kindOf(resElt) != kFloat)
      return op->emitOpError("expects a float result element type, got ")
             << resElt;
    break;
  }
  if (op->hasAttr("unsigned_int")) {
    auto it = dyn_cast<IntegerType>(dataElt);
    if (!it || it.getWidth() == 1)
      return op->emitOpError("expects unsigned_int only with integer data "
                             "(not i1), got ")
             << dataElt;
    // Scalar parameters compared with or stored as the unsigned data.
    int64_t top = (int64_t(1) << std::min(62u, it.getWidth())) - 1;
    for (StringRef p : {"min", "max", "value"})
      if (auto v = f64Attr(op, p))
        if (!(*v >= 0 && *v <= double(top) && *v == std::trunc(*v)))
          return op->emitOpError("expects ")
                 << p << " to be an integer in [0, " << top
                 << "] for unsigned data, got "
                 << llvm::formatv("{0}", *v).str();
  }
  return success();
}
