// RUN: tile-opt %s --pass-pipeline='builtin.module(cuda_tile.module(cuda_tile.testing$func(cuda-tile-loop-split)))' | FileCheck %s
// RUN: tile-opt %s --pass-pipeline='builtin.module(cuda_tile.module(cuda_tile.testing$func(cuda-tile-loop-split{split-threshold=3})))' | FileCheck %s --check-prefix=THRESHOLD
// REQUIRES: testing-ops

cuda_tile.module @m {
  // iv < k: the then-branch runs on [lb, clamp(k)), the else-branch after.
  // CHECK-LABEL: testing$func @less_than
  // CHECK: %[[MIN:.*]] = mini %arg1, %arg2 signed : tile<i32>
  // CHECK: %[[MAX:.*]] = maxi %[[MIN]], %arg0 signed : tile<i32>
  // CHECK: %[[A:.*]] = for %{{.*}} in (%arg0 to %[[MAX]], step %{{.*}}) : tile<i32> iter_values(%[[X:.*]] = %arg3)
  // CHECK-NOT: muli
  // CHECK: addi %[[X]], %[[X]]
  // CHECK-NOT: muli
  // CHECK: for %{{.*}} in (%[[MAX]] to %arg2, step %{{.*}}) : tile<i32> iter_values(%[[Y:.*]] = %[[A]])
  // CHECK-NOT: addi
  // CHECK: muli %[[Y]], %[[Y]]
  // THRESHOLD-LABEL: testing$func @less_than
  // THRESHOLD: for
  // THRESHOLD-NOT: for
  // THRESHOLD: testing$func @greater_than_swapped
  testing$func @less_than(%lb: tile<i32>, %k: tile<i32>, %ub: tile<i32>, %init: tile<i32>) -> tile<i32> {
    %c1 = constant <i32: 1> : tile<i32>
    %r = for %iv in (%lb to %ub, step %c1) : tile<i32> iter_values(%x = %init) -> (tile<i32>) {
      %lt = cmpi less_than %iv, %k, signed : tile<i32> -> tile<i1>
      %y = if %lt -> (tile<i32>) {
        %a = addi %x, %x : tile<i32>
        yield %a : tile<i32>
      } else {
        %b = muli %x, %x : tile<i32>
        yield %b : tile<i32>
      }
      continue %y : tile<i32>
    }
    return %r : tile<i32>
  }

  // k < iv is iv > k: the else-branch runs first, up to k + 1; a non-unit
  // step rounds the split point up to lb + n * step.
  // CHECK-LABEL: testing$func @greater_than_swapped
  // CHECK: %[[K1:.*]] = addi %arg1, %{{.*}} : tile<i32>
  // CHECK: %[[MIN:.*]] = mini %[[K1]], %arg2 signed
  // CHECK: %[[MAX:.*]] = maxi %[[MIN]], %arg0 signed
  // CHECK: %[[D:.*]] = subi %[[MAX]], %arg0
  // CHECK: %[[N:.*]] = divi %[[D]], %arg3 signed rounding<positive_inf>
  // CHECK: %[[O:.*]] = muli %[[N]], %arg3
  // CHECK: %[[S:.*]] = addi %arg0, %[[O]]
  // CHECK: for %{{.*}} in (%arg0 to %[[S]], step %arg3)
  // CHECK-NOT: print_tko "then"
  // CHECK: print_tko "else"
  // CHECK: for %{{.*}} in (%[[S]] to %arg2, step %arg3)
  // CHECK-NOT: print_tko "else"
  // CHECK: print_tko "then"
  testing$func @greater_than_swapped(%lb: tile<i32>, %k: tile<i32>, %ub: tile<i32>, %step: tile<i32>) {
    for %iv in (%lb to %ub, step %step) : tile<i32> {
      %gt = cmpi less_than %k, %iv, signed : tile<i32> -> tile<i1>
      if %gt {
        %t = print_tko "then" -> token
      } else {
        %t = print_tko "else" -> token
      }
    }
    return
  }

  // Left alone: an unsigned compare in a signed loop, an equality, and a
  // loop_split = 0 hint.
  // CHECK-LABEL: testing$func @not_split
  // CHECK-COUNT-3: for
  // CHECK-NOT: for
  testing$func @not_split(%lb: tile<i32>, %k: tile<i32>, %ub: tile<i32>) {
    %c1 = constant <i32: 1> : tile<i32>
    for %iv in (%lb to %ub, step %c1) : tile<i32> {
      %c = cmpi less_than %iv, %k, unsigned : tile<i32> -> tile<i1>
      if %c {
        %t = print_tko "a" -> token
      }
    }
    for %iv in (%lb to %ub, step %c1) : tile<i32> {
      %c = cmpi equal %iv, %k, signed : tile<i32> -> tile<i1>
      if %c {
        %t = print_tko "a" -> token
      }
    }
    for %iv in (%lb to %ub, step %c1) : tile<i32> {
      %c = cmpi less_than %iv, %k, signed : tile<i32> -> tile<i1>
      if %c {
        %t = print_tko "a" -> token
      }
    } {cuda_tile.loop_split = 0 : i64}
    return
  }
}
