//===- Debug.cpp - print_tko, assert
//---------------------------------------===//
//
// Part of TileIR. convert-cuda-tile-to-tirx: printing and assertions.
//   print_tko: gpu.printf (vprintf). Scalar arguments only: printed once per
//              tile block, by thread 0. With a tile argument: once per
//              element (the format applied to that element of every tile
//              argument), by the thread holding it, through tirx.for_each.
//   assume:    pass-through recording its predicate (see lowerDebugOp).
//   assert:    cf.assert (__assertfail): on the scalar condition by every
//              thread, or on every element of a tile through tirx.for_each.
//
//===----------------------------------------------------------------------===//

#include "EntryLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
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
  Block *body = b.createBlock(&op.getBody());
  for (Value in : inputs)
    body->addArgument(
        isa<tirx::BufferType>(in.getType())
            ? cast<tirx::BufferType>(in.getType()).getElementType()
            : in.getType(),
        loc);
  body->addArgument(b.getI64Type(), loc);
  b.setInsertionPointToStart(body);
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
  l.markToken(op.getResultToken(), l.tokenAfterStore.lookup(op.getToken()));
  return success();
}

static LogicalResult lowerAssert(EntryLowering &l, ct::AssertOp op) {
  Value cond = l.get(op.getCondition());
  StringAttr message = op.getMessageAttr();
  if (!isa<tirx::BufferType>(cond.getType())) {
    cf::AssertOp::create(l.b, op.getLoc(), cond, message);
    return success();
  }
  forEach(l, op.getLoc(), {cond}, [&](ArrayRef<Value> values) {
    cf::AssertOp::create(l.b, op.getLoc(), values[0], message);
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
