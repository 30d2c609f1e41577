//===- ToolSupport.cpp - What every TileIR tool shares --------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Tools/ToolSupport.h"
#include "tileir/Version.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

std::string tileir::tools::getVersionLine() {
  return "TileIR " TILEIR_VERSION " (git " TILEIR_GIT_HASH
         "), LLVM/MLIR " LLVM_VERSION_STRING;
}

void tileir::tools::initTool(StringRef toolDescription,
                             ArrayRef<const cl::OptionCategory *> categories,
                             std::function<void(raw_ostream &)> extraVersion) {
  cl::SetVersionPrinter(
      [description = toolDescription.str(), extraVersion](raw_ostream &os) {
        os << description << "\n" << getVersionLine() << "\n";
        if (extraVersion)
          extraVersion(os);
      });
  // cl::HideUnrelatedOptions would make the others ReallyHidden, which
  // --help-hidden does not list either. --help and --version stay, with
  // the rest of LLVM's category of --help.
  auto &options = cl::getRegisteredOptions();
  const cl::OptionCategory *generic = options.lookup("help")->Categories[0];
  for (auto &entry : options) {
    cl::Option *option = entry.second;
    if (option->getOptionHiddenFlag() != cl::NotHidden)
      continue;
    bool shown = llvm::any_of(option->Categories, [&](cl::OptionCategory *c) {
      return c == generic || llvm::is_contained(categories, c);
    });
    if (!shown)
      option->setHiddenFlag(cl::Hidden);
  }
}
