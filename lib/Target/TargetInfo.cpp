//===- TargetInfo.cpp - Target chip description ---------------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"

using namespace tileir;

llvm::StringRef TargetInfo::supportedChips() {
  return "sm_80, sm_86, sm_89, sm_90, sm_90a";
}

llvm::Expected<TargetInfo> TargetInfo::get(llvm::StringRef chip,
                                           unsigned ptxVersion) {
  TargetInfo info;
  info.chip = chip.str();
  info.archSpecific = chip.ends_with("a");
  llvm::StringRef base = info.archSpecific ? chip.drop_back() : chip;
  info.sm = llvm::StringSwitch<unsigned>(base)
                .Case("sm_80", 80)
                .Case("sm_86", 86)
                .Case("sm_89", 89)
                .Case("sm_90", 90)
                .Default(0);
  if (!info.sm || (info.archSpecific && info.sm != 90))
    return llvm::createStringError("unsupported chip '%s'; supported chips: %s",
                                   chip.str().c_str(),
                                   supportedChips().str().c_str());
  // The lowest PTX ISA that has every instruction we emit for the chip.
  unsigned minPtx = info.sm >= 90   ? 80
                    : info.sm >= 89 ? 78
                    : info.sm >= 86 ? 71
                                    : 70;
  info.ptx = ptxVersion ? ptxVersion : minPtx;
  if (info.ptx < minPtx)
    return llvm::createStringError(
        "PTX version %u.%u is too old for %s (needs %u.%u or newer)",
        info.ptx / 10, info.ptx % 10, chip.str().c_str(), minPtx / 10,
        minPtx % 10);
  return info;
}

std::string TargetInfo::getFeatures() const {
  return "+ptx" + std::to_string(ptx);
}

std::string tileir::getAbiKind(mlir::Type type) {
  if (mlir::isa<mlir::LLVM::LLVMPointerType>(type))
    return "ptr";
  if (type.isIndex())
    return "i64";
  if (type.isBF16())
    return "bf16";
  if (mlir::isa<mlir::FloatType>(type))
    return "f" + std::to_string(type.getIntOrFloatBitWidth());
  if (type.isSignlessInteger())
    return "i" + std::to_string(type.getIntOrFloatBitWidth());
  return "";
}
