// RUN: tile-opt %s --convert-cuda-tile-to-tirx --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s
// RUN: tile-opt %s --convert-cuda-tile-to-tirx="debug-emission-kind=DebugDirectivesOnly" --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LINE
// RUN: tile-opt %s --convert-cuda-tile-to-tirx="debug-emission-kind=None" --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=NONE --implicit-check-not=di_

// Debug scopes: `#cuda_tile.di_loc<L in S>` becomes `fused<S'>[L]` with the
// LLVM dialect's subprogram (or lexical block) S' of S, on the kernel and on
// every op lowered from an op with that location; the top module's location
// carries the one compile unit (ensure-debug-info-scope-on-llvm-func puts
// functions without a scope into it). With emission kind None the scopes are
// dropped and the file locations stay.

// CHECK-LABEL: gpu.func @scale(
// CHECK: gpu.block_id  x loc(fused<#llvm.di_subprogram<id = distinct[{{[0-9]+}}]<>, compileUnit = <id = distinct[{{[0-9]+}}]<>, sourceLanguage = DW_LANG_C, file = <"k.py" in "/src">, producer = "tileir", isOptimized = true, emissionKind = Full>, scope = #llvm.di_file<"k.py" in "/src">, name = "scale", linkageName = "scale", file = <"k.py" in "/src">, line = 3, scopeLine = 3, subprogramFlags = "Definition|Optimized", type = <callingConvention = DW_CC_normal>>>["/src/k.py":4:9])
// CHECK: arith.mulf {{.*}} loc(fused<#llvm.di_lexical_block<scope = #llvm.di_subprogram<{{.*}}name = "scale"{{.*}}>, file = <"k.py" in "/src">, line = 5>>["/src/k.py":6:13])
// CHECK: gpu.return loc(fused<#llvm.di_subprogram<{{.*}}name = "scale"{{.*}}>>["/src/k.py":7:5])
// CHECK: } loc(fused<#llvm.di_subprogram<{{.*}}name = "scale"{{.*}}>>["/src/k.py":3:1])
// CHECK: } loc(fused<#llvm.di_compile_unit<{{.*}}file = <"k.py" in "/src">{{.*}}emissionKind = Full>>[

// LINE-LABEL: gpu.func @scale(
// LINE: gpu.block_id  x loc(fused<#llvm.di_subprogram<{{.*}}emissionKind = DebugDirectivesOnly>{{.*}}>>["/src/k.py":4:9])

// NONE-LABEL: gpu.func @scale(
// NONE: gpu.block_id  x loc("/src/k.py":4:9)
// NONE: arith.mulf {{.*}} loc("/src/k.py":6:13)
// NONE: gpu.return loc("/src/k.py":7:5)
// NONE: } loc("/src/k.py":3:1)

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "scale", linkageName = "scale", compileUnit = #cu>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 5>
#l_func = #cuda_tile.di_loc<loc("/src/k.py":3:1) in #sp>
#l_bid = #cuda_tile.di_loc<loc("/src/k.py":4:9) in #sp>
#l_mul = #cuda_tile.di_loc<loc("/src/k.py":6:13) in #block>
#l_ret = #cuda_tile.di_loc<loc("/src/k.py":7:5) in #sp>
cuda_tile.module @m {
  entry @scale(%x: tile<f32>, %out: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32> loc(#l_bid)
    %y = mulf %x, %x rounding<nearest_even> : tile<f32> loc(#l_mul)
    return loc(#l_ret)
  } loc(#l_func)
}
