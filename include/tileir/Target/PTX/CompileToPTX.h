//===- CompileToPTX.h - cuda_tile to PTX, LLVM IR and cubin -----*- C++ -*-===//
//
// Part of TileIR. The compile driver used by tile-translate (and, through
// the tool, by the Python package): run the pipeline, serialize with the
// upstream NVVM target, annotate the PTX with the kernel ABI.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TARGET_PTX_COMPILETOPTX_H
#define TILEIR_TARGET_PTX_COMPILETOPTX_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/Error.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tileir {

/// How much debug information the PTX carries.
enum class DebugInfoLevel {
  None,     ///< no debug information
  LineInfo, ///< `.loc`/`.file` line tables (tileiras `--lineinfo`)
  Full,     ///< full DWARF debug information (tileiras `-g`)
};

/// How a kernel is launched, which decides how it may take shared memory.
enum class LaunchABI {
  /// The launcher passes the block size and the dynamic shared memory that
  /// the kernel info states (tileir's Python runtime).
  Explicit,
  /// The launcher passes the tile grid, block (1,1,1) and no dynamic shared
  /// memory, as cuTile Python launches tileiras's cubins: all shared memory
  /// is static (docs/ABI.md).
  TileKernel,
};

struct CompileOptions {
  std::string chip = "sm_90";
  DebugInfoLevel debugInfo = DebugInfoLevel::None;
  LaunchABI abi = LaunchABI::Explicit;
  unsigned ptxVersion = 0;
  unsigned numThreads = 0;
  /// Roll the wgmma K loop (convert-cuda-tile-to-tirx `roll-wgmma`).
  bool rollWgmma = false;
  /// TMA loads in the wgmma K loop (convert-cuda-tile-to-tirx `tma-loads`).
  bool tmaLoads = true;
  /// Producer warps for the TMA loads of the K loop and of streamed operands
  /// (convert-cuda-tile-to-tirx
  /// `warp-specialize`).
  bool warpSpecialize = true;
  /// Alignment in bytes the launcher guarantees of pointer arguments
  /// (convert-cuda-tile-to-tirx `pointer-alignment`): 16 for TileIR's own
  /// runtime, which checks it (docs/ABI.md); 1 where a pointer is aligned
  /// only as its elements and the input's `assume div_by` say (cuTile
  /// Python's launcher, through `tile-as`).
  unsigned pointerAlignment = 16;
};

/// What a launcher needs to know about one kernel.
struct KernelInfo {
  std::string name;
  std::vector<std::string> params; ///< ptr, i1, i8, ..., f32, f64, bf16
  /// Per parameter, the element type a pointer points to ("f32", "bf16",
  /// "i8", ...), "" where unknown or not a pointer.
  std::vector<std::string> pointees;
  /// The pointer parameters the kernel reads as dense row-major arrays (so
  /// they need contiguous memory), by index.
  std::vector<int64_t> dense;
  std::array<int64_t, 3> reqntid = {1, 1, 1};
  int64_t sharedBytes = 0;  ///< dynamic shared memory
  int64_t pointerAlign = 1; ///< alignment assumed of pointer arguments
};

/// Lowers `module` (cuda_tile) in place to LLVM dialect + NVVM inside
/// gpu.modules and returns the kernels' ABI. Diagnostics go to the context.
/// With `splitKernels`, a gpu.module of several kernels (and nothing else)
/// becomes one gpu.module per kernel first, so that the pipeline (and the
/// serialization in compileToPTX) runs on the kernels in parallel. Without
/// it and with debug info, all gpu.modules become one (their PTX could not
/// be merged). Full debug info raises a default PTX ISA older than 7.5 to
/// 7.5 (DWARF sections need it).
FailureOr<std::vector<KernelInfo>> lowerToNVVM(ModuleOp module,
                                               const CompileOptions &options,
                                               bool splitKernels = false);

/// cuda_tile -> PTX text, with a `// tileir.kernel ...` line before every
/// entry (see docs/ABI.md). With `options.debugInfo`, `.loc`/`.file` line
/// tables (LineInfo) or DWARF (Full) from the input's locations; the kernels
/// then compile as one gpu.module (not in parallel).
FailureOr<std::string> compileToPTX(ModuleOp module,
                                    const CompileOptions &options);

/// cuda_tile -> LLVM IR text of the device module (before libdevice).
FailureOr<std::string> compileToLLVMIR(ModuleOp module,
                                       const CompileOptions &options);

/// One PTX module from the PTX texts of several modules compiled for one
/// target (the NVPTX backend's output): the first header, then every
/// top-level item once (identical items, e.g. the declaration of vprintf,
/// collapse). nullopt when the headers differ or two modules define one
/// symbol differently.
std::optional<std::string> mergePtxModules(llvm::ArrayRef<std::string> parts);

/// Assembles PTX into a cubin with `ptxas -arch=<chip>`, keeping the PTX's
/// line tables (`-lineinfo`) or debug information (`-g`) as `debugInfo`
/// says. ptxas (and libdevice) come from the first CUDA toolkit found among:
/// NVIDIA's pip wheels (site-packages/nvidia/cu13, nvidia-cuda-nvcc) of the
/// Python environment the executable is installed in, $CUDA_HOME,
/// $CUDA_PATH, the toolkit of the ptxas on PATH, /usr/local/cuda. Error when
/// none has ptxas.
llvm::Expected<std::string>
assembleCubin(llvm::StringRef ptx, llvm::StringRef chip,
              DebugInfoLevel debugInfo = DebugInfoLevel::None);

/// The libdevice bitcode (nvvm/libdevice/libdevice.10.bc) that compiles
/// link, from the first CUDA toolkit that has it (searched as for
/// assembleCubin), or nullopt when none does.
std::optional<std::string> findLibdevice();

/// Registers the dialects, interfaces and LLVM IR translations that the
/// compile driver needs.
void registerCompileDependencies(DialectRegistry &registry);

} // namespace mlir::tileir

#endif // TILEIR_TARGET_PTX_COMPILETOPTX_H
