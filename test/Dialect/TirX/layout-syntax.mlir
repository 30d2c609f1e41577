// RUN: tile-opt %s | tile-opt | FileCheck %s

// Regression test (fixed): docs/Layouts.md gives `S[]` (no iters) as the spelling of an empty
// shard and TileLayout::print emits it, but the #tirx.layout parser
// (LayoutTokenParser in lib/Dialect/TirX/IR/TirXDialect.cpp) requires at least
// one extent: "expected integer value". An attribute holding an empty shard
// prints text that does not parse back.

// CHECK-LABEL: func.func private @empty_shard
// CHECK-SAME: !tirx.buffer<f32, local, <S[]>>
func.func private @empty_shard(!tirx.buffer<f32, local, #tirx.layout<S[]>>)
