//===- Writer.cpp - Tile IR bytecode writer -------------------------------===//
//
// Part of TileIR. Writes a `cuda_tile.module` as Tile IR bytecode of a given
// version (13.1 to 13.5). What the version cannot express is an error on the
// op that uses it; nothing is dropped silently except the module's name and
// `producer` before 13.3, which older files do not store.
//
//===----------------------------------------------------------------------===//

#include "Format.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace mlir;
using namespace mlir::cuda_tile;

namespace tileir::bytecode {
namespace {

using Bytes = std::string;

void varint(Bytes &out, uint64_t v) {
  do {
    uint8_t b = v & 0x7f;
    v >>= 7;
    out.push_back(static_cast<char>(b | (v ? 0x80 : 0)));
  } while (v);
}

void signedVarint(Bytes &out, int64_t v) {
  varint(out, (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63));
}

void fixed(Bytes &out, uint64_t v, unsigned width) {
  for (unsigned i = 0; i < width; ++i)
    out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

void pad(Bytes &out, unsigned alignment) {
  while (out.size() % alignment)
    out.push_back(static_cast<char>(0xCB));
}

template <typename T>
void intList(Bytes &out, ArrayRef<T> v, unsigned w) {
  varint(out, v.size());
  for (T x : v)
    fixed(out, static_cast<uint64_t>(static_cast<int64_t>(x)), w);
}

/// Entries identified by their encoding, numbered in first-use order.
struct Table {
  llvm::MapVector<Bytes, uint64_t, std::map<Bytes, unsigned>> ids;
  uint64_t first = 0;
  uint64_t get(const Bytes &entry) {
    auto [it, inserted] = ids.insert({entry, first + ids.size()});
    return it->second;
  }
  void write(Bytes &out, unsigned indexWidth) const {
    varint(out, ids.size());
    pad(out, indexWidth);
    uint64_t offset = 0;
    for (auto &entry : ids) {
      fixed(out, offset, indexWidth);
      offset += entry.first.size();
    }
    for (auto &entry : ids)
      out += entry.first;
  }
};

class Writer {
public:
  Writer(Version version) : version(version) {
    types.get(Bytes(1, static_cast<char>(TypeTag::I1)));
    types.get(Bytes(1, static_cast<char>(TypeTag::I32)));
    debug.first = 1;
  }

  LogicalResult write(Operation *module, raw_ostream &os);

private:
  uint64_t string(StringRef s) { return strings.get(s.str()); }
  uint64_t type(Type t, Operation *user);
  uint64_t constant(DenseElementsAttr value);
  bool tagged(Bytes &out, Attribute attr, Operation *user);
  uint64_t debugAttr(Attribute attr);
  uint64_t debugLoc(Location loc);
  bool writeOp(Bytes &out, Operation *op);
  bool writeBlockOps(Bytes &out, Block &block);
  bool fail(Operation *op, const Twine &message) {
    op->emitError() << message;
    failed = true;
    return false;
  }

  Version version;
  Table strings, types, constants, debug;
  llvm::DenseMap<Type, uint64_t> typeIds;
  llvm::DenseMap<Value, uint64_t> valueIds;
  uint64_t nextValue = 0;
  SmallVector<uint64_t> *currentDebug = nullptr;
  bool failed = false;
};

uint64_t Writer::type(Type t, Operation *user) {
  auto it = typeIds.find(t);
  if (it != typeIds.end())
    return it->second;
  Bytes e;
  auto tag = [&](TypeTag tg) { varint(e, static_cast<uint64_t>(tg)); };
  auto need = [&](Version v) {
    if (version < v)
      fail(user,
           llvm::formatv("type {0} requires bytecode version {1}", t, v.str()));
  };
  auto padding = [&](PaddingValueAttr p) {
    if (p)
      e.push_back(static_cast<char>(p.getValue()));
  };
  if (t.isInteger(1))
    tag(TypeTag::I1);
  else if (t.isInteger(4))
    need({13, 3, 0}), tag(TypeTag::I4);
  else if (t.isInteger(8))
    tag(TypeTag::I8);
  else if (t.isInteger(16))
    tag(TypeTag::I16);
  else if (t.isInteger(32))
    tag(TypeTag::I32);
  else if (t.isInteger(64))
    tag(TypeTag::I64);
  else if (t.isF16())
    tag(TypeTag::F16);
  else if (t.isBF16())
    tag(TypeTag::BF16);
  else if (t.isF32())
    tag(TypeTag::F32);
  else if (t.isTF32())
    tag(TypeTag::TF32);
  else if (t.isF64())
    tag(TypeTag::F64);
  else if (isa<Float8E4M3FNType>(t))
    tag(TypeTag::F8E4M3FN);
  else if (isa<Float8E5M2Type>(t))
    tag(TypeTag::F8E5M2);
  else if (isa<Float8E8M0FNUType>(t))
    need({13, 2, 0}), tag(TypeTag::F8E8M0FNU);
  else if (isa<Float4E2M1FNType>(t))
    need({13, 3, 0}), tag(TypeTag::F4E2M1FN);
  else if (isa<TokenType>(t))
    tag(TypeTag::Token);
  else if (auto p = dyn_cast<PointerType>(t)) {
    uint64_t pointee = type(p.getPointeeType(), user);
    tag(TypeTag::Pointer);
    if (version >= Version{13, 4, 0})
      varint(e, 0);
    varint(e, pointee);
  } else if (auto tile = dyn_cast<TileType>(t)) {
    uint64_t element = type(tile.getElementType(), user);
    tag(TypeTag::Tile);
    varint(e, element);
    intList(e, tile.getShape(), 8);
  } else if (auto tv = dyn_cast<TensorViewType>(t)) {
    uint64_t element = type(tv.getElementType(), user);
    tag(TypeTag::TensorView);
    if (version >= Version{13, 4, 0})
      varint(e, 0);
    varint(e, element);
    intList(e, tv.getShape(), 8);
    intList(e, tv.getStrides(), 8);
  } else if (auto pv = dyn_cast<PartitionViewType>(t)) {
    uint64_t inner = type(pv.getTensorView(), user);
    tag(TypeTag::PartitionView);
    bool unified = version >= Version{13, 3, 0};
    if (unified)
      varint(e, pv.getPaddingValue() ? 1 : 0);
    intList(e, pv.getTileShape(), 4);
    varint(e, inner);
    intList(e, pv.getDimMap(), 4);
    if (!unified)
      varint(e, pv.getPaddingValue() ? 1 : 0);
    padding(pv.getPaddingValue());
  } else if (auto sv = dyn_cast<StridedViewType>(t)) {
    need({13, 3, 0});
    uint64_t inner = type(sv.getTensorView(), user);
    tag(TypeTag::StridedView);
    varint(e, sv.getPaddingValue() ? 1 : 0);
    intList(e, sv.getTileShape(), 4);
    intList(e, sv.getTraversalStrides(), 4);
    varint(e, inner);
    intList(e, sv.getDimMap(), 4);
    padding(sv.getPaddingValue());
  } else if (auto gv = dyn_cast<GatherScatterViewType>(t)) {
    need({13, 3, 0});
    uint64_t inner = type(gv.getTensorView(), user);
    tag(TypeTag::GatherScatterView);
    varint(e, gv.getPaddingValue() ? 1 : 0);
    intList(e, gv.getTileShape(), 4);
    varint(e, inner);
    varint(e, gv.getSparseDim());
    padding(gv.getPaddingValue());
  } else if (auto fn = dyn_cast<FunctionType>(t)) {
    SmallVector<uint64_t> in, out;
    for (Type i : fn.getInputs())
      in.push_back(type(i, user));
    for (Type o : fn.getResults())
      out.push_back(type(o, user));
    tag(TypeTag::Function);
    varint(e, in.size());
    for (uint64_t i : in)
      varint(e, i);
    varint(e, out.size());
    for (uint64_t o : out)
      varint(e, o);
  } else {
    fail(user, llvm::formatv("type {0} cannot be written as bytecode", t));
    return 0;
  }
  uint64_t id = types.get(e);
  typeIds[t] = id;
  return id;
}

uint64_t Writer::constant(DenseElementsAttr value) {
  ArrayRef<char> raw = value.getRawData();
  Bytes e;
  varint(e, raw.size());
  e.append(raw.begin(), raw.end());
  return constants.get(e);
}

bool Writer::tagged(Bytes &out, Attribute attr, Operation *user) {
  auto tag = [&](AttrTag t) { out.push_back(static_cast<char>(t)); };
  if (auto b = dyn_cast<BoolAttr>(attr)) {
    tag(AttrTag::Bool);
    out.push_back(b.getValue() ? 1 : 0);
  } else if (auto i = dyn_cast<IntegerAttr>(attr)) {
    uint64_t t = type(i.getType(), user);
    tag(AttrTag::Integer);
    varint(out, t);
    varint(out, i.getValue().getZExtValue());
  } else if (auto f = dyn_cast<FloatAttr>(attr)) {
    uint64_t t = type(f.getType(), user);
    tag(AttrTag::Float);
    varint(out, t);
    APInt bits = f.getValue().bitcastToAPInt();
    if (bits.getBitWidth() <= 8)
      out.push_back(static_cast<char>(bits.getZExtValue()));
    else
      varint(out, bits.getZExtValue() << 1);
  } else if (auto t = dyn_cast<TypeAttr>(attr)) {
    uint64_t id = type(t.getValue(), user);
    tag(AttrTag::Type);
    varint(out, id);
  } else if (auto s = dyn_cast<StringAttr>(attr)) {
    tag(AttrTag::String);
    varint(out, string(s.getValue()));
  } else if (auto a = dyn_cast<ArrayAttr>(attr)) {
    tag(AttrTag::Array);
    varint(out, a.size());
    for (Attribute item : a)
      if (!tagged(out, item, user))
        return false;
  } else if (auto d = dyn_cast<DenseElementsAttr>(attr)) {
    auto shaped = d.getType();
    uint64_t t =
        type(TileType::get(shaped.getShape(), shaped.getElementType()), user);
    tag(AttrTag::DenseElements);
    varint(out, t);
    varint(out, constant(d));
  } else if (auto div = dyn_cast<DivByAttr>(attr)) {
    tag(AttrTag::DivBy);
    varint(out, div.getDivisor());
    out.push_back(
        static_cast<char>((div.getEvery() ? 1 : 0) | (div.getAlong() ? 2 : 0)));
    if (div.getEvery())
      signedVarint(out, *div.getEvery());
    if (div.getAlong())
      signedVarint(out, *div.getAlong());
  } else if (auto same = dyn_cast<SameElementsAttr>(attr)) {
    tag(AttrTag::SameElements);
    intList(out, same.getValues(), 8);
  } else if (auto bounded = dyn_cast<BoundedAttr>(attr)) {
    tag(AttrTag::Bounded);
    out.push_back(static_cast<char>((bounded.getLb() ? 1 : 0) |
                                    (bounded.getUb() ? 2 : 0)));
    if (bounded.getLb())
      signedVarint(out, *bounded.getLb());
    if (bounded.getUb())
      signedVarint(out, *bounded.getUb());
  } else if (isa<DictionaryAttr, OptimizationHintsAttr>(attr)) {
    auto hints = dyn_cast<OptimizationHintsAttr>(attr);
    DictionaryAttr dict = hints ? hints.getValue() : cast<DictionaryAttr>(attr);
    tag(hints ? AttrTag::OptimizationHints : AttrTag::Dictionary);
    varint(out, dict.size());
    for (NamedAttribute item : dict) {
      varint(out, string(item.getName()));
      if (!tagged(out, item.getValue(), user))
        return false;
    }
  } else {
    return fail(user, llvm::formatv("attribute {0} cannot be written as "
                                    "bytecode",
                                    attr));
  }
  return true;
}

uint64_t Writer::debugAttr(Attribute attr) {
  Bytes e;
  auto tag = [&](DebugTag t) { e.push_back(static_cast<char>(t)); };
  if (auto f = dyn_cast<DIFileAttr>(attr)) {
    uint64_t n = string(f.getName()), d = string(f.getDirectory());
    tag(DebugTag::File);
    varint(e, n);
    varint(e, d);
  } else if (auto cu = dyn_cast<DICompileUnitAttr>(attr)) {
    uint64_t f = debugAttr(cu.getFile());
    tag(DebugTag::CompileUnit);
    varint(e, f);
  } else if (auto sp = dyn_cast<DISubprogramAttr>(attr)) {
    uint64_t f = debugAttr(sp.getFile());
    uint64_t n = string(sp.getName()), l = string(sp.getLinkageName());
    uint64_t cu = debugAttr(sp.getCompileUnit());
    tag(DebugTag::Subprogram);
    varint(e, f);
    varint(e, sp.getLine());
    varint(e, n);
    varint(e, l);
    varint(e, cu);
    varint(e, sp.getScopeLine().value_or(0));
    if (version >= Version{13, 5, 0})
      varint(e, 0);
  } else if (auto lb = dyn_cast<DILexicalBlockAttr>(attr)) {
    uint64_t s = debugAttr(lb.getScope());
    uint64_t f = debugAttr(lb.getFile());
    tag(DebugTag::LexicalBlock);
    varint(e, s);
    varint(e, f);
    varint(e, lb.getLine());
    varint(e, lb.getColumn().value_or(0));
  } else if (auto loc = dyn_cast<DILocAttr>(attr)) {
    auto flc = dyn_cast<FileLineColLoc>(loc.getLoc());
    if (!flc)
      return 0;
    uint64_t s = debugAttr(loc.getScope());
    uint64_t n = string(flc.getFilename());
    tag(DebugTag::Loc);
    varint(e, s);
    varint(e, n);
    varint(e, flc.getLine());
    varint(e, flc.getColumn());
  } else if (auto cs = dyn_cast<CallSiteLoc>(attr)) {
    uint64_t callee = debugLoc(cs.getCallee());
    uint64_t caller = debugLoc(cs.getCaller());
    if (!callee)
      return 0;
    tag(DebugTag::CallSite);
    varint(e, callee);
    varint(e, caller);
  } else {
    return 0;
  }
  return debug.get(e);
}

uint64_t Writer::debugLoc(Location loc) { return debugAttr(loc); }

bool Writer::writeBlockOps(Bytes &out, Block &block) {
  for (Operation &op : block)
    if (!writeOp(out, &op))
      return false;
  return true;
}

bool Writer::writeOp(Bytes &out, Operation *op) {
  if (op->getDialect() == nullptr || op->getName().getDialectNamespace() !=
                                         CudaTileDialect::getDialectNamespace())
    return fail(op, "only cuda_tile ops can be written as bytecode");
  StringRef name = op->getName().stripDialect();
  const OpSpec *spec = lookupOp(name);
  if (!spec)
    return fail(op, "'" + name + "' cannot appear inside an entry in bytecode");
  if (version < spec->since)
    return fail(op, llvm::formatv("'{0}' requires bytecode version {1}", name,
                                  spec->since.str()));
  if (currentDebug)
    currentDebug->push_back(debugLoc(op->getLoc()));

  // Every attribute the op carries must have a place in the format.
  // Unset default-valued attributes read as their ODS default.
  NamedAttrList defaults;
  op->getName().populateDefaultAttrs(defaults);
  auto get = [&](StringRef attrName) -> Attribute {
    if (std::optional<Attribute> a = op->getInherentAttr(attrName); a && *a)
      return *a;
    if (Attribute a = op->getDiscardableAttr(attrName))
      return a;
    return defaults.get(attrName);
  };
  for (NamedAttribute a : op->getAttrDictionary()) {
    StringRef attrName = a.getName().getValue();
    if (attrName == "operandSegmentSizes")
      continue;
    bool known = spec->flagBit(attrName) >= 0 ||
                 llvm::any_of(spec->attrs, [&](const AttrSpec &s) {
                   return s.name == attrName;
                 });
    if (!known)
      return fail(op, "attribute '" + attrName +
                          "' cannot be expressed in bytecode");
  }
  for (const AttrSpec &a : spec->attrs) {
    Attribute value = get(a.name);
    if (!value || (!a.oursOnly && version >= a.since))
      continue;
    bool implied = a.implied && a.kind == AttrKind::Enum &&
                   enumValue(a.enumKind, value) == a.implied;
    if (!implied)
      return fail(op, a.oursOnly
                          ? "attribute '" + a.name +
                                "' cannot be expressed in bytecode"
                          : llvm::formatv("attribute '{0}' requires bytecode "
                                          "version {1}",
                                          a.name, a.since.str())
                                .str());
  }

  // Operand groups.
  SmallVector<unsigned> sizes;
  if (auto segments =
          dyn_cast_or_null<DenseI32ArrayAttr>(get("operandSegmentSizes"))) {
    if (segments.size() != static_cast<int64_t>(spec->operands.size()))
      return fail(op, "operand groups do not match the bytecode format");
    for (int32_t s : segments.asArrayRef())
      sizes.push_back(s);
  } else {
    unsigned fixedCount = 0;
    for (const OperandSpec &o : spec->operands)
      fixedCount += o.kind == OperandKind::One;
    for (const OperandSpec &o : spec->operands)
      sizes.push_back(
          o.kind == OperandKind::One ? 1 : op->getNumOperands() - fixedCount);
  }
  auto groupSize = [&](StringRef operand) -> int {
    for (auto [i, o] : llvm::enumerate(spec->operands))
      if (o.name == operand)
        return sizes[i];
    return -1;
  };

  varint(out, spec->opcode);
  // Result types.
  unsigned numResults = op->getNumResults();
  if (spec->tokenResultSince && version < *spec->tokenResultSince) {
    if (!op->getResult(numResults - 1).use_empty())
      return fail(op, llvm::formatv("the token result of '{0}' requires "
                                    "bytecode version {1}",
                                    name, spec->tokenResultSince->str()));
    --numResults;
  }
  if (spec->results == ResultKind::Sized)
    varint(out, numResults);
  for (unsigned i = 0; i < numResults; ++i)
    varint(out, type(op->getResult(i).getType(), op));

  // Flags.
  uint64_t flags = 0;
  for (auto [bit, f] : llvm::enumerate(spec->flags)) {
    int group = groupSize(f.name);
    bool set = group >= 0 ? group > 0 : static_cast<bool>(get(f.name));
    if (!set)
      continue;
    if (version < f.since)
      return fail(op, llvm::formatv("'{0}' requires bytecode version {1}",
                                    f.name, f.since.str()));
    flags |= uint64_t(1) << bit;
  }
  if (spec->hasFlags(version))
    varint(out, flags);

  // Attributes.
  for (const AttrSpec &a : spec->attrs) {
    if (a.oursOnly || version < a.since)
      continue;
    Attribute value = get(a.name);
    if (a.optional && !value)
      continue;
    if (!value && a.kind != AttrKind::InBounds && a.kind != AttrKind::Bool)
      return fail(op, "'" + name + "' needs attribute '" + a.name + "'");
    switch (a.kind) {
    case AttrKind::Enum: {
      std::optional<uint64_t> v = enumValue(a.enumKind, value);
      if (!v)
        return fail(op, "bad value of attribute '" + a.name + "'");
      Version valueSince = enumValueSince(a.enumKind, *v);
      if (version < valueSince) {
        std::string text;
        llvm::raw_string_ostream os(text);
        value.print(os);
        return fail(op, llvm::formatv("value {0} of '{1}' requires bytecode "
                                      "version {2}",
                                      text, a.name, valueSince.str()));
      }
      out.push_back(static_cast<char>(*v));
      break;
    }
    case AttrKind::I32:
    case AttrKind::I64:
      varint(out, cast<IntegerAttr>(value).getValue().getZExtValue());
      break;
    case AttrKind::Bool:
      out.push_back(value && cast<BoolAttr>(value).getValue() ? 1 : 0);
      break;
    case AttrKind::String:
      varint(out, string(cast<StringAttr>(value).getValue()));
      break;
    case AttrKind::Symbol:
      varint(out, string(cast<FlatSymbolRefAttr>(value).getValue()));
      break;
    case AttrKind::Type:
      varint(out, type(cast<TypeAttr>(value).getValue(), op));
      break;
    case AttrKind::Dense:
      varint(out, constant(cast<DenseElementsAttr>(value)));
      break;
    case AttrKind::I32Array:
      intList(out, cast<DenseI32ArrayAttr>(value).asArrayRef(), 4);
      break;
    case AttrKind::Tagged:
      if (!tagged(out, value, op))
        return false;
      break;
    case AttrKind::Array: {
      auto array = cast<ArrayAttr>(value);
      varint(out, array.size());
      for (Attribute item : array)
        if (!tagged(out, item, op))
          return false;
      break;
    }
    case AttrKind::Hints: {
      DictionaryAttr dict = cast<OptimizationHintsAttr>(value).getValue();
      varint(out, dict.size());
      for (NamedAttribute item : dict) {
        varint(out, string(item.getName()));
        if (!tagged(out, item.getValue(), op))
          return false;
      }
      break;
    }
    case AttrKind::InBounds: {
      // TileIR keeps no "known in bounds" facts: every index is checked.
      int n = groupSize("index");
      varint(out, n < 0 ? 0 : n);
      out.append(n < 0 ? 0 : n, '\0');
      break;
    }
    }
    if (failed)
      return false;
  }

  // Operands.
  if (spec->operandCount)
    varint(out, op->getNumOperands());
  unsigned next = 0;
  for (auto [i, o] : llvm::enumerate(spec->operands)) {
    if (o.kind == OperandKind::Sized)
      varint(out, sizes[i]);
    for (unsigned k = 0; k < sizes[i]; ++k, ++next) {
      auto it = valueIds.find(op->getOperand(next));
      if (it == valueIds.end())
        return fail(op, "operand defined outside the entry");
      varint(out, it->second);
    }
  }

  // Regions, whose values are not visible after them.
  if (spec->regions) {
    if (op->getNumRegions() != spec->regions)
      return fail(op, "unexpected region count");
    varint(out, op->getNumRegions());
    for (Region &region : op->getRegions()) {
      if (region.getBlocks().size() > 1)
        return fail(op, "regions of more than one block cannot be written");
      varint(out, region.getBlocks().size());
      if (region.empty())
        continue;
      Block &block = region.front();
      uint64_t scope = nextValue;
      varint(out, block.getNumArguments());
      for (BlockArgument arg : block.getArguments()) {
        varint(out, type(arg.getType(), op));
        valueIds[arg] = nextValue++;
      }
      varint(out, block.getOperations().size());
      if (!writeBlockOps(out, block))
        return false;
      nextValue = scope;
    }
  }
  for (unsigned i = 0; i < numResults; ++i)
    valueIds[op->getResult(i)] = nextValue++;
  return !failed;
}

void section(Bytes &file, Section id, unsigned alignment, const Bytes &data) {
  file.push_back(
      static_cast<char>(static_cast<uint8_t>(id) | (alignment > 1 ? 0x80 : 0)));
  varint(file, data.size());
  if (alignment > 1) {
    varint(file, alignment);
    pad(file, alignment);
  }
  file += data;
}

LogicalResult Writer::write(Operation *module, raw_ostream &os) {
  MLIRContext *ctx = module->getContext();
  Bytes funcs, globals;
  SmallVector<SmallVector<uint64_t>> functionDebug;
  uint64_t numFunctions = 0, numGlobals = 0;
  for (Operation &op : module->getRegion(0).front()) {
    if (auto global = dyn_cast<GlobalOp>(op)) {
      DenseElementsAttr value = global.getValue();
      auto shaped = value.getType();
      uint64_t t =
          type(TileType::get(shaped.getShape(), shaped.getElementType()), &op);
      varint(globals, string(global.getSymName()));
      varint(globals, t);
      varint(globals, constant(value));
      varint(globals, global.getAlignment());
      bool isPrivate = global.getSymbolVisibility() != SymbolVisibility::Public;
      if (version >= Version{13, 3, 0}) {
        globals.push_back(isPrivate ? 1 : 0);
        varint(globals, global.getConstant() ? 1 : 0);
      } else if (isPrivate || global.getConstant()) {
        return fail(&op, "private and constant globals require bytecode "
                         "version 13.3"),
               failure();
      }
      ++numGlobals;
      continue;
    }
    // Entries are kernels; `testing$func` (test builds) is written as a
    // function without the kernel flag.
    bool kernel = isa<EntryOp>(op);
    if (!kernel && op.getName().getStringRef() != "cuda_tile.testing$func")
      return fail(&op, "only entries and globals can be written as "
                       "bytecode"),
             failure();
    auto fn = cast<FunctionOpInterface>(op);
    auto resAttrs = op.getAttrOfType<ArrayAttr>("res_attrs");
    if (resAttrs && llvm::any_of(resAttrs, [](Attribute a) {
          return !cast<DictionaryAttr>(a).empty();
        }))
      return fail(&op, "function result attributes cannot be expressed in "
                       "bytecode"),
             failure();
    auto argAttrs = op.getAttrOfType<ArrayAttr>("arg_attrs");
    bool hasArgAttrs = argAttrs && llvm::any_of(argAttrs, [](Attribute a) {
                         return !cast<DictionaryAttr>(a).empty();
                       });
    if (hasArgAttrs && version < Version{13, 5, 0})
      return fail(&op, "entry argument attributes require bytecode version "
                       "13.5"),
             failure();
    functionDebug.emplace_back();
    currentDebug = &functionDebug.back();
    currentDebug->push_back(debugLoc(op.getLoc()));
    varint(funcs, string(cast<SymbolOpInterface>(op).getName()));
    varint(funcs, type(fn.getFunctionType(), &op));
    auto hints = op.getAttrOfType<OptimizationHintsAttr>("optimization_hints");
    bool v135 = version >= Version{13, 5, 0};
    if (hints && !kernel)
      return fail(&op, "only entries carry optimization hints in bytecode"),
             failure();
    funcs.push_back(static_cast<char>((kernel ? kKernel : 0) |
                                      (hints && !v135 ? kHasHints : 0)));
    varint(funcs, functionDebug.size());
    if (hints || (v135 && kernel)) {
      OptimizationHintsAttr h =
          hints ? hints
                : OptimizationHintsAttr::get(ctx, DictionaryAttr::get(ctx));
      if (!tagged(funcs, h, &op))
        return failure();
    }
    if (v135 &&
        !tagged(funcs,
                hasArgAttrs ? Attribute(argAttrs) : ArrayAttr::get(ctx, {}),
                &op))
      return failure();
    Bytes body;
    valueIds.clear();
    nextValue = 0;
    Block &entryBlock = fn.getFunctionBody().front();
    for (BlockArgument arg : entryBlock.getArguments())
      valueIds[arg] = nextValue++;
    if (!writeBlockOps(body, entryBlock))
      return failure();
    varint(funcs, body.size());
    funcs += body;
    ++numFunctions;
  }
  if (failed)
    return failure();

  Bytes file(kMagic, sizeof(kMagic));
  file.push_back(static_cast<char>(version.major));
  file.push_back(static_cast<char>(version.minor));
  fixed(file, version.tag, 2);

  Bytes funcSection;
  varint(funcSection, numFunctions);
  funcSection += funcs;
  section(file, Section::Func, 8, funcSection);
  if (numGlobals) {
    Bytes g;
    varint(g, numGlobals);
    g += globals;
    section(file, Section::Global, 1, g);
  }
  Bytes c;
  constants.write(c, 8);
  section(file, Section::Constant, 8, c);

  Bytes d;
  varint(d, functionDebug.size());
  pad(d, 4);
  uint64_t start = 0;
  for (auto &f : functionDebug) {
    fixed(d, start, 4);
    start += f.size();
  }
  varint(d, start);
  pad(d, 8);
  for (auto &f : functionDebug)
    for (uint64_t id : f)
      fixed(d, id, 8);
  // Readers expect a non-empty attribute table.
  if (debug.ids.empty())
    debug.get(Bytes(1, '\0'));
  debug.write(d, 4);
  section(file, Section::Debug, 8, d);

  Bytes producerSection;
  if (auto producer = module->getAttrOfType<StringAttr>("producer");
      producer && version >= Version{13, 3, 0})
    varint(producerSection, string(producer.getValue()));

  Bytes t;
  types.write(t, 4);
  section(file, Section::Type, 4, t);
  if (!producerSection.empty())
    section(file, Section::Producer, 1, producerSection);
  Bytes s;
  strings.write(s, 4);
  section(file, Section::String, 4, s);
  file.push_back(static_cast<char>(Section::End));
  os.write(file.data(), file.size());
  return success();
}

} // namespace

LogicalResult writeBytecode(Operation *op, raw_ostream &os, Version version) {
  Operation *module = op;
  if (auto top = dyn_cast<mlir::ModuleOp>(op)) {
    module = nullptr;
    for (Operation &inner : *top.getBody()) {
      if (!isa<cuda_tile::ModuleOp>(inner) || module)
        return op->emitError("expects exactly one cuda_tile.module to write "
                             "as bytecode");
      module = &inner;
    }
  }
  if (!module || !isa<cuda_tile::ModuleOp>(module))
    return op->emitError("expects a cuda_tile.module to write as bytecode");
  if (!llvm::is_contained(supportedVersions(),
                          Version{version.major, version.minor, 0}))
    return op->emitError("unsupported bytecode version " + version.str());
  return Writer(version).write(module, os);
}

} // namespace tileir::bytecode
