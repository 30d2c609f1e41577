// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx --debug-info=lineinfo %S/debug-info.mlir -o %t.line.ptx
// RUN: %ptxas -arch=sm_90 -lineinfo %t.line.ptx -o %t.line.cubin
// RUN: tile-translate --cuda-tile-to-ptx --debug-info=full %S/debug-info.mlir -o %t.full.ptx
// RUN: %ptxas -arch=sm_90 -g %t.full.ptx -o %t.full.cubin
// RUN: tile-translate --cuda-tile-to-ptx --debug-info=full --chip=sm_80 %S/debug-info.mlir -o %t.full80.ptx
// RUN: %ptxas -arch=sm_80 -g %t.full80.ptx -o %t.full80.cubin
// RUN: tile-translate --cuda-tile-to-ptx --debug-info=lineinfo %S/debug-info-file-locations.mlir -o %t.plain.ptx
// RUN: %ptxas -arch=sm_90 -lineinfo %t.plain.ptx -o %t.plain.cubin
// RUN: tile-translate --cuda-tile-to-ptx --debug-info=full %S/debug-info-file-locations.mlir -o %t.plainfull.ptx
// RUN: %ptxas -arch=sm_90 -g %t.plainfull.ptx -o %t.plainfull.cubin
//
// --cuda-tile-to-cubin passes -lineinfo / -g to ptxas: the cubin keeps the
// line tables (.nv_debug_line_sass maps SASS to source lines, what Nsight
// Compute's source view reads) or the DWARF.
// RUN: tile-translate --cuda-tile-to-cubin %S/debug-info.mlir -o %t.none.cubin
// RUN: llvm-readelf -S %t.none.cubin | FileCheck %s --check-prefix=NONE \
// RUN:   --implicit-check-not=.nv_debug_line_sass --implicit-check-not=.debug_info
// RUN: tile-translate --cuda-tile-to-cubin --debug-info=lineinfo %S/debug-info.mlir -o %t.cubin
// RUN: llvm-readelf -S %t.cubin | FileCheck %s --check-prefix=LINE \
// RUN:   --implicit-check-not=.debug_info
// RUN: tile-translate --cuda-tile-to-cubin -g %S/debug-info.mlir -o %t.g.cubin
// RUN: llvm-readelf -S %t.g.cubin | FileCheck %s --check-prefix=FULL

// The PTX of every debug-info level assembles (the PTX is checked in
// debug-info.mlir and debug-info-file-locations.mlir).

// NONE: .text.vadd
// LINE-DAG: .nv_debug_line_sass
// LINE-DAG: .text.vadd
// FULL-DAG: .debug_info
// FULL-DAG: .nv_debug_line_sass
