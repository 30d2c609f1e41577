//===- KernelBuilder.h - tileops kernel specs -> cuda_tile entries -*- C++
//-*-===//
//
// Part of TileIR. A kernel spec (op, dtype, input shapes, params, options)
// becomes one cuda_tile entry: the output is flattened, broadcast inputs are
// coalesced (as TileOPs' coalesce_broadcast_dims) and gathered, contiguous
// ones are loaded through partition views (16-byte accesses), tails are
// masked. The spec format is
// documented in docs/TileOps.md.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TILEOPS_KERNELBUILDER_H
#define TILEIR_TILEOPS_KERNELBUILDER_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace mlir::tileops {

struct OpInfo;

using Shape = std::vector<int64_t>;

/// One line of a spec file.
struct KernelSpec {
  std::string op;
  std::string dtype; ///< canonical: f32 f16 bf16 f8e4m3fn f8e5m2 i8..i64 bool
  std::vector<Shape> shapes;
  std::map<std::string, std::string> params; ///< op parameters
  std::string strategy = "auto"; ///< auto, direct, explicit_parallel,
                                 ///< register_copy
  int64_t threads = 0, npt = 0;  ///< 0: chosen by the cost rule
  std::string cacheHint;         ///< "": cost rule; "none"; PTX qualifiers
  std::string name;              ///< entry name (derived when empty)
  unsigned line = 0;
};

/// How a built kernel is launched.
struct KernelPlan {
  std::string name;
  std::vector<std::string> args; ///< "in:<dtype>:<shape>", "out:...", "seed",
                                 ///< "offset"
  Shape outShape;
  std::string outDtype;
  int64_t threads = 0, npt = 0, tile = 0, grid = 0;
  std::string strategy;
  std::string cacheHint; ///< of the streamed loads ("" for none)
};

/// Coalesced broadcast dims of `inputs` against their broadcast shape
/// (TileOPs' coalesce_broadcast_dims, for any number of operands).
struct Coalesced {
  Shape outShape, sizes;
  std::vector<Shape> strides; ///< per input, per coalesced dim (0: broadcast)
};
llvm::Expected<Coalesced> coalesceBroadcast(const std::vector<Shape> &inputs);

/// The number of tensors a spec line of `info`'s op names (its SHAPES): the
/// op's inputs, except that RoPE and dropout take one tensor (the builder
/// makes the positions, element indices, seed and offset) and the generative
/// ops (alibi, sinusoidal) none.
unsigned specTensorInputs(const OpInfo &info);
/// The parameters a spec line of `info`'s op must give: the op's required
/// ones, and seq_len of the generative ops (their output shape).
std::vector<std::string> specRequiredParams(const OpInfo &info);
/// The element kinds (`Kinds`) a spec line's DTYPE may have: the data inputs'
/// kinds, or kFloat for the ops whose result is a float tensor of that dtype.
unsigned specDtypeKinds(const OpInfo &info);

/// Writes the op library as a JSON array: per op its name, family, number of
/// op inputs and of spec tensors, element kinds of the inputs and of the
/// spec dtype, result rule and parameters (name, type, default, optional,
/// required; ODS-derived), the spec parameters the builder adds and those a
/// spec line must give.
void writeOpTableJSON(llvm::raw_ostream &os);

/// Writes launch plans as a JSON array, one object per kernel.
void writePlansJSON(llvm::ArrayRef<KernelPlan> plans, llvm::raw_ostream &os);

/// Parses one spec line (empty/comment lines give an empty op).
llvm::Expected<KernelSpec> parseSpecLine(llvm::StringRef line, unsigned lineNo);
/// Parses a whole spec file.
llvm::Expected<std::vector<KernelSpec>> parseSpecs(llvm::StringRef text);

/// The cuda_tile entry of `spec` (text, inside a cuda_tile.module) and its
/// launch plan. `file` names the spec file in the op's location. The entry
/// holds its tileops op without parameters: `buildTileOps` creates the op.
llvm::Expected<std::string> buildEntry(const KernelSpec &spec,
                                       llvm::StringRef file, KernelPlan &plan);

/// A cuda_tile.module with one entry per spec (text; see buildEntry).
llvm::Expected<std::string> buildModule(const std::vector<KernelSpec> &specs,
                                        llvm::StringRef file,
                                        std::vector<KernelPlan> &plans);

/// Creates the tileops op of each entry of `module` (buildModule's, parsed
/// without verifying it) with an OpBuilder, through the op class of its
/// spec's op: the parsed op's operands, result type and location, the spec's
/// parameters as attributes of the types of the op's ODS arguments, and
/// `unsigned_int` for u8 data. The parsed op is replaced.
void buildTileOps(mlir::ModuleOp module, const std::vector<KernelSpec> &specs);

} // namespace mlir::tileops

#endif // TILEIR_TILEOPS_KERNELBUILDER_H
