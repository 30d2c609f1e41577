// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tirx-declaration-debug-scopes))' --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s

// tirx-declaration-debug-scopes: a declaration (external llvm.func) whose
// location is fused with a subprogram loses the subprogram and keeps the
// location; definitions and declarations without one are left alone.

// CHECK-LABEL: llvm.func @vprintf(!llvm.ptr, ...) -> i32 loc("/src/k.py":3:5)
// CHECK-LABEL: llvm.func @plain(i32) loc("/src/k.py":4:5)
// CHECK-LABEL: llvm.func @kernel()
// CHECK: llvm.return loc(fused<#llvm.di_subprogram<{{.*}}name = "kernel"{{.*}}>>["/src/k.py":6:5])
// CHECK: } loc(fused<#llvm.di_subprogram<{{.*}}name = "kernel"{{.*}}>>["/src/k.py":5:1])

#file = #llvm.di_file<"k.py" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, producer = "tileir", isOptimized = true, emissionKind = DebugDirectivesOnly>
#type = #llvm.di_subroutine_type<callingConvention = DW_CC_normal>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "kernel", linkageName = "kernel", file = #file, line = 5, scopeLine = 5, subprogramFlags = "Definition|Optimized", type = #type>
module attributes {gpu.container_module} {
  gpu.module @m {
    llvm.func @vprintf(!llvm.ptr, ...) -> i32 loc(fused<#sp>["/src/k.py":3:5])
    llvm.func @plain(i32) loc("/src/k.py":4:5)
    llvm.func @kernel() {
      llvm.return loc(fused<#sp>["/src/k.py":6:5])
    } loc(fused<#sp>["/src/k.py":5:1])
  }
}
