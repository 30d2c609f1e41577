//===- tile-as.cpp - tileiras-compatible Tile IR assembler ----------------===//
//
// Part of TileIR. Takes the command line of NVIDIA's `tileiras` (the
// assembler that cuTile Python runs): Tile IR bytecode or cuda_tile MLIR text
// in, a cubin out (PTX from the TileIR pipeline, assembled by ptxas). Its
// diagnostics and exit statuses follow tileiras, so that a `tileiras` that is
// this tool (the compat directory, docs/TileAs.md) works under cuTile.
//
//===----------------------------------------------------------------------===//

#include "tileir/Bytecode/Bytecode.h"
#include "tileir/InitAllDialects.h"
#include "tileir/Target/PTX/CompileToPTX.h"
#include "tileir/Tools/ToolSupport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace mlir::tileir;
namespace cl = llvm::cl;

namespace {
/// Exit statuses, the ones tileiras uses.
enum class Exit : int {
  Success = 0,
  /// Bad command line, no or unreadable input, unknown preview feature.
  Usage = 1,
  /// An option value the compiler cannot honour (GPU, optimization level),
  /// or an output file that cannot be written.
  BadOption = 2,
  /// The input is neither Tile IR bytecode nor valid cuda_tile IR.
  BadInput = 3,
  /// The program does not compile (lowering, ptxas, tile libraries).
  CompileFailure = 5,
};

/// A remark category of tileiras's --remarks* options.
enum class RemarkCategory { None, All, Memory, TensorCore };
enum class RemarkFormat { CommandLine, Yaml };
enum class HostArch { X86_64, AArch64 };
enum class HostOS { Linux, Windows };

/// A value of --gpu-name and the TileIR chip whose PTX it gets.
struct GpuName {
  llvm::StringLiteral name;
  llvm::StringLiteral codegenChip;
};
} // namespace

/// The GPUs tileiras takes (plus sm_90a). sm_90 gets the sm_90a features
/// (wgmma, as tileiras does); sm_87 and sm_88 get sm_86 PTX; the GPUs after
/// sm_90 get sm_90 PTX without arch-specific features, which ptxas assembles
/// for the requested GPU (PTX for sm_XY runs on every later GPU).
static constexpr GpuName gpuNames[] = {
    {"sm_80", "sm_80"},   {"sm_86", "sm_86"},  {"sm_87", "sm_86"},
    {"sm_88", "sm_86"},   {"sm_89", "sm_89"},  {"sm_90", "sm_90a"},
    {"sm_90a", "sm_90a"}, {"sm_100", "sm_90"}, {"sm_103", "sm_90"},
    {"sm_107", "sm_90"},  {"sm_110", "sm_90"}, {"sm_120", "sm_90"},
    {"sm_121", "sm_90"},
};

static cl::OptionCategory asCategory("TileIR Assembler Options");
static cl::OptionCategory remarkCategory("TileIR Assembler Remark Options",
                                         "Accepted as tileiras takes them; "
                                         "TileIR emits no remarks, a YAML "
                                         "remark file is written empty.");

static cl::opt<std::string> inputFile(cl::Positional,
                                      cl::desc("<tile bytecode file>"),
                                      cl::cat(asCategory));
static cl::opt<std::string> outputFile("output-file",
                                       cl::desc("Specify name of output file."),
                                       cl::value_desc("file"),
                                       cl::init("elf.o"), cl::cat(asCategory));
static cl::alias outputFileShort("o", cl::desc("Alias for --output-file"),
                                 cl::aliasopt(outputFile), cl::cat(asCategory));
static cl::opt<std::string>
    gpuName("gpu-name",
            cl::desc("Specify name of NVIDIA GPU to generate code for "
                     "(sm_80, sm_86, sm_87, sm_88, sm_89, sm_90, sm_90a, "
                     "sm_100, sm_103, sm_107, sm_110, sm_120, sm_121)."),
            cl::value_desc("sm_XY"), cl::cat(asCategory));
static cl::alias gpuNameArch("arch", cl::desc("Alias for --gpu-name"),
                             cl::aliasopt(gpuName), cl::cat(asCategory));
static cl::opt<unsigned>
    optLevel("opt-level",
             cl::desc("Specify optimization level (0-3; TileIR always "
                      "optimizes). Default Value: 3."),
             cl::value_desc("N"), cl::init(3), cl::cat(asCategory));
static cl::alias optLevelShort("O", cl::desc("Alias for --opt-level"),
                               cl::aliasopt(optLevel), cl::AlwaysPrefix,
                               cl::cat(asCategory));
static cl::opt<bool> lineInfo("lineinfo",
                              cl::desc("Generate line-number information (if "
                                       "present in the input)"),
                              cl::cat(asCategory));
static cl::opt<bool> deviceDebug("device-debug",
                                 cl::desc("Generate debug information (if "
                                          "present in the input)"),
                                 cl::cat(asCategory));
static cl::alias deviceDebugShort("g", cl::desc("Alias for --device-debug"),
                                  cl::aliasopt(deviceDebug),
                                  cl::cat(asCategory));
static cl::opt<bool> warpSpecialize(
    "warp-specialize",
    cl::desc("TileIR: give the TMA loads of the rolled wgmma K loop and of "
             "attention's streamed operands to producer warps (default "
             "true; =false issues them from the loop's threads)"),
    cl::init(true), cl::cat(asCategory));
static cl::opt<bool> listVersions("list-versions",
                                  cl::desc("List all supported bytecode "
                                           "versions and exit"),
                                  cl::cat(asCategory));
static cl::opt<HostArch>
    hostArch("host-arch",
             cl::desc("Specify the architecture for the generated host code "
                      "(accepted; a cubin has no host code)."),
             cl::values(clEnumValN(HostArch::X86_64, "x86_64", "x86_64"),
                        clEnumValN(HostArch::AArch64, "aarch64", "aarch64")),
             cl::cat(asCategory));
static cl::opt<HostOS>
    hostOS("host-os",
           cl::desc("Specify the operating system for the generated host "
                    "code (accepted; a cubin has no host code)."),
           cl::values(clEnumValN(HostOS::Linux, "linux", "linux"),
                      clEnumValN(HostOS::Windows, "windows", "windows")),
           cl::cat(asCategory));
static cl::list<std::string>
    previewFeatures("preview",
                    cl::desc("Enable one or more named preview features "
                             "(tile-as supports none)"),
                    cl::value_desc("feature[,feature...]"), cl::CommaSeparated,
                    cl::cat(asCategory));
static cl::list<std::string>
    tileLibraries("l",
                  cl::desc("Tile libraries to load (not supported by "
                           "tile-as)"),
                  cl::value_desc("path"), cl::cat(asCategory));
static cl::opt<LaunchABI> launchAbi(
    "launch-abi", cl::desc("How the kernels are launched (docs/ABI.md)"),
    cl::values(clEnumValN(LaunchABI::TileKernel, "tile",
                          "as cuTile launches tileiras's cubins: tile grid, "
                          "block (1,1,1), no dynamic shared memory (default)"),
               clEnumValN(LaunchABI::Explicit, "explicit",
                          "the launcher passes the block size and the "
                          "dynamic shared memory of the kernel info")),
    cl::init(LaunchABI::TileKernel), cl::cat(asCategory));
static cl::opt<bool> emitPtx("S",
                             cl::desc("Write the PTX instead of a cubin "
                                      "(no ptxas needed)"),
                             cl::cat(asCategory));

static cl::opt<RemarkFormat> remarkFormat(
    "remark-format", cl::desc("Specify the format for remark output"),
    cl::values(clEnumValN(RemarkFormat::CommandLine, "command-line",
                          "Print remarks to command-line"),
               clEnumValN(RemarkFormat::Yaml, "yaml",
                          "Write remarks to YAML file")),
    cl::init(RemarkFormat::CommandLine), cl::cat(remarkCategory));
static cl::opt<std::string>
    remarksOutputFile("remarks-output-file",
                      cl::desc("Output file for YAML remark format. Default is "
                               "tileir_remarks.yaml"),
                      cl::init("tileir_remarks.yaml"), cl::cat(remarkCategory));

/// The values of every --remarks* option.
static cl::ValuesClass remarkCategories() {
  return cl::values(
      clEnumValN(RemarkCategory::None, "none", "No remarks"),
      clEnumValN(RemarkCategory::All, "all", "All remarks"),
      clEnumValN(RemarkCategory::Memory, "memory", "Memory-related remarks"),
      clEnumValN(RemarkCategory::TensorCore, "tensorcore",
                 "Tensor-core remarks"));
}

static cl::opt<RemarkCategory> remarks(
    "remarks",
    cl::desc("Enable all remark types (passed, missed, failed, analysis) for "
             "the specified category"),
    remarkCategories(), cl::init(RemarkCategory::None),
    cl::cat(remarkCategory));
static cl::opt<RemarkCategory>
    remarksPassed("remarks-passed",
                  cl::desc("Category for passed optimization remarks"),
                  remarkCategories(), cl::init(RemarkCategory::None),
                  cl::cat(remarkCategory));
static cl::opt<RemarkCategory>
    remarksMissed("remarks-missed",
                  cl::desc("Category for missed optimization remarks"),
                  remarkCategories(), cl::init(RemarkCategory::None),
                  cl::cat(remarkCategory));
static cl::opt<RemarkCategory>
    remarksFailed("remarks-failed",
                  cl::desc("Category for failed optimization remarks"),
                  remarkCategories(), cl::init(RemarkCategory::None),
                  cl::cat(remarkCategory));
static cl::opt<RemarkCategory>
    remarksAnalysis("remarks-analysis",
                    cl::desc("Category for analysis optimization remarks"),
                    remarkCategories(), cl::init(RemarkCategory::None),
                    cl::cat(remarkCategory));

static void printBytecodeVersions(llvm::raw_ostream &os) {
  llvm::ArrayRef<::tileir::bytecode::Version> versions =
      ::tileir::bytecode::supportedVersions();
  os << "Tile IR bytecode " << versions.front().str() << " to "
     << versions.back().str() << "\n";
}

/// The first file:line:col inside `loc` (a fused location with debug-info
/// metadata, a #cuda_tile.di_loc, a name or call-site location), if any.
static std::optional<FileLineColLoc> findFileLineCol(Location loc) {
  std::optional<FileLineColLoc> found;
  loc->walk([&](Location sub) {
    if (auto fileLineCol = dyn_cast<FileLineColLoc>(sub)) {
      found = fileLineCol;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// Prints a diagnostic as tileiras does, which is what cuTile parses:
/// `loc("file":line:col): error: message`, or `error: message` where the
/// location has no file position. Notes follow their diagnostic.
/// Prints `error: file:line:col: message`. cuTile Python takes the text after
/// `error:` as the message; a leading `loc("file":line:col)` it would parse as
/// a location, which cuTile 1.7 cannot print (its error's str() fails, which
/// breaks its autotuner on any failing configuration).
static void printDiagnostic(Diagnostic &diag, llvm::raw_ostream &os) {
  switch (diag.getSeverity()) {
  case DiagnosticSeverity::Error:
    os << "error: ";
    break;
  case DiagnosticSeverity::Warning:
    os << "warning: ";
    break;
  case DiagnosticSeverity::Note:
    os << "note: ";
    break;
  case DiagnosticSeverity::Remark:
    os << "remark: ";
    break;
  }
  if (std::optional<FileLineColLoc> loc = findFileLineCol(diag.getLocation()))
    os << loc->getFilename().getValue() << ":" << loc->getLine() << ":"
       << loc->getColumn() << ": ";
  os << diag << "\n";
  for (Diagnostic &note : diag.getNotes())
    printDiagnostic(note, os);
}

static int fail(Exit code, const llvm::Twine &message) {
  llvm::errs() << "error: " << message << "\n";
  return static_cast<int>(code);
}

/// Writes `text` to `path`; false (after an error message) when it cannot.
static bool writeFile(llvm::StringRef path, llvm::StringRef text) {
  std::error_code ec;
  llvm::ToolOutputFile file(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    llvm::errs() << "error: cannot open output file '" << path
                 << "': " << ec.message() << "\n";
    return false;
  }
  file.os() << text;
  file.os().flush();
  if (file.os().has_error()) {
    llvm::errs() << "error: cannot write output file '" << path
                 << "': " << file.os().error().message() << "\n";
    file.os().clear_error();
    return false;
  }
  file.keep();
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  ::tileir::tools::initTool(
      "tile-as: TileIR Tile IR assembler (tileiras-compatible)",
      {&asCategory, &remarkCategory}, printBytecodeVersions);
  cl::ParseCommandLineOptions(
      argc, argv, "tile-as: TileIR Tile IR assembler (tileiras-compatible)\n");

  if (listVersions) {
    for (const ::tileir::bytecode::Version &version :
         ::tileir::bytecode::supportedVersions())
      llvm::outs() << version.str() << "\n";
    return static_cast<int>(Exit::Success);
  }
  if (inputFile.empty())
    return fail(Exit::Usage, "no input file provided");
  if (!previewFeatures.empty())
    return fail(Exit::Usage, "unsupported preview feature '" +
                                 previewFeatures.front() +
                                 "' (tile-as supports no preview features)");
  if (optLevel > 3)
    return fail(Exit::BadOption,
                "invalid optimization level: " + llvm::Twine(optLevel));
  if (gpuName.empty())
    return fail(Exit::BadOption, "no GPU architecture given (--gpu-name)");
  const GpuName *gpu = llvm::find_if(
      gpuNames, [](const GpuName &g) { return g.name == gpuName; });
  if (gpu == std::end(gpuNames)) {
    std::string supported = llvm::join(
        llvm::map_range(gpuNames, [](const GpuName &g) { return g.name; }),
        ", ");
    return fail(Exit::BadOption, "GPU architecture " + gpuName +
                                     " is not supported by tile-as "
                                     "(supported: " +
                                     supported + ")");
  }
  if (!tileLibraries.empty())
    return fail(Exit::CompileFailure,
                "tile libraries (-l) are not supported by tile-as");

  auto input = llvm::MemoryBuffer::getFileOrSTDIN(inputFile, /*IsText=*/false);
  if (std::error_code ec = input.getError())
    return fail(Exit::Usage, "unable to read input file '" + inputFile +
                                 "': " + ec.message());

  DialectRegistry registry;
  ::tileir::registerAllDialects(registry);
  registerCompileDependencies(registry);
  MLIRContext context(registry);
  // The diagnostic names the op by its location, without printing its IR.
  context.printOpOnDiagnostic(false);
  ScopedDiagnosticHandler diagnostics(&context, [](Diagnostic &diag) {
    printDiagnostic(diag, llvm::errs());
    return success();
  });

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*input), llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      ::tileir::bytecode::parseSourceAnyFormat(sourceMgr, &context);
  if (!module)
    return static_cast<int>(Exit::BadInput);

  CompileOptions options;
  options.chip = gpu->codegenChip.str();
  options.abi = launchAbi;
  options.warpSpecialize = warpSpecialize;
  // cuTile Python launches any pointer its specialization allows: one
  // without `assume div_by` may be aligned to its elements only (it
  // recompiles the kernel for a base pointer that is not 16-byte aligned).
  options.pointerAlignment = 1;
  options.debugInfo = deviceDebug ? DebugInfoLevel::Full
                      : lineInfo  ? DebugInfoLevel::LineInfo
                                  : DebugInfoLevel::None;
  FailureOr<std::string> ptx = compileToPTX(*module, options);
  if (failed(ptx))
    return static_cast<int>(Exit::CompileFailure);

  std::string object = std::move(*ptx);
  if (!emitPtx) {
    // Arch-specific PTX (sm_90a) assembles only for its own chip; other PTX
    // for the GPU that was asked for.
    llvm::StringRef ptxasChip =
        gpu->codegenChip.ends_with("a") ? gpu->codegenChip : gpu->name;
    llvm::Expected<std::string> cubin =
        assembleCubin(object, ptxasChip, options.debugInfo);
    if (!cubin)
      return fail(Exit::CompileFailure, llvm::toString(cubin.takeError()));
    object = std::move(*cubin);
  }
  if (!writeFile(outputFile, object))
    return static_cast<int>(Exit::BadOption);

  // TileIR emits no optimization remarks: a requested YAML remark file is an
  // empty remark stream.
  bool remarksRequested = llvm::any_of(
      std::initializer_list<RemarkCategory>{remarks, remarksPassed,
                                            remarksMissed, remarksFailed,
                                            remarksAnalysis},
      [](RemarkCategory c) { return c != RemarkCategory::None; });
  if (remarksRequested && remarkFormat == RemarkFormat::Yaml &&
      !writeFile(remarksOutputFile, ""))
    return static_cast<int>(Exit::BadOption);
  return static_cast<int>(Exit::Success);
}
