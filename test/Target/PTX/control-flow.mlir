// RUN: tile-translate --cuda-tile-to-ptx %s -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: FileCheck %s < %t.ptx
// RUN: tile-translate --cuda-tile-to-ptx %examples/loop_break.mlir -o %t.example.ptx
// RUN: %ptxas -arch=sm_90 %t.example.ptx -o %t.example.cubin
// RUN: FileCheck %s --check-prefix=EXAMPLE < %t.example.ptx
// REQUIRES: ptxas

// Control flow to PTX, assembled by ptxas for sm_90: branches on uniform
// scalars, loops with back edges, and carrier buffers that end up in
// registers (no local memory).

// CHECK-NOT: .local
// CHECK-LABEL: // tileir.kernel if_scalar params=(ptr,i32)
// CHECK: mul.lo.s32
// CHECK: selp.b32
// CHECK-LABEL: // tileir.kernel early_return params=(ptr,i32)
// CHECK: setp.lt.s32
// CHECK: st.global.b32
// CHECK-LABEL: // tileir.kernel for_tiles params=(ptr,i64)
// CHECK: [[LOOP:\$L__BB[0-9_]+]]:
// CHECK: add.rn.f32
// CHECK: bra{{.*}}[[LOOP]];
// CHECK: st.global.v4.b32
// CHECK-LABEL: // tileir.kernel continue_in_if params=(ptr,i32)
// CHECK-LABEL: // tileir.kernel loop_break params=(ptr,i32)
// CHECK: add.rn.f32
// CHECK-LABEL: // tileir.kernel nested params=(ptr,i32)
// CHECK: bar.sync 0;
// CHECK-NOT: .local

// EXAMPLE-NOT: .local
// EXAMPLE-LABEL: // tileir.kernel first_exceeding params=(ptr,ptr,i32,i32,i32) reqntid=32,1,1
// EXAMPLE: shfl.sync.bfly.b32
// EXAMPLE: st.global.b32 [%rd{{[0-9]+}}],
// EXAMPLE-NEXT: st.global.b32 [%rd{{[0-9]+}}+4],
// EXAMPLE-LABEL: // tileir.kernel weighted_chunks params=(ptr,ptr,i32,i32,i32) reqntid=32,1,1
// EXAMPLE: st.global.v4.b32
// EXAMPLE-NOT: .local

cuda_tile.module @cf {
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

  entry @early_return(%p: tile<ptr<i32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %neg = cmpi less_than %n, %c0, signed : tile<i32> -> tile<i1>
    if %neg {
      return
    }
    %t = store_ptr_tko weak %p, %n : tile<ptr<i32>>, tile<i32> -> token
    return
  }

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
