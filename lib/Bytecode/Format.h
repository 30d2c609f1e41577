//===- Format.h - Tile IR bytecode format tables ---------------*- C++ -*-===//
//
// Part of TileIR. The facts of the Tile IR bytecode format shared by the
// reader and the writer: section ids, type/attribute/debug tags, the enum
// kinds carried as one byte, and the per-op encoding table (OpTable.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LIB_BYTECODE_FORMAT_H
#define TILEIR_LIB_BYTECODE_FORMAT_H

#include "tileir/Bytecode/Bytecode.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

#include <cstdint>
#include <optional>
#include <string>

namespace tileir::bytecode {

inline constexpr char kMagic[8] = {'\x7f', 'T', 'i', 'l', 'e', 'I', 'R', '\0'};

enum class Section : uint8_t {
  End = 0x00,
  String = 0x01,
  Func = 0x02,
  Debug = 0x03,
  Constant = 0x04,
  Type = 0x05,
  Global = 0x06,
  Producer = 0x07,
};

/// Type tags (a varint at the start of each type-table entry).
enum class TypeTag : uint32_t {
  I1 = 0,
  I8 = 1,
  I16 = 2,
  I32 = 3,
  I64 = 4,
  F16 = 5,
  BF16 = 6,
  F32 = 7,
  TF32 = 8,
  F64 = 9,
  F8E4M3FN = 10,
  F8E5M2 = 11,
  Pointer = 12,
  Tile = 13,
  TensorView = 14,
  PartitionView = 15,
  Function = 16,
  Token = 17,
  F8E8M0FNU = 18,
  F4E2M1FN = 19,
  GatherScatterView = 20,
  StridedView = 21,
  I4 = 22,
  F8E5M3FNU = 130,
};

/// Tags of self-describing ("tagged") attributes.
enum class AttrTag : uint8_t {
  Integer = 1,
  Float = 2,
  Bool = 3,
  Type = 4,
  String = 5,
  Array = 6,
  DenseElements = 7,
  DivBy = 8,
  SameElements = 9,
  Dictionary = 10,
  OptimizationHints = 11,
  Bounded = 12,
};

/// Tags of debug-info table entries.
enum class DebugTag : uint8_t {
  CompileUnit = 1,
  File = 2,
  LexicalBlock = 3,
  Loc = 4,
  Subprogram = 5,
  CallSite = 6,
};

/// Flags byte of a function-section entry.
enum FunctionFlags : uint8_t { kPrivate = 1, kKernel = 2, kHasHints = 4 };

/// Enumerations stored as one byte.
enum class EnumKind : uint8_t {
  Rounding,
  Overflow,
  Signedness,
  ComparisonPredicate,
  ComparisonOrdering,
  MemoryOrdering,
  MemoryScope,
  AtomicMode,
  SymbolVisibility,
  PaddingValue,
};
/// The attribute of `kind` with value `v`; null when `v` is no case.
mlir::Attribute enumAttr(mlir::MLIRContext *ctx, EnumKind kind, uint64_t v);
/// The value of an enum attribute of `kind`; nullopt when it is none.
std::optional<uint64_t> enumValue(EnumKind kind, mlir::Attribute attr);
/// The first version with case `v` of `kind` (rounding `nearest_away`,
/// 7, came with 13.4).
Version enumValueSince(EnumKind kind, uint64_t v);

/// How one op attribute is encoded.
enum class AttrKind : uint8_t {
  Enum,     ///< one byte (`enum`)
  I32,      ///< varint, an i32 IntegerAttr
  I64,      ///< varint, an i64 IntegerAttr
  Bool,     ///< one byte, a BoolAttr
  String,   ///< string index, a StringAttr
  Symbol,   ///< string index, a FlatSymbolRefAttr
  Type,     ///< type index, a TypeAttr
  Dense,    ///< constant index; elements of the op's result type
  I32Array, ///< varint count + 4 bytes each, a DenseI32ArrayAttr
  Tagged,   ///< a self-describing attribute
  Array,    ///< varint count + tagged attributes, an ArrayAttr
  Hints,    ///< optimization hints without their tag
  InBounds, ///< varint count + bytes; not represented (a hint), see table
};

struct AttrSpec {
  AttrKind kind;
  EnumKind enumKind = EnumKind::Rounding;
  std::string name;
  bool optional = false; ///< presence is a flag bit
  Version since{13, 1, 0};
  /// For attributes newer than 13.1: the value older files imply.
  std::optional<uint64_t> implied;
  /// Our dialect has the attribute, the format does not: writing requires it
  /// absent (or equal to `implied`).
  bool oursOnly = false;
};

enum class OperandKind : uint8_t { One, Optional, Sized, Rest };
struct OperandSpec {
  OperandKind kind;
  std::string name;
};

struct FlagSpec {
  std::string name;
  Version since{13, 1, 0};
};

enum class ResultKind : uint8_t { Fixed, Sized };

struct OpSpec {
  std::string name; ///< mnemonic, without the `cuda_tile.` prefix
  uint32_t opcode = 0;
  Version since{13, 1, 0};
  ResultKind results = ResultKind::Fixed;
  unsigned numResults = 0; ///< for Fixed
  /// A trailing token result that files older than this version omit.
  std::optional<Version> tokenResultSince;
  llvm::SmallVector<FlagSpec> flags; ///< bit i of the flags varint
  llvm::SmallVector<AttrSpec> attrs;
  llvm::SmallVector<OperandSpec> operands;
  bool operandCount = false; ///< a varint total operand count precedes them
  unsigned regions = 0;

  /// Index of the flag named `name`, or -1.
  int flagBit(llvm::StringRef flag) const;
  /// The flags varint is written at `v` (some flag exists at `v`).
  bool hasFlags(Version v) const;
  bool hasAttrSizedOperands() const;
};

/// Ops of later versions that TileIR reads as a composition of its own ops
/// (`fpowi` as `pow` of the converted exponent); their rows name no
/// cuda_tile op. Builds the composition at `builder`'s insertion point and
/// returns its results, or fails with a diagnostic at `loc`.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
expandedOp(const OpSpec &spec, mlir::OpBuilder &builder, mlir::Location loc,
           mlir::TypeRange resultTypes, mlir::ValueRange operands);
/// Whether the row of `spec` is read through expandedOp.
bool isExpandedOp(const OpSpec &spec);

/// The encoding of the op with `opcode`; null when there is none.
const OpSpec *lookupOpcode(uint64_t opcode);
/// The encoding of the op `cuda_tile.<name>`; null when there is none.
const OpSpec *lookupOp(llvm::StringRef name);
/// Every op encoding (for tests and the writer's checks).
llvm::ArrayRef<OpSpec> allOpSpecs();
/// Ops of newer bytecode versions that TileIR does not implement: name and
/// version for a diagnostic; nullopt when `opcode` is not one of them.
std::optional<std::pair<llvm::StringRef, Version>>
unsupportedOpcode(uint64_t opcode);

} // namespace tileir::bytecode

#endif // TILEIR_LIB_BYTECODE_FORMAT_H
