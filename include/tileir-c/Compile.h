//===- Compile.h - C API of the cuda_tile to PTX compiler ---------*- C -*-===//
//
// Part of TileIR. The compile driver of `tile-translate --cuda-tile-to-ptx`
// (mlir::tileir::compileToPTX) for C callers and foreign-function
// interfaces such as Python's ctypes.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_C_COMPILE_H
#define TILEIR_C_COMPILE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Compiles `module` (a builtin module holding a `cuda_tile.module`) to PTX
/// for `chip` (e.g. "sm_90"; NULL or "" means "sm_90") with PTX ISA version
/// `ptxVersion` times ten (e.g. 80; 0 picks the chip's default).
///
/// On success, calls `callback` once with the whole PTX text and `userData`,
/// and returns success. Every `.entry` is preceded by a
/// `// tileir.kernel ...` line that describes its ABI (docs/ABI.md). The text
/// is only valid during the call.
///
/// On failure, returns failure without calling `callback`; the diagnostics
/// go to the module's context (attach a handler with
/// mlirContextAttachDiagnosticHandler to capture them; without one, errors
/// are printed to stderr).
///
/// The module is lowered in place: after the call it holds the compiled
/// `gpu.binary` (success) or a partially lowered module (failure). Clone it
/// first to keep the input. The context gets the dialects and translations
/// that compiling needs appended to its registry (see
/// tileirRegisterAllDialects), so registering the `cuda_tile` dialect alone
/// is enough to call this.
MLIR_CAPI_EXPORTED MlirLogicalResult
tileirCompileToPTX(MlirModule module, const char *chip, unsigned ptxVersion,
                   MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif // TILEIR_C_COMPILE_H
