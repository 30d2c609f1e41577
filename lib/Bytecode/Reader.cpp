//===- Reader.cpp - Tile IR bytecode reader -------------------------------===//
//
// Part of TileIR. Reads Tile IR bytecode (13.1 to 13.5) into a
// `cuda_tile.module @kernels`. Every read is bounds-checked; a malformed
// file gets one error naming the byte offset, never a crash, and no count
// read from the file allocates more than the file could hold.
//
//===----------------------------------------------------------------------===//

#include "Format.h"

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::cuda_tile;

namespace tileir::bytecode {
namespace {

class Reader;

/// A bounds-checked view of bytes of the file. Errors are sticky: after the
/// first one every read returns 0 and the reader reports that first error.
class Cursor {
public:
  Cursor(Reader &reader, StringRef bytes, size_t fileOffset)
      : reader(reader), bytes(bytes), base(fileOffset) {}

  bool ok() const;
  bool atEnd() const { return pos >= bytes.size(); }
  size_t remaining() const { return bytes.size() - pos; }
  size_t offset() const { return base + pos; }

  bool fail(const Twine &message);

  uint8_t byte() {
    if (!ok())
      return 0;
    if (atEnd())
      return fail("unexpected end of data"), 0;
    return static_cast<uint8_t>(bytes[pos++]);
  }

  uint64_t varint() {
    uint64_t value = 0;
    for (unsigned shift = 0; ok(); shift += 7) {
      if (shift >= 64)
        return fail("varint longer than 64 bits"), 0;
      uint8_t b = byte();
      if (shift == 63 && (b & 0x7e))
        return fail("varint overflows 64 bits"), 0;
      value |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80))
        return value;
    }
    return 0;
  }

  int64_t signedVarint() {
    uint64_t v = varint();
    return static_cast<int64_t>((v >> 1) ^ (~(v & 1) + 1));
  }

  uint64_t fixed(unsigned width) {
    if (!ok())
      return 0;
    if (remaining() < width)
      return fail("unexpected end of data"), 0;
    uint64_t value = 0;
    for (unsigned i = 0; i < width; ++i)
      value |= static_cast<uint64_t>(static_cast<uint8_t>(bytes[pos + i]))
               << (8 * i);
    pos += width;
    return value;
  }

  StringRef take(size_t n) {
    if (!ok())
      return {};
    if (remaining() < n)
      return fail("unexpected end of data"), StringRef();
    StringRef out = bytes.substr(pos, n);
    pos += n;
    return out;
  }

  /// A count of items of at least `minBytes` bytes each that follow.
  uint64_t count(unsigned minBytes = 1) {
    uint64_t n = varint();
    if (ok() && minBytes && n > remaining() / minBytes)
      return fail(llvm::formatv("count {0} exceeds the remaining {1} bytes", n,
                                remaining())),
             0;
    return n;
  }

  /// Skips padding to a multiple of `alignment` of the section offset.
  void align(unsigned alignment) {
    while (ok() && (pos % alignment) != 0) {
      if (atEnd())
        return (void)fail("unexpected end of data in padding");
      ++pos;
    }
  }

  /// A list of `width`-byte signed little-endian integers with a count.
  SmallVector<int64_t> intList(unsigned width) {
    SmallVector<int64_t> out;
    uint64_t n = count(width);
    for (uint64_t i = 0; i < n && ok(); ++i) {
      uint64_t raw = fixed(width);
      out.push_back(width == 8 ? static_cast<int64_t>(raw)
                               : llvm::SignExtend64(raw, 8 * width));
    }
    return out;
  }

private:
  Reader &reader;
  StringRef bytes;
  size_t base;
  size_t pos = 0;
};

/// A table section: a count, aligned offsets, then the entries.
struct TableData {
  SmallVector<uint64_t> offsets;
  StringRef data;
  size_t dataOffset = 0;

  size_t size() const { return offsets.size(); }
  StringRef entry(size_t i) const {
    uint64_t end = i + 1 < offsets.size() ? offsets[i + 1] : data.size();
    return data.slice(offsets[i], end);
  }
};

class Reader {
public:
  Reader(MLIRContext *ctx, llvm::MemoryBufferRef buffer)
      : ctx(ctx), file(buffer.getBuffer()), name(buffer.getBufferIdentifier()),
        builder(ctx) {}

  OwningOpRef<mlir::ModuleOp> read();

  bool ok() const { return !hadError; }
  bool error(size_t offset, const Twine &message) {
    if (hadError)
      return false;
    hadError = true;
    emitError(FileLineColLoc::get(ctx, name, 0, 0))
        << "invalid Tile IR bytecode at byte " << offset << ": " << message;
    return false;
  }

private:
  bool readHeader(Cursor &c);
  bool readSections(Cursor &c);
  bool readTable(Section id, unsigned indexWidth, TableData &table);
  bool readStrings();
  bool readDebugSection();
  StringRef string(Cursor &c);
  StringRef stringAt(uint64_t id, Cursor &c);
  Type type(Cursor &c) { return typeAt(c.varint(), c); }
  Type typeAt(uint64_t id, Cursor &c);
  Type parseType(uint64_t id);
  Attribute taggedAttr(Cursor &c, unsigned depth = 0);
  DenseElementsAttr constant(uint64_t id, Type type, Cursor &c);
  Attribute debugAttr(uint64_t id, Cursor &c);
  LocationAttr debugLoc(uint64_t id, Cursor &c);
  Location opLocation(Cursor &c);
  bool readGlobals(Block &body);
  bool readFunctions(Block &body);
  bool readOps(Cursor &c, Block &block, uint64_t numOps, bool untilEnd,
               unsigned depth);
  bool readOp(Cursor &c, Block &block, unsigned depth);
  Value value(Cursor &c);

  MLIRContext *ctx;
  StringRef file;
  StringRef name;
  OpBuilder builder;
  bool hadError = false;
  Version version;

  struct SectionData {
    StringRef bytes;
    size_t offset = 0;
    bool present = false;
  };
  SectionData sections[8];
  TableData strings, types, constants, debugTable;
  std::vector<Type> typeCache;
  std::vector<uint8_t> typeState; // 0 new, 1 in progress, 2 done
  std::vector<Attribute> debugCache;
  std::vector<uint8_t> debugState;
  /// Per function: the debug-attribute index of the function, then of each
  /// of its ops in pre-order.
  std::vector<SmallVector<uint64_t>> functionDebug;
  const SmallVector<uint64_t> *currentDebug = nullptr;
  size_t nextOpIndex = 0;
  std::vector<Value> values;
};

bool Cursor::ok() const { return reader.ok(); }
bool Cursor::fail(const Twine &message) {
  return reader.error(offset(), message);
}

bool Reader::readHeader(Cursor &c) {
  StringRef magic = c.take(sizeof(kMagic));
  if (!c.ok() || magic != StringRef(kMagic, sizeof(kMagic)))
    return error(0, "not Tile IR bytecode (bad magic)");
  version.major = c.byte();
  version.minor = c.byte();
  // Bit 0 of the tag marks preview features (as cuTile writes them).
  version.tag = c.fixed(2) & ~1u;
  if (!c.ok())
    return false;
  Version base{version.major, version.minor, 0};
  if (!llvm::is_contained(supportedVersions(), base)) {
    std::string list;
    for (Version v : supportedVersions())
      list += (list.empty() ? "" : ", ") + v.str();
    return error(8, "unsupported bytecode version " + version.str() +
                        " (supported: " + list + ")");
  }
  version = base;
  return true;
}

bool Reader::readSections(Cursor &c) {
  while (c.ok()) {
    size_t idOffset = c.offset();
    uint8_t idByte = c.byte();
    if (!c.ok())
      return false;
    auto id = static_cast<Section>(idByte & 0x7f);
    if (id == Section::End)
      break;
    if ((idByte & 0x7f) > static_cast<uint8_t>(Section::Producer))
      return error(idOffset, llvm::formatv("unknown section id {0}",
                                           unsigned(idByte & 0x7f)));
    uint64_t length = c.varint();
    if (idByte & 0x80) {
      uint64_t alignment = c.varint();
      if (c.ok() &&
          (alignment == 0 || alignment > 4096 || (alignment & (alignment - 1))))
        return error(idOffset, "bad section alignment");
      while (c.ok() && c.offset() % alignment) {
        if (c.byte() != 0xCB && c.ok())
          return error(c.offset() - 1, "bad section padding byte");
      }
    }
    if (!c.ok())
      return false;
    if (length > c.remaining())
      return error(idOffset, "section length exceeds the file");
    SectionData &s = sections[static_cast<unsigned>(id)];
    if (s.present)
      return error(idOffset, "duplicate section");
    s.present = true;
    s.offset = c.offset();
    s.bytes = c.take(length);
  }
  if (!c.ok())
    return false;
  if (!c.atEnd())
    return error(c.offset(), "data after the end of the bytecode");
  for (Section required : {Section::String, Section::Func})
    if (!sections[static_cast<unsigned>(required)].present)
      return error(file.size(), "missing required section");
  return true;
}

bool Reader::readTable(Section id, unsigned indexWidth, TableData &table) {
  SectionData &s = sections[static_cast<unsigned>(id)];
  if (!s.present)
    return true;
  Cursor c(*this, s.bytes, s.offset);
  uint64_t n = c.count(indexWidth);
  c.align(indexWidth);
  for (uint64_t i = 0; i < n && c.ok(); ++i)
    table.offsets.push_back(c.fixed(indexWidth));
  if (!c.ok())
    return false;
  table.dataOffset = c.offset();
  table.data = c.take(c.remaining());
  for (size_t i = 0; i < table.offsets.size(); ++i) {
    uint64_t end =
        i + 1 < table.offsets.size() ? table.offsets[i + 1] : table.data.size();
    if (table.offsets[i] > end || end > table.data.size())
      return error(s.offset, "table offsets out of order or out of range");
  }
  return true;
}

StringRef Reader::stringAt(uint64_t id, Cursor &c) {
  if (!c.ok())
    return {};
  if (id >= strings.size())
    return c.fail(llvm::formatv("string index {0} out of range", id)),
           StringRef();
  return strings.entry(id);
}

StringRef Reader::string(Cursor &c) { return stringAt(c.varint(), c); }

Type Reader::typeAt(uint64_t id, Cursor &c) {
  if (!c.ok())
    return {};
  if (id >= types.size())
    return c.fail(llvm::formatv("type index {0} out of range", id)), Type();
  if (typeState[id] == 2)
    return typeCache[id];
  if (typeState[id] == 1)
    return c.fail(llvm::formatv("type {0} refers to itself", id)), Type();
  typeState[id] = 1;
  Type t = parseType(id);
  typeState[id] = 2;
  typeCache[id] = t;
  if (!t && ok())
    c.fail(llvm::formatv("invalid type {0}", id));
  return t;
}

Type Reader::parseType(uint64_t id) {
  Cursor c(*this, types.entry(id), types.dataOffset + types.offsets[id]);
  auto emitter = [&]() { return emitError(UnknownLoc::get(ctx)); };
  uint64_t tag = c.varint();
  auto need = [&](Version v, StringRef what) {
    if (version < v)
      return c.fail(what + " requires bytecode " + v.str() + ", file is " +
                    version.str());
    return true;
  };
  auto padding = [&](bool present) -> PaddingValueAttr {
    if (!present)
      return {};
    uint8_t v = c.byte();
    Attribute a = enumAttr(ctx, EnumKind::PaddingValue, v);
    if (!a && c.ok())
      c.fail(llvm::formatv("bad padding value {0}", v));
    return dyn_cast_or_null<PaddingValueAttr>(a);
  };
  SmallVector<SmallVector<int32_t>> keep;
  auto int32s = [&](ArrayRef<int64_t> v) -> ArrayRef<int32_t> {
    keep.emplace_back(v.begin(), v.end());
    return keep.back();
  };
  auto tensorView = [&]() -> TensorViewType {
    Type t = type(c);
    auto tv = dyn_cast_or_null<TensorViewType>(t);
    if (!tv && c.ok())
      c.fail("expected a tensor_view type");
    return tv;
  };
  // 13.4 added an optional pointer attribute to pointers and tensor views.
  auto ptrAttr = [&](uint64_t flags) {
    if (flags & 1)
      c.fail("pointer attributes (bytecode 13.4) are not supported");
  };
  switch (static_cast<TypeTag>(tag)) {
  case TypeTag::I1:
    return IntegerType::get(ctx, 1);
  case TypeTag::I8:
    return IntegerType::get(ctx, 8);
  case TypeTag::I16:
    return IntegerType::get(ctx, 16);
  case TypeTag::I32:
    return IntegerType::get(ctx, 32);
  case TypeTag::I64:
    return IntegerType::get(ctx, 64);
  case TypeTag::F16:
    return Float16Type::get(ctx);
  case TypeTag::BF16:
    return BFloat16Type::get(ctx);
  case TypeTag::F32:
    return Float32Type::get(ctx);
  case TypeTag::TF32:
    return FloatTF32Type::get(ctx);
  case TypeTag::F64:
    return Float64Type::get(ctx);
  case TypeTag::F8E4M3FN:
    return Float8E4M3FNType::get(ctx);
  case TypeTag::F8E5M2:
    return Float8E5M2Type::get(ctx);
  case TypeTag::F8E8M0FNU:
    need({13, 2, 0}, "f8E8M0FNU");
    return c.ok() ? Float8E8M0FNUType::get(ctx) : Type();
  case TypeTag::F4E2M1FN:
    need({13, 3, 0}, "f4E2M1FN");
    return c.ok() ? Float4E2M1FNType::get(ctx) : Type();
  case TypeTag::I4:
    need({13, 3, 0}, "i4");
    return c.ok() ? IntegerType::get(ctx, 4) : Type();
  case TypeTag::Token:
    return TokenType::get(ctx);
  case TypeTag::Pointer: {
    if (version >= Version{13, 4, 0})
      ptrAttr(c.varint());
    Type pointee = type(c);
    if (!c.ok())
      return {};
    if (!pointee.isIntOrFloat())
      return c.fail("pointer to a non-number type"), Type();
    return PointerType::get(pointee);
  }
  case TypeTag::Tile: {
    Type element = type(c);
    SmallVector<int64_t> shape = c.intList(8);
    if (!c.ok())
      return {};
    return TileType::getChecked(emitter, ctx, ArrayRef<int64_t>(shape),
                                element);
  }
  case TypeTag::TensorView: {
    uint64_t flags = version >= Version{13, 4, 0} ? c.varint() : 0;
    Type element = type(c);
    SmallVector<int64_t> shape = c.intList(8);
    SmallVector<int64_t> strides = c.intList(8);
    ptrAttr(flags);
    if (!c.ok())
      return {};
    return TensorViewType::getChecked(emitter, ctx, ArrayRef<int64_t>(shape),
                                      element, ArrayRef<int64_t>(strides));
  }
  case TypeTag::PartitionView: {
    bool unified = version >= Version{13, 3, 0};
    uint64_t flags = unified ? c.varint() : 0;
    SmallVector<int64_t> tile = c.intList(4);
    TensorViewType tv = tensorView();
    SmallVector<int64_t> dimMap = c.intList(4);
    if (!unified)
      flags = c.varint();
    PaddingValueAttr pad = padding(flags & 1);
    if (!c.ok())
      return {};
    return PartitionViewType::getChecked(emitter, ctx, int32s(tile), tv,
                                         int32s(dimMap), pad);
  }
  case TypeTag::StridedView: {
    need({13, 3, 0}, "strided_view");
    uint64_t flags = c.varint();
    SmallVector<int64_t> tile = c.intList(4);
    SmallVector<int64_t> strides = c.intList(4);
    TensorViewType tv = tensorView();
    SmallVector<int64_t> dimMap = c.intList(4);
    PaddingValueAttr pad = padding(flags & 1);
    if (!c.ok())
      return {};
    return StridedViewType::getChecked(
        emitter, ctx, int32s(tile), int32s(strides), tv, int32s(dimMap), pad);
  }
  case TypeTag::GatherScatterView: {
    need({13, 3, 0}, "gather_scatter_view");
    uint64_t flags = c.varint();
    SmallVector<int64_t> tile = c.intList(4);
    TensorViewType tv = tensorView();
    uint64_t sparseDim = c.varint();
    PaddingValueAttr pad = padding(flags & 1);
    if (!c.ok())
      return {};
    if (sparseDim > UINT32_MAX)
      return c.fail("sparse dimension out of range"), Type();
    return GatherScatterViewType::getChecked(
        emitter, ctx, int32s(tile), tv, static_cast<uint32_t>(sparseDim), pad);
  }
  case TypeTag::Function: {
    SmallVector<Type> inputs, outputs;
    uint64_t n = c.count();
    for (uint64_t i = 0; i < n && c.ok(); ++i)
      inputs.push_back(type(c));
    n = c.count();
    for (uint64_t i = 0; i < n && c.ok(); ++i)
      outputs.push_back(type(c));
    if (!c.ok())
      return {};
    return FunctionType::get(ctx, inputs, outputs);
  }
  case TypeTag::F8E5M3FNU:
    return c.fail("type f8E5M3FNU (bytecode 13.4) is not supported"), Type();
  }
  return c.fail(llvm::formatv("unknown type tag {0}", tag)), Type();
}

DenseElementsAttr Reader::constant(uint64_t id, Type type, Cursor &c) {
  if (!c.ok())
    return {};
  if (id >= constants.size())
    return c.fail(llvm::formatv("constant index {0} out of range", id)),
           DenseElementsAttr();
  Cursor entry(*this, constants.entry(id),
               constants.dataOffset + constants.offsets[id]);
  uint64_t length = entry.count(1);
  StringRef data = entry.take(length);
  if (!entry.ok())
    return {};
  auto tile = dyn_cast_or_null<TileType>(type);
  if (!tile || !tile.getElementType().isIntOrFloat())
    return c.fail("a constant needs a tile of numbers"), DenseElementsAttr();
  auto shaped = RankedTensorType::get(tile.getShape(), tile.getElementType());
  bool splat = false;
  ArrayRef<char> raw(data.data(), data.size());
  if (!DenseElementsAttr::isValidRawBuffer(shaped, raw, splat))
    return c.fail(llvm::formatv("constant {0} has {1} bytes, not the data of "
                                "{2}",
                                id, data.size(), type)),
           DenseElementsAttr();
  return DenseElementsAttr::getFromRawBuffer(shaped, raw);
}

Attribute Reader::taggedAttr(Cursor &c, unsigned depth) {
  if (depth > 64)
    return c.fail("attributes nested too deeply"), Attribute();
  size_t at = c.offset();
  uint8_t tag = c.byte();
  if (!c.ok())
    return {};
  switch (static_cast<AttrTag>(tag)) {
  case AttrTag::Integer: {
    Type t = type(c);
    uint64_t v = c.varint();
    if (!c.ok())
      return {};
    auto it = dyn_cast<IntegerType>(t);
    if (!it)
      return c.fail("integer attribute of a non-integer type"), Attribute();
    return IntegerAttr::get(it, APInt(it.getWidth(), v, /*isSigned=*/false,
                                      /*implicitTrunc=*/true));
  }
  case AttrTag::Float: {
    Type t = type(c);
    if (!c.ok())
      return {};
    auto ft = dyn_cast<FloatType>(t);
    if (!ft)
      return c.fail("float attribute of a non-float type"), Attribute();
    unsigned width = ft.getWidth();
    uint64_t bits = width <= 8 ? c.byte() : c.varint() >> 1;
    if (!c.ok())
      return {};
    if (width < 64 && (bits >> width))
      return c.fail("float bits wider than the type"), Attribute();
    return FloatAttr::get(ft,
                          APFloat(ft.getFloatSemantics(), APInt(width, bits)));
  }
  case AttrTag::Bool:
    return BoolAttr::get(ctx, c.byte() != 0);
  case AttrTag::Type: {
    Type t = type(c);
    return c.ok() ? TypeAttr::get(t) : Attribute();
  }
  case AttrTag::String: {
    StringRef s = string(c);
    return c.ok() ? StringAttr::get(ctx, s) : Attribute();
  }
  case AttrTag::Array: {
    SmallVector<Attribute> items;
    uint64_t n = c.count();
    for (uint64_t i = 0; i < n && c.ok(); ++i)
      items.push_back(taggedAttr(c, depth + 1));
    return c.ok() ? ArrayAttr::get(ctx, items) : Attribute();
  }
  case AttrTag::DenseElements: {
    Type t = type(c);
    uint64_t id = c.varint();
    return constant(id, t, c);
  }
  case AttrTag::DivBy: {
    uint64_t divisor = c.varint();
    uint8_t flags = c.byte();
    std::optional<int64_t> every, along;
    if (flags & 1)
      every = c.signedVarint();
    if (flags & 2)
      along = c.signedVarint();
    if (!c.ok())
      return {};
    return DivByAttr::get(ctx, divisor, every, along);
  }
  case AttrTag::SameElements: {
    SmallVector<int64_t> values = c.intList(8);
    return c.ok() ? SameElementsAttr::get(ctx, values) : Attribute();
  }
  case AttrTag::Dictionary:
  case AttrTag::OptimizationHints: {
    SmallVector<NamedAttribute> items;
    uint64_t n = c.count(2);
    for (uint64_t i = 0; i < n && c.ok(); ++i) {
      StringRef key = string(c);
      Attribute v = taggedAttr(c, depth + 1);
      if (c.ok())
        items.emplace_back(StringAttr::get(ctx, key), v);
    }
    if (!c.ok())
      return {};
    auto dict = DictionaryAttr::get(ctx, items);
    if (static_cast<AttrTag>(tag) == AttrTag::Dictionary)
      return dict;
    auto hints = OptimizationHintsAttr::getChecked(
        [&]() { return emitError(UnknownLoc::get(ctx)); }, ctx, dict);
    if (!hints)
      c.fail("invalid optimization hints");
    return hints;
  }
  case AttrTag::Bounded: {
    uint8_t flags = c.byte();
    std::optional<int64_t> lb, ub;
    if (flags & 1)
      lb = c.signedVarint();
    if (flags & 2)
      ub = c.signedVarint();
    return c.ok() ? BoundedAttr::get(ctx, lb, ub) : Attribute();
  }
  }
  return c.fail(llvm::formatv("unknown attribute tag {0} at byte {1}",
                              unsigned(tag), at)),
         Attribute();
}

Attribute Reader::debugAttr(uint64_t id, Cursor &c) {
  if (!c.ok())
    return {};
  // Debug attribute indices start at 1; 0 means none.
  if (id == 0 || id > debugTable.size())
    return c.fail(llvm::formatv("debug attribute {0} out of range", id)),
           Attribute();
  size_t i = id - 1;
  if (debugState[i] == 2)
    return debugCache[i];
  if (debugState[i] == 1)
    return c.fail(llvm::formatv("debug attribute {0} refers to itself", id)),
           Attribute();
  debugState[i] = 1;
  Cursor e(*this, debugTable.entry(i),
           debugTable.dataOffset + debugTable.offsets[i]);
  auto emitter = [&]() { return emitError(UnknownLoc::get(ctx)); };
  Attribute result;
  uint8_t tag = e.byte();
  if (e.ok() && (tag < static_cast<uint8_t>(DebugTag::CompileUnit) ||
                 tag > static_cast<uint8_t>(DebugTag::CallSite)))
    e.fail(llvm::formatv("unknown debug tag {0}", unsigned(tag)));
  auto fileAttr = [&]() {
    auto f = dyn_cast_or_null<DIFileAttr>(debugAttr(e.varint(), e));
    if (!f && e.ok())
      e.fail("expected a debug file");
    return f;
  };
  auto optional = [](uint64_t v) {
    return v ? std::optional<unsigned>(static_cast<unsigned>(v)) : std::nullopt;
  };
  switch (e.ok() ? static_cast<DebugTag>(tag) : DebugTag::File) {
  case DebugTag::File: {
    StringRef fileName = string(e);
    StringRef dir = string(e);
    if (e.ok())
      result = DIFileAttr::get(ctx, StringAttr::get(ctx, fileName),
                               StringAttr::get(ctx, dir));
    break;
  }
  case DebugTag::CompileUnit: {
    DIFileAttr f = fileAttr();
    if (e.ok())
      result = DICompileUnitAttr::get(ctx, f);
    break;
  }
  case DebugTag::Subprogram: {
    DIFileAttr f = fileAttr();
    uint64_t line = e.varint();
    StringRef spName = string(e);
    StringRef linkage = string(e);
    auto cu = dyn_cast_or_null<DICompileUnitAttr>(debugAttr(e.varint(), e));
    uint64_t scopeLine = e.varint();
    if (version >= Version{13, 5, 0})
      (void)e.varint(); // subprogram flags, none defined
    if (e.ok() && !cu)
      e.fail("expected a compile unit");
    if (e.ok())
      result = DISubprogramAttr::get(ctx, f, line, StringAttr::get(ctx, spName),
                                     StringAttr::get(ctx, linkage), cu,
                                     optional(scopeLine));
    break;
  }
  case DebugTag::LexicalBlock: {
    Attribute scope = debugAttr(e.varint(), e);
    DIFileAttr f = fileAttr();
    uint64_t line = e.varint();
    uint64_t column = e.varint();
    if (e.ok())
      result = DILexicalBlockAttr::getChecked(emitter, ctx, scope, f,
                                              static_cast<unsigned>(line),
                                              optional(column));
    break;
  }
  case DebugTag::Loc: {
    Attribute scope = debugAttr(e.varint(), e);
    StringRef fileName = string(e);
    uint64_t line = e.varint();
    uint64_t column = e.varint();
    if (e.ok())
      result = DILocAttr::getChecked(
          emitter, ctx,
          LocationAttr(FileLineColLoc::get(ctx, fileName, line, column)),
          scope);
    break;
  }
  case DebugTag::CallSite: {
    LocationAttr callee = debugLoc(e.varint(), e);
    LocationAttr caller = debugLoc(e.varint(), e);
    if (e.ok())
      result = CallSiteLoc::get(Location(callee), Location(caller));
    break;
  }
  }
  if (!result && e.ok())
    e.fail(llvm::formatv("invalid debug attribute {0}", id));
  debugState[i] = 2;
  debugCache[i] = result;
  return result;
}

LocationAttr Reader::debugLoc(uint64_t id, Cursor &c) {
  if (id == 0)
    return UnknownLoc::get(ctx);
  Attribute a = debugAttr(id, c);
  auto loc = dyn_cast_or_null<LocationAttr>(a);
  if (a && !loc)
    c.fail(llvm::formatv("debug attribute {0} is not a location", id));
  return loc ? loc : LocationAttr(UnknownLoc::get(ctx));
}

Location Reader::opLocation(Cursor &c) {
  size_t index = nextOpIndex++;
  if (!currentDebug || index >= currentDebug->size())
    return UnknownLoc::get(ctx);
  return debugLoc((*currentDebug)[index], c);
}

bool Reader::readDebugSection() {
  SectionData &s = sections[static_cast<unsigned>(Section::Debug)];
  if (!s.present)
    return true;
  Cursor c(*this, s.bytes, s.offset);
  uint64_t numFunctions = c.count(4);
  c.align(4);
  SmallVector<uint64_t> starts;
  for (uint64_t i = 0; i < numFunctions && c.ok(); ++i)
    starts.push_back(c.fixed(4));
  uint64_t total = c.varint();
  c.align(8);
  if (c.ok() && total > c.remaining() / 8)
    return c.fail("debug index count exceeds the section");
  SmallVector<uint64_t> ids;
  for (uint64_t i = 0; i < total && c.ok(); ++i)
    ids.push_back(c.fixed(8));
  if (!c.ok())
    return false;
  for (size_t f = 0; f < starts.size(); ++f) {
    uint64_t end = f + 1 < starts.size() ? starts[f + 1] : total;
    if (starts[f] > end || end > total)
      return c.fail("debug function offsets out of range");
    functionDebug.emplace_back(ids.begin() + starts[f], ids.begin() + end);
  }
  // The attribute table follows.
  uint64_t n = c.count(4);
  c.align(4);
  for (uint64_t i = 0; i < n && c.ok(); ++i)
    debugTable.offsets.push_back(c.fixed(4));
  if (!c.ok())
    return false;
  debugTable.dataOffset = c.offset();
  debugTable.data = c.take(c.remaining());
  for (size_t i = 0; i < debugTable.offsets.size(); ++i) {
    uint64_t end = i + 1 < debugTable.offsets.size() ? debugTable.offsets[i + 1]
                                                     : debugTable.data.size();
    if (debugTable.offsets[i] > end || end > debugTable.data.size())
      return c.fail("debug table offsets out of order or out of range");
  }
  debugCache.assign(debugTable.size(), {});
  debugState.assign(debugTable.size(), 0);
  return true;
}

Value Reader::value(Cursor &c) {
  uint64_t id = c.varint();
  if (!c.ok())
    return {};
  if (id >= values.size())
    return c.fail(llvm::formatv("value index {0} out of range ({1} defined)",
                                id, values.size())),
           Value();
  return values[id];
}

bool Reader::readOps(Cursor &c, Block &block, uint64_t numOps, bool untilEnd,
                     unsigned depth) {
  for (uint64_t i = 0; c.ok() && (untilEnd ? !c.atEnd() : i < numOps); ++i)
    if (!readOp(c, block, depth))
      return false;
  return c.ok();
}

bool Reader::readOp(Cursor &c, Block &block, unsigned depth) {
  if (depth > 256)
    return c.fail("regions nested too deeply");
  size_t opOffset = c.offset();
  uint64_t opcode = c.varint();
  if (!c.ok())
    return false;
  const OpSpec *spec = lookupOpcode(opcode);
  if (!spec) {
    if (auto u = unsupportedOpcode(opcode))
      return error(opOffset, llvm::formatv("op '{0}' (bytecode {1}) is not "
                                           "supported by TileIR",
                                           u->first, u->second.str()));
    if (opcode == 0x16 || opcode == 0x31 || opcode == 0x4B)
      return error(opOffset, "entry, global and module ops may not appear "
                             "inside a function");
    return error(opOffset, llvm::formatv("unknown opcode {0:x}", opcode));
  }
  if (version < spec->since)
    return error(opOffset,
                 llvm::formatv("op '{0}' requires bytecode {1}, "
                               "the file is {2}",
                               spec->name, spec->since.str(), version.str()));
  Location loc = opLocation(c);
  if (isExpandedOp(*spec)) {
    // Results, then the operands: the layout every such row has.
    SmallVector<Type> types;
    for (unsigned i = 0; i < spec->numResults; ++i)
      types.push_back(type(c));
    SmallVector<Value> operands;
    for (size_t i = 0; i < spec->operands.size(); ++i)
      operands.push_back(value(c));
    if (!c.ok())
      return false;
    builder.setInsertionPointToEnd(&block);
    FailureOr<SmallVector<Value>> results =
        expandedOp(*spec, builder, loc, types, operands);
    if (failed(results)) {
      hadError = true;
      return false;
    }
    llvm::append_range(values, *results);
    return true;
  }
  OperationState state(loc, "cuda_tile." + spec->name);
  std::optional<RegisteredOperationName> opName =
      state.name.getRegisteredInfo();
  if (!opName)
    return error(opOffset, "cuda_tile dialect not loaded");

  // Result types.
  unsigned storedResults;
  if (spec->results == ResultKind::Fixed) {
    for (unsigned i = 0; i < spec->numResults; ++i)
      state.types.push_back(type(c));
    storedResults = spec->numResults;
  } else {
    uint64_t n = c.count();
    for (uint64_t i = 0; i < n && c.ok(); ++i)
      state.types.push_back(type(c));
    storedResults = n;
  }
  if (spec->tokenResultSince && version < *spec->tokenResultSince)
    state.types.push_back(TokenType::get(ctx));
  if (!c.ok())
    return false;

  // Flags.
  uint64_t flags = 0;
  if (spec->hasFlags(version)) {
    flags = c.varint();
    uint64_t known = 0;
    for (auto [bit, f] : llvm::enumerate(spec->flags))
      if (version >= f.since)
        known |= uint64_t(1) << bit;
    if (c.ok() && (flags & ~known))
      return c.fail(llvm::formatv("op '{0}' has unknown flag bits {1:x}",
                                  spec->name, flags & ~known));
  }
  auto flagSet = [&](StringRef name) {
    int bit = spec->flagBit(name);
    return bit >= 0 && (flags >> bit) & 1;
  };
  auto isAttr = [&](StringRef name) {
    return llvm::any_of(spec->attrs,
                        [&](const AttrSpec &a) { return a.name == name; });
  };
  auto isOperand = [&](StringRef name) {
    return llvm::any_of(spec->operands,
                        [&](const OperandSpec &o) { return o.name == name; });
  };
  for (auto [bit, f] : llvm::enumerate(spec->flags)) {
    if (!((flags >> bit) & 1) || isAttr(f.name) || isOperand(f.name))
      continue;
    if (!llvm::is_contained(opName->getAttributeNames(),
                            StringAttr::get(ctx, f.name)))
      return error(opOffset, llvm::formatv("'{0}' {1} is not supported by "
                                           "TileIR",
                                           spec->name, f.name));
    state.addAttribute(f.name, UnitAttr::get(ctx));
  }

  // Attributes.
  for (const AttrSpec &a : spec->attrs) {
    if (a.oursOnly)
      continue;
    if (version < a.since) {
      if (a.implied && a.kind == AttrKind::Enum)
        state.addAttribute(a.name, enumAttr(ctx, a.enumKind, *a.implied));
      continue;
    }
    if (a.optional && !flagSet(a.name))
      continue;
    size_t at = c.offset();
    Attribute attr;
    switch (a.kind) {
    case AttrKind::Enum: {
      uint8_t v = c.byte();
      attr = enumAttr(ctx, a.enumKind, v);
      if (!attr && c.ok())
        return error(
            at, llvm::formatv("bad value {0} of '{1}'", unsigned(v), a.name));
      Version valueSince = enumValueSince(a.enumKind, v);
      if (attr && version < valueSince)
        return error(at, llvm::formatv("value {0} of '{1}' requires bytecode "
                                       "{2}, file is {3}",
                                       unsigned(v), a.name, valueSince.str(),
                                       version.str()));
      break;
    }
    case AttrKind::I32:
    case AttrKind::I64: {
      uint64_t v = c.varint();
      unsigned width = a.kind == AttrKind::I32 ? 32 : 64;
      if (width == 32 && v > UINT32_MAX && c.ok())
        return error(at, "value does not fit 32 bits");
      attr = IntegerAttr::get(IntegerType::get(ctx, width), v);
      break;
    }
    case AttrKind::Bool:
      attr = BoolAttr::get(ctx, c.byte() != 0);
      break;
    case AttrKind::String:
      attr = StringAttr::get(ctx, string(c));
      break;
    case AttrKind::Symbol:
      attr = FlatSymbolRefAttr::get(ctx, string(c));
      break;
    case AttrKind::Type: {
      Type t = type(c);
      if (t)
        attr = TypeAttr::get(t);
      break;
    }
    case AttrKind::Dense:
      attr = constant(c.varint(),
                      state.types.empty() ? Type() : state.types.front(), c);
      break;
    case AttrKind::I32Array: {
      SmallVector<int64_t> v = c.intList(4);
      attr =
          DenseI32ArrayAttr::get(ctx, SmallVector<int32_t>(v.begin(), v.end()));
      break;
    }
    case AttrKind::Tagged:
      attr = taggedAttr(c);
      break;
    case AttrKind::Array: {
      SmallVector<Attribute> items;
      uint64_t n = c.count();
      for (uint64_t i = 0; i < n && c.ok(); ++i)
        items.push_back(taggedAttr(c));
      attr = ArrayAttr::get(ctx, items);
      break;
    }
    case AttrKind::Hints: {
      SmallVector<NamedAttribute> items;
      uint64_t n = c.count(2);
      for (uint64_t i = 0; i < n && c.ok(); ++i) {
        StringRef key = string(c);
        Attribute v = taggedAttr(c);
        if (c.ok())
          items.emplace_back(StringAttr::get(ctx, key), v);
      }
      if (!c.ok())
        break;
      attr = OptimizationHintsAttr::getChecked(
          [&]() { return emitError(UnknownLoc::get(ctx)); }, ctx,
          DictionaryAttr::get(ctx, items));
      if (!attr)
        c.fail("invalid optimization hints");
      break;
    }
    case AttrKind::InBounds:
      // "Known in bounds" per index dimension: a hint TileIR does not need
      // (its accesses are bounds-checked either way), so it is dropped.
      (void)c.intList(1);
      continue;
    }
    if (!c.ok())
      return false;
    state.addAttribute(a.name, attr);
  }

  // Operands.
  uint64_t total = 0;
  if (spec->operandCount)
    total = c.count();
  SmallVector<int32_t> segments;
  uint64_t fixedCount = 0;
  for (const OperandSpec &o : spec->operands)
    if (o.kind == OperandKind::One)
      ++fixedCount;
  for (const OperandSpec &o : spec->operands) {
    uint64_t n = 1;
    if (o.kind == OperandKind::Optional)
      n = flagSet(o.name) ? 1 : 0;
    else if (o.kind == OperandKind::Sized)
      n = c.count();
    else if (o.kind == OperandKind::Rest) {
      if (total < fixedCount)
        return c.fail(llvm::formatv("op '{0}' has {1} operands, needs at "
                                    "least {2}",
                                    spec->name, total, fixedCount));
      n = total - fixedCount;
    }
    for (uint64_t i = 0; i < n && c.ok(); ++i)
      state.operands.push_back(value(c));
    segments.push_back(static_cast<int32_t>(n));
  }
  if (!c.ok())
    return false;
  if (opName->hasTrait<OpTrait::AttrSizedOperandSegments>())
    state.addAttribute("operandSegmentSizes",
                       DenseI32ArrayAttr::get(ctx, segments));

  // Regions: values defined inside are not visible after them.
  if (spec->regions) {
    uint64_t numRegions = c.varint();
    if (c.ok() && numRegions != spec->regions)
      return c.fail(llvm::formatv("op '{0}' has {1} regions, expected {2}",
                                  spec->name, numRegions, spec->regions));
    for (uint64_t r = 0; r < numRegions && c.ok(); ++r) {
      Region *region = state.addRegion();
      uint64_t numBlocks = c.varint();
      if (c.ok() && numBlocks > 1)
        return c.fail("regions hold at most one block");
      if (!numBlocks)
        continue;
      Block *body = new Block();
      region->push_back(body);
      size_t scope = values.size();
      uint64_t numArgs = c.count();
      for (uint64_t i = 0; i < numArgs && c.ok(); ++i) {
        Type t = type(c);
        if (t)
          values.push_back(body->addArgument(t, loc));
      }
      uint64_t numOps = c.count();
      readOps(c, *body, numOps, /*untilEnd=*/false, depth + 1);
      values.resize(scope);
    }
    if (!c.ok())
      return false;
  }

  Operation *op = Operation::create(state);
  block.push_back(op);
  for (unsigned i = 0; i < storedResults; ++i)
    values.push_back(op->getResult(i));
  return true;
}

bool Reader::readGlobals(Block &body) {
  SectionData &s = sections[static_cast<unsigned>(Section::Global)];
  if (!s.present)
    return true;
  Cursor c(*this, s.bytes, s.offset);
  uint64_t n = c.count(4);
  for (uint64_t i = 0; i < n && c.ok(); ++i) {
    StringRef symName = string(c);
    Type t = type(c);
    uint64_t constId = c.varint();
    uint64_t alignment = c.varint();
    uint64_t visibility = 0;
    bool isConstant = false;
    if (version >= Version{13, 3, 0}) {
      visibility = c.byte();
      isConstant = c.varint() != 0;
    }
    DenseElementsAttr value = constant(constId, t, c);
    Attribute vis = enumAttr(ctx, EnumKind::SymbolVisibility, visibility);
    if (!c.ok())
      return false;
    if (!vis)
      return c.fail("bad global visibility");
    OperationState state(UnknownLoc::get(ctx), "cuda_tile.global");
    state.addAttribute("sym_name", StringAttr::get(ctx, symName));
    state.addAttribute("value", value);
    state.addAttribute("alignment",
                       IntegerAttr::get(IntegerType::get(ctx, 64), alignment));
    if (isConstant)
      state.addAttribute("constant", UnitAttr::get(ctx));
    state.addAttribute("symbol_visibility", vis);
    body.push_back(Operation::create(state));
  }
  if (c.ok() && !c.atEnd())
    return c.fail("extra data in the global section");
  return c.ok();
}

bool Reader::readFunctions(Block &body) {
  SectionData &s = sections[static_cast<unsigned>(Section::Func)];
  Cursor c(*this, s.bytes, s.offset);
  uint64_t n = c.count(4);
  for (uint64_t f = 0; f < n && c.ok(); ++f) {
    size_t at = c.offset();
    StringRef symName = string(c);
    Type sig = type(c);
    uint8_t flags = c.byte();
    uint64_t locIndex = c.varint();
    if (!c.ok())
      return false;
    auto fnType = dyn_cast<FunctionType>(sig);
    if (!fnType)
      return error(at, "function signature is not a function type");
    // Functions without the kernel flag are test functions, read only by
    // builds with the test ops.
    bool kernel = flags & kKernel;
    StringRef opName = kernel ? "cuda_tile.entry" : "cuda_tile.testing$func";
    if (!kernel && !OperationName(opName, ctx).isRegistered())
      return error(at, "function '" + symName +
                           "' is not an entry; only entries are supported");
    if (flags & ~(kPrivate | kKernel | kHasHints))
      return error(at, llvm::formatv("unknown function flags {0:x}", flags));
    // Debug info: the function's list, its first entry the function's own.
    currentDebug = nullptr;
    if (locIndex) {
      if (locIndex > functionDebug.size())
        return error(at,
                     llvm::formatv("debug index {0} out of range", locIndex));
      currentDebug = &functionDebug[locIndex - 1];
    }
    nextOpIndex = 0;
    Location loc = opLocation(c);
    OperationState state(loc, opName);
    state.addAttribute("sym_name", StringAttr::get(ctx, symName));
    state.addAttribute("function_type", TypeAttr::get(fnType));
    bool hasHints =
        (kernel && version >= Version{13, 5, 0}) || (flags & kHasHints);
    if (hasHints) {
      Attribute hints = taggedAttr(c);
      if (!c.ok())
        return false;
      auto h = dyn_cast<OptimizationHintsAttr>(hints);
      if (!h)
        return error(at, "entry hints are not optimization hints");
      // 13.5 stores hints on every entry; there an empty set means none.
      if (!h.getValue().empty() || version < Version{13, 5, 0})
        state.addAttribute("optimization_hints", h);
    }
    if (version >= Version{13, 5, 0}) {
      Attribute argAttrs = taggedAttr(c);
      if (!c.ok())
        return false;
      auto arr = dyn_cast<ArrayAttr>(argAttrs);
      if (!arr)
        return error(at, "entry argument attributes are not an array");
      if (!arr.empty())
        state.addAttribute("arg_attrs", arr);
    }
    uint64_t length = c.count();
    size_t bodyOffset = c.offset();
    StringRef bytes = c.take(length);
    if (!c.ok())
      return false;
    Region *region = state.addRegion();
    Block *entry = new Block();
    region->push_back(entry);
    values.clear();
    for (Type t : fnType.getInputs())
      values.push_back(entry->addArgument(t, loc));
    Cursor bodyCursor(*this, bytes, bodyOffset);
    if (!readOps(bodyCursor, *entry, 0, /*untilEnd=*/true, 0))
      return false;
    body.push_back(Operation::create(state));
  }
  if (c.ok() && !c.atEnd())
    return c.fail("extra data in the function section");
  return c.ok();
}

OwningOpRef<mlir::ModuleOp> Reader::read() {
  ctx->getOrLoadDialect<CudaTileDialect>();
  Cursor c(*this, file, 0);
  if (!readHeader(c) || !readSections(c))
    return {};
  if (!readTable(Section::String, 4, strings) ||
      !readTable(Section::Type, 4, types) ||
      !readTable(Section::Constant, 8, constants) || !readDebugSection())
    return {};
  typeCache.assign(types.size(), {});
  typeState.assign(types.size(), 0);

  Location fileLoc = FileLineColLoc::get(ctx, name, 0, 0);
  OwningOpRef<mlir::ModuleOp> top = mlir::ModuleOp::create(fileLoc);
  OperationState state(fileLoc, "cuda_tile.module");
  state.addAttribute("sym_name", StringAttr::get(ctx, "kernels"));
  SectionData &producer = sections[static_cast<unsigned>(Section::Producer)];
  if (producer.present) {
    Cursor p(*this, producer.bytes, producer.offset);
    StringRef text = string(p);
    if (!p.ok())
      return {};
    state.addAttribute("producer", StringAttr::get(ctx, text));
  }
  Region *region = state.addRegion();
  Block *body = new Block();
  region->push_back(body);
  if (!readGlobals(*body) || !readFunctions(*body))
    return {};
  top->getBody()->push_back(Operation::create(state));
  if (failed(verify(*top)))
    return {};
  return top;
}

} // namespace

OwningOpRef<mlir::ModuleOp> readBytecode(llvm::MemoryBufferRef buffer,
                                         MLIRContext *context) {
  return Reader(context, buffer).read();
}

} // namespace tileir::bytecode
