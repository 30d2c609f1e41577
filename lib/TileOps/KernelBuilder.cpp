//===- KernelBuilder.cpp - tileops kernel specs -> cuda_tile entries
//-------===//
//
// Part of TileIR. See KernelBuilder.h and docs/TileOps.md (spec format, cost
// rule, strategies).
//
//===----------------------------------------------------------------------===//

#include "tileir/TileOps/KernelBuilder.h"

#include "tileir/Dialect/TileOps/IR/TileOps.h"
#include "tileir/Dialect/TirX/IR/TirX.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"

#include <set>

using namespace mlir;
using namespace mlir::tileops;
namespace ct = mlir::cuda_tile;

namespace {

llvm::Error err(unsigned line, const llvm::Twine &msg) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      (line ? "line " + llvm::Twine(line) + ": " : llvm::Twine()) + msg);
}

/// Canonical dtype name for a spec/torch name, or "".
std::string canonicalDtype(StringRef s) {
  return llvm::StringSwitch<std::string>(s.lower())
      .Cases({"f32", "float32", "float"}, "f32")
      .Cases({"f16", "float16", "half"}, "f16")
      .Cases({"bf16", "bfloat16"}, "bf16")
      .Cases({"f8e4m3fn", "float8_e4m3fn"}, "f8e4m3fn")
      .Cases({"f8e5m2", "float8_e5m2"}, "f8e5m2")
      .Cases({"i8", "int8"}, "i8")
      .Cases({"u8", "uint8"}, "u8")
      .Cases({"i16", "int16", "short"}, "i16")
      .Cases({"i32", "int32", "int"}, "i32")
      .Cases({"i64", "int64", "long"}, "i64")
      .Cases({"bool", "i1"}, "bool")
      .Default("");
}
/// The cuda_tile element type of a canonical dtype (u8: i8 data, bool: i1).
Type elementType(Builder &b, StringRef d) {
  if (d == "f32")
    return b.getF32Type();
  if (d == "f16")
    return b.getF16Type();
  if (d == "bf16")
    return b.getBF16Type();
  if (d == "f8e4m3fn")
    return b.getType<Float8E4M3FNType>();
  if (d == "f8e5m2")
    return b.getType<Float8E5M2Type>();
  if (d == "bool")
    return b.getI1Type();
  return b.getIntegerType(d == "u8" ? 8 : std::stoi(d.drop_front().str()));
}
/// The bytes of an element in memory (i1: the byte it is stored in).
int64_t bytesOf(Type t) {
  return std::max<int64_t>(1, t.getIntOrFloatBitWidth() / 8);
}
unsigned kindOfDtype(StringRef d) {
  if (d.starts_with("f") || d == "bf16")
    return kFloat;
  return d == "bool" ? kBool : kInt;
}

int64_t numel(const Shape &s) {
  int64_t n = 1;
  for (int64_t d : s)
    n *= d;
  return n;
}
std::string shapeStr(const Shape &s) {
  if (s.empty())
    return "scalar";
  std::string r;
  for (size_t i = 0; i < s.size(); ++i)
    r += (i ? "x" : "") + std::to_string(s[i]);
  return r;
}

/// The parameters a spec line of `info`'s op takes: the op's parameters
/// (its ODS attributes) and the builder's own `seq_len` of alibi (the size of
/// its output; sinusoidal's is an op parameter).
std::vector<std::string> specParams(const OpInfo &info) {
  std::vector<std::string> names;
  for (const ParamInfo &p : info.params)
    names.push_back(p.name.str());
  if (info.family == Family::Alibi)
    names.push_back("seq_len");
  return names;
}

bool parseDouble(StringRef s, double &v) {
  std::string t = s.lower();
  if (t == "inf" || t == "+inf")
    return v = INFINITY, true;
  if (t == "-inf")
    return v = -INFINITY, true;
  if (t == "nan")
    return v = NAN, true;
  return !s.getAsDouble(v);
}

/// The spec value `val` of `param` as an attribute of the param's type.
Attribute paramAttr(Builder &b, const ParamInfo &param, StringRef val) {
  switch (param.type) {
  case ParamType::String:
    return b.getStringAttr(val);
  case ParamType::I64: {
    int64_t n = 0;
    val.getAsInteger(10, n);
    return b.getI64IntegerAttr(n);
  }
  case ParamType::F64Array: {
    SmallVector<StringRef> parts;
    val.split(parts, ':');
    SmallVector<double> values;
    for (StringRef part : parts)
      parseDouble(part, values.emplace_back());
    return b.getDenseF64ArrayAttr(values);
  }
  case ParamType::F64: {
    double d = 0;
    parseDouble(val, d);
    return b.getF64FloatAttr(d);
  }
  }
  llvm_unreachable("unknown parameter type");
}

} // namespace

//===----------------------------------------------------------------------===//
// Broadcast coalescing (TileOPs' coalesce_broadcast_dims)
//===----------------------------------------------------------------------===//

llvm::Expected<Coalesced>
mlir::tileops::coalesceBroadcast(const std::vector<Shape> &inputs) {
  Coalesced c;
  size_t n = 1;
  for (const Shape &s : inputs)
    n = std::max(n, s.size());
  Shape out(n, 1);
  std::vector<Shape> padded;
  for (const Shape &s : inputs) {
    Shape p(n - s.size(), 1);
    p.insert(p.end(), s.begin(), s.end());
    for (size_t i = 0; i < n; ++i) {
      if (p[i] != out[i] && p[i] != 1 && out[i] != 1)
        return err(0, "expects broadcast-compatible shapes, got " +
                          llvm::join(llvm::map_range(inputs, shapeStr), ", "));
      out[i] = std::max(out[i], p[i]) == 1 ? 1 : (p[i] == 1 ? out[i] : p[i]);
    }
    padded.push_back(p);
  }
  // Row-major strides of each padded own shape; 0 on broadcast dims.
  std::vector<Shape> st;
  for (const Shape &p : padded) {
    Shape s(n);
    int64_t acc = 1;
    for (size_t i = n; i-- > 0;) {
      s[i] = (p[i] == 1 && out[i] > 1) ? 0 : acc;
      acc *= p[i];
    }
    st.push_back(s);
  }
  // Merge left to right.
  Shape sizes;
  std::vector<Shape> gs(inputs.size());
  for (size_t i = 0; i < n; ++i) {
    bool merge = !sizes.empty();
    for (size_t k = 0; merge && k < inputs.size(); ++k) {
      int64_t g = gs[k].back(), s = st[k][i];
      merge = (g == 0 && s == 0) || (s != 0 && g == s * out[i]);
    }
    if (merge) {
      sizes.back() *= out[i];
      for (size_t k = 0; k < inputs.size(); ++k)
        gs[k].back() = st[k][i];
    } else {
      sizes.push_back(out[i]);
      for (size_t k = 0; k < inputs.size(); ++k)
        gs[k].push_back(st[k][i]);
    }
  }
  // Drop size-1 groups.
  c.outShape = out;
  c.strides.resize(inputs.size());
  for (size_t g = 0; g < sizes.size(); ++g) {
    if (sizes[g] == 1)
      continue;
    c.sizes.push_back(sizes[g]);
    for (size_t k = 0; k < inputs.size(); ++k)
      c.strides[k].push_back(gs[k][g]);
  }
  if (c.sizes.empty()) {
    c.sizes.push_back(1);
    for (auto &s : c.strides)
      s.push_back(0);
  }
  return c;
}

//===----------------------------------------------------------------------===//
// The op table and plans as JSON
//===----------------------------------------------------------------------===//

unsigned mlir::tileops::specTensorInputs(const OpInfo &info) {
  switch (info.family) {
  case Family::Rope:
  case Family::Dropout:
    return 1;
  case Family::Alibi:
  case Family::Sinusoidal:
    return 0;
  default:
    return info.numInputs;
  }
}

std::vector<std::string> mlir::tileops::specRequiredParams(const OpInfo &info) {
  // The generative ops' output shape: seq_len (and the required num_heads or
  // d_model).
  std::vector<std::string> names;
  if (info.family == Family::Alibi || info.family == Family::Sinusoidal)
    names.push_back("seq_len");
  for (const ParamInfo &p : info.params)
    if (p.required())
      names.push_back(p.name.str());
  return names;
}

unsigned mlir::tileops::specDtypeKinds(const OpInfo &info) {
  // Generative ops take index inputs; their dtype is the output's.
  return info.result == ResultRule::Float ? kFloat : info.kinds;
}

static llvm::json::Array kindsJSON(unsigned kinds) {
  llvm::json::Array a;
  for (const KindInfo &k : getKindInfos())
    if (kinds & k.kind)
      a.push_back(k.name);
  return a;
}

/// The ODS default of `p` as a JSON value (null when it has none).
static llvm::json::Value defaultJSON(const ParamInfo &p) {
  StringRef d = p.defaultValue;
  if (d.empty())
    return nullptr;
  switch (p.type) {
  case ParamType::String:
    return d.trim('"');
  case ParamType::I64: {
    int64_t v = 0;
    d.getAsInteger(10, v);
    return v;
  }
  case ParamType::F64:
  case ParamType::F64Array: {
    double v = 0;
    d.getAsDouble(v);
    return v;
  }
  }
  return nullptr;
}

void mlir::tileops::writeOpTableJSON(llvm::raw_ostream &os) {
  static const char *results[] = {"same", "bool", "float"};
  llvm::json::OStream j(os, /*IndentSize=*/1);
  j.array([&] {
    for (const OpInfo &info : getAllOps()) {
      j.object([&] {
        j.attribute("name", info.name);
        j.attribute("family", stringifyFamily(info.family));
        j.attribute("inputs", info.numInputs);
        j.attribute("tensors", specTensorInputs(info));
        j.attribute("kinds", kindsJSON(info.kinds));
        j.attribute("dtype_kinds", kindsJSON(specDtypeKinds(info)));
        j.attribute("result", results[static_cast<unsigned>(info.result)]);
        j.attributeArray("params", [&] {
          for (const ParamInfo &p : info.params)
            j.object([&] {
              j.attribute("name", p.name);
              j.attribute("type", stringifyParamType(p.type));
              j.attribute("default", defaultJSON(p));
              j.attribute("optional", p.optional);
              j.attribute("required", p.required());
            });
        });
        llvm::json::Array builderParams;
        for (const std::string &name : specParams(info))
          if (!info.lookupParam(name))
            builderParams.push_back(name);
        j.attribute("builder_params", std::move(builderParams));
        j.attribute("spec_required",
                    llvm::json::Array(specRequiredParams(info)));
        j.attributeArray("roles", [&] {
          for (unsigned i = 0; i < info.numInputs; ++i) {
            switch (info.roleOf(i)) {
            case 'c':
              j.value("condition");
              break;
            case 'm':
              j.value("mask");
              break;
            case 'w':
              j.value("weight");
              break;
            default:
              j.value("data");
            }
          }
        });
      });
    }
  });
  os << "\n";
}

void mlir::tileops::writePlansJSON(ArrayRef<KernelPlan> plans,
                                   llvm::raw_ostream &os) {
  llvm::json::OStream j(os, /*IndentSize=*/1);
  j.array([&] {
    for (const KernelPlan &p : plans)
      j.object([&] {
        j.attribute("name", p.name);
        j.attribute("grid", p.grid);
        j.attribute("threads", p.threads);
        j.attribute("npt", p.npt);
        j.attribute("tile", p.tile);
        j.attribute("strategy", p.strategy);
        j.attribute("cache_hint", p.cacheHint);
        j.attribute("out_dtype", p.outDtype);
        j.attribute("out_shape", llvm::json::Array(p.outShape));
        j.attribute("args", llvm::json::Array(p.args));
      });
  });
  os << "\n";
}

//===----------------------------------------------------------------------===//
// Spec parsing
//===----------------------------------------------------------------------===//

llvm::Expected<KernelSpec> mlir::tileops::parseSpecLine(StringRef text,
                                                        unsigned lineNo) {
  KernelSpec spec;
  spec.line = lineNo;
  text = text.split('#').first.trim();
  if (text.empty())
    return spec;
  SmallVector<StringRef> toks;
  text.split(toks, ' ', -1, /*KeepEmpty=*/false);
  spec.op = toks[0].str();
  const OpInfo *info = lookupOp(spec.op);
  if (!info) {
    std::vector<std::string> names;
    for (const OpInfo &i : getAllOps())
      names.push_back(i.name.str());
    return err(lineNo, "unknown op '" + spec.op + "' (expects one of " +
                           llvm::join(names, ", ") + ")");
  }
  if (toks.size() < 2)
    return err(lineNo, "expects 'OP DTYPE [SHAPES] [key=value...]', got '" +
                           text + "'");
  spec.dtype = canonicalDtype(toks[1]);
  if (spec.dtype.empty())
    return err(lineNo, "unknown dtype '" + toks[1] +
                           "' (expects f32, f16, bf16, f8e4m3fn, f8e5m2, i8, "
                           "u8, i16, i32, i64 or bool)");
  unsigned want = specDtypeKinds(*info);
  if (!(kindOfDtype(spec.dtype) & want))
    return err(lineNo, "op '" + spec.op + "' does not accept dtype " +
                           spec.dtype +
                           ((want & kFloat) && !(want & kInt)
                                ? " (expects f32, f16, bf16, f8e4m3fn or "
                                  "f8e5m2)"
                                : (want & kFloat ? " (expects a float, "
                                                   "integer or bool dtype)"
                                                 : " (expects i8..i64, u8 "
                                                   "or bool)")));
  if (info->result == ResultRule::Float && kindOfDtype(spec.dtype) != kFloat)
    return err(lineNo, "op '" + spec.op +
                           "' produces a float tensor; "
                           "expects a float dtype, got " +
                           spec.dtype);
  std::vector<std::string> allowed = specParams(*info);
  for (StringRef t : ArrayRef<StringRef>(toks).drop_front(2)) {
    if (!t.contains('=')) {
      if (!spec.shapes.empty())
        return err(lineNo,
                   "expects one shapes token, got a second one '" + t + "'");
      SmallVector<StringRef> parts;
      t.split(parts, ',');
      for (StringRef p : parts) {
        Shape s;
        if (p != "scalar") {
          SmallVector<StringRef> dims;
          p.split(dims, 'x');
          for (StringRef d : dims) {
            int64_t v;
            if (d.getAsInteger(10, v) || v < 1)
              return err(lineNo, "expects shapes like 2048x4096,1x4096 "
                                 "(positive dims, 'scalar' for rank 0), got '" +
                                     p + "'");
            s.push_back(v);
          }
        }
        spec.shapes.push_back(s);
      }
      continue;
    }
    auto [k, v] = t.split('=');
    std::string key = k.str(), val = v.str();
    if (key == "strategy") {
      if (val != "auto" && val != "direct" && val != "explicit_parallel" &&
          val != "register_copy")
        return err(lineNo, "expects strategy = auto, direct, "
                           "explicit_parallel or register_copy, got '" +
                               val + "'");
      spec.strategy = val;
    } else if (key == "threads" || key == "npt") {
      int64_t n;
      if (v.getAsInteger(10, n) || n < 1 || !llvm::isPowerOf2_64(n) ||
          (key == "threads" && (n < 32 || n > 1024)))
        return err(lineNo, "expects " + key + " to be a power of two" +
                               (key == "threads" ? " in [32, 1024]" : "") +
                               ", got '" + val + "'");
      (key == "threads" ? spec.threads : spec.npt) = n;
    } else if (key == "cache_hint") {
      std::string why;
      if (val != "none" && failed(mlir::tirx::checkCacheHint(val, why)))
        return err(lineNo, why + " (or none)");
      spec.cacheHint = val;
    } else if (key == "name") {
      if (val.empty() || !llvm::all_of(val, [](char c) {
            return llvm::isAlnum(c) || c == '_';
          }))
        return err(lineNo,
                   "expects a kernel name of [A-Za-z0-9_], got '" + val + "'");
      spec.name = val;
    } else if (llvm::is_contained(allowed, key)) {
      double d;
      const ParamInfo *param = info->lookupParam(key);
      // (Not an op parameter: the builder's integer seq_len.)
      ParamType type = param ? param->type : ParamType::I64;
      if (type == ParamType::String) {
        // checked by the op verifier
      } else if (type == ParamType::I64) {
        int64_t n;
        if (v.getAsInteger(10, n))
          return err(lineNo,
                     "expects an integer " + key + ", got '" + val + "'");
      } else if (type == ParamType::F64Array) {
        SmallVector<StringRef> parts;
        v.split(parts, ':');
        for (StringRef p : parts)
          if (!parseDouble(p, d))
            return err(lineNo, "expects rescale_factors as numbers joined "
                               "by ':', got '" +
                                   val + "'");
      } else if (!parseDouble(v, d)) {
        return err(lineNo,
                   "expects a number for " + key + ", got '" + val + "'");
      }
      spec.params[key] = val;
    } else {
      return err(lineNo, "unknown parameter '" + key + "' for " + spec.op +
                             " (expects " +
                             llvm::join(allowed.empty()
                                            ? std::vector<std::string>{"none"}
                                            : allowed,
                                        ", ") +
                             ", strategy, threads, npt, cache_hint, name)");
    }
  }
  for (const std::string &k : specRequiredParams(*info))
    if (!spec.params.count(k))
      return err(lineNo, "op '" + spec.op + "' expects parameter " + k);
  unsigned wantShapes = specTensorInputs(*info);
  if (spec.shapes.size() != wantShapes)
    return err(lineNo, "op '" + spec.op + "' expects " +
                           std::to_string(wantShapes) +
                           " input shape(s), got " +
                           std::to_string(spec.shapes.size()));
  return spec;
}

llvm::Expected<std::vector<KernelSpec>>
mlir::tileops::parseSpecs(StringRef text) {
  std::vector<KernelSpec> specs;
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  std::set<std::string> names;
  for (auto [i, l] : llvm::enumerate(lines)) {
    auto spec = parseSpecLine(l, i + 1);
    if (!spec)
      return spec.takeError();
    if (spec->op.empty())
      continue;
    specs.push_back(*spec);
  }
  return specs;
}

//===----------------------------------------------------------------------===//
// Entry generation
//===----------------------------------------------------------------------===//

namespace {

/// CTA size and elements per thread: 16-byte accesses (vec elements), two
/// vectors per thread on large tensors, and at least ~2 waves of CTAs
/// (132 SMs) before the CTA grows to 256 threads.
/// True for ops whose math branches per element in libdevice (sinf/cosf's
/// Payne-Hanek reduction of large arguments, fmodf's loop): their unrolled
/// elements do not interleave, so more threads with fewer elements each hide
/// the latency better (H200 sweep: sin f16 48% -> 59% of copy bandwidth,
/// remainder f16 40% -> 61%, floor_divide f32 60% -> 67% at one 16-byte
/// vector per thread).
/// Floor division of f16/bf16/f8 is branch-free (tileops-expand's
/// floorDivNarrow); f32 keeps fmodf.
bool branchyMath(const KernelSpec &spec) {
  bool floorDiv = spec.op == "floor_divide";
  if (spec.op == "div") {
    auto it = spec.params.find("rounding_mode");
    floorDiv = it != spec.params.end() && it->second == "floor";
  }
  if (floorDiv)
    return spec.dtype == "f32";
  if (spec.op == "sinusoidal") {
    auto it = spec.params.find("seq_len");
    return it == spec.params.end() || std::stoll(it->second) > (1 << 17);
  }
  return llvm::is_contained({"sin", "cos", "remainder"}, spec.op);
}

/// The columns C of a sinusoidal (R, C) block: one 16-byte vector of the
/// output per thread across the CTA, or D rounded up to a power of two.
int64_t sinusoidalColumns(int64_t threads, int64_t eltBytes, int64_t D) {
  return std::min<int64_t>(threads * (16 / eltBytes),
                           int64_t(llvm::PowerOf2Ceil(D)));
}

/// `eltBytes`: the size of the op's dtype; `narrowBytes`: the narrowest
/// element among the kernel's tensors (bool: 1 byte).
void costRule(const KernelSpec &spec, Family fam, int64_t n, int64_t eltBytes,
              int64_t narrowBytes, KernelPlan &plan) {
  int64_t vec = std::max<int64_t>(1, 16 / eltBytes);
  std::string strategy = spec.strategy;
  int64_t threads = 256, npt = vec;
  if (strategy == "direct") {
    npt = 1;
  } else if (strategy == "explicit_parallel") {
    npt = std::max<int64_t>(1, vec / 2);
  } else {
    if (strategy == "auto")
      strategy = "register_copy";
    // Two 16-byte vectors per thread from 2^22 elements; from 2^24, one
    // again (H100 paired sweep, stream_tune.py: f32 at 2^24 +0.1 to +1.3%,
    // f16/bf16 at 2^28 +0.3 to +1.3%, log1p -2 to -3%), except RoPE's row
    // tiles (-25 to -41% with one vector).
    if (n >= (int64_t(1) << 22) &&
        (n < (int64_t(1) << 24) || fam == Family::Rope) && !branchyMath(spec))
      npt = 2 * vec;
    // sinusoidal (branch-free): rows per thread amortize the per-column
    // power (KernelBuilder's (R, C) tiles): 32 elements per thread on large
    // outputs (f32: 8 rows of 4, f16/bf16: 4 rows of 8; H100, 4096^2 f16:
    // 16 per thread 74%, 32: 93%, 64: 89% of a same-size copy).
    if (fam == Family::Sinusoidal && !branchyMath(spec))
      npt = n >= (int64_t(1) << 22) ? std::max<int64_t>(32, vec) : 2 * vec;
    // The register layout gives every thread 16 bytes of the narrowest
    // element (a bool tile: 16 elements); fewer elements per thread would
    // leave threads replicating others.
    npt = std::max<int64_t>(npt, 16 / narrowBytes);
    if (n / (threads * npt) < 264)
      threads = 128;
  }
  // Small tensors: shrink the CTA so that it is not mostly idle.
  while (threads > 32 && threads * npt / 2 >= n)
    threads /= 2;
  if (spec.threads)
    threads = spec.threads;
  if (spec.npt)
    npt = spec.npt;
  plan.threads = threads;
  plan.npt = npt;
  plan.tile = threads * npt;
  plan.grid = (n + plan.tile - 1) / plan.tile;
  plan.strategy = strategy;
}

/// Creates the cuda_tile ops of one entry body with an OpBuilder, all at the
/// location of the spec's line.
struct Body {
  OpBuilder &b;
  Location loc;

  template <typename OpT, typename... Args>
  OpT op(Args &&...args) {
    return OpT::create(b, loc, std::forward<Args>(args)...);
  }
  static ct::TileType tile(ArrayRef<int64_t> shape, Type elt) {
    return ct::TileType::get(shape, elt);
  }
  /// A splat integer constant of the tile type `ty`.
  Value cst(int64_t v, ct::TileType ty) {
    unsigned width = ty.getElementType().getIntOrFloatBitWidth();
    auto value = DenseElementsAttr::get(
        RankedTensorType::get(ty.getShape(), ty.getElementType()),
        APInt(width, v, /*isSigned=*/true));
    return op<ct::ConstantOp>(ty, cast<DenseIntOrFPElementsAttr>(value));
  }
  Value reshape(Value x, ct::TileType ty) { return op<ct::ReshapeOp>(ty, x); }
  Value broadcast(Value x, ct::TileType ty) {
    return op<ct::BroadcastOp>(ty, x);
  }
  Value addi(Value x, Value y) {
    return op<ct::AddIOp>(x.getType(), x, y, ct::IntegerOverflowAttr());
  }
  Value muli(Value x, Value y) {
    return op<ct::MulIOp>(x.getType(), x, y, ct::IntegerOverflowAttr());
  }
  /// A signed integer comparison.
  Value cmpi(ct::ComparisonPredicate pred, Value x, Value y) {
    auto ty = cast<ct::TileType>(x.getType());
    return op<ct::CmpIOp>(tile(ty.getShape(), b.getI1Type()), pred, x, y,
                          ct::Signedness::Signed);
  }
  /// A weak load of the tile of type `ty` at `index` of the view `view`.
  Value loadView(Value view, ValueRange index, ct::TileType ty,
                 ct::OptimizationHintsAttr hints) {
    return op<ct::LoadViewTkoOp>(ty, ct::TokenType::get(b.getContext()),
                                 ct::MemoryOrderingSemantics::Weak,
                                 ct::MemoryScopeAttr(), view, index, Value(),
                                 hints)
        ->getResult(0);
  }
  /// A weak store of `value` at `index` of the view `view`.
  void storeView(Value value, Value view, ValueRange index) {
    op<ct::StoreViewTkoOp>(ct::TokenType::get(b.getContext()),
                           ct::MemoryOrderingSemantics::Weak,
                           ct::MemoryScopeAttr(), value, view, index, Value(),
                           ct::OptimizationHintsAttr());
  }
};

/// `optimization_hints = <KEY = {NAME = VALUE}>`.
ct::OptimizationHintsAttr hintsAttr(Builder &b, StringRef key, StringRef name,
                                    Attribute value) {
  return ct::OptimizationHintsAttr::get(
      b.getContext(),
      b.getDictionaryAttr(b.getNamedAttr(
          key, b.getDictionaryAttr(b.getNamedAttr(name, value)))));
}

/// A partition view in `tile`s of the tensor of `shape` and `strides` (in
/// elements) at `ptr`, padded with zeros.
Value stridedView(Body &b, Value ptr, Type elt, const Shape &shape,
                  const Shape &strides, const Shape &tile) {
  MLIRContext *ctx = elt.getContext();
  auto tvTy = ct::TensorViewType::get(ctx, shape, elt, strides);
  Value tv = b.op<ct::MakeTensorViewOp>(tvTy, ptr, ValueRange(), ValueRange());
  SmallVector<int32_t> tileShape(tile.begin(), tile.end());
  SmallVector<int32_t> dimMap =
      llvm::to_vector(llvm::seq<int32_t>(0, int32_t(tile.size())));
  auto pvTy = ct::PartitionViewType::get(
      ctx, tileShape, tvTy, dimMap,
      ct::PaddingValueAttr::get(ctx, ct::PaddingValue::Zero));
  return b.op<ct::MakePartitionViewOp>(pvTy, tv);
}

/// A row-major tensor view of `shape` partitioned in `tile`s.
Value flatView(Body &b, Value ptr, Type elt, const Shape &shape,
               const Shape &tile) {
  int64_t acc = 1;
  Shape st(shape.size());
  for (size_t i = shape.size(); i-- > 0;) {
    st[i] = acc;
    acc *= shape[i];
  }
  return stridedView(b, ptr, elt, shape, st, tile);
}

/// i32 index math on a tile: x / d and x % d (shifts for powers of two).
Value idiv(Body &b, Value x, int64_t d) {
  if (d == 1)
    return x;
  auto ty = cast<ct::TileType>(x.getType());
  if (llvm::isPowerOf2_64(d))
    return b.op<ct::ShRIOp>(ty, x, b.cst(llvm::Log2_64(d), ty),
                            ct::Signedness::Signed);
  return b.op<ct::DivIOp>(
      ty, x, b.cst(d, ty),
      ct::SignednessAttr::get(ty.getContext(), ct::Signedness::Signed),
      ct::RoundingModeAttr());
}
Value irem(Body &b, Value x, int64_t d) {
  auto ty = cast<ct::TileType>(x.getType());
  if (llvm::isPowerOf2_64(d))
    return b.op<ct::AndIOp>(ty, x, b.cst(d - 1, ty));
  return b.op<ct::RemIOp>(ty, x, b.cst(d, ty), ct::Signedness::Signed);
}

/// The attributes of the tileops op of `spec`: its parameters as attributes
/// of the types of the op's ODS arguments, and `unsigned_int` for u8 data.
SmallVector<NamedAttribute> opAttributes(Builder &b, const KernelSpec &spec,
                                         const OpInfo &info) {
  SmallVector<NamedAttribute> attrs;
  for (auto &[k, v] : spec.params)
    if (const ParamInfo *param = info.lookupParam(k))
      attrs.push_back(b.getNamedAttr(k, paramAttr(b, *param, v)));
  // uint8 data: i8 tiles whose op compares, clamps and takes abs/sign as
  // unsigned.
  if (spec.dtype == "u8")
    attrs.push_back(b.getNamedAttr("unsigned_int", b.getUnitAttr()));
  return attrs;
}

} // namespace

llvm::Expected<ct::EntryOp> mlir::tileops::buildEntry(OpBuilder &builder,
                                                      const KernelSpec &spec,
                                                      StringRef file,
                                                      KernelPlan &plan) {
  const OpInfo *info = lookupOp(spec.op);
  unsigned line = spec.line;
  std::string dt = spec.dtype;
  Type elt = elementType(builder, dt), i1 = builder.getI1Type();
  Family fam = info->family;
  // Shapes of the op's data inputs and of the output.
  std::vector<Shape> ins = spec.shapes;
  std::vector<Type> inElts(ins.size(), elt);
  for (size_t i = 0; i < ins.size(); ++i)
    if (info->roleOf(i) == 'c' || info->roleOf(i) == 'm')
      inElts[i] = i1;
  for (size_t i = 0; i < ins.size(); ++i) {
    if (info->roleOf(i) != 'w')
      continue;
    // weight [C] or [1] / scalar: broadcast over channel dim 1.
    const Shape &x = ins[info->firstDataInput()], &w = ins[i];
    int64_t c = numel(w);
    std::string op = spec.op;
    if (w.size() > 1)
      return err(line, op + " expects a 0-D or 1-D weight, got " + shapeStr(w));
    if (c != 1) {
      if (x.size() < 2 || x[1] != c)
        return err(line, op + " expects a weight of length 1 or " +
                             (x.size() >= 2 ? std::to_string(x[1])
                                            : std::string("1 (1-D input)")) +
                             " (input channels), got " + std::to_string(c));
      Shape wb(x.size(), 1);
      wb[1] = c;
      ins[i] = wb;
    } else {
      ins[i] = Shape{};
    }
  }
  Type outElt = info->result == ResultRule::Bool ? i1 : elt;
  Shape outShape;
  Coalesced co;
  bool elementwise = fam != Family::FusedGated && fam != Family::Rope &&
                     fam != Family::Dropout && fam != Family::Alibi &&
                     fam != Family::Sinusoidal;
  if (elementwise) {
    auto c = coalesceBroadcast(ins);
    if (!c)
      return err(line, "op '" + spec.op + "' " + llvm::toString(c.takeError()));
    co = *c;
    outShape = co.outShape;
  } else if (fam == Family::FusedGated) {
    outShape = ins[0];
    if (outShape.empty() || outShape.back() % 2)
      return err(line, spec.op + " expects an input (..., 2N), got " +
                           shapeStr(ins[0]));
    outShape.back() /= 2;
  } else if (fam == Family::Rope) {
    outShape = ins[0];
    if (outShape.size() != 2 && outShape.size() != 4)
      return err(line, spec.op +
                           " expects x of shape (S, D) or (B, S, H, "
                           "D), got " +
                           shapeStr(outShape));
    int64_t d = outShape.back();
    if (d < 2 || !llvm::isPowerOf2_64(d))
      return err(line, spec.op +
                           " expects a power-of-two head dim >= 2, "
                           "got " +
                           std::to_string(d));
  } else if (fam == Family::Dropout) {
    outShape = ins[0];
  } else {
    int64_t s = std::stoll(spec.params.at("seq_len"));
    int64_t other = std::stoll(
        spec.params.at(fam == Family::Alibi ? "num_heads" : "d_model"));
    if (s < 1 || other < 1)
      return err(line, spec.op + " expects positive sizes");
    outShape = fam == Family::Alibi ? Shape{other, s, s} : Shape{s, other};
  }
  int64_t n = numel(outShape);
  if (n >= (int64_t(1) << 31))
    return err(line, "expects fewer than 2^31 output elements, got " +
                         std::to_string(n));
  // (bytesOf counts an i1 element as the byte it is stored in.)
  int64_t narrowBytes = bytesOf(outElt);
  for (Type e : inElts)
    narrowBytes = std::min(narrowBytes, bytesOf(e));
  costRule(spec, fam, n, bytesOf(elt), narrowBytes, plan);
  // Fused gated ops load gate and value rows through 2-D views only when the
  // tile divides N: halve the elements per thread (down to one 16-byte
  // vector) until it does (f16 (2048, 28672): 4096 -> 2048, 80% -> 99% of
  // copy bandwidth).
  if (fam == Family::FusedGated && !spec.npt) {
    int64_t N = outShape.back(), vec = 16 / bytesOf(elt);
    while (N % plan.tile != 0 && plan.npt > vec) {
      plan.npt /= 2;
      plan.tile /= 2;
    }
    plan.grid = (n + plan.tile - 1) / plan.tile;
  }
  // sinusoidal tiles are (R, C) blocks of the (S, D) output, C = one
  // 16-byte vector per thread across the CTA (or D rounded up to a power of
  // two), so that each thread's rows share its columns: the expansion
  // computes the column-only power once per column (per R rows).
  if (fam == Family::Sinusoidal && plan.strategy == "register_copy") {
    int64_t S = outShape[0], D = outShape[1];
    int64_t C = sinusoidalColumns(plan.threads, bytesOf(elt), D);
    int64_t R = std::max<int64_t>(1, plan.tile / C);
    plan.tile = R * C;
    plan.grid = ((S + R - 1) / R) * ((D + C - 1) / C);
  }
  // RoPE tiles are whole rows: R = max(1, tile / D) rows of D.
  if (fam == Family::Rope) {
    int64_t D = outShape.back(), R = std::max<int64_t>(1, plan.tile / D);
    plan.grid = (n / D + R - 1) / R;
    plan.tile = R * D;
  }
  // Streamed loads skip L1 allocation (ld.global.L1::no_allocate) when the
  // kernel moves at most 80 MiB (inputs + output): H100, 261 TileOPs workloads
  // (utils/gpu-checks/tileops/stream_tune.py): 16-bit binaries and
  // comparisons at 40-48 MiB +1-5%, f32 comparisons at 72 MiB +9%; at 96
  // MiB and more no gain, and -1 to -8% at 1 GiB.
  int64_t footprint = n * bytesOf(outElt);
  for (size_t k = 0; k < ins.size(); ++k)
    footprint += numel(ins[k]) * bytesOf(inElts[k]);
  // (Only kernels with view loads have streamed loads: not the direct
  // strategy's gathers, nor the generative ops.)
  if (spec.cacheHint.empty())
    plan.cacheHint = footprint <= (int64_t(80) << 20) ? "L1::no_allocate" : "";
  else
    plan.cacheHint = spec.cacheHint == "none" ? "" : spec.cacheHint;
  if (plan.strategy == "direct" || ins.empty())
    plan.cacheHint.clear();
  // The streamed loads' cache_hint optimization hint (every architecture).
  ct::OptimizationHintsAttr loadHints;
  if (!plan.cacheHint.empty())
    loadHints = hintsAttr(builder, "default", "cache_hint",
                          builder.getStringAttr(plan.cacheHint));
  int64_t T = plan.tile;
  plan.outShape = outShape;
  plan.outDtype = info->result == ResultRule::Bool ? "bool" : dt;
  std::string name = spec.name;
  if (name.empty()) {
    name = spec.op + "_" + dt;
    for (const Shape &s : spec.shapes)
      name += "_" + shapeStr(s);
    for (auto &[k, v] : spec.params) {
      std::string vv = v;
      for (char &ch : vv)
        if (!llvm::isAlnum(ch))
          ch = '_';
      name += "_" + k + vv;
    }
    if (spec.strategy != "auto")
      name += "_" + spec.strategy;
  }
  plan.name = name;

  // Everything the spec asks for is checked: build the entry.
  MLIRContext *ctx = builder.getContext();
  Location loc = FileLineColLoc::get(builder.getStringAttr(file), line, 1);
  Type i8 = builder.getI8Type(), i32 = builder.getI32Type();
  ct::TileType i32s = Body::tile({}, i32), i32t = Body::tile({T}, i32);
  // Pointers to bool tensors point to bytes.
  auto ptrArg = [&](Type e) {
    return Body::tile({}, ct::PointerType::get(e == i1 ? i8 : e));
  };
  SmallVector<Type> argTypes;
  for (size_t i = 0; i < spec.shapes.size(); ++i) {
    argTypes.push_back(ptrArg(inElts[i]));
    plan.args.push_back("in:" + (inElts[i] == i1 ? "bool" : dt) + ":" +
                        shapeStr(spec.shapes[i]));
  }
  argTypes.push_back(ptrArg(outElt));
  plan.args.push_back("out:" + plan.outDtype + ":" + shapeStr(outShape));
  if (fam == Family::Dropout) {
    argTypes.append(2, Body::tile({}, builder.getI64Type()));
    plan.args.push_back("seed");
    plan.args.push_back("offset");
  }
  auto entry = ct::EntryOp::create(
      builder, loc, name, builder.getFunctionType(argTypes, {}),
      /*arg_attrs=*/nullptr, /*res_attrs=*/nullptr,
      hintsAttr(builder, "sm_90", "num_worker_warps_per_cta",
                builder.getI32IntegerAttr(plan.threads / 32)));
  OpBuilder::InsertionGuard guard(builder);
  Block *body =
      builder.createBlock(&entry.getBody(), {}, argTypes,
                          SmallVector<Location>(argTypes.size(), loc));
  auto in = [&](size_t k) { return body->getArgument(k); };
  Value out = body->getArgument(spec.shapes.size());
  Body b{builder, loc};

  // The tile index is below the grid size: LLVM folds the in-bounds tests
  // of the tiles that the shape fills (lowered to llvm.intr.assume).
  auto blockId = b.op<ct::GetTileBlockIdOp>(i32s, i32s, i32s);
  Value bx = b.op<ct::AssumeOp>(
      i32s, ct::BoundedAttr::get(ctx, 0, plan.grid - 1), blockId->getResult(0));
  // The ramp block * len + iota(len) (tile<len x i32>) of a tile<i32> block.
  auto ramp = [&](Value block, int64_t len) -> Value {
    ct::TileType ty = Body::tile({len}, i32);
    Value base = b.broadcast(
        b.reshape(b.muli(block, b.cst(len, i32s)), Body::tile({1}, i32)), ty);
    return b.addi(base, b.op<ct::IotaOp>(ty));
  };
  // Flat output index f = bx * T + iota (built lazily).
  Value flat;
  auto flatIndex = [&]() {
    if (!flat)
      flat = ramp(bx, T);
    return flat;
  };
  Value mask;
  auto tailMask = [&]() {
    if (!mask) {
      Value f = flatIndex();
      mask = b.cmpi(ct::ComparisonPredicate::LessThan, f, b.cst(n, i32t));
    }
    return mask;
  };
  auto token = ct::TokenType::get(ctx);
  // `ptr` (to elements of `ty`'s pointee) broadcast to the tile type `ty`.
  auto splat = [&](Value ptr, ct::TileType ty) {
    Value p1 = b.reshape(ptr, Body::tile({1}, ty.getElementType()));
    return b.broadcast(p1, ty);
  };
  auto pointersTo = [&](Type e) {
    return Body::tile({T}, ct::PointerType::get(e));
  };
  // A gather of `ptr` at i32 element offsets `off` (masked by the tail).
  auto gatherRaw = [&](Value ptr, Type e, Value off) -> Value {
    ct::TileType ty = pointersTo(e);
    Value pp = b.op<ct::OffsetOp>(ty, splat(ptr, ty), off);
    return b
        .op<ct::LoadPtrTkoOp>(Body::tile({T}, e), token,
                              ct::MemoryOrderingSemantics::Weak,
                              ct::MemoryScopeAttr(), pp, tailMask(), Value(),
                              Value(), ct::OptimizationHintsAttr())
        ->getResult(0);
  };
  bool views = plan.strategy != "direct";
  // Load a contiguous flat operand of n elements.
  auto loadFlatRaw = [&](Value ptr, Type e) -> Value {
    if (!views)
      return gatherRaw(ptr, e, flatIndex());
    Value pv = flatView(b, ptr, e, {n}, {T});
    return b.loadView(pv, bx, Body::tile({T}, e), loadHints);
  };
  auto storeFlatRaw = [&](Value val, Type e) {
    if (!views) {
      ct::TileType ty = pointersTo(e);
      Value pb = splat(out, ty);
      Value pp = b.op<ct::OffsetOp>(ty, pb, flatIndex());
      b.op<ct::StorePtrTkoOp>(token, ct::MemoryOrderingSemantics::Weak,
                              ct::MemoryScopeAttr(), pp, val, tailMask(),
                              Value(), ct::OptimizationHintsAttr());
      return;
    }
    b.storeView(val, flatView(b, out, e, {n}, {T}), bx);
  };
  // Bool tensors are bytes (0/1) in memory, i1 in registers.
  auto toBool = [&](Value v) {
    return b.cmpi(ct::ComparisonPredicate::NotEqual, v,
                  b.cst(0, Body::tile({T}, i8)));
  };
  auto gather = [&](Value ptr, Type e, Value off) {
    return e == i1 ? toBool(gatherRaw(ptr, i8, off)) : gatherRaw(ptr, e, off);
  };
  auto loadFlat = [&](Value ptr, Type e) {
    return e == i1 ? toBool(loadFlatRaw(ptr, i8)) : loadFlatRaw(ptr, e);
  };
  auto storeFlat = [&](Value val, Type e) {
    if (e != i1)
      return storeFlatRaw(val, e);
    ct::TileType bytes = Body::tile({T}, i8);
    Value one = b.cst(1, bytes);
    Value zero = b.cst(0, bytes);
    storeFlatRaw(b.op<ct::SelectOp>(bytes, val, one, zero), i8);
  };
  // The entry's tileops op.
  SmallVector<NamedAttribute> attrs = opAttributes(builder, spec, *info);
  auto tileOp = [&](ValueRange operands, ct::TileType resultType) {
    return createOp(builder, loc, info->name, resultType, operands, attrs)
        ->getResult(0);
  };

  if (elementwise) {
    SmallVector<Value> vals;
    for (size_t k = 0; k < ins.size(); ++k) {
      const Shape &st = co.strides[k];
      // Same number of elements as the output: the operand's own row-major
      // layout is the flat output order.
      if (numel(ins[k]) == n) {
        vals.push_back(loadFlat(in(k), inElts[k]));
        continue;
      }
      // off = sum_d ((f / div_d) % size_d) * stride_d
      Value off;
      int64_t div = n;
      for (size_t d = 0; d < co.sizes.size(); ++d) {
        div /= co.sizes[d];
        if (st[d] == 0)
          continue;
        Value q = idiv(b, flatIndex(), div);
        if (d > 0)
          q = irem(b, q, co.sizes[d]);
        if (st[d] != 1)
          q = b.muli(q, b.cst(st[d], i32t));
        off = off ? b.addi(off, q) : q;
      }
      if (!off)
        off = b.cst(0, i32t);
      vals.push_back(gather(in(k), inElts[k], off));
    }
    storeFlat(tileOp(vals, Body::tile({T}, outElt)), outElt);
  } else if (fam == Family::FusedGated) {
    int64_t N = outShape.back(), M = n / N;
    if (views && N % T == 0) {
      Value pv = flatView(b, in(0), elt, {M, 2 * N}, {1, T});
      Value row = idiv(b, bx, N / T);
      Value cb = irem(b, bx, N / T);
      Value cv = b.addi(cb, b.cst(N / T, i32s));
      ct::TileType rowTy = Body::tile({1, T}, elt);
      Value g = b.loadView(pv, {row, cb}, rowTy, loadHints);
      Value v = b.loadView(pv, {row, cv}, rowTy, loadHints);
      Value x = b.op<ct::CatOp>(Body::tile({1, 2 * T}, elt), g, v, 1);
      Value y = tileOp(x, rowTy);
      b.storeView(y, flatView(b, out, elt, {M, N}, {1, T}), {row, cb});
    } else {
      Value f = flatIndex();
      Value r = idiv(b, f, N), c = irem(b, f, N);
      Value goff = b.addi(b.muli(r, b.cst(2 * N, i32t)), c);
      Value voff = b.addi(goff, b.cst(N, i32t));
      Value g = gather(in(0), elt, goff), v = gather(in(0), elt, voff);
      ct::TileType col = Body::tile({T, 1}, elt);
      Value g2 = b.reshape(g, col), v2 = b.reshape(v, col);
      Value x = b.op<ct::CatOp>(Body::tile({T, 2}, elt), g2, v2, 1);
      Value y = tileOp(x, col);
      storeFlat(b.reshape(y, Body::tile({T}, elt)), elt);
    }
  } else if (fam == Family::Rope) {
    int64_t D = outShape.back(), rows = n / D;
    int64_t R = std::max<int64_t>(1, T / D);
    int64_t S = outShape.size() == 2 ? outShape[0] : outShape[1];
    int64_t H = outShape.size() == 2 ? 1 : outShape[2];
    // The rotating variants pair x[..., k] with x[..., k + D/2]: x is loaded
    // as (2, R, D/2) tiles of the (2, rows, D/2) view with strides (D/2, D,
    // 1), whose outermost dimension (the halves) the blocked layout keeps in
    // registers, and permuted/reshaped to (R, D) (register relabelings), so
    // the expansion's halves are register views of x (no shared-memory
    // conversion); the result is stored the same way.
    bool halves = spec.op != "rope_non_neox";
    Value zero = b.cst(0, i32s);
    Shape h3{2, R, D / 2}, hview{2, rows, D / 2}, hstrides{D / 2, D, 1};
    ct::TileType rowsTy = Body::tile({R, D}, elt),
                 halvesTy = Body::tile(h3, elt),
                 pairsTy = Body::tile({R, 2, D / 2}, elt);
    const int32_t swap[] = {1, 0, 2};
    Value x;
    if (halves) {
      Value pv = stridedView(b, in(0), elt, hview, hstrides, h3);
      Value x3 = b.loadView(pv, {zero, bx, zero}, halvesTy, loadHints);
      x = b.reshape(b.op<ct::PermuteOp>(pairsTy, x3, swap), rowsTy);
    } else {
      Value pv = flatView(b, in(0), elt, {rows, D}, {R, D});
      x = b.loadView(pv, {bx, zero}, rowsTy, loadHints);
    }
    ct::TileType rt = Body::tile({R}, i32);
    Value row = ramp(bx, R);
    // Positions are in [0, S): stated, so that the expansion can bound the
    // angles (one Cody-Waite reduction for cos and sin below 2^17).
    Value pos = b.op<ct::AssumeOp>(rt, ct::BoundedAttr::get(ctx, 0, S - 1),
                                   irem(b, idiv(b, row, H), S));
    Value y = tileOp({x, pos}, rowsTy);
    if (halves) {
      Value y3 = b.op<ct::PermuteOp>(halvesTy, b.reshape(y, pairsTy), swap);
      Value po = stridedView(b, out, elt, hview, hstrides, h3);
      b.storeView(y3, po, {zero, bx, zero});
    } else {
      b.storeView(y, flatView(b, out, elt, {rows, D}, {R, D}), {bx, zero});
    }
  } else if (fam == Family::Dropout) {
    Value x = loadFlat(in(0), elt);
    Value f = flatIndex();
    Value seed = in(2), offset = in(3);
    storeFlat(tileOp({x, f, seed, offset}, Body::tile({T}, elt)), elt);
  } else if (fam == Family::Sinusoidal && plan.strategy == "register_copy") {
    // (R, C) blocks: p = row block * R + iota(R) over the columns, c = column
    // block * C + iota(C) over the rows (broadcasts of a column and a row).
    int64_t S = outShape[0], D = outShape[1];
    int64_t C = sinusoidalColumns(plan.threads, bytesOf(elt), D);
    int64_t R = T / C, ncb = (D + C - 1) / C;
    Value rb = idiv(b, bx, ncb);
    Value cb = irem(b, bx, ncb);
    ct::TileType blockTy = Body::tile({R, C}, i32);
    auto blockRamp = [&](Value blk, int64_t len, const Shape &sh) {
      Value v = b.reshape(ramp(blk, len), Body::tile(sh, i32));
      return b.broadcast(v, blockTy);
    };
    Value p = blockRamp(rb, R, Shape{R, 1}), c = blockRamp(cb, C, Shape{1, C});
    Value y = tileOp({p, c}, Body::tile({R, C}, elt));
    b.storeView(y, flatView(b, out, elt, {S, D}, {R, C}), {rb, cb});
  } else {
    Value f = flatIndex();
    SmallVector<Value> idx;
    if (fam == Family::Alibi) {
      int64_t S = outShape[1];
      idx.push_back(idiv(b, f, S * S));
      idx.push_back(irem(b, idiv(b, f, S), S));
      idx.push_back(irem(b, f, S));
    } else {
      int64_t D = outShape[1];
      idx.push_back(idiv(b, f, D));
      idx.push_back(irem(b, f, D));
    }
    storeFlat(tileOp(idx, Body::tile({T}, elt)), elt);
  }
  b.op<ct::ReturnOp>();
  return entry;
}

llvm::Expected<OwningOpRef<ModuleOp>>
mlir::tileops::buildModule(MLIRContext *ctx,
                           const std::vector<KernelSpec> &specs, StringRef file,
                           std::vector<KernelPlan> &plans) {
  ctx->loadDialect<ct::CudaTileDialect, TileOpsDialect>();
  OpBuilder b(ctx);
  Location loc = FileLineColLoc::get(b.getStringAttr(file), 0, 0);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());
  auto tileModule = ct::ModuleOp::create(b, loc, "tileops");
  b.setInsertionPointToEnd(&tileModule.getBodyRegion().front());
  std::set<std::string> names;
  for (const KernelSpec &spec : specs) {
    KernelPlan plan;
    auto entry = buildEntry(b, spec, file, plan);
    if (!entry)
      return entry.takeError();
    if (!names.insert(plan.name).second)
      return err(spec.line, "duplicate kernel name '" + plan.name +
                                "' (give the line a name=...)");
    plans.push_back(plan);
  }
  return std::move(module);
}
