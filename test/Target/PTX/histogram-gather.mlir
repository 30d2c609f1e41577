// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %examples/histogram.mlir -o %t.hist.ptx
// RUN: FileCheck %s --check-prefix=HIST < %t.hist.ptx
// RUN: %ptxas -arch=sm_90 %t.hist.ptx -o /dev/null
// RUN: tile-translate --cuda-tile-to-ptx %examples/gather.mlir -o %t.gather.ptx
// RUN: FileCheck %s --check-prefix=GATHER < %t.gather.ptx
// RUN: %ptxas -arch=sm_90 %t.gather.ptx -o /dev/null

// examples/histogram.mlir: vectorized view loads; the values are assumed
// in [0, 256), so the atomic add is privatized: the CTA's 256 shared bins
// are zeroed, barrier, one shared atomic per element, barrier, then one
// global atomic per changed bin.
// HIST-LABEL: // tileir.kernel histogram params=(ptr,ptr,i32)
// HIST: ld.global
// HIST: st.shared.b32 [{{%rd[0-9]+}}], 0;
// HIST: bar.sync 0;
// HIST-COUNT-32: atom.shared.add.u32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], 1;
// HIST-NOT: atom.shared
// HIST: bar.sync 0;
// HIST: ld.shared.b32 [[COUNT:%r[0-9]+]], [{{%rd[0-9]+}}];
// HIST: setp.eq.b32 {{%p[0-9]+}}, [[COUNT]], 0;
// HIST: atom.global.add.u32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], [[COUNT]];
// HIST-NOT: atom.

// examples/gather.mlir: the index tile staged through shared memory between
// barriers, a masked element-wise gather, a vectorized partition store.
// GATHER-LABEL: // tileir.kernel gather_rows params=(ptr,ptr,ptr,i32,i32,i32)
// GATHER: st.shared
// GATHER: bar.sync 0;
// GATHER: ld.shared
// GATHER: ld.global.b32
// GATHER: st.global.v4.b32
