//===- BytecodeTest.cpp - Bytecode op table and reader robustness ---------===//
//
// Part of TileIR. The op table agrees with the registered cuda_tile ops, and
// the reader survives mutated files: every mutant is either read (and then
// verifies) or rejected with a diagnostic, never a crash.
//
//===----------------------------------------------------------------------===//

#include "Format.h"

#include "tileir/Bytecode/Bytecode.h"
#include "tileir/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <random>

using namespace mlir;
using namespace tileir::bytecode;

namespace {

TEST(BytecodeTable, AgreesWithTheDialect) {
  MLIRContext context;
  context.getOrLoadDialect<cuda_tile::CudaTileDialect>();
  llvm::DenseSet<uint32_t> opcodes;
  for (const OpSpec &spec : allOpSpecs()) {
    SCOPED_TRACE(spec.name);
    EXPECT_TRUE(opcodes.insert(spec.opcode).second) << "duplicate opcode";
    if (isExpandedOp(spec))
      continue;
    OperationName name("cuda_tile." + spec.name, &context);
    std::optional<RegisteredOperationName> info = name.getRegisteredInfo();
    ASSERT_TRUE(info) << "not a cuda_tile op";
    auto isAttribute = [&](llvm::StringRef attr) {
      return llvm::is_contained(info->getAttributeNames(),
                                StringAttr::get(&context, attr));
    };
    for (const AttrSpec &attr : spec.attrs)
      if (attr.kind != AttrKind::InBounds)
        EXPECT_TRUE(isAttribute(attr.name)) << attr.name;
    for (const FlagSpec &flag : spec.flags) {
      bool isOperand = llvm::any_of(spec.operands, [&](const OperandSpec &o) {
        return o.name == flag.name && o.kind == OperandKind::Optional;
      });
      bool isOptionalAttr = llvm::any_of(spec.attrs, [&](const AttrSpec &a) {
        return a.name == flag.name && a.optional;
      });
      // A unit attribute of ours, or one of a version after the dialect's.
      bool newerThanDialect = Version{13, 3, 0} < flag.since;
      EXPECT_TRUE(isOperand || isOptionalAttr || isAttribute(flag.name) ||
                  newerThanDialect)
          << flag.name;
    }
    for (const OperandSpec &operand : spec.operands)
      if (operand.kind == OperandKind::Optional)
        EXPECT_GE(spec.flagBit(operand.name), 0) << operand.name;
    EXPECT_EQ(spec.hasAttrSizedOperands(),
              info->hasTrait<OpTrait::AttrSizedOperandSegments>());
    EXPECT_EQ(spec.regions == 0, info->hasTrait<OpTrait::ZeroRegions>())
        << "region count";
    EXPECT_EQ(lookupOpcode(spec.opcode), &spec);
    EXPECT_EQ(lookupOp(spec.name), &spec);
  }
  // Every op of the dialect but the module-level ones has an encoding.
  for (RegisteredOperationName op : context.getRegisteredOperations()) {
    llvm::StringRef name = op.stripDialect();
    if (op.getDialectNamespace() != "cuda_tile" || name == "module" ||
        name == "entry" || name == "global" || name.starts_with("testing$"))
      continue;
    EXPECT_TRUE(lookupOp(name)) << name.str() << " has no encoding";
  }
}

TEST(BytecodeVersion, ParseAndPrint) {
  EXPECT_EQ(Version::parse("13.3"), (Version{13, 3, 0}));
  EXPECT_EQ(Version::parse("13.3.1"), (Version{13, 3, 1}));
  EXPECT_FALSE(Version::parse("13"));
  EXPECT_FALSE(Version::parse("13.x"));
  EXPECT_FALSE(Version::parse("300.1"));
  EXPECT_EQ((Version{13, 4, 0}).str(), "13.4");
  EXPECT_TRUE((Version{13, 2, 0}) < (Version{13, 10, 0}));
}

/// Reads `data`; returns whether it was accepted. Diagnostics are counted,
/// not printed.
bool readQuietly(MLIRContext &context, llvm::StringRef data,
                 unsigned &diagnostics) {
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &) {
    ++diagnostics;
    return success();
  });
  llvm::MemoryBufferRef buffer(data, "mutant.tilebc");
  return static_cast<bool>(readBytecode(buffer, &context));
}

TEST(BytecodeReader, SurvivesMutations) {
  std::vector<std::string> seeds;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(TILEIR_BYTECODE_CORPUS, ec), end;
       it != end && !ec; it.increment(ec)) {
    if (llvm::sys::path::extension(it->path()) != ".tilebc")
      continue;
    auto file = llvm::MemoryBuffer::getFile(it->path());
    ASSERT_TRUE(static_cast<bool>(file));
    seeds.push_back((*file)->getBuffer().str());
  }
  ASSERT_FALSE(seeds.empty());
  std::sort(seeds.begin(), seeds.end());

  // TILEIR_BYTECODE_MUTATIONS sets the count (docs/Testing: a long run).
  unsigned iterations = 20000;
  if (const char *env = std::getenv("TILEIR_BYTECODE_MUTATIONS"))
    iterations = std::strtoul(env, nullptr, 10);
  std::mt19937_64 rng(0x7113);
  auto pick = [&](size_t n) {
    return static_cast<size_t>(rng() % std::max<size_t>(n, 1));
  };
  unsigned accepted = 0, rejected = 0, unreported = 0;
  std::unique_ptr<MLIRContext> context;
  for (unsigned i = 0; i < iterations; ++i) {
    // A fresh context now and then bounds what mutants leave uniqued.
    if (i % 2000 == 0) {
      context = std::make_unique<MLIRContext>();
      context->getOrLoadDialect<cuda_tile::CudaTileDialect>();
    }
    std::string data = seeds[pick(seeds.size())];
    unsigned edits = 1 + pick(4);
    for (unsigned e = 0; e < edits && !data.empty(); ++e) {
      switch (pick(6)) {
      case 0: // flip bits of a byte
        data[pick(data.size())] ^= static_cast<char>(1 << pick(8));
        break;
      case 1: // set a byte to an extreme value
        data[pick(data.size())] = "\x00\x7f\x80\xff"[pick(4)];
        break;
      case 2: // truncate
        data.resize(pick(data.size()));
        break;
      case 3: // delete a run of bytes
      {
        size_t at = pick(data.size());
        data.erase(at, 1 + pick(8));
        break;
      }
      case 4: // insert bytes, among them long varints
      {
        size_t at = pick(data.size());
        data.insert(at, std::string(1 + pick(9), static_cast<char>(0xff)));
        break;
      }
      case 5: // splice the tail of another seed
      {
        const std::string &other = seeds[pick(seeds.size())];
        size_t at = pick(data.size()), from = pick(other.size());
        data = data.substr(0, at) + other.substr(from);
        break;
      }
      }
    }
    unsigned diagnostics = 0;
    if (readQuietly(*context, data, diagnostics)) {
      ++accepted;
    } else {
      ++rejected;
      if (!diagnostics)
        ++unreported;
    }
  }
  EXPECT_EQ(unreported, 0u) << "a rejected mutant without a diagnostic";
  EXPECT_GT(rejected, 0u);
  std::printf("bytecode mutants: %u, accepted %u, rejected %u\n", iterations,
              accepted, rejected);
}

} // namespace
