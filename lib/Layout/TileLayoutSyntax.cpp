//===- TileLayoutSyntax.cpp - Parser and printer of TileLayout ------------===//
//
// Part of TileIR. The readable TileLayout syntax of TIRx:
//
//   S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid
//
// See docs/Layouts.md for the grammar. Every parse error names what was
// expected and the byte offset where it was expected.
//
//===----------------------------------------------------------------------===//

#include "tileir/Layout/TileLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace tileir::layout {

namespace {

/// A stride with its axis, as written after ':' (`4@laneid`, or `1` for m).
struct Stride {
  int64_t value = 1;
  std::string axis = "m";
};

/// Recursive-descent parser over the layout text. Positions in messages are
/// 0-based byte offsets into the text.
class Parser {
public:
  explicit Parser(StringRef text) : text(text) {}

  Expected<TileLayout> parseLayout();

private:
  /// Skips blanks and returns the next character, or 0 at the end.
  char peek() {
    while (pos < text.size() && isSpace(text[pos]))
      ++pos;
    return pos < text.size() ? text[pos] : '\0';
  }

  bool consumeIf(char c) {
    if (peek() != c)
      return false;
    ++pos;
    return true;
  }

  /// "<message> at offset N" (or "at end of input").
  Error errorAt(size_t offset, const Twine &message) {
    if (offset >= text.size())
      return createStringError(message + " at end of input (offset " +
                               Twine(offset) + ")");
    return createStringError(message + " at offset " + Twine(offset));
  }

  Error expect(char c, const Twine &context) {
    if (consumeIf(c))
      return Error::success();
    return errorAt(pos, "expected '" + Twine(c) + "' " + context);
  }

  Expected<int64_t> parseInteger(const Twine &what, bool allowNegative);
  Expected<int64_t> parseExtent(const Twine &context);
  Expected<Stride> parseStride(const Twine &context);
  Expected<std::string> parseAxisName();
  Error parseIterList(char kind, SmallVector<Iter> &iters);

  StringRef text;
  size_t pos = 0;
};

Expected<int64_t> Parser::parseInteger(const Twine &what, bool allowNegative) {
  peek();
  size_t start = pos;
  size_t end = pos;
  if (allowNegative && end < text.size() && text[end] == '-')
    ++end;
  size_t digits = end;
  while (end < text.size() && isDigit(text[end]))
    ++end;
  if (end == digits)
    return errorAt(start, "expected " + what);
  int64_t value = 0;
  if (text.slice(start, end).getAsInteger(10, value))
    return errorAt(start, what + " does not fit in 64 bits");
  pos = end;
  return value;
}

Expected<int64_t> Parser::parseExtent(const Twine &context) {
  size_t start = (peek(), pos);
  auto extent = parseInteger("an extent " + context, /*allowNegative=*/true);
  if (!extent)
    return extent.takeError();
  if (*extent < 1)
    return errorAt(start, "expected a positive extent, got " + Twine(*extent));
  return *extent;
}

Expected<std::string> Parser::parseAxisName() {
  peek();
  size_t start = pos;
  size_t end = pos;
  if (end < text.size() && (isAlpha(text[end]) || text[end] == '_')) {
    ++end;
    while (end < text.size() && (isAlnum(text[end]) || text[end] == '_'))
      ++end;
  }
  if (end == start)
    return errorAt(start, "expected an axis name after '@'");
  pos = end;
  return text.slice(start, end).str();
}

Expected<Stride> Parser::parseStride(const Twine &context) {
  Stride stride;
  auto value = parseInteger("a stride " + context, /*allowNegative=*/true);
  if (!value)
    return value.takeError();
  stride.value = *value;
  if (consumeIf('@')) {
    auto axis = parseAxisName();
    if (!axis)
      return axis.takeError();
    stride.axis = std::move(*axis);
  }
  return stride;
}

/// Parses the body of `S[...]` or `R[...]` after the '[' up to and including
/// the ']':
///   ''                        (empty)
///   (e0,e1,...):(s0,s1,...)   e:s   (e0,...):s   e:(s)
///   (e0,e1,...)   e0,e1,...   e     (extents only: row-major strides on m)
Error Parser::parseIterList(char kind, SmallVector<Iter> &iters) {
  StringRef name = kind == 'S' ? "shard" : "replica";
  if (consumeIf(']'))
    return Error::success();

  SmallVector<int64_t> extents;
  bool parenthesized = consumeIf('(');
  if (parenthesized) {
    do {
      auto extent = parseExtent("in the " + name + " extents");
      if (!extent)
        return extent.takeError();
      extents.push_back(*extent);
    } while (consumeIf(','));
    if (Error err = expect(')', "after " + name + " extents"))
      return err;
  } else {
    auto extent = parseExtent("in the " + name);
    if (!extent)
      return extent.takeError();
    extents.push_back(*extent);
  }

  size_t stridesPos = (peek(), pos);
  if (consumeIf(':')) {
    SmallVector<Stride> strides;
    if (consumeIf('(')) {
      do {
        auto stride = parseStride("in the " + name + " strides");
        if (!stride)
          return stride.takeError();
        strides.push_back(std::move(*stride));
      } while (consumeIf(','));
      if (Error err = expect(')', "after " + name + " strides"))
        return err;
    } else {
      auto stride = parseStride("after ':'");
      if (!stride)
        return stride.takeError();
      strides.push_back(std::move(*stride));
    }
    if (strides.size() != extents.size())
      return errorAt(stridesPos, Twine(name) + " has " + Twine(extents.size()) +
                                     " extents but " + Twine(strides.size()) +
                                     " strides");
    for (auto [extent, stride] : llvm::zip_equal(extents, strides))
      iters.push_back(Iter{extent, stride.value, std::move(stride.axis)});
  } else {
    // Extents only, possibly as a bare comma list: `S[64, 8]`.
    if (!parenthesized) {
      while (consumeIf(',')) {
        auto extent = parseExtent("in the " + name + " extents");
        if (!extent)
          return extent.takeError();
        extents.push_back(*extent);
      }
    }
    SmallVector<Iter> rowMajor(extents.size());
    int64_t stride = 1;
    for (size_t k = extents.size(); k-- > 0;) {
      rowMajor[k] = Iter{extents[k], stride, "m"};
      if (MulOverflow(stride, extents[k], stride))
        return errorAt(stridesPos, "row-major strides of the " + name +
                                       " overflow 64 bits");
    }
    iters.append(rowMajor.begin(), rowMajor.end());
  }
  return expect(']', "to close the " + name);
}

Expected<TileLayout> Parser::parseLayout() {
  SmallVector<Iter> shard, replica;
  AxisCoord offset;
  bool sawShard = false;
  if (peek() == '\0')
    return errorAt(pos, "expected a layout such as 'S[(32,8):(1@laneid,1)]'");
  do {
    size_t termPos = (peek(), pos);
    char c = peek();
    if ((c == 'S' || c == 'R') && termPos + 1 < text.size() &&
        text.substr(termPos + 1).ltrim().starts_with("[")) {
      ++pos;
      consumeIf('[');
      if (c == 'S') {
        if (sawShard)
          return errorAt(termPos, "unexpected second shard term 'S[...]'");
        sawShard = true;
        if (Error err = parseIterList('S', shard))
          return std::move(err);
      } else if (Error err = parseIterList('R', replica)) {
        return std::move(err);
      }
      continue;
    }
    if (c == '-' || isDigit(c)) {
      auto value = parseInteger("an offset", /*allowNegative=*/true);
      if (!value)
        return value.takeError();
      std::string axis = "m";
      if (consumeIf('@')) {
        auto name = parseAxisName();
        if (!name)
          return name.takeError();
        axis = std::move(*name);
      }
      offset.push_back({std::move(axis), *value});
      continue;
    }
    return errorAt(termPos, "expected 'S[', 'R[' or an offset");
  } while (consumeIf('+'));
  if (peek() != '\0')
    return errorAt(pos, "expected '+' or end of input");

  int64_t count = 1;
  for (const Iter &iter : shard)
    if (MulOverflow(count, iter.extent, count))
      return createStringError("layout '" + text +
                               "' has more than 2^63 elements");
  return TileLayout(std::move(shard), std::move(replica), std::move(offset));
}

/// Prints `value` with its axis, leaving axis m implicit.
void printOnAxis(raw_ostream &os, int64_t value, StringRef axis) {
  os << value;
  if (axis != "m")
    os << '@' << axis;
}

/// `S[e:s]` for one iter, `S[(e0,e1):(s0,s1)]` for several, `S[]` for none.
void printIters(raw_ostream &os, char kind, ArrayRef<Iter> iters) {
  os << kind << '[';
  if (iters.size() == 1) {
    os << iters.front().extent << ':';
    printOnAxis(os, iters.front().stride, iters.front().axis);
  } else if (!iters.empty()) {
    os << '(';
    llvm::interleave(
        iters, os, [&](const Iter &iter) { os << iter.extent; }, ",");
    os << "):(";
    llvm::interleave(
        iters, os,
        [&](const Iter &iter) { printOnAxis(os, iter.stride, iter.axis); },
        ",");
    os << ')';
  }
  os << ']';
}

} // namespace

Expected<TileLayout> TileLayout::parse(StringRef text) {
  return Parser(text).parseLayout();
}

void TileLayout::print(raw_ostream &os) const {
  printIters(os, 'S', shard);
  if (!replica.empty()) {
    os << " + ";
    printIters(os, 'R', replica);
  }
  for (const auto &[axis, value] : offset) {
    os << " + ";
    printOnAxis(os, value, axis);
  }
}

} // namespace tileir::layout
