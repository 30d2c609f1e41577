// RUN: tile-opt %s --convert-cuda-tile-to-tirx | FileCheck %s

// Control flow: if / for / loop to scf.if / scf.for / scf.while; rank-0 values
// are SSA values, register tiles have carrier buffers; early exits yield a
// "fell through" flag and the rest of the block runs under it.

cuda_tile.module @cf {
  // An `if` with a rank-0 result: scf.if yielding the scalar.
  // CHECK-LABEL: gpu.func @if_scalar
  // CHECK: %[[POS:.*]] = arith.cmpi sgt, %arg1, %{{.*}} : i32
  // CHECK: %[[R:.*]] = scf.if %[[POS]] -> (i32) {
  // CHECK:   %[[M:.*]] = arith.muli %arg1, %arg1 : i32
  // CHECK:   scf.yield %[[M]] : i32
  // CHECK: } else {
  // CHECK:   scf.yield %{{.*}} : i32
  // CHECK: llvm.store %[[R]], %arg0
  entry @if_scalar(%p: tile<ptr<i32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %pos = cmpi greater_than %n, %c0, signed : tile<i32> -> tile<i1>
    %r = if %pos -> (tile<i32>) {
      %m = muli %n, %n : tile<i32>
      yield %m : tile<i32>
    } else {
      yield %c1 : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  // `return` in an `if`: the if yields "fell through" and the rest of the
  // kernel runs under it.
  // CHECK-LABEL: gpu.func @early_return
  // CHECK: %[[NEG:.*]] = arith.cmpi slt
  // CHECK: %[[FELL:.*]] = scf.if %[[NEG]] -> (i1) {
  // CHECK:   %[[F:.*]] = arith.constant false
  // CHECK:   scf.yield %[[F]] : i1
  // CHECK: } else {
  // CHECK:   %[[T:.*]] = arith.constant true
  // CHECK:   scf.yield %[[T]] : i1
  // CHECK: scf.if %[[FELL]] {
  // CHECK:   llvm.store %arg1, %arg0
  // CHECK: gpu.return
  entry @early_return(%p: tile<ptr<i32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %neg = cmpi less_than %n, %c0, signed : tile<i32> -> tile<i1>
    if %neg {
      return
    }
    %t = store_ptr_tko weak %p, %n : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  // Register tiles carried by an unsigned i64 `for`: one carrier buffer per
  // iter value, written at `continue`; %b goes to the carrier of %a while
  // the carrier of %b is rewritten, so it is staged first.
  // CHECK-LABEL: gpu.func @for_tiles
  // CHECK: %[[A:.*]] = tirx.alloc : !tirx.buffer<256xf32, local, <S[(2,32,4):(4,1@tx,1)]>>
  // CHECK: tirx.fill cta %[[A]], %{{.*}} : {{.*}}, f32
  // CHECK: %[[B:.*]] = tirx.alloc : !tirx.buffer<256xf32, local, <S[(2,32,4):(4,1@tx,1)]>>
  // CHECK: tirx.fill cta %[[B]], %{{.*}} : {{.*}}, f32
  // CHECK: scf.for unsigned %{{.*}} = %{{.*}} to %arg1 step %{{.*}} : i64 {
  // CHECK:   %[[S:.*]] = tirx.alloc
  // CHECK:   tirx.map cta %[[S]], %[[A]], %[[B]] :
  // CHECK:   arith.addf
  // CHECK:   %[[STAGE:.*]] = tirx.alloc
  // CHECK:   tirx.permute_layout cta %[[STAGE]], %[[B]]
  // CHECK:   tirx.permute_layout cta %[[A]], %[[STAGE]]
  // CHECK:   tirx.permute_layout cta %[[B]], %[[S]]
  // CHECK-NOT: scf.yield
  // CHECK: }
  // CHECK: tirx.copy cta %{{.*}}, %[[B]]
  entry @for_tiles(%p: tile<ptr<f32>>, %n: tile<i64>) {
    %c0 = constant <i64: 0> : tile<i64>
    %c1 = constant <i64: 1> : tile<i64>
    %one = constant <f32: 1.0> : tile<256xf32>
    %i = iota : tile<256xi32>
    %init = constant <f32: 0.0> : tile<256xf32>
    %r:2 = for unsigned %k in (%c0 to %n, step %c1) : tile<i64> iter_values(%a = %init, %b = %one) -> (tile<256xf32>, tile<256xf32>) {
      %s = addf %a, %b : tile<256xf32>
      continue %b, %s : tile<256xf32>, tile<256xf32>
    }
    %p1_256 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb_256 = broadcast %p1_256 : tile<1xptr<f32>> -> tile<256xptr<f32>>
    %q = offset %pb_256, %i : tile<256xptr<f32>>, tile<256xi32> -> tile<256xptr<f32>>
    %t = store_ptr_tko weak %q, %r#1 : tile<256xptr<f32>>, tile<256xf32> -> token
    return
  }

  // `continue` in an `if` of a `for`: the if yields (fell through, the
  // continue value); the rest of the body runs when it fell through.
  // CHECK-LABEL: gpu.func @continue_in_if
  // CHECK: %[[R:.*]] = scf.for %[[K:.*]] = %{{.*}} to %arg1 step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i32) : i32 {
  // CHECK:   %[[SMALL:.*]] = arith.cmpi slt, %[[K]]
  // CHECK:   %[[IF:.*]]:2 = scf.if %[[SMALL]] -> (i1, i32) {
  // CHECK:     scf.yield %false, %[[ACC]] : i1, i32
  // CHECK:   } else {
  // CHECK:     scf.yield %true, %{{.*}} : i1, i32
  // CHECK:   %[[REST:.*]] = scf.if %[[IF]]#0 -> (i32) {
  // CHECK:     %[[SUM:.*]] = arith.addi %[[ACC]], %[[K]] : i32
  // CHECK:     scf.yield %[[SUM]] : i32
  // CHECK:   } else {
  // CHECK:     scf.yield %[[IF]]#1 : i32
  // CHECK:   scf.yield %[[REST]] : i32
  // CHECK: llvm.store %[[R]], %arg0
  entry @continue_in_if(%p: tile<ptr<i32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %r = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%a = %c0) -> (tile<i32>) {
      %small = cmpi less_than %k, %c3, signed : tile<i32> -> tile<i1>
      if %small {
        continue %a : tile<i32>
      }
      %a2 = addi %a, %k : tile<i32>
      continue %a2 : tile<i32>
    }
    %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  // `loop` with a `break` in an `if` whose results differ from the iter
  // values: scf.while carries (broke, iter scalars, result scalars); the
  // tile iter value and the tile result have carriers.
  // CHECK-LABEL: gpu.func @loop_break
  // CHECK: %[[ACC:.*]] = tirx.alloc : !tirx.buffer<128xf32
  // CHECK: tirx.fill cta %[[ACC]]
  // CHECK: %[[RES:.*]] = tirx.alloc : !tirx.buffer<128xf32
  // CHECK: %[[W:.*]]:3 = scf.while (%[[K:.*]] = %{{.*}}) : (i32) -> (i1, i32, i32) {
  // CHECK:   %[[DONE:.*]] = arith.cmpi sge, %[[K]], %arg1
  // CHECK:   %[[IF:.*]]:4 = scf.if %[[DONE]] -> (i1, i1, i32, i32) {
  // CHECK:     tirx.permute_layout cta %[[RES]], %[[ACC]]
  // CHECK:     scf.yield %false, %true{{.*}}, %{{.*}}, %[[K]] : i1, i1, i32, i32
  // CHECK:   %[[REST:.*]]:3 = scf.if %[[IF]]#0 -> (i1, i32, i32) {
  // CHECK:     %[[SUM:.*]] = tirx.alloc
  // CHECK:     tirx.map cta %[[SUM]], %[[ACC]], %[[ACC]] :
  // CHECK:     arith.addf
  // CHECK:     %[[K2:.*]] = arith.addi %[[K]]
  // CHECK:     tirx.permute_layout cta %[[ACC]], %[[SUM]]
  // CHECK:     scf.yield %false{{.*}}, %[[K2]], %{{.*}} : i1, i32, i32
  // CHECK:   } else {
  // CHECK:     scf.yield %[[IF]]#1, %[[IF]]#2, %[[IF]]#3 : i1, i32, i32
  // CHECK:   %[[AGAIN:.*]] = arith.xori %[[REST]]#0, %true
  // CHECK:   scf.condition(%[[AGAIN]]) %[[REST]]#0, %[[REST]]#1, %[[REST]]#2 : i1, i32, i32
  // CHECK: } do {
  // CHECK: ^bb0(%{{.*}}: i1, %[[NEXT:.*]]: i32, %{{.*}}: i32):
  // CHECK:   scf.yield %[[NEXT]] : i32
  // CHECK: tirx.copy cta %{{.*}}, %[[RES]]
  entry @loop_break(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %x = constant <f32: 1.0> : tile<128xf32>
    %i = iota : tile<128xi32>
    %r:2 = loop iter_values(%k = %c0, %acc = %x) : tile<i32>, tile<128xf32> -> tile<128xf32>, tile<i32> {
      %done = cmpi greater_than_or_equal %k, %n, signed : tile<i32> -> tile<i1>
      if %done {
        break %acc, %k : tile<128xf32>, tile<i32>
      }
      %acc2 = addf %acc, %acc : tile<128xf32>
      %k2 = addi %k, %c1 : tile<i32>
      continue %k2, %acc2 : tile<i32>, tile<128xf32>
    }
    %p1_128 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb_128 = broadcast %p1_128 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %q = offset %pb_128, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t = store_ptr_tko weak %q, %r#0 : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
  // A `loop` nested in a `for`, `break`s in nested `if`s, a token carried
  // by the `for` (nothing to carry; "after a store" for the next memory op).
  // CHECK-LABEL: gpu.func @nested
  // CHECK: %[[SUM:.*]] = scf.for %[[I:.*]] = %{{.*}} to %arg1 step %{{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (i32) : i32 {
  // CHECK:   %[[W:.*]]:3 = scf.while (%[[J:.*]] = %{{.*}}) : (i32) -> (i1, i32, i32) {
  // CHECK:     %[[BIG:.*]] = arith.cmpi sge, %[[J]], %[[I]]
  // CHECK:     %[[OUTER:.*]]:4 = scf.if %[[BIG]] -> (i1, i1, i32, i32) {
  // CHECK:       %[[TWO:.*]] = arith.cmpi eq, %[[J]]
  // CHECK:       %[[INNER:.*]]:4 = scf.if %[[TWO]] -> (i1, i1, i32, i32) {
  // CHECK:         scf.yield %false, %true{{.*}}, %{{.*}}, %{{.*}} : i1, i1, i32, i32
  // CHECK:       %[[AFTER:.*]]:4 = scf.if %[[INNER]]#0 -> (i1, i1, i32, i32) {
  // CHECK:         scf.yield %false, %true{{.*}}, %{{.*}}, %[[J]] : i1, i1, i32, i32
  // CHECK:       } else {
  // CHECK:         scf.yield %false{{.*}}, %[[INNER]]#1, %[[INNER]]#2, %[[INNER]]#3
  // CHECK:       scf.yield %[[AFTER]]#0, %[[AFTER]]#1, %[[AFTER]]#2, %[[AFTER]]#3
  // CHECK:     scf.condition
  // CHECK:   %[[S2:.*]] = arith.addi %[[S]], %[[W]]#2 : i32
  // CHECK:   scf.yield %[[S2]] : i32
  // CHECK: gpu.barrier
  // CHECK: llvm.store %[[SUM]], %arg0
  entry @nested(%p: tile<ptr<i32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %t0 = make_token : token
    %r:2 = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%s = %c0, %t = %t0) -> (tile<i32>, token) {
      %w = loop iter_values(%j = %c0) : tile<i32> -> tile<i32> {
        %big = cmpi greater_than_or_equal %j, %i, signed : tile<i32> -> tile<i1>
        if %big {
          %two = cmpi equal %j, %c2, signed : tile<i32> -> tile<i1>
          if %two {
            break %c1 : tile<i32>
          }
          break %j : tile<i32>
        }
        %j2 = addi %j, %c1 : tile<i32>
        continue %j2 : tile<i32>
      }
      %s2 = addi %s, %w : tile<i32>
      continue %s2, %t : tile<i32>, token
    }
    %t1 = store_ptr_tko weak %p, %r#0 token = %r#1 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
