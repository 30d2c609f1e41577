//===- RegistryTest.cpp - Dispatch registry rules -------------------------===//
//
// Part of TileIR. Ordering by (priority, name), forcing, predicates that all
// run, implementations that decline, and the rejection report.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dispatch/Dispatch.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace tileir;
using namespace tileir::dispatch;

namespace {

constexpr const char *kFill = R"mlir(
  %c = arith.constant 1.0 : f32
  %b = tirx.alloc : !tirx.buffer<128xf32, local, #tirx.layout<S[128:1@tx]>>
  tirx.fill cta %b, %c {dispatch_placeholder} : !tirx.buffer<128xf32, local, #tirx.layout<S[128:1@tx]>>, f32
)mlir";

class RegistryTest : public ::testing::Test {
protected:
  RegistryTest() {
    context.loadDialect<tirx::TirXDialect, arith::ArithDialect>();
    target.emplace(cantFail(TargetInfo::get("sm_90")));
  }

  /// Parses a block holding one tirx.fill, optionally forced to `forced`.
  tirx::PrimitiveOpInterface parseFill(std::string forced = "") {
    std::string text = kFill;
    std::string attr = forced.empty() ? "" : "dispatch = \"" + forced + "\"";
    text.replace(text.find("dispatch_placeholder"),
                 std::string("dispatch_placeholder").size(), attr);
    if (forced.empty())
      text.replace(text.find(" {}"), 3, "");
    block = std::make_unique<Block>();
    ParserConfig config(&context);
    if (failed(parseSourceString(text, block.get(), config)))
      return nullptr;
    tirx::PrimitiveOpInterface result;
    for (Operation &op : *block)
      if (auto prim = dyn_cast<tirx::PrimitiveOpInterface>(&op))
        result = prim;
    return result;
  }

  static Variant variant(std::string name, int prio,
                         SmallVector<Predicate> preds,
                         std::vector<std::string> *calls,
                         bool decline = false) {
    Variant v;
    v.name = name;
    v.priority = prio;
    v.predicates = std::move(preds);
    v.impl = [name, calls, decline](Operation *, DispatchContext &,
                                    RewriterBase &) {
      calls->push_back(name);
      return decline ? Outcome::fail("not today") : Outcome::ok();
    };
    return v;
  }

  static Predicate failing(std::string name, std::string reason) {
    return {name, [reason](Operation *, const DispatchContext &) {
              return Outcome::fail(reason);
            }};
  }

  LogicalResult run(Registry &registry, tirx::PrimitiveOpInterface op,
                    std::string &chosen, SmallVector<Rejection> &rejections,
                    std::string *diagnostics = nullptr) {
    DispatchContext ctx(*target, tirx::ExecScope::Cta, 128);
    IRRewriter rewriter(&context);
    std::string text;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      llvm::raw_string_ostream os(text);
      os << diag << "\n";
      for (Diagnostic &note : diag.getNotes())
        os << "note: " << note << "\n";
      return success();
    });
    LogicalResult result =
        dispatchOne(registry, op, ctx, rewriter, chosen, rejections);
    if (diagnostics)
      *diagnostics = text;
    return result;
  }

  MLIRContext context;
  std::optional<TargetInfo> target;
  std::unique_ptr<Block> block;
};

TEST_F(RegistryTest, OrdersByPriorityThenName) {
  Registry registry;
  std::vector<std::string> calls;
  registry.add("tirx.fill", "cuda", variant("zeta", 10, {}, &calls));
  registry.add("tirx.fill", "cuda", variant("alpha", 10, {}, &calls));
  registry.add("tirx.fill", "cuda", variant("low", 0, {}, &calls));
  registry.add("tirx.fill", "cuda", variant("high", 20, {}, &calls));
  SmallVector<const Variant *> order = registry.lookup("tirx.fill", "cuda");
  ASSERT_EQ(order.size(), 4u);
  EXPECT_EQ(order[0]->name, "high");
  EXPECT_EQ(order[1]->name, "alpha");
  EXPECT_EQ(order[2]->name, "zeta");
  EXPECT_EQ(order[3]->name, "low");
  EXPECT_TRUE(registry.lookup("tirx.fill", "trn").empty());
  EXPECT_TRUE(registry.lookup("tirx.copy", "cuda").empty());
}

TEST_F(RegistryTest, FirstPassingVariantWinsAndOthersAreRecorded) {
  Registry registry;
  std::vector<std::string> calls;
  registry.add(
      "tirx.fill", "cuda",
      variant("fast", 20, {failing("p1", "r1"), failing("p2", "r2")}, &calls));
  registry.add("tirx.fill", "cuda", variant("general", 10, {}, &calls));
  registry.add("tirx.fill", "cuda", variant("slow", 0, {}, &calls));
  tirx::PrimitiveOpInterface op = parseFill();
  ASSERT_TRUE(op);
  std::string chosen;
  SmallVector<Rejection> rejections;
  ASSERT_TRUE(succeeded(run(registry, op, chosen, rejections)));
  EXPECT_EQ(chosen, "general");
  // The winner's implementation ran, the lower-priority one never did.
  EXPECT_EQ(calls, std::vector<std::string>{"general"});
  // Every predicate of the rejected variant was evaluated.
  ASSERT_EQ(rejections.size(), 1u);
  EXPECT_EQ(rejections[0].variant, "fast");
  ASSERT_EQ(rejections[0].reasons.size(), 2u);
  EXPECT_EQ(rejections[0].reasons[0], "p1: r1");
  EXPECT_EQ(rejections[0].reasons[1], "p2: r2");
  // The primitive was replaced (erased by the dispatcher).
  EXPECT_EQ(
      llvm::count_if(*block, [](Operation &o) { return isa<tirx::FillOp>(o); }),
      0);
}

TEST_F(RegistryTest, DecliningImplementationFallsThrough) {
  Registry registry;
  std::vector<std::string> calls;
  registry.add("tirx.fill", "cuda", variant("picky", 10, {}, &calls, true));
  registry.add("tirx.fill", "cuda", variant("fallback", 0, {}, &calls));
  tirx::PrimitiveOpInterface op = parseFill();
  ASSERT_TRUE(op);
  std::string chosen;
  SmallVector<Rejection> rejections;
  ASSERT_TRUE(succeeded(run(registry, op, chosen, rejections)));
  EXPECT_EQ(chosen, "fallback");
  EXPECT_EQ(calls, (std::vector<std::string>{"picky", "fallback"}));
  ASSERT_EQ(rejections.size(), 1u);
  EXPECT_EQ(rejections[0].reasons[0], "declined: not today");
}

TEST_F(RegistryTest, ForcedVariantIsTheOnlyCandidate) {
  Registry registry;
  std::vector<std::string> calls;
  registry.add("tirx.fill", "cuda", variant("best", 20, {}, &calls));
  registry.add("tirx.fill", "cuda", variant("chosen", 0, {}, &calls));
  tirx::PrimitiveOpInterface op = parseFill("chosen");
  ASSERT_TRUE(op);
  std::string chosen;
  SmallVector<Rejection> rejections;
  ASSERT_TRUE(succeeded(run(registry, op, chosen, rejections)));
  EXPECT_EQ(chosen, "chosen");
  EXPECT_EQ(calls, std::vector<std::string>{"chosen"});
  EXPECT_TRUE(rejections.empty());
}

TEST_F(RegistryTest, UnknownForcedVariantIsAnError) {
  Registry registry;
  std::vector<std::string> calls;
  registry.add("tirx.fill", "cuda", variant("a", 10, {}, &calls));
  registry.add("tirx.fill", "cuda", variant("b", 0, {}, &calls));
  tirx::PrimitiveOpInterface op = parseFill("nope");
  ASSERT_TRUE(op);
  std::string chosen, diagnostics;
  SmallVector<Rejection> rejections;
  EXPECT_TRUE(failed(run(registry, op, chosen, rejections, &diagnostics)));
  EXPECT_TRUE(calls.empty());
  EXPECT_NE(diagnostics.find("names unknown variant 'nope'; registered: a b"),
            std::string::npos)
      << diagnostics;
}

TEST_F(RegistryTest, NoApplicableVariantListsEveryReason) {
  Registry registry;
  std::vector<std::string> calls;
  registry.add("tirx.fill", "cuda",
               variant("x", 10, {failing("scope", "too wide")}, &calls));
  registry.add("tirx.fill", "cuda", variant("y", 5, {}, &calls, true));
  tirx::PrimitiveOpInterface op = parseFill();
  ASSERT_TRUE(op);
  std::string chosen, diagnostics;
  SmallVector<Rejection> rejections;
  EXPECT_TRUE(failed(run(registry, op, chosen, rejections, &diagnostics)));
  EXPECT_EQ(rejections.size(), 2u);
  EXPECT_NE(diagnostics.find("has no applicable variant on target 'cuda'"),
            std::string::npos);
  EXPECT_NE(diagnostics.find("note: x (prio=10): scope: too wide"),
            std::string::npos)
      << diagnostics;
  EXPECT_NE(diagnostics.find("note: y (prio=5): declined: not today"),
            std::string::npos)
      << diagnostics;
}

TEST_F(RegistryTest, NoVariantRegisteredIsAnError) {
  Registry registry;
  tirx::PrimitiveOpInterface op = parseFill();
  ASSERT_TRUE(op);
  std::string chosen, diagnostics;
  SmallVector<Rejection> rejections;
  EXPECT_TRUE(failed(run(registry, op, chosen, rejections, &diagnostics)));
  EXPECT_NE(diagnostics.find("has no variant registered for target 'cuda'"),
            std::string::npos)
      << diagnostics;
}

TEST_F(RegistryTest, BuiltinTableCoversTheFoundationPrimitives) {
  const Registry &builtin = Registry::getBuiltin();
  for (const char *prim :
       {"tirx.copy", "tirx.fill", "tirx.iota", "tirx.cast", "tirx.exp",
        "tirx.exp2", "tirx.add", "tirx.sub", "tirx.mul", "tirx.fdiv",
        "tirx.maximum", "tirx.minimum", "tirx.cmp", "tirx.select", "tirx.sum",
        "tirx.max", "tirx.min", "tirx.load_ptr", "tirx.store_ptr"})
    EXPECT_FALSE(builtin.lookup(prim, "cuda").empty()) << prim;
  SmallVector<const Variant *> copies = builtin.lookup("tirx.copy", "cuda");
  EXPECT_EQ(copies.front()->priority, priority::kForcedOnly);
  // The general per-element variant comes after every other one.
  EXPECT_EQ(copies.back()->name, "per_element");
  EXPECT_EQ(copies.back()->priority, priority::kPerElement);
}

// The active set: team-selecting narrowings keep a call dispatchable,
// narrowings inside the team do not; intra/inter reflect both.
TEST(DispatchContextTest, ActiveSetByScope) {
  auto target = TargetInfo::get("sm_90");
  ASSERT_TRUE(static_cast<bool>(target));
  ActiveSet warp1;
  warp1.narrow("warpid", {1, 1});
  DispatchContext warpCall(*target, tirx::ExecScope::Warp, 256, warp1);
  EXPECT_TRUE(warpCall.allThreadsActive());
  EXPECT_EQ(warpCall.getIntra().lookup("laneid"), (AxisRange{32, 0}));
  EXPECT_EQ(warpCall.getInter().lookup("warpid"), (AxisRange{1, 1}));
  DispatchContext ctaCall(*target, tirx::ExecScope::Cta, 256, warp1);
  EXPECT_FALSE(ctaCall.allThreadsActive());
  EXPECT_EQ(ctaCall.getIntra().lookup("warpid"), (AxisRange{1, 1}));

  ActiveSet halfWarp;
  halfWarp.narrow("laneid", {16, 0});
  halfWarp.narrow("laneid", {16, 8}); // intersects to [8, 16)
  EXPECT_EQ(halfWarp.lookup("laneid"), (AxisRange{8, 8}));
  EXPECT_FALSE(DispatchContext(*target, tirx::ExecScope::Warp, 256, halfWarp)
                   .allThreadsActive());
  EXPECT_TRUE(DispatchContext(*target, tirx::ExecScope::Thread, 256, halfWarp)
                  .allThreadsActive());

  ActiveSet wg;
  wg.narrow("wgid", {1, 1});
  EXPECT_TRUE(DispatchContext(*target, tirx::ExecScope::Warpgroup, 256, wg)
                  .allThreadsActive());
  wg.narrow("wid_in_wg", {1, 0});
  EXPECT_FALSE(DispatchContext(*target, tirx::ExecScope::Warpgroup, 256, wg)
                   .allThreadsActive());

  ActiveSet unknown;
  unknown.markUnknown();
  EXPECT_FALSE(DispatchContext(*target, tirx::ExecScope::Warp, 256, unknown)
                   .allThreadsActive());
  EXPECT_EQ(DispatchContext(*target, tirx::ExecScope::Cta, 256)
                .getLaunchExtent("threadIdx.x"),
            256);
}

} // namespace
