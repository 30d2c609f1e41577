//===- Pack.cpp - cuda_tile.pack / cuda_tile.unpack -----------------------===//
//
// Part of TileIR. convert-cuda-tile-to-tirx for `pack` (56) and `unpack`
// (57): a rank-1 tile of N elements of b bits <-> a rank-1 i8 tile of
// M = N * b / 8 bytes, bit for bit, elements in little-endian order (element
// i of a byte group sits at bits [i*b, (i+1)*b) of its byte; byte i of a
// wide element holds its bits [8i, 8i+8)).
//
// One byte (b < 8: k = 8 / b elements) or one element (b > 8: k = b / 8
// bytes) must be computed by one thread from values in its own registers.
// The "grouped" layout gives that: G = L.unpack(k) over the wide side's
// layout L puts the k pieces of each wide value in k consecutive registers
// of the thread that holds the value. Piece i of every group is then the
// view of G's storage with L's thread bits, memory strides times k and
// memory offset i (`pieceLayout`), and the packing is register arithmetic:
//
//   b < 8, pack:   byte = OR_i zext(bits(x_i)) << i*b     (one tirx.map over
//                  the k piece views of the source, into the i8 result)
//   b < 8, unpack: x_i = bits^-1(trunc(byte >> i*b))     (k tirx.maps, each
//                  into a piece view of the result)
//   b > 8, pack:   byte_i = trunc(bits(x) >> 8i)         (k tirx.maps into
//                  piece views of a grouped i8 buffer)
//   b > 8, unpack: x = bits^-1(OR_i zext(byte_i) << 8i)  (one tirx.map over
//                  the k piece views of a grouped i8 buffer)
//
// L is the planner's blocked layout of the side whose elements stay whole
// (the byte tile when b < 8, the element tile when b > 8), so that side
// needs no conversion. The other side meets G: when its buffer is not
// already laid out as G it is converted
// (EntryLowering::convertLayout), always as i8 values (sub-byte elements are
// widened to / narrowed from i8 registers by a tirx.map in their own
// layout), since sub-byte types have no byte-addressable memory form.
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"

#include "tileir/Dialect/TirX/Utils/Utils.h"
#include "tileir/Layout/BitLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::tileir;
using ::tileir::layout::AxisCoord;
using ::tileir::layout::BitLayout;
using ::tileir::layout::checkRegisterCompatible;
using ::tileir::layout::Iter;
using ::tileir::layout::TileLayout;

namespace {

/// The layout, over the wide side's shape, of piece `i` of every group of
/// `k` in G = L.unpack(k): L's thread iters, memory strides times k, memory
/// offset times k plus i.
TileLayout pieceLayout(const TileLayout &l, int64_t k, int64_t i) {
  TileLayout g = l.unpack(k);
  SmallVector<Iter> shard(g.getShard().drop_back());
  SmallVector<Iter> replica(g.getReplica());
  AxisCoord offset;
  bool hasM = false;
  for (auto [axis, value] : g.getOffset()) {
    if (axis == "m") {
      value += i;
      hasM = true;
    }
    offset.push_back({axis, value});
  }
  if (!hasM && i != 0) {
    offset.push_back({"m", i});
    llvm::sort(offset);
  }
  return TileLayout(shard, replica, offset);
}

/// Lowers one pack or unpack.
class PackLowering {
public:
  PackLowering(EntryLowering &l, Operation *op)
      : l(l), b(l.b), op(op), loc(op->getLoc()), ctx(b.getContext()) {}

  LogicalResult run();

private:
  /// `elem` as the integer of its bits (f16 -> i16, f4E2M1FN -> i4).
  IntegerType bitsType(Type elem) {
    return IntegerType::get(ctx, elem.getIntOrFloatBitWidth());
  }
  Value toBits(Value x) {
    if (isa<IntegerType>(x.getType()))
      return x;
    return arith::BitcastOp::create(b, loc, bitsType(x.getType()), x);
  }
  Value fromBits(Value x, Type elem) {
    if (x.getType() == elem)
      return x;
    return arith::BitcastOp::create(b, loc, elem, x);
  }
  Value cst(Type type, int64_t v) {
    return arith::ConstantIntOp::create(b, loc, type, v);
  }

  Value view(Value source, ArrayRef<int64_t> shape, const TileLayout &layout) {
    auto type = cast<tirx::BufferType>(source.getType());
    auto result = tirx::BufferType::get(ctx, shape, type.getElementType(),
                                        type.getMemScope(),
                                        tirx::LayoutAttr::get(ctx, layout));
    return tirx::ViewOp::create(b, loc, result, source);
  }

  /// dst[x] = body(inputs[0][x], ...) as one tirx.map.
  void map(Value dst, ValueRange inputs,
           function_ref<Value(ArrayRef<Value>)> body) {
    auto mapOp =
        tirx::MapOp::create(b, loc, dst, inputs, l.cta(), nullptr, nullptr);
    OpBuilder::InsertionGuard guard(b);
    Block *block = tirx::createElementBody(b, mapOp.getBody(), inputs, loc);
    SmallVector<Value> args(block->getArguments());
    tirx::YieldOp::create(b, loc, body(args));
  }

  /// Why `buffer` cannot be read register-to-register next to a buffer of
  /// layout `anchor` (a map operand), or nothing.
  std::optional<std::string> incompatible(Value buffer,
                                          const TileLayout &anchor) {
    FailureOr<BitLayout> a = BitLayout::get(anchor);
    FailureOr<BitLayout> s = BitLayout::get(
        cast<tirx::BufferType>(buffer.getType()).getTileLayout());
    if (failed(a) || failed(s))
      return std::string("not a power-of-two layout");
    return checkRegisterCompatible(*a, *s);
  }

  LogicalResult packNarrow(Value src, Type elem, int64_t k);
  LogicalResult packWide(Value src, Type elem, int64_t k);
  LogicalResult unpackNarrow(Value src, Type elem, int64_t k);
  LogicalResult unpackWide(Value src, Type elem, int64_t k);

  EntryLowering &l;
  OpBuilder &b;
  Operation *op;
  Location loc;
  MLIRContext *ctx;
  int64_t n = 0; ///< elements of the number tile
  int64_t m = 0; ///< bytes
};

LogicalResult PackLowering::run() {
  bool isPack = isa<ct::PackOp>(op);
  auto srcType = cast<ct::TileType>(op->getOperand(0).getType());
  auto resultType = cast<ct::TileType>(op->getResult(0).getType());
  ct::TileType numberType = isPack ? srcType : resultType;
  ct::TileType byteType = isPack ? resultType : srcType;
  Type elem = numberType.getElementType();
  if (isa<FloatTF32Type>(elem))
    return op->emitOpError()
           << "expects no tf32 elements (tf32 has no register form yet), got "
           << numberType;
  if (numberType.getRank() != 1 || byteType.getRank() != 1)
    return l.fail(op, "expects rank-1 tiles");
  unsigned bits = elem.getIntOrFloatBitWidth();
  n = numberType.getDimSize(0);
  m = byteType.getDimSize(0);
  if (bits == 8 || (8 % bits != 0 && bits % 8 != 0) || n * bits != m * 8 ||
      !llvm::isPowerOf2_64(n) || !llvm::isPowerOf2_64(m))
    return l.fail(op, "expects power-of-two tiles of elements of 1, 2, 4 or "
                      "a multiple of 8 bits (not 8) with the bits of the "
                      "byte tile, got " +
                          std::to_string(n) + " x " + std::to_string(bits) +
                          " bits and " + std::to_string(m) + " bytes");
  Value src = l.get(op->getOperand(0));
  if (!src)
    return l.fail(op, "has an operand that was not lowered");
  src = l.getBuffer(op->getOperand(0), loc);
  if (bits < 8)
    return isPack ? packNarrow(src, elem, 8 / bits)
                  : unpackNarrow(src, elem, 8 / bits);
  return isPack ? packWide(src, elem, bits / 8)
                : unpackWide(src, elem, bits / 8);
}

/// N elements of b < 8 bits -> M bytes. The result has the blocked layout
/// L of [M]; the source is read as G = L.unpack(k).
LogicalResult PackLowering::packNarrow(Value src, Type elem, int64_t k) {
  unsigned bits = elem.getIntOrFloatBitWidth();
  Type i8 = b.getI8Type();
  TileLayout byteLayout = l.planner.getBlocked({m});
  TileLayout grouped = byteLayout.unpack(k);
  auto srcType = cast<tirx::BufferType>(src.getType());
  Value pieces = src;
  if (srcType.getTileLayout().canonicalize() != grouped.canonicalize()) {
    // Widen to i8 in the source's own layout, then regroup the bytes.
    TileLayout blocked = l.planner.getBlocked({n});
    if (auto why = incompatible(src, blocked))
      return l.fail(op, "expects a source readable in the blocked register "
                        "layout of its shape, got a layout where " +
                            *why);
    Value wide = l.alloc({n}, i8, blocked, loc);
    map(wide, src, [&](ArrayRef<Value> x) -> Value {
      return arith::ExtUIOp::create(b, loc, i8, toBits(x[0]));
    });
    FailureOr<Value> regrouped = l.convertLayout(wide, grouped, loc);
    if (failed(regrouped))
      return failure();
    pieces = *regrouped;
  }
  SmallVector<Value> inputs;
  for (int64_t i = 0; i < k; ++i)
    inputs.push_back(view(pieces, {m}, pieceLayout(byteLayout, k, i)));
  Value dst = l.alloc({m}, i8, byteLayout, loc);
  map(dst, inputs, [&](ArrayRef<Value> x) -> Value {
    Value acc;
    for (auto [i, xi] : llvm::enumerate(x)) {
      Value v = xi;
      if (v.getType() != i8)
        v = arith::ExtUIOp::create(b, loc, i8, toBits(v));
      if (i)
        v = arith::ShLIOp::create(b, loc, v, cst(i8, i * bits));
      acc = acc ? arith::OrIOp::create(b, loc, acc, v).getResult() : v;
    }
    return acc;
  });
  l.map(op->getResult(0), dst);
  return success();
}

/// N elements of b = 8k bits -> M bytes: piece i of each element into
/// register i of its group in G = L.unpack(k) over the source's blocked
/// layout L, then G -> the blocked layout of [M].
LogicalResult PackLowering::packWide(Value src, Type elem, int64_t k) {
  Type i8 = b.getI8Type();
  TileLayout blocked = l.planner.getBlocked({n});
  if (incompatible(src, blocked)) {
    FailureOr<Value> converted = l.convertLayout(src, blocked, loc);
    if (failed(converted))
      return failure();
    src = *converted;
  }
  Value grouped = l.alloc({m}, i8, blocked.unpack(k).canonicalize(), loc);
  for (int64_t i = 0; i < k; ++i)
    map(view(grouped, {n}, pieceLayout(blocked, k, i)), src,
        [&](ArrayRef<Value> x) -> Value {
          Value v = toBits(x[0]);
          if (i)
            v = arith::ShRUIOp::create(b, loc, v, cst(v.getType(), 8 * i));
          return arith::TruncIOp::create(b, loc, i8, v);
        });
  FailureOr<Value> result =
      l.convertLayout(grouped, l.planner.getBlocked({m}), loc);
  if (failed(result))
    return failure();
  l.map(op->getResult(0), *result);
  return success();
}

/// M bytes -> N elements of b < 8 bits: element i of each byte from
/// register-held bytes in the byte tile's blocked layout L, written to
/// piece i of G = L.unpack(k). When G is not the result's blocked layout,
/// the pieces go to an i8 buffer that is regrouped and then narrowed.
LogicalResult PackLowering::unpackNarrow(Value src, Type elem, int64_t k) {
  unsigned bits = elem.getIntOrFloatBitWidth();
  Type i8 = b.getI8Type();
  TileLayout byteLayout = l.planner.getBlocked({m});
  if (incompatible(src, byteLayout)) {
    FailureOr<Value> converted = l.convertLayout(src, byteLayout, loc);
    if (failed(converted))
      return failure();
    src = *converted;
  }
  TileLayout grouped = byteLayout.unpack(k).canonicalize();
  TileLayout blocked = l.planner.getBlocked({n});
  bool direct = grouped == blocked.canonicalize();
  Value pieces = l.alloc({n}, direct ? elem : i8, grouped, loc);
  for (int64_t i = 0; i < k; ++i)
    map(view(pieces, {m}, pieceLayout(byteLayout, k, i)), src,
        [&](ArrayRef<Value> x) -> Value {
          Value v = x[0];
          if (i)
            v = arith::ShRUIOp::create(b, loc, v, cst(i8, i * bits));
          if (!direct)
            return v;
          return fromBits(arith::TruncIOp::create(b, loc, bitsType(elem), v),
                          elem);
        });
  Value result = pieces;
  if (!direct) {
    FailureOr<Value> regrouped = l.convertLayout(pieces, blocked, loc);
    if (failed(regrouped))
      return failure();
    result = l.alloc({n}, elem, blocked, loc);
    map(result, *regrouped, [&](ArrayRef<Value> x) -> Value {
      return fromBits(arith::TruncIOp::create(b, loc, bitsType(elem), x[0]),
                      elem);
    });
  }
  l.map(op->getResult(0), result);
  return success();
}

/// M bytes -> N elements of b = 8k bits: the bytes regrouped as
/// G = L.unpack(k) over the result's blocked layout L, then one map over
/// the k piece views.
LogicalResult PackLowering::unpackWide(Value src, Type elem, int64_t k) {
  IntegerType wide = bitsType(elem);
  TileLayout blocked = l.planner.getBlocked({n});
  FailureOr<Value> regrouped = l.convertLayout(src, blocked.unpack(k), loc);
  if (failed(regrouped))
    return failure();
  Value grouped = *regrouped;
  SmallVector<Value> inputs;
  for (int64_t i = 0; i < k; ++i)
    inputs.push_back(view(grouped, {n}, pieceLayout(blocked, k, i)));
  Value result = l.alloc({n}, elem, blocked, loc);
  map(result, inputs, [&](ArrayRef<Value> x) -> Value {
    Value acc;
    for (auto [i, xi] : llvm::enumerate(x)) {
      Value v = arith::ExtUIOp::create(b, loc, wide, xi);
      if (i)
        v = arith::ShLIOp::create(b, loc, v, cst(wide, 8 * i));
      acc = acc ? arith::OrIOp::create(b, loc, acc, v).getResult() : v;
    }
    return fromBits(acc, elem);
  });
  l.map(op->getResult(0), result);
  return success();
}

} // namespace

std::optional<LogicalResult> EntryLowering::lowerPackOp(Operation *op) {
  if (!isa<ct::PackOp, ct::UnpackOp>(op))
    return std::nullopt;
  return PackLowering(*this, op).run();
}
