//===- LayoutTestUtils.h - Shared fixtures of the layout tests --*- C++ -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_UNITTESTS_LAYOUT_LAYOUTTESTUTILS_H
#define TILEIR_UNITTESTS_LAYOUT_LAYOUTTESTUTILS_H

#include "tileir/Layout/TileLayout.h"

#include "gtest/gtest.h"

#include <map>
#include <string>

namespace tileir::layout::test {

/// The tensor-core tile of the TIRx reference, an (8, 16) tile held by two
/// pairs of warps.
inline constexpr const char *kTensorCoreTile =
    "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid";

/// Parses `text`, recording a test failure (and returning an empty layout)
/// when it does not parse.
inline TileLayout parseOrFail(llvm::StringRef text) {
  auto layout = TileLayout::parse(text);
  if (!layout) {
    ADD_FAILURE() << "failed to parse '" << text.str()
                  << "': " << llvm::toString(layout.takeError());
    return TileLayout();
  }
  return *layout;
}

using CoordMap = std::map<std::string, int64_t>;

/// The non-zero entries of an axis coordinate.
inline CoordMap nonZero(const AxisCoord &coord) {
  CoordMap result;
  for (const auto &[axis, value] : coord)
    if (value != 0)
      result[axis] = value;
  return result;
}

} // namespace tileir::layout::test

#endif // TILEIR_UNITTESTS_LAYOUT_LAYOUTTESTUTILS_H
