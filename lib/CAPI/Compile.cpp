//===- Compile.cpp - C API of the cuda_tile to PTX compiler ---------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir-c/Compile.h"

#include "tileir/Target/PTX/CompileToPTX.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/MLIRContext.h"

MlirLogicalResult tileirCompileToPTX(MlirModule module, const char *chip,
                                     unsigned ptxVersion,
                                     MlirStringCallback callback,
                                     void *userData) {
  mlir::ModuleOp moduleOp = unwrap(module);
  mlir::DialectRegistry registry;
  mlir::tileir::registerCompileDependencies(registry);
  moduleOp.getContext()->appendDialectRegistry(registry);

  mlir::tileir::CompileOptions options;
  if (chip && *chip)
    options.chip = chip;
  options.ptxVersion = ptxVersion;
  mlir::FailureOr<std::string> ptx =
      mlir::tileir::compileToPTX(moduleOp, options);
  if (mlir::failed(ptx))
    return mlirLogicalResultFailure();
  callback(wrap(llvm::StringRef(*ptx)), userData);
  return mlirLogicalResultSuccess();
}
