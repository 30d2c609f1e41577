// RUN: tile-opt %s --pass-pipeline='builtin.module(cuda_tile.module(cuda-tile-synthesize-debug-info-scopes))' --mlir-print-debuginfo | FileCheck %s
// RUN: tile-opt %s --pass-pipeline='builtin.module(cuda_tile.module(cuda-tile-synthesize-debug-info-scopes))' --mlir-print-debuginfo | tile-opt --mlir-print-debuginfo | FileCheck %s

// Functions without debug info get a subprogram named after them (line
// from their location, file from the module's) and every location is
// wrapped into a di_loc; @kept already has one and is left alone.

// CHECK: entry @k()
// CHECK-NEXT: return loc(#[[RET:loc[0-9]*]])
// CHECK-NEXT: } loc(#[[K:loc[0-9]*]])
// CHECK: entry @u()
// CHECK-NEXT: return loc(#[[URET:loc[0-9]*]])
// CHECK-NEXT: } loc(#[[U:loc[0-9]*]])
// CHECK: entry @kept()
// CHECK-NEXT: return loc(#[[KEPT:loc[0-9]*]])
// CHECK-NEXT: } loc(#[[KEPT]])
// CHECK-DAG: #[[FILE:di_file[0-9]*]] = #cuda_tile.di_file<"kernels.py" in "/src">
// CHECK-DAG: #[[CU:di_compile_unit[0-9]*]] = #cuda_tile.di_compile_unit<file = #[[FILE]]>
// CHECK-DAG: #[[SPK:di_subprogram[0-9]*]] = #cuda_tile.di_subprogram<file = #[[FILE]], line = 2, name = "k", linkageName = "k", compileUnit = #[[CU]]>
// CHECK-DAG: #[[SPU:di_subprogram[0-9]*]] = #cuda_tile.di_subprogram<file = #[[FILE]], line = {{[0-9]+}}, name = "u", linkageName = "u", compileUnit = #[[CU]]>
// CHECK-DAG: #[[SPKEPT:di_subprogram[0-9]*]] = #cuda_tile.di_subprogram<file = #{{.*}}, line = 7, name = "kept", linkageName = "kept", compileUnit = #{{.*}}, scopeLine = 8>
// CHECK-DAG: #[[K]] = #cuda_tile.di_loc<#{{.*}} in #[[SPK]]>
// CHECK-DAG: #[[RET]] = #cuda_tile.di_loc<#{{.*}} in #[[SPK]]>
// CHECK-DAG: #[[U]] = #cuda_tile.di_loc<#{{.*}} in #[[SPU]]>
// CHECK-DAG: #[[URET]] = #cuda_tile.di_loc<#{{.*}} in #[[SPU]]>
// CHECK-DAG: #[[KEPT]] = #cuda_tile.di_loc<#{{.*}} in #[[SPKEPT]]>

cuda_tile.module @kernels {
  entry @k() {
    return loc("/src/kernels.py":3:5)
  } loc("/src/kernels.py":2:1)
  entry @u() {
    return
  }
  entry @kept() {
    return loc(#kept_loc)
  } loc(#kept_loc)
} loc("/src/kernels.py":1:1)

#kept_file = #cuda_tile.di_file<"other.py" in "/x">
#kept_cu = #cuda_tile.di_compile_unit<file = #kept_file>
#kept_sp = #cuda_tile.di_subprogram<file = #kept_file, line = 7, name = "kept", linkageName = "kept", compileUnit = #kept_cu, scopeLine = 8>
#kept_loc = #cuda_tile.di_loc<loc("/x/other.py":7:1) in #kept_sp>
