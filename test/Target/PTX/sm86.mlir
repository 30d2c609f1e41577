// RUN: tile-translate --cuda-tile-to-ptx --chip=sm_86 %examples/vector_add.mlir | FileCheck %s

// Regression test (fixed): TargetInfo::get (lib/Target/TargetInfo.cpp) gives sm_86 the minimum
// PTX ISA 7.0 (`info.sm >= 89 ? 78 : 70`), but sm_86 needs PTX 7.1; the NVPTX
// backend aborts with "LLVM ERROR: PTX version 7.0 does not support target
// 'sm_86'. Minimum required PTX version is 7.1." (a crash of tile-translate
// for a chip the tool lists as supported). --ptx-version=70 with sm_86 should
// be rejected by TargetInfo like the other too-old versions.

// CHECK: .version 7.1
// CHECK-NEXT: .target sm_86
