//===- OpTable.cpp - The per-op encoding table of Tile IR bytecode --------===//
//
// Part of TileIR. One row per cuda_tile op: its opcode, the version that
// introduced it, and the order in which the format stores its result types,
// flag bits, attributes, operands and regions. The reader and the writer
// both interpret these rows; nothing else in lib/Bytecode knows an op.
//
// A row's fields are short texts:
//   results   "0" "1" "2" "3": that many type indices; "*": a counted list;
//             "*tok@13.2": a counted list whose trailing token result files
//             older than 13.2 do not store.
//   flags     names in bit order; a name is a unit attribute, an optional
//             attribute or an optional operand; "@V": only from version V.
//   attrs     KIND:NAME with KIND one of enum.<e>, i32, i64, bool, str, sym,
//             type, dense, i32arr, tagged, array, hints, inbounds; "?" after
//             NAME: optional (its flag bit says whether it is there); "@V":
//             only from version V; "=N": the value older files imply;
//             a leading "!": our dialect's attribute that the format lacks.
//   operands  "#" first: a varint operand count precedes them; then NAME
//             (one), NAME? (optional), NAME* (counted), NAME+ (the rest).
//
//===----------------------------------------------------------------------===//

#include "Format.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileAttrs.h"
#include "tileir/Dialect/CudaTile/IR/CudaTileTypes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/ErrorHandling.h"
#include <limits>

using namespace mlir;
using namespace mlir::cuda_tile;

namespace tileir::bytecode {
namespace {

struct Row {
  const char *op;
  uint32_t opcode;
  const char *since;
  const char *results;
  const char *flags;
  const char *attrs;
  const char *operands;
  unsigned regions;
};

// clang-format off
constexpr Row kRows[] = {
  {"absf", 0x00, "13.1", "1", "", "", "source", 0},
  {"absi", 0x01, "13.1", "1", "", "", "source", 0},
  {"addf", 0x02, "13.1", "1", "flush_to_zero", "enum.rounding:rounding_mode", "lhs rhs", 0},
  {"addi", 0x03, "13.1", "1", "", "enum.overflow:overflow", "lhs rhs", 0},
  {"andi", 0x04, "13.1", "1", "", "", "lhs rhs", 0},
  {"assert", 0x05, "13.1", "0", "", "str:message", "condition", 0},
  {"assume", 0x06, "13.1", "1", "", "tagged:predicate", "value", 0},
  {"atomic_cas_tko", 0x07, "13.1", "2", "mask token",
   "enum.ordering:memory_ordering_semantics enum.scope:memory_scope",
   "pointers cmp val mask? token?", 0},
  {"atomic_rmw_tko", 0x08, "13.1", "2", "mask token",
   "enum.ordering:memory_ordering_semantics enum.scope:memory_scope enum.mode:mode",
   "pointers arg mask? token?", 0},
  {"bitcast", 0x09, "13.1", "1", "", "", "source", 0},
  {"break", 0x0A, "13.1", "*", "", "", "# operands+", 0},
  {"broadcast", 0x0B, "13.1", "1", "", "", "source", 0},
  {"cat", 0x0C, "13.1", "1", "", "i64:dim", "lhs rhs", 0},
  {"ceil", 0x0D, "13.1", "1", "", "", "source", 0},
  {"cmpf", 0x0E, "13.1", "1", "",
   "enum.predicate:comparison_predicate enum.ordering_cmp:comparison_ordering", "lhs rhs", 0},
  {"cmpi", 0x0F, "13.1", "1", "",
   "enum.predicate:comparison_predicate enum.signedness:signedness", "lhs rhs", 0},
  {"constant", 0x10, "13.1", "1", "", "dense:value", "", 0},
  {"continue", 0x11, "13.1", "*", "", "", "# operands+", 0},
  {"cos", 0x12, "13.1", "1", "", "", "source", 0},
  {"cosh", 0x13, "13.1", "1", "", "", "source", 0},
  {"divf", 0x14, "13.1", "1", "flush_to_zero", "enum.rounding:rounding_mode", "lhs rhs", 0},
  {"divi", 0x15, "13.1", "1", "",
   "enum.signedness:signedness enum.rounding:rounding_mode", "lhs rhs", 0},
  {"exp", 0x17, "13.1", "1", "", "enum.rounding:rounding_mode@13.3=5", "source", 0},
  {"exp2", 0x18, "13.1", "1", "flush_to_zero", "", "source", 0},
  {"exti", 0x25, "13.1", "1", "", "enum.signedness:signedness", "source", 0},
  {"extract", 0x26, "13.1", "*", "", "", "# source indices+", 0},
  {"floor", 0x27, "13.1", "1", "", "", "source", 0},
  {"fma", 0x28, "13.1", "1", "flush_to_zero", "enum.rounding:rounding_mode", "lhs rhs acc", 0},
  {"for", 0x29, "13.1", "*", "unsignedCmp@13.2", "",
   "# lowerBound upperBound step initValues+", 1},
  {"ftof", 0x2A, "13.1", "1", "", "enum.rounding:rounding_mode", "source", 0},
  {"ftoi", 0x2B, "13.1", "1", "saturating@13.4",
   "enum.signedness:signedness enum.rounding:rounding_mode", "source", 0},
  {"get_global", 0x2C, "13.1", "1", "", "sym:name", "", 0},
  {"get_index_space_shape", 0x2D, "13.1", "*", "", "", "src", 0},
  {"get_num_tile_blocks", 0x2E, "13.1", "3", "", "", "", 0},
  {"get_tensor_shape", 0x2F, "13.1", "*", "", "", "src", 0},
  {"get_tile_block_id", 0x30, "13.1", "3", "", "", "", 0},
  {"if", 0x32, "13.1", "*", "", "", "condition", 2},
  {"int_to_ptr", 0x33, "13.1", "1", "", "", "source", 0},
  {"iota", 0x3A, "13.1", "1", "", "", "", 0},
  {"itof", 0x3B, "13.1", "1", "",
   "enum.signedness:signedness enum.rounding:rounding_mode", "source", 0},
  {"join_tokens", 0x3C, "13.1", "*", "", "", "# tokens+", 0},
  {"load_ptr_tko", 0x3D, "13.1", "2",
   "memory_scope optimization_hints mask paddingValue token",
   "enum.ordering:memory_ordering_semantics enum.scope:memory_scope? hints:optimization_hints?",
   "source mask? paddingValue? token?", 0},
  {"load_view_tko", 0x3E, "13.1", "*", "memory_scope optimization_hints token",
   "enum.ordering:memory_ordering_semantics enum.scope:memory_scope? "
   "hints:optimization_hints? inbounds:inbounds@13.4",
   "view index* token?", 0},
  {"log", 0x3F, "13.1", "1", "", "", "source", 0},
  {"log2", 0x40, "13.1", "1", "",
   "!enum.rounding:rounding_mode=5 !bool:flush_to_zero", "source", 0},
  {"loop", 0x41, "13.1", "*", "", "", "# initValues+", 1},
  {"make_partition_view", 0x42, "13.1", "1", "", "", "tensor_view", 0},
  {"make_tensor_view", 0x43, "13.1", "*", "", "", "base dynamicShape* dynamicStrides*", 0},
  {"make_token", 0x44, "13.1", "1", "", "", "", 0},
  {"maxf", 0x45, "13.1", "1", "propagate_nan flush_to_zero", "", "lhs rhs", 0},
  {"maxi", 0x46, "13.1", "1", "", "enum.signedness:signedness", "lhs rhs", 0},
  {"minf", 0x47, "13.1", "1", "propagate_nan flush_to_zero", "", "lhs rhs", 0},
  {"mini", 0x48, "13.1", "1", "", "enum.signedness:signedness", "lhs rhs", 0},
  {"mmaf", 0x49, "13.1", "1", "fast_acc@13.3", "", "lhs rhs acc", 0},
  {"mmai", 0x4A, "13.1", "1", "",
   "enum.signedness:signedness_lhs enum.signedness:signedness_rhs", "lhs rhs acc", 0},
  {"mulf", 0x4C, "13.1", "1", "flush_to_zero", "enum.rounding:rounding_mode", "lhs rhs", 0},
  {"mulhii", 0x4D, "13.1", "1", "", "", "lhs rhs", 0},
  {"muli", 0x4E, "13.1", "1", "", "enum.overflow:overflow", "lhs rhs", 0},
  {"negf", 0x4F, "13.1", "1", "", "", "source", 0},
  {"negi", 0x50, "13.1", "1", "", "enum.overflow:overflow@13.2=0", "source", 0},
  {"offset", 0x51, "13.1", "1", "", "", "ptr offset", 0},
  {"ori", 0x52, "13.1", "1", "", "", "lhs rhs", 0},
  {"permute", 0x53, "13.1", "1", "", "i32arr:permutation", "source", 0},
  {"pow", 0x54, "13.1", "1", "", "", "lhs rhs", 0},
  {"print_tko", 0x55, "13.1", "*tok@13.2", "token@13.2", "str:str", "args* token?", 0},
  {"ptr_to_int", 0x56, "13.1", "1", "", "", "source", 0},
  {"ptr_to_ptr", 0x57, "13.1", "1", "", "", "source", 0},
  {"reduce", 0x58, "13.1", "*", "", "i32:dim array:identities", "# operands+", 1},
  {"remf", 0x59, "13.1", "1", "", "", "lhs rhs", 0},
  {"remi", 0x5A, "13.1", "1", "", "enum.signedness:signedness", "lhs rhs", 0},
  {"reshape", 0x5B, "13.1", "1", "", "", "source", 0},
  {"return", 0x5C, "13.1", "*", "", "", "# operands+", 0},
  {"rsqrt", 0x5D, "13.1", "1", "flush_to_zero", "", "source", 0},
  {"scan", 0x5E, "13.1", "*", "", "i32:dim bool:reverse array:identities", "# operands+", 1},
  {"select", 0x5F, "13.1", "1", "", "", "cond val_if_true val_if_false", 0},
  {"shli", 0x60, "13.1", "1", "", "enum.overflow:overflow", "lhs rhs", 0},
  {"shri", 0x61, "13.1", "1", "", "enum.signedness:signedness", "lhs rhs", 0},
  {"sin", 0x62, "13.1", "1", "", "", "source", 0},
  {"sinh", 0x63, "13.1", "1", "", "", "source", 0},
  {"sqrt", 0x64, "13.1", "1", "flush_to_zero", "enum.rounding:rounding_mode", "source", 0},
  {"store_ptr_tko", 0x65, "13.1", "1", "memory_scope optimization_hints mask token",
   "enum.ordering:memory_ordering_semantics enum.scope:memory_scope? hints:optimization_hints?",
   "destination value mask? token?", 0},
  {"store_view_tko", 0x66, "13.1", "*", "memory_scope optimization_hints token",
   "enum.ordering:memory_ordering_semantics enum.scope:memory_scope? "
   "hints:optimization_hints? inbounds:inbounds@13.4",
   "tile view index* token?", 0},
  {"subf", 0x67, "13.1", "1", "flush_to_zero", "enum.rounding:rounding_mode", "lhs rhs", 0},
  {"subi", 0x68, "13.1", "1", "", "enum.overflow:overflow", "lhs rhs", 0},
  {"tan", 0x69, "13.1", "1", "", "", "source", 0},
  {"tanh", 0x6A, "13.1", "1", "", "enum.rounding:rounding_mode@13.2=5", "source", 0},
  {"trunci", 0x6B, "13.1", "1", "", "enum.overflow:overflow", "source", 0},
  {"xori", 0x6C, "13.1", "1", "", "", "lhs rhs", 0},
  {"yield", 0x6D, "13.1", "*", "", "", "# operands+", 0},
  {"atan2", 0x6E, "13.2", "1", "", "", "lhs rhs", 0},
  {"pack", 0x6F, "13.3", "1", "", "", "source", 0},
  {"unpack", 0x70, "13.3", "1", "", "", "source", 0},
  {"alloca", 0x71, "13.3", "1", "global", "i64:num_elem i64:alignment", "", 0},
  {"mmaf_scaled", 0x72, "13.3", "1", "", "", "lhs rhs acc lhs_scale rhs_scale", 0},
  {"make_gather_scatter_view", 0x73, "13.3", "1", "", "", "tensor_view", 0},
  {"make_strided_view", 0x74, "13.3", "1", "", "", "tensor_view", 0},
  // 13.4's pow with an integer exponent: read as `pow(x, itof(n))`, see
  // expandedOp.
  {"fpowi", 0x79, "13.4", "1", "", "", "source exponent", 0},
  {"insert", 0x76, "13.4", "*", "", "", "# source dest indices+", 0},
  {"gdc_launch_dependents_tko", 0x77, "13.4", "1", "", "", "# token+", 0},
  {"gdc_wait_tko", 0x78, "13.4", "1", "", "", "# token+", 0},
  {"atomic_red_view_tko", 0x75, "13.3", "*", "token",
   "enum.ordering:memory_ordering_semantics enum.scope:memory_scope enum.mode:mode "
   "inbounds:inbounds@13.5",
   "view index* value token?", 0},
};
// clang-format on

/// Ops of bytecode 13.4 and 13.5 that TileIR's dialect does not have.
struct Unsupported {
  uint32_t opcode;
  const char *name;
  Version since;
};
constexpr Unsupported kUnsupported[] = {
    {0x7A, "memory_fence_alias_tko", {13, 4, 0}},
    {0x7B, "multimem_load_reduce_view_tko", {13, 5, 0}},
    {0x7C, "multimem_reduce_view_tko", {13, 5, 0}},
    {0x7D, "multimem_store_view_tko", {13, 5, 0}},
};

Version parseVersionOrDie(StringRef text) {
  std::optional<Version> v = Version::parse(text);
  if (!v)
    llvm::report_fatal_error("bytecode op table: bad version " + text);
  return *v;
}

/// Splits "NAME@V=N" decorations off a field.
StringRef splitDecorations(StringRef text, Version &since,
                           std::optional<uint64_t> &implied) {
  auto [rest, value] = text.split('=');
  if (!value.empty()) {
    uint64_t n;
    if (value.getAsInteger(10, n))
      llvm::report_fatal_error("bytecode op table: bad value " + text);
    implied = n;
  }
  auto [name, version] = rest.split('@');
  if (!version.empty())
    since = parseVersionOrDie(version);
  return name;
}

EnumKind parseEnumKind(StringRef name) {
  static const llvm::StringMap<EnumKind> kinds = {
      {"rounding", EnumKind::Rounding},
      {"overflow", EnumKind::Overflow},
      {"signedness", EnumKind::Signedness},
      {"predicate", EnumKind::ComparisonPredicate},
      {"ordering_cmp", EnumKind::ComparisonOrdering},
      {"ordering", EnumKind::MemoryOrdering},
      {"scope", EnumKind::MemoryScope},
      {"mode", EnumKind::AtomicMode},
      {"visibility", EnumKind::SymbolVisibility},
      {"padding", EnumKind::PaddingValue}};
  auto it = kinds.find(name);
  if (it == kinds.end())
    llvm::report_fatal_error("bytecode op table: unknown enum " + name);
  return it->second;
}

AttrSpec parseAttr(StringRef text) {
  AttrSpec spec;
  spec.oursOnly = text.consume_front("!");
  auto [kind, rest] = text.split(':');
  StringRef name = splitDecorations(rest, spec.since, spec.implied);
  spec.optional = name.consume_back("?");
  spec.name = name.str();
  if (kind.consume_front("enum.")) {
    spec.kind = AttrKind::Enum;
    spec.enumKind = parseEnumKind(kind);
    return spec;
  }
  static const llvm::StringMap<AttrKind> kinds = {
      {"i32", AttrKind::I32},       {"i64", AttrKind::I64},
      {"bool", AttrKind::Bool},     {"str", AttrKind::String},
      {"sym", AttrKind::Symbol},    {"type", AttrKind::Type},
      {"dense", AttrKind::Dense},   {"i32arr", AttrKind::I32Array},
      {"tagged", AttrKind::Tagged}, {"array", AttrKind::Array},
      {"hints", AttrKind::Hints},   {"inbounds", AttrKind::InBounds}};
  auto it = kinds.find(kind);
  if (it == kinds.end())
    llvm::report_fatal_error("bytecode op table: unknown kind " + kind);
  spec.kind = it->second;
  return spec;
}

OpSpec parseRow(const Row &row) {
  OpSpec spec;
  spec.name = row.op;
  spec.opcode = row.opcode;
  spec.since = parseVersionOrDie(row.since);
  spec.regions = row.regions;
  StringRef results = row.results;
  if (results.consume_front("*")) {
    spec.results = ResultKind::Sized;
    if (results.consume_front("tok@"))
      spec.tokenResultSince = parseVersionOrDie(results);
  } else {
    spec.results = ResultKind::Fixed;
    if (results.getAsInteger(10, spec.numResults))
      llvm::report_fatal_error("bytecode op table: bad results " + results);
  }
  SmallVector<StringRef> words;
  StringRef(row.flags).split(words, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef word : words) {
    FlagSpec flag;
    std::optional<uint64_t> unused;
    flag.name = splitDecorations(word, flag.since, unused).str();
    spec.flags.push_back(flag);
  }
  words.clear();
  StringRef(row.attrs).split(words, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef word : words)
    spec.attrs.push_back(parseAttr(word));
  words.clear();
  StringRef(row.operands).split(words, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef word : words) {
    if (word == "#") {
      spec.operandCount = true;
      continue;
    }
    OperandKind kind = OperandKind::One;
    if (word.consume_back("?"))
      kind = OperandKind::Optional;
    else if (word.consume_back("*"))
      kind = OperandKind::Sized;
    else if (word.consume_back("+"))
      kind = OperandKind::Rest;
    spec.operands.push_back({kind, word.str()});
  }
  return spec;
}

struct Table {
  std::vector<OpSpec> specs;
  llvm::DenseMap<uint32_t, unsigned> byOpcode;
  llvm::StringMap<unsigned> byName;

  Table() {
    for (const Row &row : kRows) {
      specs.push_back(parseRow(row));
      byOpcode[row.opcode] = specs.size() - 1;
      byName[row.op] = specs.size() - 1;
    }
  }
};

const Table &table() {
  static const Table t;
  return t;
}

template <typename EnumT, typename AttrT>
Attribute dialectEnum(MLIRContext *ctx, uint64_t v,
                      std::optional<EnumT> (*symbolize)(uint32_t)) {
  if (v > UINT32_MAX)
    return {};
  std::optional<EnumT> e = symbolize(static_cast<uint32_t>(v));
  if (!e)
    return {};
  return AttrT::get(ctx, *e);
}

template <typename EnumT>
Attribute integerEnum(MLIRContext *ctx, uint64_t v,
                      std::optional<EnumT> (*symbolize)(uint32_t)) {
  if (v > UINT32_MAX || !symbolize(static_cast<uint32_t>(v)))
    return {};
  return IntegerAttr::get(IntegerType::get(ctx, 32), v);
}

} // namespace

Attribute enumAttr(MLIRContext *ctx, EnumKind kind, uint64_t v) {
  switch (kind) {
  case EnumKind::Rounding:
    return dialectEnum<RoundingMode, RoundingModeAttr>(ctx, v,
                                                       symbolizeRoundingMode);
  case EnumKind::Overflow:
    return dialectEnum<IntegerOverflow, IntegerOverflowAttr>(
        ctx, v, symbolizeIntegerOverflow);
  case EnumKind::Signedness:
    return dialectEnum<Signedness, SignednessAttr>(ctx, v, symbolizeSignedness);
  case EnumKind::ComparisonPredicate:
    return dialectEnum<ComparisonPredicate, ComparisonPredicateAttr>(
        ctx, v, symbolizeComparisonPredicate);
  case EnumKind::ComparisonOrdering:
    return dialectEnum<ComparisonOrdering, ComparisonOrderingAttr>(
        ctx, v, symbolizeComparisonOrdering);
  case EnumKind::SymbolVisibility:
    return dialectEnum<SymbolVisibility, SymbolVisibilityAttr>(
        ctx, v, symbolizeSymbolVisibility);
  case EnumKind::PaddingValue:
    return dialectEnum<PaddingValue, PaddingValueAttr>(ctx, v,
                                                       symbolizePaddingValue);
  case EnumKind::MemoryOrdering:
    return integerEnum<MemoryOrderingSemantics>(
        ctx, v, symbolizeMemoryOrderingSemantics);
  case EnumKind::MemoryScope:
    return integerEnum<MemoryScope>(ctx, v, symbolizeMemoryScope);
  case EnumKind::AtomicMode:
    return integerEnum<AtomicRMWMode>(ctx, v, symbolizeAtomicRMWMode);
  }
  llvm_unreachable("enum kind");
}

std::optional<uint64_t> enumValue(EnumKind kind, Attribute attr) {
  if (!attr)
    return std::nullopt;
  auto valueOf = [&](auto typed) -> std::optional<uint64_t> {
    if (auto a = dyn_cast<decltype(typed)>(attr))
      return static_cast<uint64_t>(a.getValue());
    return std::nullopt;
  };
  switch (kind) {
  case EnumKind::Rounding:
    return valueOf(RoundingModeAttr());
  case EnumKind::Overflow:
    return valueOf(IntegerOverflowAttr());
  case EnumKind::Signedness:
    return valueOf(SignednessAttr());
  case EnumKind::ComparisonPredicate:
    return valueOf(ComparisonPredicateAttr());
  case EnumKind::ComparisonOrdering:
    return valueOf(ComparisonOrderingAttr());
  case EnumKind::SymbolVisibility:
    return valueOf(SymbolVisibilityAttr());
  case EnumKind::PaddingValue:
    return valueOf(PaddingValueAttr());
  case EnumKind::MemoryOrdering:
  case EnumKind::MemoryScope:
  case EnumKind::AtomicMode:
    if (auto a = dyn_cast<IntegerAttr>(attr))
      return a.getValue().getZExtValue();
    return std::nullopt;
  }
  llvm_unreachable("enum kind");
}

Version enumValueSince(EnumKind kind, uint64_t v) {
  if (kind == EnumKind::Rounding &&
      v == static_cast<uint64_t>(RoundingMode::NearestAway))
    return {13, 4, 0};
  return {13, 1, 0};
}

bool isExpandedOp(const OpSpec &spec) { return spec.name == "fpowi"; }

FailureOr<SmallVector<Value>> expandedOp(const OpSpec &spec, OpBuilder &builder,
                                         Location loc, TypeRange resultTypes,
                                         ValueRange operands) {
  if (spec.name != "fpowi" || resultTypes.size() != 1 || operands.size() != 2)
    return emitError(loc) << "malformed '" << spec.name << "'";
  // x ** n with an integer n: pow(x, (float) n), the exponent read as
  // signed; libdevice pow is exact for integral exponents of any sign.
  auto result = dyn_cast<TileType>(resultTypes.front());
  auto exponent = dyn_cast<TileType>(operands[1].getType());
  if (!result || !exponent || !isa<IntegerType>(exponent.getElementType()))
    return emitError(loc) << "'fpowi' needs a float tile and an integer "
                             "exponent tile";
  auto floatExponent =
      TileType::get(exponent.getShape(), result.getElementType());
  OperationState itof(loc, "cuda_tile.itof");
  itof.addOperands(operands[1]);
  itof.addTypes(floatExponent);
  itof.addAttribute("signedness", SignednessAttr::get(builder.getContext(),
                                                      Signedness::Signed));
  Operation *converted = builder.create(itof);
  OperationState pow(loc, "cuda_tile.pow");
  pow.addOperands({operands[0], converted->getResult(0)});
  pow.addTypes(result);
  return SmallVector<Value>{builder.create(pow)->getResult(0)};
}

int OpSpec::flagBit(StringRef flag) const {
  for (auto [i, f] : llvm::enumerate(flags))
    if (f.name == flag)
      return static_cast<int>(i);
  return -1;
}

bool OpSpec::hasFlags(Version v) const {
  return llvm::any_of(flags, [&](const FlagSpec &f) { return v >= f.since; });
}

bool OpSpec::hasAttrSizedOperands() const {
  unsigned variable = llvm::count_if(operands, [](const OperandSpec &o) {
    return o.kind != OperandKind::One;
  });
  return variable > 1;
}

const OpSpec *lookupOpcode(uint64_t opcode) {
  // Opcodes are small: a larger number (DenseMap's reserved empty and
  // tombstone keys among them, which it must not be asked for) is none.
  if (opcode > std::numeric_limits<uint16_t>::max())
    return nullptr;
  const Table &t = table();
  auto it = t.byOpcode.find(static_cast<uint32_t>(opcode));
  return it == t.byOpcode.end() ? nullptr : &t.specs[it->second];
}

const OpSpec *lookupOp(StringRef name) {
  const Table &t = table();
  auto it = t.byName.find(name);
  return it == t.byName.end() ? nullptr : &t.specs[it->second];
}

ArrayRef<OpSpec> allOpSpecs() { return table().specs; }

std::optional<std::pair<StringRef, Version>>
unsupportedOpcode(uint64_t opcode) {
  for (const Unsupported &u : kUnsupported)
    if (u.opcode == opcode)
      return std::make_pair(StringRef(u.name), u.since);
  return std::nullopt;
}

} // namespace tileir::bytecode
