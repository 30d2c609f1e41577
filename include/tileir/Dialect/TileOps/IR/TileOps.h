//===- TileOps.h - the tileops dialect --------------------------*- C++ -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TILEOPS_IR_TILEOPS_H
#define TILEIR_DIALECT_TILEOPS_IR_TILEOPS_H

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <array>
#include <optional>

namespace mlir::tileops {

/// The op families of the library; each has one ODS base class and one
/// expansion pattern.
enum class Family {
  UnaryMath,
  BinaryArith,
  Activation,
  FusedGated,
  Comparison,
  Bitwise,
  Logical,
  Special,
  Rope,
  Dropout,
  Alibi,
  Sinusoidal,
};
llvm::StringRef stringifyFamily(Family family);

/// Input element kinds an op accepts (bit set).
enum Kinds : unsigned {
  kFloat = 1, ///< f16, bf16, f32, f8E4M3FN, f8E5M2
  kInt = 2,   ///< i8, i16, i32, i64 (signed, PyTorch's int8..int64)
  kBool = 4,  ///< i1
};

/// One element kind: its name ("float", "int", "bool", as in
/// `tileops-build --list-ops=json`) and the element types it stands for.
struct KindInfo {
  Kinds kind;
  llvm::StringLiteral name;
  llvm::StringLiteral types;
};
/// The three kinds, in bit order.
llvm::ArrayRef<KindInfo> getKindInfos();

/// What an op's result element type is.
enum class ResultRule {
  SameAsData, ///< the element type of the data input
  Bool,       ///< i1
  Float,      ///< a float type chosen by the caller (generative ops)
};

/// The type of an op parameter (an attribute of the op).
enum class ParamType { F64, I64, String, F64Array };
llvm::StringRef stringifyParamType(ParamType type);

/// One scalar parameter of an op, from its ODS argument list.
struct ParamInfo {
  llvm::StringLiteral name;
  ParamType type;
  /// The default as ODS states it (a C++ literal: `1.0`, `"none"`), or empty
  /// when the parameter has none.
  llvm::StringLiteral defaultValue;
  /// Optional: leaving it out selects a behaviour of its own (no default).
  bool optional;
  /// Required: neither a default nor optional.
  bool required() const { return defaultValue.empty() && !optional; }
};

/// One op of the library: everything the verifier, the expansion, the kernel
/// builder and `tileops-build --list-ops` need to know about it, taken from
/// the static members of its generated op class (its ODS definition).
struct OpInfo {
  llvm::StringRef name; ///< without the `tileops.` prefix
  Family family;
  unsigned numInputs;
  unsigned kinds; ///< Kinds of the data inputs
  ResultRule result;
  llvm::ArrayRef<ParamInfo> params;
  /// The role of each input (TileOps.td): 'd' data, 'c' condition, 'm'
  /// mask, 'w' channel weight; empty when every input is data.
  llvm::StringRef roles;

  /// The parameter named `name`, or nullptr.
  const ParamInfo *lookupParam(llvm::StringRef name) const;
  /// The role of input `i` ('d' where `roles` names none).
  char roleOf(unsigned i) const { return i < roles.size() ? roles[i] : 'd'; }
  /// The first data input (whose element type the op's data have).
  unsigned firstDataInput() const {
    for (unsigned i = 0; i < numInputs; ++i)
      if (roleOf(i) == 'd')
        return i;
    return 0;
  }

  /// The entry of the op class `OpT`.
  template <typename OpT>
  static const OpInfo &get() {
    static const OpInfo info{
        OpT::getOperationName().drop_front(llvm::StringRef("tileops.").size()),
        OpT::kFamily,
        OpT::kNumInputs,
        OpT::kKinds,
        OpT::kResult,
        OpT::kParams,
        OpT::kRoles};
    return info;
  }
};

/// All ops of the library, ordered by name.
llvm::ArrayRef<OpInfo> getAllOps();
/// The op named `name` (with or without the `tileops.` prefix), or nullptr.
const OpInfo *lookupOp(llvm::StringRef name);

/// Creates the op named `name` (an entry of `getAllOps()`) with `b`, through
/// its op class's builder: one result of `resultType`, `inputs` as its
/// operands, `attributes` (its parameters, `unsigned_int`).
Operation *createOp(OpBuilder &b, Location loc, llvm::StringRef name,
                    Type resultType, ValueRange inputs,
                    llvm::ArrayRef<NamedAttribute> attributes);

/// Kind of an element type: kFloat, kInt, kBool, or 0 when unsupported.
unsigned kindOf(Type elementType);

/// The shared verifier of every tileops op.
LogicalResult verifyTileOp(Operation *op, const OpInfo &info);

/// The cuda_tile emitter of the expansions (TileOpsEmitter.h).
struct Emitter;

} // namespace mlir::tileops

#include "tileir/Dialect/TileOps/IR/TileOpsDialect.h.inc"

#include "tileir/Dialect/TileOps/IR/TileOpsInterfaces.h.inc"

#define GET_OP_CLASSES
#include "tileir/Dialect/TileOps/IR/TileOpsOps.h.inc"

#endif // TILEIR_DIALECT_TILEOPS_IR_TILEOPS_H
