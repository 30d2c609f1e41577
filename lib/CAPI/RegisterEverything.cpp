//===- RegisterEverything.cpp - C API registration of all of TileIR -------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir-c/RegisterEverything.h"

#include "tileir/InitAllDialects.h"
#include "tileir/InitAllPasses.h"
#include "tileir/Target/PTX/CompileToPTX.h"

#include "mlir/CAPI/IR.h"

void tileirRegisterAllDialects(MlirDialectRegistry registry) {
  mlir::DialectRegistry *cppRegistry = unwrap(registry);
  tileir::registerAllDialects(*cppRegistry);
  mlir::tileir::registerCompileDependencies(*cppRegistry);
}

void tileirRegisterAllPasses(void) { tileir::registerAllPasses(); }
