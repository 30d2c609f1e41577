// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Debug-info rules (spec section 3.5). An op's error is reported at the file
// location inside its di_loc; these di_locs hold loc(unknown), so the errors
// are expected @unknown.

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "f", linkageName = "f", compileUnit = #cu>
#loc = #cuda_tile.di_loc<loc(unknown) in #sp>
cuda_tile.module @kernels {
  // expected-error @unknown {{'cuda_tile.entry' op expects the di_subprogram linkageName "g" (the function name), got "f"}}
  entry @g() {
    return
  } loc(#loc)
}

// -----

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "f", linkageName = "f", compileUnit = #cu>
#loc = #cuda_tile.di_loc<loc(unknown) in #sp>
cuda_tile.module @kernels {
  entry @g() {
    // expected-error @unknown {{'cuda_tile.return' op expects no debug-info scope in a function without one, got #cuda_tile.di_subprogram<file = <"k.py" in "/src">, line = 1, name = "f"}}
    return loc(#loc)
  }
}

// -----

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "f", linkageName = "f", compileUnit = #cu>
#sp2 = #cuda_tile.di_subprogram<file = #file, line = 2, name = "h", linkageName = "h", compileUnit = #cu>
#block = #cuda_tile.di_lexical_block<scope = #sp2, file = #file, line = 3, column = 2>
#loc = #cuda_tile.di_loc<loc(unknown) in #sp>
#loc2 = #cuda_tile.di_loc<loc(unknown) in #block>
cuda_tile.module @kernels {
  entry @f() {
    // expected-error @unknown {{'cuda_tile.return' op expects the debug-info scope of its function #cuda_tile.di_subprogram<file = <"k.py" in "/src">, line = 1, name = "f", linkageName = "f", compileUnit = <file = <"k.py" in "/src">>>, got #cuda_tile.di_subprogram<file = <"k.py" in "/src">, line = 2, name = "h"}}
    return loc(#loc2)
  } loc(#loc)
}

// -----

cuda_tile.module @kernels {
  // expected-error @unknown {{'cuda_tile.entry' op expects a location that is not a call site location}}
  entry @f() {
    return
  } loc(callsite("a" at "b"))
}

// -----

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "f", linkageName = "f", compileUnit = #cu>
#loc = #cuda_tile.di_loc<loc(unknown) in #sp>
cuda_tile.module @kernels {
  // expected-error @unknown {{'cuda_tile.global' op expects no debug-info scope on a global}}
  global @g <f32: [1.0]> : tile<1xf32> loc(#loc)
}

// -----

#file = #cuda_tile.di_file<"k.py" in "/src">
// expected-error @+1 {{expects a di_subprogram or di_lexical_block scope, got #cuda_tile.di_file<"k.py" in "/src">}}
#loc = #cuda_tile.di_loc<loc(unknown) in #file>

// -----

#file = #cuda_tile.di_file<"k.py" in "/src">
// expected-error @+1 {{expects a di_subprogram or di_lexical_block scope, got #cuda_tile.di_file<"k.py" in "/src">}}
#block = #cuda_tile.di_lexical_block<scope = #file, file = #file, line = 3>

// -----

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "f", linkageName = "f", compileUnit = #cu>
// expected-error @+1 {{expects a location that is not a di_loc, got #cuda_tile.di_loc<loc(unknown) in #cuda_tile.di_subprogram<file = <"k.py" in "/src">, line = 1, name = "f"}}
#loc = #cuda_tile.di_loc<#cuda_tile.di_loc<loc(unknown) in #sp> in #sp>
