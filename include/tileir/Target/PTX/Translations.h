//===- Translations.h - tile-translate translations -------------*- C++ -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TARGET_PTX_TRANSLATIONS_H
#define TILEIR_TARGET_PTX_TRANSLATIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

namespace mlir::tileir {
/// Registers --cuda-tile-to-ptx, --cuda-tile-to-cubin and
/// --cuda-tile-to-llvmir with their --chip/--ptx-version/--num-threads
/// options, the bytecode translations and the cuda_tile hint diagnostics
/// options, all in getTranslationOptionCategory().
void registerTranslations();

/// The names of the translations registerTranslations() registers
/// ("cuda-tile-to-ptx", ...).
llvm::ArrayRef<llvm::StringLiteral> getTranslationNames();

/// The category of tile-translate's own options.
llvm::cl::OptionCategory &getTranslationOptionCategory();
} // namespace mlir::tileir

#endif // TILEIR_TARGET_PTX_TRANSLATIONS_H
