// RUN: tile-translate --cuda-tile-to-ptx %s | FileCheck %s --check-prefix=NONE '--implicit-check-not=.loc{{[[:space:]]}}' --implicit-check-not=.file --implicit-check-not=.section
// RUN: tile-translate --cuda-tile-to-ptx --debug-info=none %s | FileCheck %s --check-prefix=NONE '--implicit-check-not=.loc{{[[:space:]]}}' --implicit-check-not=.file --implicit-check-not=.section
// RUN: tile-translate --cuda-tile-to-ptx --debug-info=lineinfo %s | FileCheck %s --check-prefix=LINE
// RUN: tile-translate --cuda-tile-to-ptx --lineinfo %s | FileCheck %s --check-prefix=LINE
// RUN: tile-translate --cuda-tile-to-ptx --debug-info=full %s | FileCheck %s --check-prefix=FULL
// RUN: tile-translate --cuda-tile-to-ptx -g %s | FileCheck %s --check-prefix=FULL
// RUN: tile-translate --cuda-tile-to-ptx --debug-info=full --chip=sm_80 %s | FileCheck %s --check-prefix=FULL80
// RUN: not tile-translate --cuda-tile-to-ptx --debug-info=full --chip=sm_80 --ptx-version=70 %s 2>&1 | FileCheck %s --check-prefix=PTX70
// RUN: tile-translate --cuda-tile-to-llvmir --debug-info=full %s | FileCheck %s --check-prefix=IR
// RUN: tile-opt %s --cuda-tile-to-nvvm="debug-info=lineinfo" --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=NVVM
// RUN: tile-translate --cuda-tile-to-llvmir %s | FileCheck %s --check-prefix=IRNONE --implicit-check-not=dbg --implicit-check-not=!DI

// A kernel as cuTile Python writes it: every op has a di_loc in the
// kernel's subprogram or in a lexical block of it; the multiply comes from
// another file (helpers.py) than its scope. --debug-info=lineinfo (also
// --lineinfo) gives `.loc FILE LINE COLUMN` lines for the user's source and
// the `.file` table, without DWARF sections and without `debug` on the
// target (as nvcc/tileiras -lineinfo); full (also -g) adds the DWARF
// sections and `.target ..., debug`; none (the default) gives no debug info
// at all. ptxas accepts each (debug-info-ptxas.mlir).

// NONE: .target sm_90{{$}}
// NONE: .entry vadd(

// LINE: .target sm_90{{$}}
// LINE-LABEL: .entry vadd(
// LINE: .loc [[VADD:[0-9]+]] 11 0
// LINE: .loc [[VADD]] 12 11
// LINE: ld.param
// LINE: .loc [[VADD]] 15 13
// LINE: ld.global.v4
// LINE: .loc [[HELPERS:[0-9]+]] 42 12
// LINE-NEXT: mul.rn.f32
// LINE: .loc [[VADD]] 17 9
// LINE: st.global.v4
// LINE: .loc [[VADD]] 18 5
// LINE-NEXT: ret;
// LINE-DAG: .file [[VADD]] "/home/user/kernels/vadd.py"
// LINE-DAG: .file [[HELPERS]] "/home/user/kernels/helpers.py"
// LINE-NOT: .debug_info

// FULL: .target sm_90, debug
// FULL-LABEL: .entry vadd(
// FULL: .loc [[VADD:[0-9]+]] 15 13
// FULL: .loc [[HELPERS:[0-9]+]] 42 12
// FULL: .file [[VADD]] "/home/user/kernels/vadd.py"
// FULL: .file [[HELPERS]] "/home/user/kernels/helpers.py"
// FULL: .section .debug_abbrev
// FULL: .section .debug_info

// DWARF sections need PTX ISA 7.5, which is newer than sm_80's default.
// FULL80: .version 7.5
// FULL80: .target sm_80, debug
// FULL80: .section .debug_info
// PTX70: error: expects PTX ISA 7.5 or newer with full debug info (its DWARF sections need it), got PTX version 7.0

// IR: define ptx_kernel void @vadd({{.*}}) {{.*}}!dbg ![[SP:[0-9]+]] {
// IR: call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg ![[BID:[0-9]+]]
// IR: !llvm.dbg.cu = !{![[CU:[0-9]+]]}
// IR: ![[CU]] = distinct !DICompileUnit(language: DW_LANG_C, file: ![[FILE:[0-9]+]], producer: "tileir", isOptimized: true, {{.*}}emissionKind: FullDebug)
// IR: ![[FILE]] = !DIFile(filename: "vadd.py", directory: "/home/user/kernels")
// IR: ![[SP]] = distinct !DISubprogram(name: "vadd", linkageName: "vadd", scope: ![[FILE]], file: ![[FILE]], line: 10, {{.*}}scopeLine: 11, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: ![[CU]])
// IR-DAG: = distinct !DILexicalBlockFile(scope: ![[BLOCK:[0-9]+]], file: ![[HELPERS:[0-9]+]], discriminator: 0)
// IR-DAG: ![[HELPERS]] = !DIFile(filename: "helpers.py", directory: "/home/user/kernels")
// IR-DAG: ![[BLOCK]] = distinct !DILexicalBlock(scope: ![[SP]], file: ![[FILE]], line: 14, column: 5)
// IR-DAG: ![[BID]] = !DILocation(line: 12, column: 11, scope: ![[SP]])
// IRNONE: define ptx_kernel void @vadd(

// The locations through tile-opt's pipeline: the llvm.func keeps the
// subprogram, the multiply of helpers.py is in a lexical block file of the
// block of line 14 (which ensure-debug-info-scope-on-llvm-func wraps once
// more in one of the subprogram, as every location in another file than
// its function's; the inner scope is the one LLVM gets).
// NVVM-LABEL: llvm.func @vadd(
// NVVM: llvm.fmul {{.*}}fused<#llvm.di_lexical_block_file<scope = #llvm.di_lexical_block<scope = #llvm.di_subprogram<{{.*}}>, file = <"vadd.py" in "/home/user/kernels">, line = 14, column = 5>, file = <"helpers.py" in "/home/user/kernels">, discriminator = 0>>["/home/user/kernels/helpers.py":42:12]
// NVVM: } loc(fused<#llvm.di_subprogram<id = distinct[{{[0-9]+}}]<>, compileUnit = <{{.*}}emissionKind = DebugDirectivesOnly>, {{.*}}name = "vadd", linkageName = "vadd", {{.*}}line = 10, scopeLine = 11, {{.*}}>>["/home/user/kernels/vadd.py":10:1])

#file = #cuda_tile.di_file<"vadd.py" in "/home/user/kernels">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 10, name = "vadd", linkageName = "vadd", compileUnit = #cu, scopeLine = 11>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 14, column = 5>
#l_func = #cuda_tile.di_loc<loc("/home/user/kernels/vadd.py":10:1) in #sp>
#l_bid = #cuda_tile.di_loc<loc("/home/user/kernels/vadd.py":12:11) in #sp>
#l_view = #cuda_tile.di_loc<loc("/home/user/kernels/vadd.py":13:10) in #sp>
#l_load = #cuda_tile.di_loc<loc("/home/user/kernels/vadd.py":15:13) in #block>
#l_mul = #cuda_tile.di_loc<loc("/home/user/kernels/helpers.py":42:12) in #block>
#l_store = #cuda_tile.di_loc<loc("/home/user/kernels/vadd.py":17:9) in #block>
#l_ret = #cuda_tile.di_loc<loc("/home/user/kernels/vadd.py":18:5) in #sp>
cuda_tile.module @kernels {
  entry @vadd(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32> loc(#l_bid)
    %ta = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]> loc(#l_view)
    %tc = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]> loc(#l_view)
    %pa = make_partition_view %ta : partition_view<tile=(256), padding_value = zero, tensor_view<?xf32, strides=[1]>> loc(#l_view)
    %pc = make_partition_view %tc : partition_view<tile=(256), padding_value = zero, tensor_view<?xf32, strides=[1]>> loc(#l_view)
    %va, %t0 = load_view_tko weak %pa[%bx] : partition_view<tile=(256), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token loc(#l_load)
    %s = mulf %va, %va rounding<nearest_even> : tile<256xf32> loc(#l_mul)
    %t1 = store_view_tko weak %s, %pc[%bx] : tile<256xf32>, partition_view<tile=(256), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> token loc(#l_store)
    return loc(#l_ret)
  } loc(#l_func)
}
