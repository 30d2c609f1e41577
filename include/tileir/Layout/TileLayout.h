//===- TileLayout.h - The TileLayout algebra --------------------*- C++ -*-===//
//
// Part of TileIR. A TileLayout maps a logical coordinate of a tile to
// coordinates on named axes: thread axes (laneid, warpid, tx, ...) say which
// thread holds an element, memory axes (m, ...) say where in that thread's
// storage (registers, or shared/global words) it lives.
//
// This is a plain C++ library (LLVM Support only). The MLIR attribute
// #tirx.layout<...> wraps it; conversion and dispatch call it instead of
// re-deriving index arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_LAYOUT_TILELAYOUT_H
#define TILEIR_LAYOUT_TILELAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace tileir::layout {

/// Execution scopes, coarse to fine (smaller = wider), as in TIRx.
enum class ScopeKind : int {
  World = 0,
  Kernel = 1,
  Cluster = 2,
  Cta = 3,
  Warpgroup = 4,
  Warp = 5,
  Thread = 6,
};

/// Returns "cluster", "cta", "warpgroup", "warp", "thread", "kernel", "world".
llvm::StringRef stringifyScope(ScopeKind kind);
std::optional<ScopeKind> symbolizeScope(llvm::StringRef name);

/// A registered axis. Thread axes index a (scope -> subscope) pair, e.g.
/// `laneid` indexes threads inside a warp: scope = Warp, subscope = Thread.
struct AxisInfo {
  std::string name;
  bool isThread = false;
  ScopeKind scope = ScopeKind::Thread;
  ScopeKind subscope = ScopeKind::Thread;
};

/// Looks up an axis: laneid, warpid, wgid, wid_in_wg, tid_in_wg, tx, cbx, cby,
/// cbz, bx, by, bz, m (the default memory axis). Unknown names are memory
/// axes (not thread axes), registered on first use, as in TIRx.
const AxisInfo &lookupAxis(llvm::StringRef name);
inline bool isThreadAxis(llvm::StringRef name) {
  return lookupAxis(name).isThread;
}

/// One iterator: `extent:stride@axis`.
struct Iter {
  int64_t extent = 1;
  int64_t stride = 1;
  std::string axis = "m";

  bool operator==(const Iter &o) const {
    return extent == o.extent && stride == o.stride && axis == o.axis;
  }
  bool operator!=(const Iter &o) const { return !(*this == o); }
};

/// A coordinate on named axes: axis name -> value, kept sorted by axis name.
using AxisCoord = llvm::SmallVector<std::pair<std::string, int64_t>, 4>;

/// Value of `axis` in `coord`, 0 when absent.
int64_t getAxis(const AxisCoord &coord, llvm::StringRef axis);

/// TileLayout(shard, replica, offset).
///
/// Forward map for a logical coordinate x of a shape whose size equals the
/// product of the shard extents: flatten x row-major to `flat`, split `flat`
/// over the shard extents (last iter fastest), and sum c_k * stride_k per
/// axis; then add the offsets. Replica iters add every combination of
/// r_t * stride_t on their axis (the element is held in several places).
class TileLayout {
public:
  TileLayout() = default;
  TileLayout(llvm::SmallVector<Iter> shard,
             llvm::SmallVector<Iter> replica = {}, AxisCoord offset = {});

  /// Parses the readable syntax, e.g.
  ///   S[(32,8):(1@laneid,1)]
  ///   S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid
  ///   S[64, 8]             (extents only: row-major strides on `m`)
  /// A bare stride binds to `m`; a plain integer offset means `m`.
  static llvm::Expected<TileLayout> parse(llvm::StringRef text);

  /// Prints the syntax above; `parse(print(l)) == l`.
  void print(llvm::raw_ostream &os) const;
  std::string str() const;

  llvm::ArrayRef<Iter> getShard() const { return shard; }
  llvm::ArrayRef<Iter> getReplica() const { return replica; }
  const AxisCoord &getOffset() const { return offset; }

  /// Number of logical elements: product of shard extents.
  int64_t getNumElements() const;

  /// Base coordinate D(x) + O of a row-major flat logical index.
  AxisCoord applyFlat(int64_t flat) const;
  /// The digits of D(x): calls fn(k, digit) for every shard iter k,
  /// innermost first, with the digit of `flat` in the shard's mixed radix
  /// (the outermost iter takes what remains); iter k contributes
  /// digit * stride_k on its axis. Callers that precompute per-iter
  /// contributions (numeric forward maps) walk the same split as applyFlat.
  template <typename Fn>
  void forEachShardDigit(int64_t flat, Fn &&fn) const {
    int64_t remaining = flat;
    for (size_t k = shard.size(); k-- > 0;) {
      int64_t digit = remaining;
      if (k != 0 && shard[k].extent > 0) {
        digit = remaining % shard[k].extent;
        remaining /= shard[k].extent;
      }
      fn(k, digit);
    }
  }
  /// Base coordinate of a logical coordinate in `shape`; error when the shape
  /// size differs from getNumElements() or the coordinate is out of range.
  llvm::Expected<AxisCoord> apply(llvm::ArrayRef<int64_t> coord,
                                  llvm::ArrayRef<int64_t> shape) const;
  /// All coordinates of an element (the base plus every replica combination).
  llvm::SmallVector<AxisCoord> applyAll(int64_t flat) const;

  /// Product of the shard extents on `axis` (1 when unused).
  int64_t size(llvm::StringRef axis) const;
  /// 1 + sum (e-1)*s over shard and replica iters on `axis` + its offset.
  int64_t span(llvm::StringRef axis) const;

  /// True when some shard or replica iter uses a thread axis.
  bool hasThreadAxes() const;
  /// The per-thread footprint: the layout with every thread-axis iter (shard
  /// and replica) and every thread-axis offset removed. Memory-axis offsets
  /// stay, as in TIRx: they are part of each register/word address.
  TileLayout storage() const;

  /// Canonical form (TIRx rules): drop extent-1 shard iters (keep one if all
  /// vanish), drop zero offsets, fuse thread axes into the layout's scope pair
  /// (laneid/warpid/wgid/tid_in_wg -> tx when the pair is (thread, cta)),
  /// merge adjacent iters on one axis when inner.extent*inner.stride ==
  /// outer.stride, sort replica iters.
  TileLayout canonicalize() const;

  /// (from, to) scope pair of the thread axes, e.g. {laneid, warpid} ->
  /// (Thread, Cta). std::nullopt when the layout has no thread axes. Error
  /// when the thread axes do not form one connected chain.
  llvm::Expected<std::optional<std::pair<ScopeKind, ScopeKind>>>
  scopePair() const;

  /// Checks extents/strides are positive (stride 0 allowed: broadcast), the
  /// thread axes form a chain, and no two logical elements share a base
  /// coordinate unless a stride is 0.
  llvm::Error verifyWellFormed() const;

  /// Layout of the sub-tile `region` (offsets + extents per dim) of a tile of
  /// `shape`; error when the region does not fall on iter boundaries.
  llvm::Expected<TileLayout> slice(llvm::ArrayRef<int64_t> shape,
                                   llvm::ArrayRef<int64_t> regionOffset,
                                   llvm::ArrayRef<int64_t> regionShape) const;
  /// Tiles this layout (the inner one) by `outer`: the result covers
  /// outer.size * this.size elements, outer iters first. Outer strides and
  /// offsets on an axis are scaled by this layout's span on that axis.
  TileLayout tile(const TileLayout &outer) const;
  /// Splits every element into n contiguous scalars: multiplies every
  /// memory-axis stride and memory-axis offset by n and appends an (n, 1, m)
  /// iter. Thread-axis strides are kept: the thread that held a packed element
  /// holds all of its scalars.
  TileLayout unpack(int64_t n) const;
  /// Inserts a stride-0 iter of extent n at shard position `pos`.
  TileLayout broadcast(int64_t n, unsigned pos) const;

  bool operator==(const TileLayout &o) const {
    return shard == o.shard && replica == o.replica && offset == o.offset;
  }
  bool operator!=(const TileLayout &o) const { return !(*this == o); }

private:
  llvm::SmallVector<Iter> shard;
  llvm::SmallVector<Iter> replica;
  AxisCoord offset;
};

/// The blocked register layout of `n` elements (flat) over `threads`
/// threads of the CTA (`tx`): each thread holds runs of `vec` consecutive
/// elements (its memory slots consecutive), the runs of consecutive
/// threads are consecutive, and the threads walk the elements as many
/// times as it takes; threads beyond n / vec hold replicas. `vec` divides
/// `n`. Canonical.
TileLayout getBlockedLayout(int64_t n, int64_t vec, int64_t threads);

/// A swizzle composed after a layout's linear memory address m (TIRx
/// ComposeLayout): addr(m) = f(m >> M) * 2^M + (m mod 2^M) with
/// f(x) = x ^ ((x & ((2^B - 1) << S)) >> S), S >= B.
struct Swizzle {
  /// The S of the swizzles TMA and wgmma apply in hardware: the source bits
  /// are the 16-byte chunk's row of 128 bytes.
  static constexpr unsigned kHardwareShift = 3;

  unsigned perElement = 0;         ///< M
  unsigned bits = 0;               ///< B: 1, 2, 3 for 32B, 64B, 128B
  unsigned shift = kHardwareShift; ///< S
  bool inner = true;               ///< false mirrors the XOR direction

  /// The swizzle for `mode` bytes (32, 64 or 128) and an element type of
  /// `elementBits` bits.
  static llvm::Expected<Swizzle> forMode(unsigned modeBytes,
                                         unsigned elementBits);
  int64_t apply(int64_t m) const;
};

} // namespace tileir::layout

#endif // TILEIR_LAYOUT_TILELAYOUT_H
