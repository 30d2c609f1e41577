// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %examples/histogram.mlir -o %t.hist.ptx
// RUN: FileCheck %s --check-prefix=HIST < %t.hist.ptx
// RUN: %ptxas -arch=sm_90 %t.hist.ptx -o /dev/null
// RUN: tile-translate --cuda-tile-to-ptx %examples/gather.mlir -o %t.gather.ptx
// RUN: FileCheck %s --check-prefix=GATHER < %t.gather.ptx
// RUN: %ptxas -arch=sm_90 %t.gather.ptx -o /dev/null

// examples/histogram.mlir: a vectorized view load, then one masked relaxed
// device-scope atomic add per element whose result is unused (atom with
// an ignored result).
// HIST-LABEL: // tileir.kernel histogram params=(ptr,ptr,i32)
// HIST: ld.global.v4.b32
// HIST: atom.global.add.u32 {{.*}}, 1;

// examples/gather.mlir: the index tile staged through shared memory between
// barriers, a masked element-wise gather, a vectorized partition store.
// GATHER-LABEL: // tileir.kernel gather_rows params=(ptr,ptr,ptr,i32,i32,i32)
// GATHER: st.shared
// GATHER: bar.sync 0;
// GATHER: ld.shared
// GATHER: ld.global.b32
// GATHER: st.global.v4.b32
