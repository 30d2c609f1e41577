//===- MmaLayouts.cpp - Tensor-core fragment and shared layouts -----------===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#include "tileir/Layout/MmaLayouts.h"

#include "llvm/Support/FormatVariadic.h"

using namespace tileir;
using namespace tileir::layout;
using namespace tileir::layout::mma;

/// Builds a layout from the iters of the rows and of the columns (outer
/// first, each list covering its dimension), rows first unless `transposed`.
static TileLayout buildLayout(llvm::ArrayRef<Iter> rowIters,
                              llvm::ArrayRef<Iter> colIters, bool transposed) {
  llvm::SmallVector<Iter> shard;
  llvm::ArrayRef<Iter> outer = transposed ? colIters : rowIters;
  llvm::ArrayRef<Iter> inner = transposed ? rowIters : colIters;
  shard.append(outer.begin(), outer.end());
  shard.append(inner.begin(), inner.end());
  return TileLayout(shard);
}

/// A fragment of rows x cols tiled by atomRows x atomCols mma.sync atoms
/// (row-major over the atom grid), `regsPerAtom` registers per atom, and
/// `inAtom(lane, q)` giving register q's (row, col) inside the atom as the
/// PTX ISA's fragment tables do.
static Fragment atomTiled(int64_t rows, int64_t cols, int64_t atomRows,
                          int64_t atomCols, int64_t regsPerAtom,
                          std::pair<int64_t, int64_t> (*inAtom)(int64_t,
                                                                int64_t)) {
  Fragment f;
  f.rows = rows;
  f.cols = cols;
  f.threads = 32;
  int64_t gridCols = cols / atomCols;
  f.regs = rows / atomRows * gridCols * regsPerAtom;
  f.element = [=](int64_t t, int64_t r) {
    int64_t atom = r / regsPerAtom;
    auto [row, col] = inAtom(t, r % regsPerAtom);
    return std::make_pair(atomRows * (atom / gridCols) + row,
                          atomCols * (atom % gridCols) + col);
  };
  return f;
}

using Cell = std::pair<int64_t, int64_t>;

Fragment mma::getMmaSyncFragment(Operand operand, int64_t rows, int64_t cols,
                                 unsigned elementBits) {
  switch (operand) {
  case Operand::A:
    switch (elementBits) {
    case 64: // m8n8k4 .f64: a0 at (lane/4, lane%4).
      return atomTiled(rows, cols, 8, 4, 1,
                       [](int64_t t, int64_t) { return Cell(t / 4, t % 4); });
    case 32: // m16n8k8 .tf32: q = 2*k1 + i1 at (8*i1 + lane/4, 4*k1 + lane%4).
      return atomTiled(rows, cols, 16, 8, 4, [](int64_t t, int64_t q) {
        return Cell(8 * (q & 1) + t / 4, 4 * (q >> 1) + t % 4);
      });
    case 8: // m16n8k32 8-bit: q = 8*k1 + 4*i1 + k0 at
            // (8*i1 + lane/4, 16*k1 + 4*(lane%4) + k0).
      return atomTiled(rows, cols, 16, 32, 16, [](int64_t t, int64_t q) {
        return Cell(8 * ((q >> 2) & 1) + t / 4,
                    16 * (q >> 3) + 4 * (t % 4) + (q & 3));
      });
    default: // m16n8k16 16-bit: q = 4*k1 + 2*i1 + k0 at
             // (8*i1 + lane/4, 8*k1 + 2*(lane%4) + k0).
      return atomTiled(rows, cols, 16, 16, 8, [](int64_t t, int64_t q) {
        return Cell(8 * ((q >> 1) & 1) + t / 4,
                    8 * (q >> 2) + 2 * (t % 4) + (q & 1));
      });
    }
  case Operand::B:
    switch (elementBits) {
    case 64: // k4n8 .f64: b0 at (lane%4, lane/4).
      return atomTiled(rows, cols, 4, 8, 1,
                       [](int64_t t, int64_t) { return Cell(t % 4, t / 4); });
    case 32: // k8n8 .tf32: q at (4*q + lane%4, lane/4).
      return atomTiled(rows, cols, 8, 8, 2, [](int64_t t, int64_t q) {
        return Cell(4 * q + t % 4, t / 4);
      });
    case 8: // k32n8 8-bit: q = 4*k1 + k0 at (16*k1 + 4*(lane%4) + k0, lane/4).
      return atomTiled(rows, cols, 32, 8, 8, [](int64_t t, int64_t q) {
        return Cell(16 * (q >> 2) + 4 * (t % 4) + (q & 3), t / 4);
      });
    default: // k16n8 16-bit: q = 2*k1 + k0 at (8*k1 + 2*(lane%4) + k0, lane/4).
      return atomTiled(rows, cols, 16, 8, 4, [](int64_t t, int64_t q) {
        return Cell(8 * (q >> 1) + 2 * (t % 4) + (q & 1), t / 4);
      });
    }
  case Operand::C:
    if (elementBits == 64) // m8n8 .f64: q at (lane/4, 2*(lane%4) + q).
      return atomTiled(rows, cols, 8, 8, 2, [](int64_t t, int64_t q) {
        return Cell(t / 4, 2 * (t % 4) + q);
      });
    // m16n8: q = 2*i1 + j0 at (8*i1 + lane/4, 2*(lane%4) + j0).
    return atomTiled(rows, cols, 16, 8, 4, [](int64_t t, int64_t q) {
      return Cell(8 * (q >> 1) + t / 4, 2 * (t % 4) + (q & 1));
    });
  }
  return Fragment();
}

TileLayout mma::getMmaSyncLayout(Operand operand, int64_t rows, int64_t cols,
                                 bool transposed, unsigned elementBits) {
  bool bits8 = elementBits == 8;
  bool bits32 = elementBits == 32;
  bool bits64 = elementBits == 64;
  switch (operand) {
  case Operand::A: {
    if (bits64) {
      int64_t atomCols = cols / 4;
      return buildLayout({{rows / 8, atomCols, "m"}, {8, 4, "laneid"}},
                         {{atomCols, 1, "m"}, {4, 1, "laneid"}}, transposed);
    }
    if (bits32) {
      int64_t atomCols = cols / 8;
      return buildLayout(
          {{rows / 16, 4 * atomCols, "m"}, {2, 1, "m"}, {8, 4, "laneid"}},
          {{atomCols, 4, "m"}, {2, 2, "m"}, {4, 1, "laneid"}}, transposed);
    }
    if (bits8) {
      int64_t atomCols = cols / 32;
      return buildLayout(
          {{rows / 16, 16 * atomCols, "m"}, {2, 4, "m"}, {8, 4, "laneid"}},
          {{atomCols, 16, "m"}, {2, 8, "m"}, {4, 1, "laneid"}, {4, 1, "m"}},
          transposed);
    }
    int64_t atomCols = cols / 16;
    return buildLayout(
        {{rows / 16, 8 * atomCols, "m"}, {2, 2, "m"}, {8, 4, "laneid"}},
        {{atomCols, 8, "m"}, {2, 4, "m"}, {4, 1, "laneid"}, {2, 1, "m"}},
        transposed);
  }
  case Operand::B: {
    int64_t atomCols = cols / 8;
    if (bits64)
      return buildLayout({{rows / 4, atomCols, "m"}, {4, 1, "laneid"}},
                         {{atomCols, 1, "m"}, {8, 4, "laneid"}}, transposed);
    if (bits32)
      return buildLayout(
          {{rows / 8, 2 * atomCols, "m"}, {2, 1, "m"}, {4, 1, "laneid"}},
          {{atomCols, 2, "m"}, {8, 4, "laneid"}}, transposed);
    if (bits8)
      return buildLayout({{rows / 32, 8 * atomCols, "m"},
                          {2, 4, "m"},
                          {4, 1, "laneid"},
                          {4, 1, "m"}},
                         {{atomCols, 8, "m"}, {8, 4, "laneid"}}, transposed);
    return buildLayout({{rows / 16, 4 * atomCols, "m"},
                        {2, 2, "m"},
                        {4, 1, "laneid"},
                        {2, 1, "m"}},
                       {{atomCols, 4, "m"}, {8, 4, "laneid"}}, transposed);
  }
  case Operand::C: {
    int64_t atomCols = cols / 8;
    if (bits64)
      return buildLayout({{rows / 8, 2 * atomCols, "m"}, {8, 4, "laneid"}},
                         {{atomCols, 2, "m"}, {4, 1, "laneid"}, {2, 1, "m"}},
                         transposed);
    return buildLayout(
        {{rows / 16, 4 * atomCols, "m"}, {2, 2, "m"}, {8, 4, "laneid"}},
        {{atomCols, 4, "m"}, {4, 1, "laneid"}, {2, 1, "m"}}, transposed);
  }
  }
  return TileLayout();
}

Fragment mma::getWgmmaAccumulatorFragment(int64_t n) {
  Fragment f;
  f.rows = 64;
  f.cols = n;
  f.threads = 128;
  f.regs = n / 2;
  // d[4*jn + 2*i1 + j0]: row = 16*warp + 8*i1 + lane/4,
  // col = 8*jn + 2*(lane%4) + j0.
  f.element = [](int64_t t, int64_t r) {
    int64_t lane = t % 32, q = r % 4;
    int64_t row = 16 * (t / 32) + 8 * (q >> 1) + lane / 4;
    int64_t col = 8 * (r / 4) + 2 * (lane % 4) + (q & 1);
    return std::make_pair(row, col);
  };
  return f;
}

TileLayout mma::getWgmmaAccumulatorLayout(int64_t n) {
  return buildLayout({{4, 1, "wid_in_wg"}, {2, 2, "m"}, {8, 4, "laneid"}},
                     {{n / 8, 4, "m"}, {4, 1, "laneid"}, {2, 1, "m"}},
                     /*transposed=*/false);
}

/// Threads per unit of a thread axis inside a CTA, or 0 for axes that are not
/// CTA thread axes.
static int64_t threadsPerUnit(llvm::StringRef axis) {
  if (axis == "laneid" || axis == "tid_in_wg" || axis == "tx")
    return 1;
  if (axis == "warpid" || axis == "wid_in_wg")
    return 32;
  if (axis == "wgid")
    return 128;
  return 0;
}

namespace {
/// The forward map of a layout whose every axis (shard iters and offsets) is
/// `m` or a CTA thread axis, without building an AxisCoord per element: the
/// storage slot (`m`) and the CTA thread of a flat index. The checks below
/// run it on every element of 64 x 256 tiles, once per gemm; applyFlat
/// (string axes, a sorted coordinate per element) made the wgmma dispatch
/// of the matmul example ~80 ms. Where a layout uses another axis,
/// `getFlatMap` gives nullopt and the callers take the general path.
struct FlatMap {
  struct Digit {
    int64_t mStride;      ///< contribution to m per unit of the digit
    int64_t threadStride; ///< contribution to the thread per unit
  };
  const TileLayout *layout = nullptr;
  llvm::SmallVector<Digit, 8> digits; ///< per shard iter, outer first
  int64_t mOffset = 0;
  int64_t threadOffset = 0;

  /// (m, thread) of flat index `flat`, split as TileLayout::applyFlat does.
  std::pair<int64_t, int64_t> operator()(int64_t flat) const {
    int64_t m = mOffset, thread = threadOffset;
    layout->forEachShardDigit(flat, [&](size_t k, int64_t digit) {
      m += digit * digits[k].mStride;
      thread += digit * digits[k].threadStride;
    });
    return {m, thread};
  }
};
} // namespace

/// The FlatMap of `layout`, or nullopt when it has replicas or uses an axis
/// other than `m` and the CTA thread axes (with `allowThreads` false: other
/// than `m`).
static std::optional<FlatMap> getFlatMap(const TileLayout &layout,
                                         bool allowThreads) {
  if (!layout.getReplica().empty())
    return std::nullopt;
  // Per unit of `axis`: (m, thread) contribution; nullopt for other axes.
  auto unitOf =
      [&](llvm::StringRef axis) -> std::optional<std::pair<int64_t, int64_t>> {
    if (axis == "m")
      return std::make_pair(int64_t(1), int64_t(0));
    if (!allowThreads || !layout::isThreadAxis(axis))
      return std::nullopt;
    if (int64_t unit = threadsPerUnit(axis))
      return std::make_pair(int64_t(0), unit);
    return std::nullopt;
  };
  FlatMap map;
  map.layout = &layout;
  for (const Iter &iter : layout.getShard()) {
    auto unit = unitOf(iter.axis);
    if (!unit)
      return std::nullopt;
    map.digits.push_back(
        {unit->first * iter.stride, unit->second * iter.stride});
  }
  for (const auto &[axis, value] : layout.getOffset()) {
    auto unit = unitOf(axis);
    if (!unit)
      return std::nullopt;
    map.mOffset += unit->first * value;
    map.threadOffset += unit->second * value;
  }
  return map;
}

/// matchFragment on any layout: one AxisCoord per element.
static llvm::Expected<llvm::SmallVector<int64_t>>
matchFragmentGeneral(const TileLayout &layout, bool transposed,
                     const Fragment &frag);

llvm::Expected<llvm::SmallVector<int64_t>>
mma::matchFragment(const TileLayout &layout, bool transposed,
                   const Fragment &frag) {
  // Fast path: on success the same slots as the general path; on any
  // mismatch the general path runs and words the diagnostic.
  std::optional<FlatMap> map = getFlatMap(layout, /*allowThreads=*/true);
  if (!map || layout.getNumElements() != frag.rows * frag.cols)
    return matchFragmentGeneral(layout, transposed, frag);
  llvm::SmallVector<int64_t> slots(frag.regs, -1);
  for (int64_t r = 0; r < frag.regs; ++r) {
    for (int64_t t = 0; t < frag.threads; ++t) {
      auto [row, col] = frag.element(t, r);
      int64_t flat = transposed ? col * frag.rows + row : row * frag.cols + col;
      auto [slot, thread] = (*map)(flat);
      if (thread != t || (t != 0 && slot != slots[r]))
        return matchFragmentGeneral(layout, transposed, frag);
      if (t == 0)
        slots[r] = slot;
    }
  }
  return slots;
}

static llvm::Expected<llvm::SmallVector<int64_t>>
matchFragmentGeneral(const TileLayout &layout, bool transposed,
                     const Fragment &frag) {
  auto fail = [](const llvm::Twine &msg) {
    return llvm::createStringError(msg);
  };
  if (layout.getNumElements() != frag.rows * frag.cols)
    return fail(llvm::formatv("layout has {0} elements, the fragment {1}",
                              layout.getNumElements(), frag.rows * frag.cols)
                    .str());
  if (!layout.getReplica().empty())
    return fail("layout replicates elements");
  llvm::SmallVector<int64_t> slots(frag.regs, -1);
  for (int64_t r = 0; r < frag.regs; ++r) {
    for (int64_t t = 0; t < frag.threads; ++t) {
      auto [row, col] = frag.element(t, r);
      int64_t flat = transposed ? col * frag.rows + row : row * frag.cols + col;
      AxisCoord coord = layout.applyFlat(flat);
      int64_t thread = 0, slot = 0;
      for (const auto &[axis, value] : coord) {
        if (layout::isThreadAxis(axis)) {
          int64_t unit = threadsPerUnit(axis);
          if (!unit)
            return fail("layout uses thread axis " + axis);
          thread += unit * value;
        } else if (axis == "m") {
          slot = value;
        } else if (value != 0) {
          return fail("layout uses memory axis " + axis);
        }
      }
      if (thread != t)
        return fail(llvm::formatv("element ({0}, {1}) is on thread {2}, the "
                                  "fragment puts it on thread {3}",
                                  row, col, thread, t)
                        .str());
      if (t == 0)
        slots[r] = slot;
      else if (slot != slots[r])
        return fail(llvm::formatv("fragment register {0} is storage slot {1} "
                                  "on thread 0 but {2} on thread {3}",
                                  r, slots[r], slot, t)
                        .str());
    }
  }
  return slots;
}

TileLayout mma::getWgmmaKMajorLayout(int64_t rows, int64_t k,
                                     unsigned elementBits, bool transposed) {
  int64_t chunk = 128 / elementBits; // elements in 16 bytes
  return buildLayout({{rows / 8, 8 * k, "m"}, {8, chunk, "m"}},
                     {{k / chunk, 8 * chunk, "m"}, {chunk, 1, "m"}},
                     transposed);
}

TileLayout mma::getWgmmaKMajorSwizzledLayout(int64_t rows, int64_t k,
                                             unsigned elementBits,
                                             bool transposed,
                                             int64_t bufferRows,
                                             unsigned swizzleBytes) {
  int64_t atom = swizzleBytes * 8 / elementBits; // elements in one atom row
  if (k == atom)
    return buildLayout({{rows, atom, "m"}}, {{atom, 1, "m"}}, transposed);
  return buildLayout({{rows, atom, "m"}},
                     {{k / atom, (bufferRows ? bufferRows : rows) * atom, "m"},
                      {atom, 1, "m"}},
                     transposed);
}

TileLayout mma::getWgmmaMNMajorSwizzledLayout(int64_t rows, int64_t k,
                                              unsigned elementBits,
                                              bool transposed) {
  int64_t atom = 1024 / elementBits; // rows in 128 bytes
  llvm::SmallVector<Iter> rowIters;
  if (rows > atom)
    rowIters.push_back({rows / atom, atom * k, "m"});
  rowIters.push_back({atom, 1, "m"});
  llvm::SmallVector<Iter> kIters;
  if (k > 8)
    kIters.push_back({k / 8, 8 * atom, "m"});
  kIters.push_back({8, atom, "m"});
  return buildLayout(rowIters, kIters, transposed).canonicalize();
}

/// Checks that element (row, k0 + kk) of every row and every kk of one K
/// step is at byte `want(row, kk)`, where `got(row, k)` puts it; the error
/// names the first element that is not and the `form` of the layout.
static llvm::Error
checkStepBytes(int64_t rows, int64_t k0, int64_t step, llvm::StringRef form,
               llvm::function_ref<int64_t(int64_t, int64_t)> got,
               llvm::function_ref<int64_t(int64_t, int64_t)> want) {
  for (int64_t row = 0; row < rows; ++row)
    for (int64_t kk = 0; kk < step; ++kk)
      if (int64_t g = got(row, k0 + kk), w = want(row, kk); g != w)
        return llvm::createStringError(
            llvm::formatv("element (row {0}, k {1}) is at byte {2}, {3} "
                          "layout puts it at byte {4}",
                          row, k0 + kk, g, form, w)
                .str());
  return llvm::Error::success();
}

llvm::Expected<llvm::SmallVector<WgmmaDescriptor>>
mma::getWgmmaDescriptors(const TileLayout &layout, bool transposed,
                         int64_t rows, int64_t k, unsigned elementBits,
                         unsigned swizzleBytes) {
  auto fail = [](const llvm::Twine &msg) {
    return llvm::createStringError(msg);
  };
  if (elementBits != 8 && elementBits != 16 && elementBits != 32)
    return fail(llvm::formatv("wgmma descriptors take 8-, 16- or 32-bit "
                              "elements, "
                              "got {0} bits",
                              elementBits)
                    .str());
  int64_t bytes = elementBits / 8;
  int64_t chunk = 16 / bytes; // elements in one 16-byte core-matrix row
  int64_t step = 32 / bytes;  // K of one wgmma instruction
  if (rows % 8 || k % step || layout.getNumElements() != rows * k)
    return fail(llvm::formatv("expects {0} rows in multiples of 8 and K = {1} "
                              "in multiples of {2}",
                              rows, k, step)
                    .str());
  if (layout.hasThreadAxes() || !layout.getReplica().empty())
    return fail("shared layout has thread axes or replicas");
  if (swizzleBytes != 0 && swizzleBytes != 32 && swizzleBytes != 64 &&
      swizzleBytes != 128)
    return fail(llvm::formatv("wgmma descriptors take no swizzle or the 32-, "
                              "64- or 128-byte swizzle, got {0} bytes",
                              swizzleBytes)
                    .str());
  // Address (in elements) of element (row, kk) of the operand; without an
  // AxisCoord per element where the layout only uses `m`.
  std::optional<std::string> error;
  std::optional<FlatMap> map = getFlatMap(layout, /*allowThreads=*/false);
  auto addr = [&](int64_t row, int64_t kk) -> int64_t {
    int64_t flat = transposed ? kk * rows + row : row * k + kk;
    if (map)
      return (*map)(flat).first;
    int64_t m = 0;
    for (const auto &[axis, value] : layout.applyFlat(flat)) {
      if (axis == "m")
        m = value;
      else if (value != 0 && !error)
        error = "shared layout uses axis " + axis;
    }
    return m;
  };
  auto fitsField = [](int64_t b) {
    return b >= 0 && b % 16 == 0 && b < (1 << 18);
  };
  llvm::SmallVector<WgmmaDescriptor> descs;
  for (int64_t k0 = 0; k0 < k; k0 += step) {
    WgmmaDescriptor d;
    d.swizzleBytes = swizzleBytes;
    int64_t base = addr(0, k0);
    d.startBytes = base * bytes;
    if (swizzleBytes) {
      // K-major swizzled: LBO is unused (1 by convention), rows S bytes
      // apart in atoms of 8 rows (8 * S bytes), S = swizzleBytes.
      int64_t rowBytes = swizzleBytes, atomBytes = 8 * rowBytes;
      d.leadingBytes = 16;
      d.strideBytes = rows > 8 ? (addr(8, k0) - base) * bytes : atomBytes;
      if (error)
        return fail(*error);
      int64_t atomStart = d.startBytes - d.startBytes % rowBytes;
      if (d.startBytes % rowBytes + 32 > rowBytes || atomStart % atomBytes ||
          d.strideBytes % atomBytes || !fitsField(d.strideBytes))
        return fail(llvm::formatv("K step at k = {0} (byte {1}, SBO {2}) is "
                                  "not inside a {3}-byte aligned {4}-byte "
                                  "swizzle atom",
                                  k0, d.startBytes, d.strideBytes, atomBytes,
                                  rowBytes)
                        .str());
      if (llvm::Error e = checkStepBytes(
              rows, k0, step,
              llvm::formatv("a K-major {0}-byte-swizzle", rowBytes).str(),
              [&](int64_t r, int64_t kk) { return addr(r, kk) * bytes; },
              [&](int64_t r, int64_t kk) {
                return d.startBytes + (r % 8) * rowBytes +
                       (r / 8) * d.strideBytes + kk * bytes;
              }))
        return std::move(e);
      descs.push_back(d);
      continue;
    }
    d.leadingBytes = (addr(0, k0 + chunk) - base) * bytes;
    d.strideBytes = rows > 8 ? (addr(8, k0) - base) * bytes : 0;
    if (error)
      return fail(*error);
    if (d.startBytes % 16)
      return fail(llvm::formatv("K step at k = {0} starts at byte {1}, not "
                                "16-byte aligned",
                                k0, d.startBytes)
                      .str());
    if (!fitsField(d.leadingBytes) || !fitsField(d.strideBytes))
      return fail(llvm::formatv("K step at k = {0}: core-matrix offsets "
                                "(LBO {1}, SBO {2} bytes) are not multiples "
                                "of 16 in [0, 2^18)",
                                k0, d.leadingBytes, d.strideBytes)
                      .str());
    if (llvm::Error e = checkStepBytes(
            rows, k0, step, "a K-major no-swizzle core-matrix",
            [&](int64_t r, int64_t kk) { return addr(r, kk) * bytes; },
            [&](int64_t r, int64_t kk) {
              return d.startBytes + (r % 8) * 16 + (r / 8) * d.strideBytes +
                     (kk / chunk) * d.leadingBytes + (kk % chunk) * bytes;
            }))
      return std::move(e);
    descs.push_back(d);
  }
  return descs;
}

llvm::Expected<llvm::SmallVector<WgmmaDescriptor>>
mma::getWgmmaMNMajorDescriptors(const TileLayout &layout, bool transposed,
                                int64_t rows, int64_t k, unsigned elementBits) {
  auto fail = [](const llvm::Twine &msg) {
    return llvm::createStringError(msg);
  };
  // wgmma reads only 16-bit operands MN-major.
  if (elementBits != 16)
    return fail(llvm::formatv("MN-major wgmma operands are 16-bit, got {0} "
                              "bits",
                              elementBits)
                    .str());
  const int64_t bytes = 2, atom = 64, step = 16;
  if (rows % atom || k % step || layout.getNumElements() != rows * k)
    return fail(llvm::formatv("expects {0} rows in multiples of 64 and K = "
                              "{1} in multiples of 16 (MN-major)",
                              rows, k)
                    .str());
  if (layout.hasThreadAxes() || !layout.getReplica().empty())
    return fail("shared layout has thread axes or replicas");
  std::optional<FlatMap> map = getFlatMap(layout, /*allowThreads=*/false);
  if (!map)
    return fail("shared layout has no flat address map");
  auto addr = [&](int64_t row, int64_t kk) {
    return (*map)(transposed ? kk * rows + row : row * k + kk).first * bytes;
  };
  auto aligned = [](int64_t b) {
    return b >= 0 && b % 1024 == 0 && b < (1 << 18);
  };
  llvm::SmallVector<WgmmaDescriptor> descs;
  for (int64_t k0 = 0; k0 < k; k0 += step) {
    WgmmaDescriptor d;
    d.swizzleBytes = 128;
    d.mnMajor = true;
    d.startBytes = addr(0, k0);
    d.strideBytes = addr(0, k0 + 8) - d.startBytes;
    d.leadingBytes = rows > atom ? addr(atom, k0) - d.startBytes : 1024;
    if (!aligned(d.startBytes) || !aligned(d.strideBytes) ||
        !aligned(d.leadingBytes))
      return fail(llvm::formatv("K step at k = {0} (byte {1}, SBO {2}, LBO "
                                "{3}) is not made of 1024-byte aligned "
                                "128-byte swizzle atoms",
                                k0, d.startBytes, d.strideBytes, d.leadingBytes)
                      .str());
    if (llvm::Error e =
            checkStepBytes(rows, k0, step, "an MN-major 128-byte-swizzle", addr,
                           [&](int64_t r, int64_t kk) {
                             return d.startBytes + (r % atom) * bytes +
                                    (kk % 8) * 128 + (kk / 8) * d.strideBytes +
                                    (r / atom) * d.leadingBytes;
                           }))
      return std::move(e);
    descs.push_back(d);
  }
  return descs;
}
