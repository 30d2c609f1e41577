// RUN: not tile-opt %s -split-input-file 2>&1 | FileCheck %s

// Debug-info rules (spec section 3.5). The errors point at the di_loc's
// file location, not at this file, so they are checked with FileCheck
// rather than -verify-diagnostics.

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "f", linkageName = "f", compileUnit = #cu>
#loc = #cuda_tile.di_loc<loc("/src/k.py":1:1) in #sp>
cuda_tile.module @kernels {
  // CHECK: 'cuda_tile.entry' op expects the di_subprogram linkageName "g" (the function name), got "f"
  entry @g() {
    return
  } loc(#loc)
}

// -----

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "f", linkageName = "f", compileUnit = #cu>
#loc = #cuda_tile.di_loc<loc("/src/k.py":1:1) in #sp>
cuda_tile.module @kernels {
  entry @g() {
    // CHECK: 'cuda_tile.return' op expects no debug-info scope in a function without one
    return loc(#loc)
  }
}

// -----

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "f", linkageName = "f", compileUnit = #cu>
#sp2 = #cuda_tile.di_subprogram<file = #file, line = 2, name = "h", linkageName = "h", compileUnit = #cu>
#block = #cuda_tile.di_lexical_block<scope = #sp2, file = #file, line = 3, column = 2>
#loc = #cuda_tile.di_loc<loc("/src/k.py":1:1) in #sp>
#loc2 = #cuda_tile.di_loc<loc("/src/k.py":3:1) in #block>
cuda_tile.module @kernels {
  entry @f() {
    // CHECK: 'cuda_tile.return' op expects the debug-info scope of its function
    return loc(#loc2)
  } loc(#loc)
}

// -----

cuda_tile.module @kernels {
  // CHECK: 'cuda_tile.entry' op expects a location that is not a call site location
  entry @f() {
    return
  } loc(callsite("a.py":1:1 at "b.py":2:2))
}

// -----

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "f", linkageName = "f", compileUnit = #cu>
#loc = #cuda_tile.di_loc<loc("/src/k.py":1:1) in #sp>
cuda_tile.module @kernels {
  // CHECK: 'cuda_tile.global' op expects no debug-info scope on a global
  global @g <f32: [1.0]> : tile<1xf32> loc(#loc)
}

// -----

#file = #cuda_tile.di_file<"k.py" in "/src">
// CHECK: expects a di_subprogram or di_lexical_block scope, got #cuda_tile.di_file<"k.py" in "/src">
#loc = #cuda_tile.di_loc<loc("/src/k.py":1:1) in #file>

// -----

#file = #cuda_tile.di_file<"k.py" in "/src">
// CHECK: expects a di_subprogram or di_lexical_block scope, got #cuda_tile.di_file<"k.py" in "/src">
#block = #cuda_tile.di_lexical_block<scope = #file, file = #file, line = 3>
