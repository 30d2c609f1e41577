//===- KernelBuilder.h - tileops kernel specs -> cuda_tile entries -*- C++
//-*-===//
//
// Part of TileIR. A kernel spec (op, dtype, input shapes, params, options)
// becomes one cuda_tile entry, built with an OpBuilder on typed cuda_tile
// ops: the output is flattened, broadcast inputs are
// coalesced (as TileOPs' coalesce_broadcast_dims) and gathered, contiguous
// ones are loaded through partition views (16-byte accesses), tails are
// masked. The spec format is
// documented in docs/TileOps.md.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TILEOPS_KERNELBUILDER_H
#define TILEIR_TILEOPS_KERNELBUILDER_H

#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
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

/// Builds the cuda_tile entry of `spec` with `b` at its insertion point (the
/// body of a cuda_tile.module) and fills its launch plan. Every op is a typed
/// cuda_tile op, and the entry's tileops op is created through its op class
/// with the spec's parameters as attributes of the types of the op's ODS
/// arguments (and `unsigned_int` for u8 data); all carry the location
/// `file`:LINE:1 of the spec's line. A spec the builder cannot build is an
/// error ("line N: ...") and builds nothing. The entry is not verified.
llvm::Expected<mlir::cuda_tile::EntryOp> buildEntry(mlir::OpBuilder &b,
                                                    const KernelSpec &spec,
                                                    llvm::StringRef file,
                                                    KernelPlan &plan);

/// A module holding `cuda_tile.module @tileops` with one entry per spec (see
/// buildEntry) and their launch plans; not verified (the tileops ops'
/// verifiers check the parameter domains, at the spec lines' locations).
llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>>
buildModule(mlir::MLIRContext *ctx, const std::vector<KernelSpec> &specs,
            llvm::StringRef file, std::vector<KernelPlan> &plans);

} // namespace mlir::tileops

#endif // TILEIR_TILEOPS_KERNELBUILDER_H
