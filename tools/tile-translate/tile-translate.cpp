//===- tile-translate.cpp - TileIR translation driver ---------------------===//
//
// Part of TileIR. mlirTranslateMain with --cuda-tile-to-ptx,
// --cuda-tile-to-cubin and --cuda-tile-to-llvmir, and the cuda_tile
// -Wunsupported-hints/-Werr-hints options. `--version` also prints the
// TileIR version and git commit, and the libdevice that compiles link: the
// tileir Python package keys its kernel cache on this text.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/CudaTile/IR/CudaTileDialect.h"
#include "tileir/Target/PTX/CompileToPTX.h"
#include "tileir/Target/PTX/Translations.h"
#include "tileir/Version.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

static void printVersion(llvm::raw_ostream &os) {
  os << "TileIR " TILEIR_VERSION " (git " TILEIR_GIT_HASH ")\n";
  std::optional<std::string> libdevice = mlir::tileir::findLibdevice();
  os << "libdevice: " << (libdevice ? *libdevice : "not found") << "\n";
}

int main(int argc, char **argv) {
  llvm::cl::AddExtraVersionPrinter(printVersion);
  mlir::tileir::registerTranslations();
  // --mlir-timing and --mlir-print-ir-* apply to the compile pipelines.
  mlir::registerPassManagerCLOptions();
  mlir::cuda_tile::registerHintDiagnosticsCLOptions();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "TileIR translation driver"));
}
