//===- Translations.h - tile-translate translations -------------*- C++ -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TARGET_PTX_TRANSLATIONS_H
#define TILEIR_TARGET_PTX_TRANSLATIONS_H

namespace mlir::tileir {
/// Registers --cuda-tile-to-ptx, --cuda-tile-to-cubin and
/// --cuda-tile-to-llvmir with their --chip/--ptx-version/--num-threads
/// options.
void registerTranslations();
} // namespace mlir::tileir

#endif // TILEIR_TARGET_PTX_TRANSLATIONS_H
