//===- InternalErrorsTest.cpp - Upstream failures re-reported -------------===//
//
// Part of TileIR. InternalErrorReporter: an upstream failure at a location
// inside a debug scope is re-reported once, naming the cuda_tile op at that
// file position and the chip; its follow-on errors are dropped; TileIR's own
// errors pass through unchanged.
//
//===----------------------------------------------------------------------===//

#include "InternalErrors.h"

#include "tileir/InitAllDialects.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace mlir;

namespace {

TEST(InternalErrors, UpstreamFailureNamesTheCudaTileOp) {
  DialectRegistry registry;
  ::tileir::registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  const char *text = "cuda_tile.module @m {\n"
                     "  entry @k(%a: tile<f32>) {\n"
                     "    %s = addf %a, %a : tile<f32>\n"
                     "    return\n"
                     "  }\n"
                     "}\n";
  ParserConfig config(&context);
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(text, config, "k.mlir");
  ASSERT_TRUE(module);

  // What reaches the tools: every diagnostic the reporter lets through.
  std::vector<std::string> errors, notes;
  ScopedDiagnosticHandler outer(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      errors.push_back(diag.str());
    for (Diagnostic &note : diag.getNotes())
      notes.push_back(note.str());
    return success();
  });
  mlir::tileir::InternalErrorReporter reporter(*module, "sm_90a");

  // The addf's position, wrapped as the lowering wraps it (a fused debug
  // scope), as an upstream conversion reports it.
  Operation *addf = nullptr;
  module->walk([&](Operation *op) {
    if (op->getName().getStringRef() == "cuda_tile.addf")
      addf = op;
  });
  ASSERT_TRUE(addf);
  Location at = addf->getLoc();
  Location wrapped = FusedLoc::get(&context, {at}, UnitAttr::get(&context));
  emitError(wrapped) << "failed to legalize operation 'llvm.fadd'";
  emitError(UnknownLoc::get(&context)) << "could not be compiled to PTX";
  emitError(at) << "expects a kernel argument";

  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0], "TileIR could not compile `cuda_tile.addf` for sm_90a: "
                       "an internal lowering step failed (failed to legalize "
                       "operation 'llvm.fadd')");
  EXPECT_EQ(errors[1], "expects a kernel argument");
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("this is a TileIR bug"), std::string::npos);
}

} // namespace
