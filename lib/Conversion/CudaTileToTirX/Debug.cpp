//===- Debug.cpp - print_tko, assert
//---------------------------------------===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: printing and assertions.
//   print_tko: gpu.printf (vprintf). Scalar arguments only: printed once per
//              tile block, by thread 0. With a tile argument: once per
//              element (the format applied to that element of every tile
//              argument), by the thread holding it, through tirx.for_each.
//   assume:    pass-through recording its predicate (see lowerDebugOp).
//   assert:    on a failed condition, printf of tileiras's message (file,
//              line, block ids, element coordinates) and a trap: for a
//              scalar condition by thread 0, for a tile by the thread
//              holding each element (tirx.for_each).
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"
#include "tileir/Dialect/TirX/Utils/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tileir;

/// `v` in the type printf reads for it: integers of fewer than 32 bits
/// widened to i32 (i1 unsigned), floats to f64, pointers to their address.
static Value printfArg(OpBuilder &b, Location loc, Value v) {
  Type type = v.getType();
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), v);
  if (auto i = dyn_cast<IntegerType>(type)) {
    if (i.getWidth() == 1)
      return arith::ExtUIOp::create(b, loc, b.getI32Type(), v);
    if (i.getWidth() < 32)
      return arith::ExtSIOp::create(b, loc, b.getI32Type(), v);
    return v;
  }
  if (isa<FloatType>(type) && type.getIntOrFloatBitWidth() < 64)
    return arith::ExtFOp::create(b, loc, b.getF64Type(), v);
  return v;
}

/// Runs `emit` on every element of the buffers among `inputs` (scalars
/// passed as they are) through tirx.for_each.
static void forEach(EntryLowering &l, Location loc, ArrayRef<Value> inputs,
                    function_ref<void(ArrayRef<Value>)> emit) {
  OpBuilder &b = l.b;
  auto op = tirx::ForEachOp::create(b, loc, inputs, l.cta(), nullptr, nullptr);
  OpBuilder::InsertionGuard guard(b);
  Block *body =
      tirx::createElementBody(b, op.getBody(), inputs, loc, b.getI64Type());
  SmallVector<Value> elements(body->getArguments().drop_back());
  emit(elements);
}

static LogicalResult lowerPrint(EntryLowering &l, ct::PrintTkoOp op) {
  OpBuilder &b = l.b;
  Location loc = op.getLoc();
  l.syncAfterStores(op.getToken(), loc);
  SmallVector<Value> args;
  bool anyTile = false;
  for (Value arg : op.getArgs()) {
    Value v = l.get(arg);
    anyTile |= isa<tirx::BufferType>(v.getType());
    args.push_back(v);
  }
  StringAttr format = op.getStrAttr();
  auto print = [&](ArrayRef<Value> values) {
    SmallVector<Value> promoted;
    for (Value v : values)
      promoted.push_back(printfArg(b, loc, v));
    gpu::PrintfOp::create(b, loc, format, promoted);
  };
  if (anyTile) {
    forEach(l, loc, args, print);
  } else {
    l.fromThread0(Type(), loc, Value(), [&]() -> Value {
      print(args);
      return Value();
    });
  }
  // Printing writes nothing the kernel reads: the token keeps its state.
  l.markToken(op.getResultToken(), l.isAfterStore(op.getToken()));
  return success();
}

/// `text` with every `%` doubled (a printf format that prints it).
static std::string escapePercent(StringRef text) {
  std::string out;
  for (char c : text) {
    out += c;
    if (c == '%')
      out += '%';
  }
  return out;
}

/// The message a failed assertion prints, as NVIDIA's tileiras writes it:
/// `FILE:LINE: tile block: [x, y, z], position: [i, j]: MESSAGE` (the
/// first file position of the op's location, `(unknown):0` without one;
/// one coordinate per tile dimension), a printf format whose arguments are
/// the block ids and the element's coordinates.
static std::string assertFormat(Location loc, StringRef message, int64_t rank) {
  std::string where = "(unknown):0";
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      where = (file.getFilename().strref() + ":" + Twine(file.getLine())).str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  std::string format =
      escapePercent(where) + ": tile block: [%d, %d, %d], " + "position: [";
  for (int64_t d = 0; d < rank; ++d)
    format += d ? ", %d" : "%d";
  return format + "]: " + escapePercent(message) + "\n";
}

/// if (!cond) { printf(message, block ids, coords); trap }.
static void emitAssert(OpBuilder &b, Location loc, Value cond, StringRef format,
                       ValueRange coords) {
  Value failed = arith::XOrIOp::create(
      b, loc, cond, arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
  auto ifOp = scf::IfOp::create(b, loc, failed, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  SmallVector<Value> args;
  for (gpu::Dimension d :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
    args.push_back(arith::IndexCastUIOp::create(
        b, loc, b.getI32Type(), gpu::BlockIdOp::create(b, loc, d)));
  for (Value c : coords)
    args.push_back(arith::TruncIOp::create(b, loc, b.getI32Type(), c));
  gpu::PrintfOp::create(b, loc, b.getStringAttr(format), args);
  LLVM::Trap::create(b, loc);
}

static LogicalResult lowerAssert(EntryLowering &l, ct::AssertOp op) {
  OpBuilder &b = l.b;
  Location loc = op.getLoc();
  Value cond = l.get(op.getCondition());
  StringRef message = op.getMessageAttr() ? op.getMessage() : "";
  auto tile = cast<ct::TileType>(op.getCondition().getType());
  std::string format = assertFormat(loc, message, tile.getRank());
  if (!isa<tirx::BufferType>(cond.getType())) {
    // A uniform condition: thread 0 reports it.
    Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    Value notFirst =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, tid,
                              arith::ConstantIndexOp::create(b, loc, 0));
    emitAssert(b, loc, arith::OrIOp::create(b, loc, cond, notFirst), format,
               {});
    return success();
  }
  // Per element, by the thread holding it; its row-major coordinates from
  // the flat index.
  ArrayRef<int64_t> shape = tile.getShape();
  forEach(l, loc, {cond}, [&](ArrayRef<Value> values) {
    Value flat = b.getInsertionBlock()->getArguments().back();
    SmallVector<Value> coords(shape.size());
    for (int64_t d = shape.size() - 1; d >= 0; --d) {
      Value extent =
          arith::ConstantIntOp::create(b, loc, b.getI64Type(), shape[d]);
      coords[d] = arith::RemUIOp::create(b, loc, flat, extent);
      flat = arith::DivUIOp::create(b, loc, flat, extent);
    }
    emitAssert(b, loc, values[0], format, coords);
  });
  return success();
}

std::optional<LogicalResult> EntryLowering::lowerDebugOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case<ct::PrintTkoOp>([&](ct::PrintTkoOp p) -> LogicalResult {
        return lowerPrint(*this, p);
      })
      .Case<ct::AssertOp>([&](ct::AssertOp a) -> LogicalResult {
        return lowerAssert(*this, a);
      })
      .Default([](Operation *) { return std::nullopt; });
}
