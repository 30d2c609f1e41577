//===- CoverageTest.cpp - Dispatch succeeds on every verified program -----===//
//
// Part of TileIR. The rule of docs/Dispatch.md: a program the verifier accepts
// never fails dispatch for lack of a fast path. For every primitive op of the
// tirx dialect (taken from the registered ops with PrimitiveOpInterface, so a
// new primitive fails this test until it has a generator below), the test
// builds one kernel per execution scope x memory scope of each operand x
// layout class x alignment class x element type, parses and verifies it
// (programs the verifier rejects are skipped and counted), and runs
// tirx-dispatch on it, then the whole tirx-to-nvvm pipeline on every
// kFullPipelineEvery-th dispatched kernel. A kernel that verifies must
// dispatch and lower; the exceptions are the documented limits in
// isKnownLimit (docs/Dispatch.md, "Limits"), counted and printed too.
// COVERAGE_PRINT_IR=1 adds each failing kernel's text to its message,
// COVERAGE_ONLY=sum,scan runs only those primitives, COVERAGE_TRACE=1 prints
// each kernel before it runs.
//
//===----------------------------------------------------------------------===//

#include "tileir/Dialect/TirX/IR/TirX.h"
#include "tileir/Dialect/TirX/Transforms/Passes.h"
#include "tileir/Dispatch/Passes.h"
#include "tileir/InitAllDialects.h"
#include "tileir/Pipelines/Pipelines.h"
#include "tileir/Target/PTX/CompileToPTX.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <functional>
#include <map>
#include <set>

using namespace mlir;

namespace {

/// Every this-many dispatched kernels also run the pipeline down to NVVM.
constexpr int kFullPipelineEvery = 10;

//===----------------------------------------------------------------------===//
// The classes
//===----------------------------------------------------------------------===//

struct Shape {
  int64_t rows, cols;
  bool rank1 = false; // the shape (cols)
  int64_t size() const { return rows * cols; }
  std::string str() const {
    if (rank1)
      return std::to_string(cols);
    return std::to_string(rows) + "x" + std::to_string(cols);
  }
};

/// Row-major, one element, non-power-of-two.
const Shape kShapes[] = {{8, 16}, {1, 1}, {3, 5}};

struct Scope {
  const char *name;
  /// Thread axes from the fastest, with their extents (empty: thread).
  std::vector<std::pair<std::string, int64_t>> axes;
};

/// The CTA has 128 threads: a cta call names its threads by `tx` or by
/// `laneid`/`warpid`.
const Scope kScopes[] = {
    {"thread", {}},
    {"warp", {{"laneid", 32}}},
    {"warpgroup", {{"laneid", 32}, {"wid_in_wg", 4}}},
    {"cta", {{"tx", 128}}},
    {"cta", {{"laneid", 32}, {"warpid", 4}}},
};

struct Iter {
  int64_t extent;
  std::string stride; // "1", "4@laneid", ...
};

static std::string layoutOf(const std::vector<Iter> &shard,
                            const std::vector<Iter> &replica = {},
                            int64_t offset = 0) {
  auto list = [](const std::vector<Iter> &iters) {
    std::string e = "(", s = "(";
    for (size_t i = 0; i < iters.size(); ++i) {
      e += (i ? "," : "") + std::to_string(iters[i].extent);
      s += (i ? "," : "") + iters[i].stride;
    }
    return e + "):" + s + ")";
  };
  std::string text =
      "S[" + (shard.empty() ? std::string("1:1") : list(shard)) + "]";
  if (!replica.empty())
    text += " + R[" + list(replica) + "]";
  if (offset)
    text += " + " + std::to_string(offset);
  return text;
}

/// Splits `n` elements over the scope's threads (slowest thread axis first),
/// using at most `n` threads; returns the thread iters and the threads used.
static std::vector<Iter> threadIters(const Scope &scope, int64_t &n,
                                     int64_t limit = INT64_MAX) {
  std::vector<Iter> iters;
  int64_t used = 1;
  // Fastest axis first: lanes take consecutive elements' owners.
  std::vector<Iter> fastFirst;
  for (const auto &[axis, extent] : scope.axes) {
    int64_t take = 1;
    while (take * 2 <= extent && n % (take * 2) == 0 &&
           used * take * 2 <= limit)
      take *= 2;
    if (take > 1) {
      fastFirst.push_back({take, "1@" + axis});
      n /= take;
      used *= take;
    }
    if (take < extent)
      break;
  }
  iters.assign(fastFirst.rbegin(), fastFirst.rend());
  return iters;
}

struct LayoutCase {
  std::string cls;
  std::string layout; // the text inside #tirx.layout<...>
};

/// Local (register) layouts of `shape` at `scope`.
static std::vector<LayoutCase> localLayouts(const Scope &scope, Shape shape) {
  std::vector<LayoutCase> out;
  int64_t n = shape.size();
  bool pow2 = llvm::isPowerOf2_64(n);
  if (scope.axes.empty()) {
    out.push_back({"row", layoutOf({{shape.rows, std::to_string(shape.cols)},
                                    {shape.cols, "1"}})});
    out.push_back(
        {"col", layoutOf({{shape.rows, "1"},
                          {shape.cols, std::to_string(shape.rows)}})});
    out.push_back(
        {"padded", layoutOf({{shape.rows, std::to_string(shape.cols + 1)},
                             {shape.cols, "1"}})});
    if (shape.rows > 1)
      out.push_back(
          {"broadcast", layoutOf({{shape.rows, "0"}, {shape.cols, "1"}})});
    return out;
  }
  // The whole tile in every thread of the scope.
  {
    std::vector<Iter> rep;
    for (auto it = scope.axes.rbegin(); it != scope.axes.rend(); ++it)
      rep.push_back({it->second, "1@" + it->first});
    out.push_back({"whole-per-thread", layoutOf({{n, "1"}}, rep)});
  }
  if (!pow2) {
    // Threads beyond the elements idle: one element per thread.
    if (n <= scope.axes.front().second)
      out.push_back(
          {"one-per-thread", layoutOf({{n, "1@" + scope.axes.front().first}})});
    return out;
  }
  // Blocked: threads outer, registers inner.
  {
    int64_t rest = n;
    std::vector<Iter> shard = threadIters(scope, rest);
    if (rest > 1)
      shard.push_back({rest, "1"});
    out.push_back({"blocked", layoutOf(shard)});
    // Registers with a gap (padded storage).
    if (rest > 1) {
      shard.back().stride = "2";
      out.push_back({"blocked-padded", layoutOf(shard)});
    }
  }
  // Cyclic: registers outer, threads inner.
  {
    int64_t rest = n;
    std::vector<Iter> threads = threadIters(scope, rest);
    if (rest > 1) {
      std::vector<Iter> shard = {{rest, "1"}};
      shard.insert(shard.end(), threads.begin(), threads.end());
      out.push_back({"cyclic", layoutOf(shard)});
    }
  }
  // Half the threads hold the tile, the other half a replica.
  {
    int64_t threads = 1;
    for (auto &a : scope.axes)
      threads *= a.second;
    int64_t rest = n;
    std::vector<Iter> shard = threadIters(scope, rest, threads / 2);
    int64_t used = n / rest;
    if (used == threads / 2) {
      // The replica bit: the next thread bit (on the axis holding it).
      int64_t bit = used;
      std::string axis;
      for (auto &[name, extent] : scope.axes) {
        if (bit < extent) {
          axis = name;
          break;
        }
        bit /= extent;
      }
      if (rest > 1)
        shard.push_back({rest, "1"});
      out.push_back({"replicated",
                     layoutOf(shard, {{2, std::to_string(bit) + "@" + axis}})});
    }
  }
  // Broadcast rows: one register stands for every row.
  if (shape.rows > 1) {
    int64_t rest = shape.cols;
    std::vector<Iter> shard = threadIters(scope, rest);
    if (rest > 1)
      shard.push_back({rest, "1"});
    shard.insert(shard.begin(), {shape.rows, "0"});
    out.push_back({"broadcast", layoutOf(shard)});
  }
  return out;
}

/// Shared layouts of `shape` for elements of `bits`.
static std::vector<LayoutCase> sharedLayouts(Shape shape, unsigned bits) {
  std::vector<LayoutCase> out;
  std::string r = std::to_string(shape.rows), c = std::to_string(shape.cols);
  out.push_back({"row", layoutOf({{shape.rows, c}, {shape.cols, "1"}})});
  out.push_back({"col", layoutOf({{shape.rows, "1"}, {shape.cols, r}})});
  out.push_back(
      {"padded", layoutOf({{shape.rows, std::to_string(shape.cols + 1)},
                           {shape.cols, "1"}})});
  out.push_back(
      {"offset", layoutOf({{shape.rows, c}, {shape.cols, "1"}}, {}, 1)});
  if (shape.rows > 1)
    out.push_back(
        {"broadcast", layoutOf({{shape.rows, "0"}, {shape.cols, "1"}})});
  int64_t bytes = shape.size() * bits / 8;
  for (int mode : {128, 64, 32})
    if (bits >= 8 && bytes % (mode * 8) == 0) {
      out.push_back({"swizzle" + std::to_string(mode),
                     layoutOf({{shape.rows, c}, {shape.cols, "1"}}) +
                         ", swizzle = " + std::to_string(mode)});
      break;
    }
  return out;
}

/// A global region of `shape` and how it is defined.
struct GlobalCase {
  std::string cls;
  std::string defs; // ops defining %<name> from the kernel arguments
};

static std::vector<GlobalCase> globalRegions(const std::string &name,
                                             Shape shape,
                                             const std::string &elem,
                                             unsigned bits) {
  std::vector<GlobalCase> out;
  std::string region = "!tirx.buffer<" + shape.str() + "x" + elem + ", global>";
  auto view = [&](std::string sizes, std::string strides, std::string type,
                  int64_t align, std::string offsets) {
    std::string v = "%" + name + "_v";
    std::string t = "!tirx.buffer<" + type + "x" + elem + ", global>";
    return llvm::formatv(
               "    {0} = tirx.global_view %p sizes [{1}] strides "
               "[{2}] {{alignment = {3} : i64} : !llvm.ptr<1> -> {4}\n"
               "    %{5} = tirx.region {0} [{6}] : {4} -> {7}\n",
               v, sizes, strides, align, t, name, offsets, region)
        .str();
  };
  int64_t rows = shape.rows * 4, cols = shape.cols * 4;
  std::string rs = std::to_string(rows), cs = std::to_string(cols);
  // 16-byte aligned base and rows, statically in bounds.
  out.push_back({"aligned", view(rs + ", " + cs, cs + ", 1", rs + "x" + cs, 16,
                                 "0, " + std::to_string(shape.cols))});
  // Element-aligned only: an odd offset and an odd row stride.
  int64_t odd = cols + 1;
  out.push_back({"element-aligned",
                 view(rs + ", " + cs, std::to_string(odd) + ", 1",
                      rs + "x" + cs, std::max<unsigned>(bits / 8, 1), "1, 1")});
  // Dynamic sizes, row stride and offsets: bounds checks.
  out.push_back({"dynamic", view("%dn, %dm", "%ds, 1", "?x?", 0, "%do, %do")});
  // Column-major global.
  out.push_back({"transposed",
                 view(rs + ", " + cs, "1, " + rs, rs + "x" + cs, 16, "0, 0")});
  // A whole global view, no region.
  if (!shape.rank1)
    out.push_back(
        {"whole-view",
         llvm::formatv("    %{0} = tirx.global_view %p sizes [{1}, {2}] "
                       "strides [{2}, 1] : !llvm.ptr<1> -> {3}\n",
                       name, shape.rows, shape.cols, region)
             .str()});
  return out;
}

struct ElemType {
  const char *name;
  unsigned bits;
  bool isFloat;
  const char *one; // a constant of the type
};

const ElemType kTypes[] = {
    {"i1", 1, false, "true"},
    {"i8", 8, false, "1 : i8"},
    {"f8E4M3FN", 8, true, "1.0 : f8E4M3FN"},
    {"f16", 16, true, "1.0 : f16"},
    {"bf16", 16, true, "1.0 : bf16"},
    {"i32", 32, false, "1 : i32"},
    {"f32", 32, true, "1.0 : f32"},
    {"f64", 64, true, "1.0 : f64"},
    {"i64", 64, false, "1 : i64"},
};

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// One generated kernel.
struct Case {
  std::string op;   // the primitive's name
  std::string desc; // the classes, for messages
  std::string body; // the kernel body
  std::string chip = "sm_90a";
};

static std::string bufferType(Shape shape, const std::string &elem,
                              const std::string &space,
                              const std::string &layout) {
  if (space == "global")
    return "!tirx.buffer<" + shape.str() + "x" + elem + ", global>";
  return "!tirx.buffer<" + shape.str() + "x" + elem + ", " + space +
         ", #tirx.layout<" + layout + ">>";
}

/// An on-chip operand: its type and the op allocating it.
struct Operand {
  std::string type, defs, cls;
};

static Operand onChip(const std::string &name, Shape shape,
                      const std::string &elem, const std::string &space,
                      const LayoutCase &l) {
  Operand o;
  o.type = bufferType(shape, elem, space, l.layout);
  o.defs = "    %" + name + " = tirx.alloc : " + o.type + "\n";
  o.cls = space + ":" + l.cls;
  return o;
}

/// Every on-chip operand choice of `shape` at `scope`: local layouts of the
/// scope and shared layouts.
static std::vector<Operand> onChipChoices(const std::string &name,
                                          const Scope &scope, Shape shape,
                                          const ElemType &t,
                                          bool withShared = true) {
  std::vector<Operand> out;
  for (const LayoutCase &l : localLayouts(scope, shape))
    out.push_back(onChip(name, shape, t.name, "local", l));
  if (withShared)
    for (const LayoutCase &l : sharedLayouts(shape, t.bits))
      out.push_back(onChip(name, shape, t.name, "shared", l));
  return out;
}

static std::string scopeDesc(const Scope &scope) {
  std::string d = scope.name;
  for (auto &a : scope.axes)
    d += ":" + a.first;
  return d;
}

using Generator = std::function<void(std::vector<Case> &)>;

/// For every scope, shape and element type accepted by `typeOk`, calls
/// `fn(scope, shape, type, add)`.
template <typename Fn, typename TypeOk>
static void forEachBasic(std::vector<Case> &cases, const std::string &op,
                         TypeOk typeOk, Fn fn) {
  for (const Scope &scope : kScopes)
    for (Shape shape : kShapes)
      for (const ElemType &t : kTypes) {
        if (!typeOk(t))
          continue;
        auto add = [&](std::string desc, std::string body) {
          cases.push_back(
              {op,
               scopeDesc(scope) + " " + shape.str() + " " + t.name + " " + desc,
               std::move(body)});
        };
        fn(scope, shape, t, add);
      }
}

static bool anyType(const ElemType &) { return true; }
static bool floatType(const ElemType &t) { return t.isFloat; }
static bool intType(const ElemType &t) { return !t.isFloat; }

/// A unary elementwise op `dst, src` (same element type).
static Generator unary(std::string op, bool floatOnly, std::string attrs = "") {
  return [=](std::vector<Case> &cases) {
    forEachBasic(
        cases, op, [&](const ElemType &t) { return !floatOnly || t.isFloat; },
        [&](const Scope &scope, Shape shape, const ElemType &t, auto add) {
          for (const Operand &d : onChipChoices("d", scope, shape, t))
            for (const Operand &s : onChipChoices("s", scope, shape, t)) {
              // Keep the product small: same layout class, or one of the
              // two the first choice.
              if (d.cls != s.cls &&
                  d.cls != onChipChoices("d", scope, shape, t)[0].cls &&
                  s.cls != onChipChoices("s", scope, shape, t)[0].cls)
                continue;
              add(d.cls + " <- " + s.cls, d.defs + s.defs + "    tirx." + op +
                                              " " + scope.name + " %d, %s" +
                                              attrs + " : " + d.type + ", " +
                                              s.type + "\n");
            }
        });
  };
}

/// A binary elementwise op `dst, lhs, rhs`.
static Generator binary(std::string op, bool floatOnly, bool intOnly = false) {
  return [=](std::vector<Case> &cases) {
    forEachBasic(
        cases, op,
        [&](const ElemType &t) {
          return (!floatOnly || t.isFloat) && (!intOnly || !t.isFloat);
        },
        [&](const Scope &scope, Shape shape, const ElemType &t, auto add) {
          std::vector<Operand> ds = onChipChoices("d", scope, shape, t);
          std::vector<Operand> ls = onChipChoices("l", scope, shape, t);
          for (size_t i = 0; i < ds.size(); ++i) {
            // lhs: the same class, or the first class; rhs: a scalar or the
            // same class.
            for (size_t j : {i, size_t(0)}) {
              std::string cst =
                  "    %c = arith.constant " + std::string(t.one) + "\n";
              add(ds[i].cls + " <- " + ls[j].cls + ", scalar",
                  ds[i].defs + ls[j].defs + cst + "    tirx." + op + " " +
                      scope.name + " %d, %l, %c : " + ds[i].type + ", " +
                      ls[j].type + ", " + t.name + "\n");
              if (j == 0 && i == 0)
                break;
            }
            Operand r = onChipChoices("r", scope, shape, t)[i];
            add(ds[i].cls + " <- " + ls[i].cls + ", " + r.cls,
                ds[i].defs + ls[i].defs + r.defs + "    tirx." + op + " " +
                    scope.name + " %d, %l, %r : " + ds[i].type + ", " +
                    ls[i].type + ", " + r.type + "\n");
          }
        });
  };
}

/// Copies between every pair of memory scopes.
static void genCopy(std::vector<Case> &cases, bool async) {
  std::string op = async ? "copy_async" : "copy";
  forEachBasic(
      cases, op, anyType,
      [&](const Scope &scope, Shape shape, const ElemType &t, auto add) {
        std::vector<Operand> locals, shareds;
        for (const LayoutCase &l : localLayouts(scope, shape))
          locals.push_back(onChip("a", shape, t.name, "local", l));
        for (const LayoutCase &l : sharedLayouts(shape, t.bits))
          shareds.push_back(onChip("a", shape, t.name, "shared", l));
        auto copy = [&](const std::string &dstType, const std::string &srcType,
                        const std::string &dst, const std::string &src,
                        std::string extra = "") {
          return "    tirx." + op + " " + scope.name + " %" + dst + ", %" +
                 src + extra + " : " + dstType + ", " + srcType + "\n";
        };
        std::vector<GlobalCase> globals =
            globalRegions("g", shape, t.name, t.bits);
        std::string gType = bufferType(shape, t.name, "global", "");
        if (async) {
          for (const Operand &s : shareds)
            for (const GlobalCase &g : globals) {
              add(s.cls + " <- global:" + g.cls,
                  s.defs + g.defs + copy(s.type, gType, "a", "g"));
              // TMA: a tensor map and an mbarrier (loads), a tensor map
              // (stores).
              std::string bar = "    %bar = tirx.alloc : !tirx.buffer<1xi64, "
                                "shared, #tirx.layout<S[1:1]>>\n";
              add(s.cls + " <- global:" + g.cls + " tma",
                  s.defs + g.defs + bar +
                      copy(s.type, gType, "a", "g",
                           " barrier(%bar[0] : !tirx.buffer<1xi64, shared, "
                           "#tirx.layout<S[1:1]>>) tensor_map(%tm : "
                           "!llvm.ptr<1>)"));
              add("global:" + g.cls + " <- " + s.cls + " tma",
                  s.defs + g.defs +
                      copy(gType, s.type, "g", "a",
                           " tensor_map(%tm : !llvm.ptr<1>)"));
              add(s.cls + " <- global:" + g.cls + " barrier only",
                  s.defs + g.defs + bar +
                      copy(s.type, gType, "a", "g",
                           " barrier(%bar[0] : !tirx.buffer<1xi64, shared, "
                           "#tirx.layout<S[1:1]>>)"));
            }
          // Pairs the op verifier may reject.
          for (const Operand &l : locals)
            for (const GlobalCase &g : {globals[0]})
              add(l.cls + " <- global:" + g.cls,
                  l.defs + g.defs + copy(l.type, gType, "a", "g"));
          return;
        }
        for (const GlobalCase &g : globals) {
          for (const Operand &o : locals) {
            add(o.cls + " <- global:" + g.cls,
                o.defs + g.defs + copy(o.type, gType, "a", "g"));
            add("global:" + g.cls + " <- " + o.cls,
                o.defs + g.defs + copy(gType, o.type, "g", "a"));
          }
          for (const Operand &o : shareds) {
            add(o.cls + " <- global:" + g.cls,
                o.defs + g.defs + copy(o.type, gType, "a", "g"));
            add("global:" + g.cls + " <- " + o.cls,
                o.defs + g.defs + copy(gType, o.type, "g", "a"));
          }
        }
        // On-chip pairs: every local against every shared, locals against the
        // first local and each other class.
        for (const Operand &l : locals)
          for (Operand s : shareds) {
            s.defs.replace(s.defs.find("%a"), 2, "%b");
            add(l.cls + " <- " + s.cls,
                l.defs + s.defs + copy(l.type, s.type, "a", "b"));
            add(s.cls + " <- " + l.cls,
                l.defs + s.defs + copy(s.type, l.type, "b", "a"));
          }
        for (const Operand &l : locals)
          for (Operand m : locals) {
            m.defs.replace(m.defs.find("%a"), 2, "%b");
            add(l.cls + " <- " + m.cls,
                l.defs + m.defs + copy(l.type, m.type, "a", "b"));
          }
        for (const Operand &s : shareds)
          for (Operand m : {shareds[0]}) {
            m.defs.replace(m.defs.find("%a"), 2, "%b");
            add(s.cls + " <- " + m.cls,
                s.defs + m.defs + copy(s.type, m.type, "a", "b"));
            add(m.cls + " <- " + s.cls,
                s.defs + m.defs + copy(m.type, s.type, "b", "a"));
          }
        // global -> global.
        std::vector<GlobalCase> others =
            globalRegions("h", shape, t.name, t.bits);
        add("global:" + others[0].cls + " <- global:" + globals[1].cls,
            globals[1].defs + others[0].defs + copy(gType, gType, "h", "g"));
      });
}

/// An elementwise op over `numSrc` sources of the destination's shape:
/// every destination class with sources of the same class, of the first
/// class, and (when `scalars`) a scalar first source. `line(scope, d, srcs,
/// t)` writes the op; `srcType(t)` is the sources' element type.
static Generator elementwise(
    std::string op, int numSrc, std::function<bool(const ElemType &)> ok,
    std::function<std::string(const std::string &, const Operand &,
                              const std::vector<Operand> &, const ElemType &)>
        line,
    bool scalars = true,
    std::function<const ElemType &(const ElemType &)> srcElem = nullptr,
    std::function<const ElemType &(const ElemType &)> dstElem = nullptr) {
  return [=](std::vector<Case> &cases) {
    forEachBasic(
        cases, op, ok,
        [&](const Scope &scope, Shape shape, const ElemType &t, auto add) {
          const ElemType &st = srcElem ? srcElem(t) : t;
          const ElemType &dt = dstElem ? dstElem(t) : t;
          std::vector<Operand> ds = onChipChoices("d", scope, shape, dt);
          std::vector<std::vector<Operand>> ss;
          for (int k = 0; k < numSrc; ++k)
            ss.push_back(
                onChipChoices("s" + std::to_string(k), scope, shape, st));
          for (size_t i = 0; i < ds.size(); ++i)
            for (size_t j : {i, size_t(0)}) {
              std::vector<Operand> srcs;
              std::string defs = ds[i].defs, desc = ds[i].cls + " <-";
              for (int k = 0; k < numSrc; ++k) {
                size_t c = std::min(j, ss[k].size() - 1);
                srcs.push_back(ss[k][c]);
                defs += ss[k][c].defs;
                desc += " " + ss[k][c].cls;
              }
              add(desc, defs + line(scope.name, ds[i], srcs, t));
              if (scalars && numSrc > 0 && j == i) {
                std::vector<Operand> withScalar = srcs;
                withScalar[0] = {st.name,
                                 "    %s0 = arith.constant " +
                                     std::string(st.one) + "\n",
                                 "scalar"};
                std::string d2 = ds[i].defs;
                for (const Operand &o : withScalar)
                  d2 += o.defs;
                add(desc + " (scalar first)",
                    d2 + line(scope.name, ds[i], withScalar, t));
              }
              if (i == 0)
                break;
            }
        });
  };
}

static std::string opLine(const std::string &op, const std::string &scope,
                          const std::string &pre, const Operand &d,
                          const std::vector<Operand> &srcs,
                          const std::string &post = "") {
  std::string text = "    tirx." + op + " " + scope + pre + " %d";
  for (size_t k = 0; k < srcs.size(); ++k)
    text += ", %s" + std::to_string(k);
  text += post + " : " + d.type;
  for (const Operand &o : srcs)
    text += ", " + o.type;
  return text + "\n";
}

static const ElemType &typeNamed(const char *name) {
  for (const ElemType &t : kTypes)
    if (std::string(t.name) == name)
      return t;
  return kTypes[0];
}

/// For each axis set of a 2-D shape (rows, columns, both) and each pair of
/// source and destination classes (the same class, or the first of
/// either): `fn(src, dst, axes list)`.
template <typename Fn>
static void forEachReductionPair(const Scope &scope, Shape shape,
                                 const ElemType &t, Fn fn) {
  std::vector<Operand> srcs = onChipChoices("s", scope, shape, t);
  for (std::vector<int> axes :
       {std::vector<int>{1}, std::vector<int>{0}, std::vector<int>{0, 1}}) {
    Shape out{1,
              axes.size() == 2 ? 1 : (axes[0] == 1 ? shape.rows : shape.cols),
              true};
    std::vector<Operand> dsts = onChipChoices("d", scope, out, t);
    std::string list = axes.size() == 2 ? "0, 1" : std::to_string(axes[0]);
    for (size_t i = 0; i < srcs.size(); ++i)
      for (size_t j = 0; j < dsts.size(); ++j)
        if (i == j || i == 0 || j == 0)
          fn(srcs[i], dsts[j], list);
  }
}

/// sum/max/min over each axis set of every 2-D shape.
static Generator reduction(std::string op) {
  return [=](std::vector<Case> &cases) {
    forEachBasic(
        cases, op, [](const ElemType &t) { return t.bits > 1; },
        [&](const Scope &scope, Shape shape, const ElemType &t, auto add) {
          forEachReductionPair(
              scope, shape, t,
              [&](const Operand &src, const Operand &dst,
                  const std::string &list) {
                add(dst.cls + " <- " + src.cls + " axes " + list,
                    dst.defs + src.defs + "    tirx." + op + " " + scope.name +
                        " %d, %s axes = [" + list + "] : " + dst.type + ", " +
                        src.type + "\n");
              });
        });
  };
}

/// gemm / gemm_async: types, shapes, A/B/D memory scopes and layouts.
static void genGemm(std::vector<Case> &cases, const std::string &op) {
  struct Types {
    const char *in, *acc;
  };
  const Types types[] = {{"f16", "f32"},     {"bf16", "f32"}, {"f32", "f32"},
                         {"f64", "f64"},     {"i8", "i32"},   {"f16", "f16"},
                         {"f8E4M3FN", "f32"}};
  struct Mnk {
    int64_t m, n, k;
  };
  const Mnk shapes[] = {{16, 8, 16}, {4, 4, 4}, {3, 5, 7}};
  for (const Scope &scope : kScopes)
    for (Types ty : types)
      for (Mnk s : shapes) {
        const ElemType &in = typeNamed(ty.in), &acc = typeNamed(ty.acc);
        std::vector<Operand> as = onChipChoices("a", scope, {s.m, s.k}, in);
        std::vector<Operand> bs = onChipChoices("b", scope, {s.k, s.n}, in);
        std::vector<Operand> ds = onChipChoices("d", scope, {s.m, s.n}, acc);
        auto add = [&](const Operand &a, const Operand &b, const Operand &d,
                       std::string attrs) {
          cases.push_back({op,
                           scopeDesc(scope) + " " + std::to_string(s.m) + "x" +
                               std::to_string(s.n) + "x" + std::to_string(s.k) +
                               " " + ty.in + "->" + ty.acc + " D " + d.cls +
                               " A " + a.cls + " B " + b.cls + " " + attrs,
                           a.defs + b.defs + d.defs + "    tirx." + op + " " +
                               scope.name + " %d, %a, %b, %d " + attrs + " : " +
                               d.type + ", " + a.type + ", " + b.type + ", " +
                               d.type + "\n"});
        };
        // Every D class with the first A and B classes; every A and B class
        // (local and shared) with the first D.
        for (const Operand &d : ds)
          add(as[0], bs[0], d, "{beta = 1.0}");
        for (size_t i = 1; i < as.size(); ++i)
          add(as[i], bs[std::min(i, bs.size() - 1)], ds[0], "{beta = 1.0}");
        add(as[0], bs[0], ds[0], "{alpha = 2.0}");
      }
}

/// `type` (a buffer type of element `from`) with element type `to`.
static std::string withElement(std::string type, const std::string &from,
                               const std::string &to) {
  size_t at = type.find("x" + from + ",");
  if (at != std::string::npos)
    type.replace(at + 1, from.size(), to);
  return type;
}

/// A body combining pairs of `t` (the fold of tirx.reduce / tirx.scan).
static std::string combiner(const ElemType &t) {
  std::string op = t.isFloat ? "arith.addf" : "arith.addi";
  if (std::string(t.name).rfind("f8", 0) == 0)
    op = "arith.maxnumf"; // no f8 arithmetic: a comparison-only body
  return std::string(" {\n    ^bb0(%x: ") + t.name + ", %y: " + t.name +
         "):\n      %r = " + op + " %x, %y : " + t.name +
         "\n      tirx.reduce_yield %r : " + t.name + "\n    }\n";
}

static std::string identity(const ElemType &t) {
  return std::string(t.isFloat ? "0.0 : " : "0 : ") + t.name;
}

/// tirx.reduce over each axis set, with destinations and without (scalar
/// results, every axis), and tirx.scan along each axis.
static void genRegionReduce(std::vector<Case> &cases, bool scan) {
  forEachBasic(
      cases, scan ? "scan" : "reduce",
      [](const ElemType &t) { return t.bits > 1; },
      [&](const Scope &scope, Shape shape, const ElemType &t, auto add) {
        std::vector<Operand> srcs = onChipChoices("s", scope, shape, t);
        if (scan) {
          for (int axis : {0, 1})
            for (size_t i = 0; i < srcs.size(); ++i) {
              Operand d = onChipChoices("d", scope, shape, t)[i];
              for (bool reverse : {false, true})
                add(d.cls + " <- " + srcs[i].cls + " axis " +
                        std::to_string(axis) + (reverse ? " reverse" : ""),
                    d.defs + srcs[i].defs + "    tirx.scan " + scope.name +
                        " dsts(%d : " + d.type + ") srcs(%s : " + srcs[i].type +
                        ") axis = " + std::to_string(axis) +
                        (reverse ? " reverse" : "") + " identities = [" +
                        identity(t) + "]" + combiner(t));
            }
          return;
        }
        forEachReductionPair(
            scope, shape, t,
            [&](const Operand &src, const Operand &dst,
                const std::string &list) {
              add(dst.cls + " <- " + src.cls + " axes " + list,
                  dst.defs + src.defs + "    tirx.reduce " + scope.name +
                      " dsts(%d : " + dst.type + ") srcs(%s : " + src.type +
                      ") axes = [" + list + "] identities = [" + identity(t) +
                      "]" + combiner(t));
            });
        // Every axis, no destination: scalar results.
        for (const Operand &src : srcs)
          add("scalar <- " + src.cls,
              src.defs + "    %v = tirx.reduce " + scope.name + " srcs(%s : " +
                  src.type + ") axes = [0, 1] " + "identities = [" +
                  identity(t) + "] -> " + t.name + combiner(t));
      });
}

/// The generators, by primitive name.
static std::map<std::string, Generator> generators() {
  std::map<std::string, Generator> g;
  g["copy"] = [](std::vector<Case> &c) { genCopy(c, false); };
  g["copy_async"] = [](std::vector<Case> &c) { genCopy(c, true); };
  for (const char *op : {"sqrt", "exp", "exp2", "log2", "reciprocal", "silu"})
    g[op] = unary(op, true);
  for (const char *op : {"add", "sub", "mul", "maximum", "minimum"})
    g[op] = binary(op, false);
  g["fdiv"] = binary("fdiv", true);
  auto line = [](std::string op, std::string pre = "", std::string post = "") {
    return [=](const std::string &scope, const Operand &d,
               const std::vector<Operand> &srcs, const ElemType &) {
      return opLine(op, scope, pre, d, srcs, post);
    };
  };
  g["fill"] = elementwise("fill", 1, anyType, line("fill"), true);
  g["zero"] = elementwise("zero", 0, anyType, line("zero"));
  g["memset"] = elementwise(
      "memset", 0, [](const ElemType &t) { return t.bits >= 8; },
      line("memset", "", ", 255"));
  g["iota"] = elementwise("iota", 0, intType, line("iota"));
  g["fma"] = elementwise("fma", 3, anyType, line("fma"));
  g["select"] = elementwise(
      "select", 3, anyType,
      [](const std::string &scope, const Operand &d,
         const std::vector<Operand> &srcs, const ElemType &t) {
        // The condition: an i1 buffer of the destination's class.
        std::string cond = d.type;
        cond.replace(cond.find(std::string("x") + t.name),
                     1 + std::string(t.name).size(), "xi1");
        return "    %c1 = tirx.alloc : " + cond + "\n" + "    tirx.select " +
               scope + " %d, %c1, %s1, %s2 : " + d.type + ", " + cond + ", " +
               srcs[1].type + ", " + srcs[2].type + "\n";
      },
      false);
  g["cmp"] = elementwise(
      "cmp", 2, anyType,
      [](const std::string &scope, const Operand &d,
         const std::vector<Operand> &srcs, const ElemType &t) {
        int pred = t.isFloat ? 4 : 2; // ogt, slt
        return "    tirx.cmp " + scope + " " + std::to_string(pred) +
               " : i64 %d, %s0, %s1 : " + d.type + ", " + srcs[0].type + ", " +
               srcs[1].type + "\n";
      },
      true, nullptr,
      [](const ElemType &) -> const ElemType & { return typeNamed("i1"); });
  g["map"] =
      elementwise("map", 2, anyType,
                  [](const std::string &scope, const Operand &d,
                     const std::vector<Operand> &srcs, const ElemType &t) {
                    return "    tirx.map " + scope +
                           " %d, %s0, %s1 : " + d.type + ", " + srcs[0].type +
                           ", " + srcs[1].type + " {\n    ^bb0(%a: " + t.name +
                           ", %b: " + t.name +
                           "):\n      tirx.yield %b : " + t.name + "\n    }\n";
                  });
  for (const char *op : {"sqrt", "exp", "exp2", "log2"})
    g[op] = elementwise(op, 1, floatType, line(op), false);
  g["cast"] = [](std::vector<Case> &cases) {
    for (const char *to : {"f32", "bf16", "f8E4M3FN", "i32", "i1"}) {
      const ElemType &dt = typeNamed(to);
      elementwise(
          "cast", 1, anyType,
          [](const std::string &scope, const Operand &d,
             const std::vector<Operand> &srcs,
             const ElemType &) { return opLine("cast", scope, "", d, srcs); },
          false, nullptr,
          [&dt](const ElemType &) -> const ElemType & { return dt; })(cases);
    }
  };
  for (const char *op : {"sum", "max", "min"})
    g[op] = reduction(op);
  g["gemm"] = [](std::vector<Case> &c) { genGemm(c, "gemm"); };
  g["gemm_async"] = [](std::vector<Case> &c) { genGemm(c, "gemm_async"); };
  // Pointer buffers (i64) of the destination's class: gathers with and
  // without a mask and a padding value, scatters with and without a mask.
  g["load_ptr"] = elementwise(
      "load_ptr", 1, [](const ElemType &t) { return t.bits >= 8; },
      [](const std::string &scope, const Operand &d,
         const std::vector<Operand> &srcs, const ElemType &t) {
        std::string mask = withElement(d.type, t.name, "i1");
        static int k = 0;
        switch (k++ % 3) {
        case 0:
          return opLine("load_ptr", scope, "", d, srcs);
        case 1:
          return "    %m = tirx.alloc : " + mask + "\n" +
                 opLine("load_ptr", scope, "", d, srcs, " mask %m : " + mask);
        default:
          return "    %m = tirx.alloc : " + mask +
                 "\n    %pv = " + "arith.constant " + t.one + "\n" +
                 opLine("load_ptr", scope, "", d, srcs,
                        " mask %m : " + mask + " padding %pv : " + t.name);
        }
      },
      false,
      [](const ElemType &) -> const ElemType & { return typeNamed("i64"); });
  g["store_ptr"] = elementwise(
      "store_ptr", 1, [](const ElemType &t) { return t.bits >= 8; },
      [](const std::string &scope, const Operand &d,
         const std::vector<Operand> &srcs, const ElemType &t) {
        // d: the pointers (i64), s0: the values.
        std::string mask = withElement(d.type, "i64", "i1");
        static int k = 0;
        std::string line = "    tirx.store_ptr " + scope + " %d, %s0";
        if (k++ % 2)
          line = "    %m = tirx.alloc : " + mask + "\n" + line +
                 " mask %m : " + mask;
        return line + " : " + d.type + ", " + srcs[0].type + "\n";
      },
      false, nullptr,
      [](const ElemType &) -> const ElemType & { return typeNamed("i64"); });
  // Atomics through pointer buffers (d, i64) with values of the element
  // type: every kind the type takes, with the old values `into` a buffer of
  // the pointers' class, a mask, or a scalar value.
  g["atomic"] = [](std::vector<Case> &cases) {
    for (const ElemType &t : kTypes) {
      if (t.bits < 16 && std::string(t.name) != "i8")
        continue;
      std::vector<std::string> kinds;
      if (t.isFloat)
        kinds = {"fadd", "xchg", "cas"};
      else
        kinds = {"add", "and", "max", "umin", "xchg", "cas"};
      for (const std::string &kind : kinds)
        elementwise(
            "atomic", 1, [&](const ElemType &u) { return &u == &t; },
            [kind](const std::string &scope, const Operand &d,
                   const std::vector<Operand> &srcs, const ElemType &t) {
              std::string old = withElement(d.type, "i64", t.name);
              std::string mask = withElement(d.type, "i64", "i1");
              std::string attrs = " {kind = \"" + kind +
                                  "\", ordering = \"monotonic\", syncscope = "
                                  "\"device\"} : ";
              std::string cmp =
                  kind == "cas" ? " cmp %s0 : " + srcs[0].type : "";
              static int k = 0;
              switch (k++ % 3) {
              case 0:
                return "    tirx.atomic " + scope + " %d, %s0" + cmp + attrs +
                       d.type + ", " + srcs[0].type + "\n";
              case 1:
                return "    %o = tirx.alloc : " + old + "\n    tirx.atomic " +
                       scope + " into %o : " + old + " %d, %s0" + cmp + attrs +
                       d.type + ", " + srcs[0].type + "\n";
              default:
                return "    %m = tirx.alloc : " + mask + "\n    tirx.atomic " +
                       scope + " %d, %s0" + cmp + " mask %m : " + mask + attrs +
                       d.type + ", " + srcs[0].type + "\n";
              }
            },
            true, nullptr,
            [](const ElemType &) -> const ElemType & {
              return typeNamed("i64");
            })(cases);
    }
  };
  // A side-effect-free body over one or two inputs (the second a scalar or
  // a buffer), with the flat index.
  g["for_each"] = elementwise(
      "for_each", 2, anyType,
      [](const std::string &scope, const Operand &,
         const std::vector<Operand> &srcs, const ElemType &t) {
        return "    tirx.for_each " + scope + " %s0, %s1 : " + srcs[0].type +
               ", " + srcs[1].type + " {\n    ^bb0(%a: " + t.name +
               ", %b: " + t.name +
               ", %i: i64):\n      %q = arith.addi %i, %i : i64\n    }\n";
      },
      true);
  g["reduce"] = [](std::vector<Case> &c) { genRegionReduce(c, false); };
  g["scan"] = [](std::vector<Case> &c) { genRegionReduce(c, true); };
  // Register to register in every pair of layout classes of the scope.
  g["permute_layout"] = [](std::vector<Case> &cases) {
    forEachBasic(
        cases, "permute_layout", anyType,
        [&](const Scope &scope, Shape shape, const ElemType &t, auto add) {
          std::vector<Operand> ds = onChipChoices("d", scope, shape, t, false);
          std::vector<Operand> ss = onChipChoices("s", scope, shape, t, false);
          for (const Operand &d : ds)
            for (const Operand &s : ss)
              add(d.cls + " <- " + s.cls,
                  d.defs + s.defs + "    tirx.permute_layout " + scope.name +
                      " %d, %s : " + d.type + ", " + s.type + "\n");
        });
  };
  // A frame around a binary op and a reduction of its result.
  g["compose_op"] = [](std::vector<Case> &cases) {
    forEachBasic(
        cases, "compose_op", [](const ElemType &t) { return t.bits > 1; },
        [&](const Scope &scope, Shape shape, const ElemType &t, auto add) {
          Shape row{1, shape.rows, true};
          std::vector<Operand> xs = onChipChoices("x", scope, shape, t);
          std::vector<Operand> ds = onChipChoices("d", scope, row, t);
          for (size_t i = 0; i < xs.size(); ++i) {
            Operand d = ds[std::min(i, ds.size() - 1)];
            add(d.cls + " <- " + xs[i].cls,
                d.defs + xs[i].defs + "    tirx.compose_op " + scope.name +
                    " {\n      tirx.mul " + scope.name +
                    " %x, %x, %x : " + xs[i].type + ", " + xs[i].type + ", " +
                    xs[i].type + "\n      tirx.sum " + scope.name +
                    " %d, %x axes = [1] : " + d.type + ", " + xs[i].type +
                    "\n    }\n");
          }
        });
  };
  // The fused forms: every source class, with the reduction's destination
  // of the matching class (or the first one).
  auto fusedReduce = [](std::string op) -> Generator {
    return [op](std::vector<Case> &cases) {
      forEachBasic(
          cases, op,
          [&](const ElemType &t) {
            return t.bits > 1 && (op != "unary_reduce" || t.isFloat);
          },
          [&](const Scope &scope, Shape shape, const ElemType &t, auto add) {
            Shape row{1, shape.rows, true};
            std::vector<Operand> xs = onChipChoices("x", scope, shape, t);
            std::vector<Operand> ds = onChipChoices("d", scope, row, t);
            for (size_t i = 0; i < xs.size(); ++i)
              for (size_t j : {std::min(i, ds.size() - 1), size_t(0)}) {
                std::string line;
                if (op == "binary_reduce")
                  line = "    tirx.binary_reduce " + std::string(scope.name) +
                         " \"maximum\" \"sum\" %d, %x, %x axes = [1] : " +
                         ds[j].type + ", " + xs[i].type + ", " + xs[i].type +
                         "\n";
                else if (op == "unary_reduce")
                  line = "    tirx.unary_reduce " + std::string(scope.name) +
                         " \"exp2\" \"max\" %d, %x axes = [1] : " + ds[j].type +
                         ", " + xs[i].type + "\n";
                else
                  line = "    tirx.reduce_negate " + std::string(scope.name) +
                         " \"min\" %d, %x axes = [1] : " + ds[j].type + ", " +
                         xs[i].type + "\n";
                add(ds[j].cls + " <- " + xs[i].cls,
                    ds[j].defs + xs[i].defs + line);
                if (j == 0)
                  break;
              }
          });
    };
  };
  g["binary_reduce"] = fusedReduce("binary_reduce");
  g["unary_reduce"] = fusedReduce("unary_reduce");
  g["reduce_negate"] = fusedReduce("reduce_negate");
  g["binary_chain"] = elementwise(
      "binary_chain", 3, [](const ElemType &t) { return t.bits > 1; },
      [](const std::string &scope, const Operand &d,
         const std::vector<Operand> &srcs, const ElemType &) {
        return "    tirx.binary_chain " + scope +
               " \"mul\" \"sub\" %d, %s0, "
               "%s1, %s2 : " +
               d.type + ", " + srcs[0].type + ", " + srcs[1].type + ", " +
               srcs[2].type + "\n";
      },
      false);
  g["gemm_wait"] = [](std::vector<Case> &cases) {
    for (const Scope &scope : kScopes)
      for (const char *chip : {"sm_90a", "sm_90", "sm_80"}) {
        Case c{"gemm_wait", scopeDesc(scope) + " " + chip,
               std::string("    tirx.gemm_wait ") + scope.name +
                   " {pending = 0}\n"};
        c.chip = chip;
        cases.push_back(c);
      }
  };
  return g;
}

//===----------------------------------------------------------------------===//
// The known limits
//===----------------------------------------------------------------------===//

/// Verified combinations that dispatch does not lower yet, each one a limit
/// documented in docs/Dispatch.md. Returns the limit's name, or "".
static std::string isKnownLimit(const Case &c, const std::string &error) {
  auto has = [&](const char *s) { return error.find(s) != std::string::npos; };
  if (has("exceeds 16384"))
    return "register operand staged through more than 16 KiB of shared "
           "memory";
  return "";
}

//===----------------------------------------------------------------------===//
// The test
//===----------------------------------------------------------------------===//

class DispatchCoverage : public ::testing::Test {
protected:
  DispatchCoverage() {
    ::tileir::registerAllDialects(registry);
    mlir::tileir::registerCompileDependencies(registry);
    context = std::make_unique<MLIRContext>(registry,
                                            MLIRContext::Threading::DISABLED);
    context->loadAllAvailableDialects();
  }

  std::string kernelText(const Case &c) {
    return "gpu.module @m [#nvvm.target<chip = \"" + c.chip +
           "\">] {\n  gpu.func @k(%p: !llvm.ptr<1>, %tm: !llvm.ptr<1>, %dn: "
           "index, %dm: index, %ds: index, %do: index) kernel attributes "
           "{known_block_size = array<i32: 128, 1, 1>} {\n" +
           c.body + "    gpu.return\n  }\n}\n";
  }

  DialectRegistry registry;
  std::unique_ptr<MLIRContext> context;
};

TEST_F(DispatchCoverage, EveryVerifiedCombinationDispatches) {
  // The primitives, from the dialect.
  std::vector<std::string> primitives;
  for (RegisteredOperationName name : context->getRegisteredOperations())
    if (name.getDialectNamespace() == "tirx" &&
        name.hasInterface<tirx::PrimitiveOpInterface>())
      primitives.push_back(name.getStringRef().drop_front(5).str());
  ASSERT_FALSE(primitives.empty());

  std::map<std::string, Generator> gens = generators();
  std::vector<std::string> missing;
  for (const std::string &p : primitives)
    if (!gens.count(p))
      missing.push_back(p);
  EXPECT_TRUE(missing.empty())
      << "primitives without a generator in CoverageTest.cpp: "
      << llvm::join(missing, ", ");

  struct Counts {
    int generated = 0, rejected = 0, dispatched = 0, lowered = 0, limits = 0,
        failed = 0;
  };
  std::map<std::string, Counts> counts;
  std::map<std::string, int> limitCounts;
  std::vector<std::string> failures;
  int sinceFull = 0;

  // COVERAGE_ONLY=<primitive>[,<primitive>...] runs those only.
  std::set<std::string> only;
  if (const char *list = getenv("COVERAGE_ONLY"))
    for (StringRef name : llvm::split(StringRef(list), ','))
      only.insert(name.str());
  for (const std::string &p : primitives) {
    auto it = gens.find(p);
    if (it == gens.end() || (!only.empty() && !only.count(p)))
      continue;
    std::vector<Case> cases;
    it->second(cases);
    Counts &count = counts[p];
    for (const Case &c : cases) {
      ++count.generated;
      std::string text = kernelText(c);
      // COVERAGE_TRACE=1 names each kernel before it runs (to find a crash).
      if (getenv("COVERAGE_TRACE"))
        llvm::errs() << "[" << p << "] " << c.desc << "\n" << text << "\n";
      std::string diagnostics;
      ScopedDiagnosticHandler handler(context.get(), [&](Diagnostic &diag) {
        llvm::raw_string_ostream os(diagnostics);
        os << diag << "\n";
        for (Diagnostic &note : diag.getNotes())
          os << "  note: " << note << "\n";
        return success();
      });
      OwningOpRef<ModuleOp> module =
          parseSourceString<ModuleOp>(text, ParserConfig(context.get()));
      if (!module) {
        ++count.rejected;
        continue;
      }
      PassManager pm(context.get());
      bool full = ++sinceFull % kFullPipelineEvery == 0;
      if (full) {
        mlir::tileir::TirXToNVVMOptions options;
        mlir::tileir::buildTirXToNVVMPipeline(pm, options);
      } else {
        pm.nest<gpu::GPUModuleOp>().addPass(
            ::tileir::dispatch::createTirXDispatch());
      }
      if (succeeded(pm.run(*module))) {
        ++count.dispatched;
        count.lowered += full;
        continue;
      }
      std::string limit = isKnownLimit(c, diagnostics);
      if (!limit.empty()) {
        ++count.limits;
        ++limitCounts[limit];
        continue;
      }
      ++count.failed;
      if (failures.size() < 200000)
        failures.push_back("[" + p + "] " + c.desc + "\n" + diagnostics +
                           (getenv("COVERAGE_PRINT_IR") ? text : ""));
    }
  }

  Counts total;
  llvm::outs() << llvm::formatv(
      "{0,-16} {1,9} {2,9} {3,10} {4,8} {5,7} {6,7}\n", "primitive",
      "generated", "rejected", "dispatched", "lowered", "limits", "failed");
  for (auto &[p, k] : counts) {
    llvm::outs() << llvm::formatv(
        "{0,-16} {1,9} {2,9} {3,10} {4,8} {5,7} {6,7}\n", p, k.generated,
        k.rejected, k.dispatched, k.lowered, k.limits, k.failed);
    total.generated += k.generated;
    total.rejected += k.rejected;
    total.dispatched += k.dispatched;
    total.lowered += k.lowered;
    total.limits += k.limits;
    total.failed += k.failed;
  }
  llvm::outs() << llvm::formatv(
      "{0,-16} {1,9} {2,9} {3,10} {4,8} {5,7} {6,7}\n", "total",
      total.generated, total.rejected, total.dispatched, total.lowered,
      total.limits, total.failed);
  for (auto &[limit, n] : limitCounts)
    llvm::outs() << "known limit: " << limit << ": " << n << "\n";
  llvm::outs().flush();
  for (const std::string &f : failures)
    ADD_FAILURE() << f;
  EXPECT_EQ(total.failed, 0);
}

} // namespace
