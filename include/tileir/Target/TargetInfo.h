//===- TargetInfo.h - Target chip description -------------------*- C++ -*-===//
//
// Part of TileIR. Every target query (chip, PTX version, features) goes
// through TargetInfo, so that a new chip is an addition, not a rewrite.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_TARGET_TARGETINFO_H
#define TILEIR_TARGET_TARGETINFO_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir {
class MLIRContext;
namespace NVVM {
class NVVMTargetAttr;
} // namespace NVVM
} // namespace mlir

namespace tileir {

/// The ABI name of a kernel parameter type as the runtime reads it from the
/// `tileir.kernel` line ("ptr", "i32", "i64" for index, "f32", "bf16", ...),
/// or an empty string for a type the runtime cannot pass.
std::string getAbiKind(mlir::Type type);

class TargetInfo {
public:
  /// Parses a chip name ("sm_80", "sm_89", "sm_90", "sm_90a"). `ptxVersion`
  /// is e.g. 80 for PTX ISA 8.0; 0 picks the chip's default.
  static llvm::Expected<TargetInfo> get(llvm::StringRef chip,
                                        unsigned ptxVersion = 0);
  /// The chips this compiler generates code for.
  static llvm::StringRef supportedChips();

  /// The dispatch key of the target ("cuda").
  llvm::StringRef getKind() const { return "cuda"; }
  llvm::StringRef getChip() const { return chip; }
  /// SM version: 90 for sm_90 and sm_90a.
  unsigned getSmVersion() const { return sm; }
  unsigned getPtxVersion() const { return ptx; }
  /// Whether a kernel may use instructions of PTX ISA `version` (times
  /// ten): the target's PTX is that new, or it is the chip's default, which
  /// such a kernel raises (withPtx); an explicit older `ptxVersion` rules
  /// them out.
  bool allowsPtx(unsigned version) const { return ptx >= version || !ptxGiven; }
  /// This target with at least PTX ISA `version`.
  TargetInfo withPtx(unsigned version) const {
    TargetInfo t = *this;
    t.ptx = std::max(ptx, version);
    return t;
  }
  /// The LLVM NVPTX feature string ("+ptx80").
  std::string getFeatures() const;
  /// The NVVM target of the gpu.modules compiled for this target (its
  /// chip and features; LLVM's O3 pipeline, whose level the compile
  /// driver also derives its NVPTX codegen level from).
  mlir::NVVM::NVVMTargetAttr getNvvmTarget(mlir::MLIRContext *ctx) const;

  bool hasArchSpecificFeatures() const { return archSpecific; }
  bool hasCpAsync() const { return sm >= 80; }
  bool hasTMA() const { return sm >= 90; }
  /// Tensor maps written on the device (tensormap.replace): the
  /// architecture-specific targets from sm_90a.
  bool hasTensorMapReplace() const { return sm >= 90 && archSpecific; }
  bool hasWGMMA() const { return sm == 90 && archSpecific; }
  bool hasF8() const { return sm >= 89; }
  unsigned getWarpSize() const { return 32; }
  unsigned getMaxThreadsPerCta() const { return 1024; }
  /// Shared memory a CTA may use without opting in (bytes).
  unsigned getDefaultSharedMemoryPerCta() const { return 48 * 1024; }
  /// Shared memory a CTA may use with the dynamic opt-in
  /// (cudaFuncAttributeMaxDynamicSharedMemorySize), in bytes.
  unsigned getMaxSharedMemoryPerCta() const {
    return sm >= 90 ? 227 * 1024 : sm == 80 ? 163 * 1024 : 99 * 1024;
  }
  /// Shared memory of one SM that its CTAs share (bytes; each CTA also
  /// takes 1 KiB of it for the system).
  unsigned getSharedMemoryPerSm() const {
    return sm >= 90 ? 228 * 1024 : sm == 80 ? 164 * 1024 : 100 * 1024;
  }
  /// 32-bit registers of one SM that its CTAs share (64K on sm_50 and
  /// newer).
  unsigned getRegistersPerSm() const { return 64 * 1024; }
  /// The most registers a thread may use when `ctasPerSm` CTAs of
  /// `threads` threads share an SM: each of its four sub-partitions holds
  /// a quarter of the registers for a quarter of the warps (rounded up),
  /// given in units of 8 per thread; at most 255 (what ptxas allots for
  /// `.minnctapersm`).
  unsigned getRegistersPerThread(unsigned threads, unsigned ctasPerSm) const;
  /// Static `.shared` memory a kernel may declare (bytes): ptxas accepts up
  /// to the opt-in limit for an arch-specific target (sm_90a), and rejects
  /// more than 48 KiB otherwise ("uses too much shared data").
  unsigned getMaxStaticSharedMemoryPerCta() const {
    return archSpecific ? getMaxSharedMemoryPerCta()
                        : getDefaultSharedMemoryPerCta();
  }

private:
  std::string chip;
  unsigned sm = 0;
  unsigned ptx = 0;
  /// Whether `ptx` was asked for (TargetInfo::get's ptxVersion).
  bool ptxGiven = false;
  bool archSpecific = false;
};

} // namespace tileir

#endif // TILEIR_TARGET_TARGETINFO_H
