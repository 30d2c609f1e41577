// REQUIRES: ptxas
// RUN: tile-translate --cuda-tile-to-ptx %examples/histogram.mlir -o %t.hist.ptx
// RUN: FileCheck %s --check-prefix=HIST < %t.hist.ptx
// RUN: %ptxas -arch=sm_90 %t.hist.ptx -o /dev/null
// RUN: tile-translate --cuda-tile-to-ptx %examples/gather.mlir -o %t.gather.ptx
// RUN: FileCheck %s --check-prefix=GATHER < %t.gather.ptx
// RUN: %ptxas -arch=sm_90 %t.gather.ptx -o /dev/null

// examples/histogram.mlir: a vectorized view load, then per element a
// warp-aggregated relaxed device-scope atomic add whose result is unused:
// the lanes of one bin (match.any) add their masked ones (redux.sync) and
// the group's lowest active lane updates the bin once.
// HIST-LABEL: // tileir.kernel histogram params=(ptr,ptr,i32)
// HIST: ld.global.v4.b32
// HIST: mov.u32 [[BELOW:%r[0-9]+]], %lanemask_lt;
// HIST: vote.sync.ballot.b32 [[ACTIVE:%r[0-9]+]], {{%p[0-9]+}}, -1;
// HIST: match.any.sync.b64 [[PEERS:%r[0-9]+]], [[ADDR:%rd[0-9]+]], -1;
// HIST: redux.sync.add.s32 [[SUM:%r[0-9]+]], {{%r[0-9]+}}, [[PEERS]];
// HIST: and.b32 {{%r[0-9]+}}, [[PEERS]], [[BELOW]];
// HIST: atom.global.add.u32 {{%r[0-9]+}}, [[[ADDR]]], [[SUM]];

// examples/gather.mlir: the index tile staged through shared memory between
// barriers, a masked element-wise gather, a vectorized partition store.
// GATHER-LABEL: // tileir.kernel gather_rows params=(ptr,ptr,ptr,i32,i32,i32)
// GATHER: st.shared
// GATHER: bar.sync 0;
// GATHER: ld.shared
// GATHER: ld.global.b32
// GATHER: st.global.v4.b32
