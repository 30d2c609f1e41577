//===- tile-compile-fuzzer.cpp - Fuzz the cuda_tile to PTX compile --------===//
//
// Part of TileIR. libFuzzer target: an input that parses and verifies (MLIR
// text or Tile IR bytecode) is compiled to PTX as tile-translate
// --cuda-tile-to-ptx does (without ptxas), for a chip picked from the input's
// hash. Compile errors are fine; crashes, hangs and sanitizer reports are
// not.
//
// The custom mutator keeps inputs valid programs most of the time: it parses
// the input, changes the IR (an operand for another value of its type that
// dominates it, two operands swapped, a constant or another integer or float
// attribute changed, an op deleted), prints it, and sometimes renames a tile
// dimension or an element type throughout the text. Inputs that do not
// parse get libFuzzer's byte-level mutations.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "tileir/Target/PTX/CompileToPTX.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>

using namespace mlir;

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  std::unique_ptr<MLIRContext> context = ::tileir::fuzz::makeContext();
  OwningOpRef<ModuleOp> module = ::tileir::fuzz::parse(input, context.get());
  if (!module)
    return 0;
  static const char *const chips[] = {"sm_80", "sm_90", "sm_90a"};
  mlir::tileir::CompileOptions options;
  options.chip = chips[llvm::xxh3_64bits(input) % std::size(chips)];
  (void)mlir::tileir::compileToPTX(*module, options);
  return 0;
}

namespace {
using Rng = std::minstd_rand;

/// A number in [0, n), n > 0.
size_t pick(Rng &rng, size_t n) { return rng() % n; }

template <typename T>
T &pickFrom(Rng &rng, llvm::SmallVectorImpl<T> &items) {
  return items[pick(rng, items.size())];
}

/// The values that dominate `op` in structured code: the arguments of its
/// block and of the blocks around it, and the results of the ops before it
/// and before the ops around it, up to the nearest op isolated from above.
llvm::SmallVector<Value> dominatingValues(Operation *op) {
  llvm::SmallVector<Value> values;
  for (Operation *anchor = op; anchor;) {
    Block *block = anchor->getBlock();
    if (!block)
      break;
    llvm::append_range(values, block->getArguments());
    for (Operation &before : *block) {
      if (&before == anchor)
        break;
      llvm::append_range(values, before.getResults());
    }
    anchor = block->getParentOp();
    if (!anchor || anchor->hasTrait<OpTrait::IsIsolatedFromAbove>())
      break;
  }
  return values;
}

/// Another value of `value`'s type that dominates `op`, or null.
Value replacementFor(Rng &rng, Value value, Operation *op) {
  llvm::SmallVector<Value> candidates;
  for (Value v : dominatingValues(op))
    if (v != value && v.getType() == value.getType())
      candidates.push_back(v);
  return candidates.empty() ? Value() : pickFrom(rng, candidates);
}

APInt mutateInt(Rng &rng, const APInt &value) {
  unsigned width = value.getBitWidth();
  switch (pick(rng, 8)) {
  case 0:
    return APInt::getZero(width);
  case 1:
    return APInt(width, 1);
  case 2:
    return APInt::getAllOnes(width);
  case 3:
    return APInt::getSignedMaxValue(width);
  case 4:
    return APInt::getSignedMinValue(width);
  case 5:
    return value + 1;
  case 6:
    return value - 1;
  default:
    return APInt(width, rng() % 300, /*isSigned=*/false,
                 /*implicitTrunc=*/true);
  }
}

APFloat mutateFloat(Rng &rng, const APFloat &value) {
  const llvm::fltSemantics &sem = value.getSemantics();
  switch (pick(rng, 8)) {
  case 0:
    return APFloat::getZero(sem, /*Negative=*/pick(rng, 2));
  case 1:
    return APFloat::getNaN(sem);
  case 2:
    return APFloat::getInf(sem, /*Negative=*/pick(rng, 2));
  case 3:
    return APFloat::getLargest(sem, /*Negative=*/pick(rng, 2));
  case 4:
    return APFloat::getSmallest(sem);
  default: {
    APFloat result(static_cast<double>(static_cast<int>(pick(rng, 64)) - 32));
    bool lost;
    result.convert(sem, APFloat::rmNearestTiesToEven, &lost);
    return result;
  }
  }
}

/// `attr` with one number in it changed, or null for an attribute that
/// holds none.
Attribute mutateAttribute(Rng &rng, Attribute attr) {
  if (auto integer = dyn_cast<IntegerAttr>(attr)) {
    if (integer.getType().isIndex())
      return IntegerAttr::get(integer.getType(),
                              static_cast<int64_t>(pick(rng, 9)) - 1);
    return IntegerAttr::get(integer.getType(),
                            mutateInt(rng, integer.getValue()));
  }
  if (auto fp = dyn_cast<FloatAttr>(attr))
    return FloatAttr::get(fp.getType(), mutateFloat(rng, fp.getValue()));
  if (auto array = dyn_cast<DenseI32ArrayAttr>(attr)) {
    if (array.empty())
      return {};
    llvm::SmallVector<int32_t> values(array.asArrayRef());
    values[pick(rng, values.size())] = static_cast<int32_t>(pick(rng, 6)) - 1;
    return DenseI32ArrayAttr::get(attr.getContext(), values);
  }
  if (auto array = dyn_cast<DenseI64ArrayAttr>(attr)) {
    if (array.empty())
      return {};
    llvm::SmallVector<int64_t> values(array.asArrayRef());
    values[pick(rng, values.size())] = static_cast<int64_t>(pick(rng, 6)) - 1;
    return DenseI64ArrayAttr::get(attr.getContext(), values);
  }
  auto dense = dyn_cast<DenseIntOrFPElementsAttr>(attr);
  if (!dense || dense.getNumElements() == 0)
    return {};
  auto type = cast<ShapedType>(dense.getType());
  size_t index = dense.isSplat() ? 0 : pick(rng, dense.getNumElements());
  if (isa<FloatType>(type.getElementType())) {
    llvm::SmallVector<APFloat> values(dense.getValues<APFloat>());
    values[index] = mutateFloat(rng, values[index]);
    if (dense.isSplat())
      return DenseElementsAttr::get(type, values.front());
    return DenseElementsAttr::get(type, values);
  }
  if (!type.getElementType().isIntOrIndex())
    return {};
  llvm::SmallVector<APInt> values(dense.getValues<APInt>());
  values[index] = mutateInt(rng, values[index]);
  if (dense.isSplat())
    return DenseElementsAttr::get(type, values.front());
  return DenseElementsAttr::get(type, values);
}

/// Applies one IR mutation to `module`; false when the one tried did not
/// apply.
bool mutateIR(Rng &rng, ModuleOp module) {
  llvm::SmallVector<Operation *> ops;
  module.walk([&](Operation *op) {
    if (op != module)
      ops.push_back(op);
  });
  if (ops.empty())
    return false;
  Operation *op = pickFrom(rng, ops);
  switch (pick(rng, 4)) {
  case 0: { // Another value for an operand.
    if (op->getNumOperands() == 0)
      return false;
    OpOperand &operand = op->getOpOperand(pick(rng, op->getNumOperands()));
    Value other = replacementFor(rng, operand.get(), op);
    if (!other)
      return false;
    operand.set(other);
    return true;
  }
  case 1: { // Two operands of one type swapped.
    unsigned n = op->getNumOperands();
    if (n < 2)
      return false;
    unsigned a = pick(rng, n), b = pick(rng, n);
    if (a == b || op->getOperand(a).getType() != op->getOperand(b).getType())
      return false;
    Value va = op->getOperand(a);
    op->setOperand(a, op->getOperand(b));
    op->setOperand(b, va);
    return true;
  }
  case 2: { // A number in an attribute changed.
    llvm::SmallVector<NamedAttribute> attrs(op->getAttrs());
    if (attrs.empty())
      return false;
    NamedAttribute named = pickFrom(rng, attrs);
    Attribute changed = mutateAttribute(rng, named.getValue());
    if (!changed)
      return false;
    op->setAttr(named.getName(), changed);
    return true;
  }
  default: { // An op deleted, its results replaced by other values.
    if (op->hasTrait<OpTrait::IsTerminator>() ||
        op->hasTrait<OpTrait::SymbolTable>())
      return false;
    for (Value result : op->getResults()) {
      if (result.use_empty())
        continue;
      Value other = replacementFor(rng, result, op);
      if (!other)
        return false;
      result.replaceAllUsesWith(other);
    }
    op->erase();
    return true;
  }
  }
}

/// Renames, throughout `text`, one tile dimension (a number followed by `x`,
/// `)` or `,` after `<`, `x`, `(`, `,` or a space) or one element type.
void mutateText(Rng &rng, std::string &text) {
  if (pick(rng, 2)) {
    static const char *const groups[][4] = {{"f32", "f16", "bf16", "f64"},
                                            {"i32", "i16", "i64", "i8"}};
    const auto &group = groups[pick(rng, 2)];
    llvm::StringRef from = group[pick(rng, 4)], to = group[pick(rng, 4)];
    std::string out;
    for (size_t i = 0; i < text.size();) {
      // A word, or the element type after a shape (`8x16xf32`).
      bool word =
          llvm::StringRef(text).substr(i).starts_with(from) &&
          (i == 0 || !llvm::isAlnum(text[i - 1]) ||
           (i > 1 && text[i - 1] == 'x' && llvm::isDigit(text[i - 2]))) &&
          (i + from.size() == text.size() ||
           !llvm::isAlnum(text[i + from.size()]));
      if (word) {
        out += to;
        i += from.size();
      } else {
        out += text[i++];
      }
    }
    text = std::move(out);
    return;
  }
  auto isDimension = [&](size_t begin, size_t end) {
    return begin > 0 && llvm::StringRef("<x(, ").contains(text[begin - 1]) &&
           end < text.size() && llvm::StringRef("x),").contains(text[end]);
  };
  llvm::SmallVector<std::string> dims;
  for (size_t i = 0; i < text.size();) {
    if (!llvm::isDigit(text[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && llvm::isDigit(text[end]))
      ++end;
    if (isDimension(i, end))
      dims.push_back(text.substr(i, end - i));
    i = end;
  }
  if (dims.empty())
    return;
  std::string from = pickFrom(rng, dims);
  std::string to = std::to_string(1u << pick(rng, 10));
  std::string out;
  for (size_t i = 0; i < text.size();) {
    size_t end = i;
    while (end < text.size() && llvm::isDigit(text[end]))
      ++end;
    if (end == i) {
      out += text[i++];
      continue;
    }
    bool word = (i == 0 || !llvm::isAlnum(text[i - 1]) || text[i - 1] == 'x');
    llvm::StringRef number(text.data() + i, end - i);
    out += word && number == from && isDimension(i, end) ? to : number.str();
    i = end;
  }
  text = std::move(out);
}
} // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  Rng rng(seed);
  if (pick(rng, 8) == 0)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::unique_ptr<MLIRContext> context = ::tileir::fuzz::makeContext();
  OwningOpRef<ModuleOp> module = ::tileir::fuzz::parse(
      llvm::StringRef(reinterpret_cast<const char *>(data), size),
      context.get());
  if (!module)
    return LLVMFuzzerMutate(data, size, maxSize);
  size_t mutations = 1 + pick(rng, 3);
  for (size_t tries = 0; mutations && tries < 16; ++tries)
    if (mutateIR(rng, *module))
      --mutations;
  std::string text = ::tileir::fuzz::print(*module);
  if (pick(rng, 4) == 0)
    mutateText(rng, text);
  if (text.size() > maxSize)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::memcpy(data, text.data(), text.size());
  return text.size();
}
