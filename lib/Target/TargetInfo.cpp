//===- TargetInfo.cpp - Target chip description ---------------------------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Target/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>

using namespace tileir;

llvm::StringRef TargetInfo::supportedChips() {
  return "sm_80, sm_86, sm_89, sm_90, sm_90a";
}

/// The PTX ISA versions (times ten) that LLVM's NVPTX backend emits: its
/// `ptxNN` subtarget features.
static llvm::ArrayRef<unsigned> getBackendPtxVersions() {
  static const std::vector<unsigned> versions = [] {
    std::vector<unsigned> result;
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTargetMC();
    llvm::Triple triple("nvptx64-nvidia-cuda");
    std::string error;
    const llvm::Target *target =
        llvm::TargetRegistry::lookupTarget(triple, error);
    if (!target)
      return result;
    std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
        target->createMCSubtargetInfo(triple, "sm_90", ""));
    if (!subtarget)
      return result;
    for (const llvm::SubtargetFeatureKV &feature :
         subtarget->getAllProcessorFeatures()) {
      llvm::StringRef key(feature.Key);
      unsigned version;
      if (key.consume_front("ptx") && !key.getAsInteger(10, version))
        result.push_back(version);
    }
    llvm::sort(result);
    return result;
  }();
  return versions;
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
  // The lowest PTX ISA that has every instruction we emit for the chip
  // (a kernel that needs a newer one raises it: TargetInfo::withPtx).
  unsigned minPtx = info.sm >= 90   ? 80
                    : info.sm >= 89 ? 78
                    : info.sm >= 86 ? 71
                                    : 70;
  info.ptx = ptxVersion ? ptxVersion : minPtx;
  info.ptxGiven = ptxVersion != 0;
  // A PTX ISA the backend does not know it would silently replace with its
  // default: only the ones it emits (from the chip's minimum) are taken.
  llvm::ArrayRef<unsigned> known = getBackendPtxVersions();
  if (ptxVersion && !llvm::is_contained(known, ptxVersion)) {
    std::string supported = llvm::join(
        llvm::map_range(llvm::make_filter_range(
                            known, [&](unsigned v) { return v >= minPtx; }),
                        [](unsigned v) { return std::to_string(v); }),
        ", ");
    return llvm::createStringError(
        "unsupported PTX version %u (PTX ISA %u.%u) for %s; supported: %s",
        ptxVersion, ptxVersion / 10, ptxVersion % 10, chip.str().c_str(),
        supported.c_str());
  }
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

mlir::NVVM::NVVMTargetAttr
TargetInfo::getNvvmTarget(mlir::MLIRContext *ctx) const {
  return mlir::NVVM::NVVMTargetAttr::get(
      ctx, /*optLevel=*/3, "nvptx64-nvidia-cuda", chip, getFeatures());
}

unsigned TargetInfo::getRegistersPerThread(unsigned threads,
                                           unsigned ctasPerSm) const {
  unsigned warps = ctasPerSm * llvm::divideCeil(threads, getWarpSize());
  unsigned perPartition = llvm::divideCeil(std::max(warps, 1u), 4);
  unsigned registers =
      getRegistersPerSm() / 4 / (perPartition * getWarpSize()) / 8 * 8;
  return std::min(registers, 255u);
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
