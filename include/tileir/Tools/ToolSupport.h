//===- ToolSupport.h - What every TileIR tool shares ------------*- C++ -*-===//
//
// Part of TileIR. The command-line conventions of the TileIR tools
// (tile-opt, tile-translate, tile-as, tileops-build, tile-lsp-server,
// tile-reduce): --version prints the TileIR version and the git commit the
// tool was built from, and --help lists the tool's own options (--help-hidden
// lists every option, LLVM's included).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TOOLS_TOOLSUPPORT_H
#define TILEIR_TOOLS_TOOLSUPPORT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

#include <functional>
#include <string>

namespace tileir::tools {

/// "TileIR 0.1.0 (git 0123456789ab), LLVM/MLIR 22.1.8": the project version
/// (CMake's project VERSION), the git commit of the source tree ("unknown"
/// when it was built outside git) and the LLVM the tool links.
std::string getVersionLine();

/// Sets up the conventions of a TileIR tool; call it first in main, before
/// the command line is parsed.
///
/// --version prints `toolDescription`, the version line and what
/// `extraVersion` prints. --help lists the options of `categories` (which
/// should be named to sort before LLVM's "General options": --help prints
/// categories alphabetically), --help and --version, and the options that
/// are registered after this call (the MLIR tool drivers register theirs
/// when they run). Every other option registered by then (LLVM's code
/// generation flags, ...) is hidden: --help-hidden and --help-list-hidden
/// still list it.
void initTool(llvm::StringRef toolDescription,
              llvm::ArrayRef<const llvm::cl::OptionCategory *> categories,
              std::function<void(llvm::raw_ostream &)> extraVersion = {});

} // namespace tileir::tools

#endif // TILEIR_TOOLS_TOOLSUPPORT_H
