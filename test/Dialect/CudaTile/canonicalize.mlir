// RUN: tile-opt %s --canonicalize | FileCheck %s
// REQUIRES: testing-ops

// `constant` is ConstantLike and folds to its value: the folder uniques equal
// constants and hoists them to the start of the function.

cuda_tile.module @fold {
  // CHECK-LABEL: testing$func @unique_constants
  // CHECK-NEXT: %[[C:.*]] = constant <f32: 1.000000e+00> : tile<4xf32>
  // CHECK-NEXT: %[[S:.*]] = addf %[[C]], %[[C]] : tile<4xf32>
  // CHECK-NEXT: return %[[S]] : tile<4xf32>
  testing$func @unique_constants() -> tile<4xf32> {
    %a = constant <f32: 1.0> : tile<4xf32>
    %b = constant <f32: [1.0, 1.0, 1.0, 1.0]> : tile<4xf32>
    %s = addf %a, %b : tile<4xf32>
    return %s : tile<4xf32>
  }

  // Constants of different tile types stay distinct.
  // CHECK-LABEL: testing$func @distinct_types
  // CHECK-DAG: constant <f32: 1.000000e+00> : tile<4xf32>
  // CHECK-DAG: constant <f32: 1.000000e+00> : tile<8xf32>
  testing$func @distinct_types() -> (tile<4xf32>, tile<8xf32>) {
    %a = constant <f32: 1.0> : tile<4xf32>
    %b = constant <f32: 1.0> : tile<8xf32>
    return %a, %b : tile<4xf32>, tile<8xf32>
  }

  // Unused constants are removed.
  // CHECK-LABEL: testing$func @dead_constant
  // CHECK-NEXT: return
  testing$func @dead_constant() {
    %a = constant <i32: 3> : tile<i32>
    return
  }
}

// A repeated identical `assume` folds into the first one; a different
// predicate stays.
cuda_tile.module @assume {
  // CHECK-LABEL: testing$func @repeated_assume
  // CHECK-NEXT: %[[A:.*]] = assume div_by<16>, %{{.*}} : tile<4xi32>
  // CHECK-NEXT: %[[B:.*]] = assume bounded<0, ?>, %[[A]] : tile<4xi32>
  // CHECK-NEXT: return %[[A]], %[[B]]
  testing$func @repeated_assume(%x: tile<4xi32>) -> (tile<4xi32>, tile<4xi32>) {
    %a = assume div_by<16>, %x : tile<4xi32>
    %b = assume div_by<16>, %a : tile<4xi32>
    %c = assume bounded<0, ?>, %b : tile<4xi32>
    return %b, %c : tile<4xi32>, tile<4xi32>
  }
}

// `select` folder.
cuda_tile.module @select_fold {
  // CHECK-LABEL: testing$func @same_operands
  // CHECK-NEXT: return %arg1
  testing$func @same_operands(%c: tile<4xi1>, %x: tile<4xf32>) -> tile<4xf32> {
    %r = select %c, %x, %x : tile<4xi1>, tile<4xf32>
    return %r : tile<4xf32>
  }

  // CHECK-LABEL: testing$func @constant_condition
  // CHECK-NEXT: return %arg0, %arg1
  testing$func @constant_condition(%x: tile<4xf32>, %y: tile<4xf32>) -> (tile<4xf32>, tile<4xf32>) {
    %t = constant <i1: true> : tile<4xi1>
    %f = constant <i1: false> : tile<4xi1>
    %a = select %t, %x, %y : tile<4xi1>, tile<4xf32>
    %b = select %f, %x, %y : tile<4xi1>, tile<4xf32>
    return %a, %b : tile<4xf32>, tile<4xf32>
  }

  // CHECK-LABEL: testing$func @true_false_is_condition
  // CHECK-NEXT: return %arg0
  testing$func @true_false_is_condition(%c: tile<4xi1>) -> tile<4xi1> {
    %t = constant <i1: true> : tile<4xi1>
    %f = constant <i1: false> : tile<4xi1>
    %r = select %c, %t, %f : tile<4xi1>, tile<4xi1>
    return %r : tile<4xi1>
  }

  // CHECK-LABEL: testing$func @select_of_cmpi
  // CHECK-NEXT: return %arg1, %arg0
  testing$func @select_of_cmpi(%a: tile<i32>, %b: tile<i32>) -> (tile<i32>, tile<i32>) {
    %eq = cmpi equal %a, %b, signed : tile<i32> -> tile<i1>
    %ne = cmpi not_equal %a, %b, signed : tile<i32> -> tile<i1>
    %r = select %eq, %a, %b : tile<i1>, tile<i32>
    %s = select %ne, %a, %b : tile<i1>, tile<i32>
    return %r, %s : tile<i32>, tile<i32>
  }

  // CHECK-LABEL: testing$func @constant_operands
  // CHECK-NEXT: %[[C:.*]] = constant <i32: [1, 20]> : tile<2xi32>
  // CHECK-NEXT: return %[[C]]
  testing$func @constant_operands() -> tile<2xi32> {
    %c = constant <i1: [true, false]> : tile<2xi1>
    %a = constant <i32: [1, 2]> : tile<2xi32>
    %b = constant <i32: [10, 20]> : tile<2xi32>
    %r = select %c, %a, %b : tile<2xi1>, tile<2xi32>
    return %r : tile<2xi32>
  }
}

// `select` canonicalization patterns.
cuda_tile.module @select_patterns {
  // SelectI1ToNot
  // CHECK-LABEL: testing$func @i1_to_not
  // CHECK: %[[T:.*]] = constant <i1: true> : tile<4xi1>
  // CHECK: %[[N:.*]] = xori %arg0, %[[T]] : tile<4xi1>
  // CHECK-NEXT: return %[[N]]
  testing$func @i1_to_not(%c: tile<4xi1>) -> tile<4xi1> {
    %t = constant <i1: true> : tile<4xi1>
    %f = constant <i1: false> : tile<4xi1>
    %r = select %c, %f, %t : tile<4xi1>, tile<4xi1>
    return %r : tile<4xi1>
  }

  // SelectConsts
  // CHECK-LABEL: testing$func @consts_to_logic
  // CHECK-DAG: %[[O:.*]] = ori %arg0, %arg1 : tile<4xi1>
  // CHECK-DAG: %[[A:.*]] = andi %arg0, %arg1 : tile<4xi1>
  // CHECK: return %[[O]], %[[A]]
  testing$func @consts_to_logic(%c: tile<4xi1>, %x: tile<4xi1>) -> (tile<4xi1>, tile<4xi1>) {
    %t = constant <i1: true> : tile<4xi1>
    %f = constant <i1: false> : tile<4xi1>
    %o = select %c, %t, %x : tile<4xi1>, tile<4xi1>
    %a = select %c, %x, %f : tile<4xi1>, tile<4xi1>
    return %o, %a : tile<4xi1>, tile<4xi1>
  }

  // SelectToExtI
  // CHECK-LABEL: testing$func @to_exti
  // CHECK-DAG: %[[E:.*]] = exti %arg0 unsigned : tile<4xi1> -> tile<4xi32>
  // CHECK-DAG: %[[N:.*]] = xori %arg0, %{{.*}} : tile<4xi1>
  // CHECK-DAG: %[[F:.*]] = exti %[[N]] unsigned : tile<4xi1> -> tile<4xi32>
  // CHECK: return %[[E]], %[[F]]
  testing$func @to_exti(%c: tile<4xi1>) -> (tile<4xi32>, tile<4xi32>) {
    %one = constant <i32: 1> : tile<4xi32>
    %zero = constant <i32: 0> : tile<4xi32>
    %a = select %c, %one, %zero : tile<4xi1>, tile<4xi32>
    %b = select %c, %zero, %one : tile<4xi1>, tile<4xi32>
    return %a, %b : tile<4xi32>, tile<4xi32>
  }
}

// `addf` canonicalization: a `mulf` operand moves to the LHS.
cuda_tile.module @addf {
  // CHECK-LABEL: testing$func @mulf_to_lhs
  // CHECK: %[[M:.*]] = mulf %arg0, %arg1 : tile<4xf32>
  // CHECK-NEXT: addf %[[M]], %arg2 : tile<4xf32>
  testing$func @mulf_to_lhs(%a: tile<4xf32>, %b: tile<4xf32>, %c: tile<4xf32>) -> tile<4xf32> {
    %m = mulf %a, %b : tile<4xf32>
    %s = addf %c, %m : tile<4xf32>
    return %s : tile<4xf32>
  }
}

// `if` folder and canonicalization patterns.
cuda_tile.module @if {
  // Folder: a negated condition swaps the branches.
  // CHECK-LABEL: testing$func @fold_negated_condition
  // CHECK: if %arg0 -> (tile<i32>) {
  // CHECK-NEXT: addi %arg2, %arg2
  // CHECK: } else {
  // CHECK-NEXT: addi %arg1, %arg1
  testing$func @fold_negated_condition(%c: tile<i1>, %x: tile<i32>, %y: tile<i32>) -> tile<i32> {
    %t = constant <i1: true> : tile<i1>
    %n = xori %c, %t : tile<i1>
    %r = if %n -> (tile<i32>) {
      %a = addi %x, %x : tile<i32>
      yield %a : tile<i32>
    } else {
      %b = addi %y, %y : tile<i32>
      yield %b : tile<i32>
    }
    return %r : tile<i32>
  }

  // RemoveUnusedResults
  // CHECK-LABEL: testing$func @unused_results
  // CHECK: %[[R:.*]] = if %arg0 -> (tile<i32>) {
  // CHECK: return %[[R]] : tile<i32>
  testing$func @unused_results(%c: tile<i1>, %x: tile<i32>) -> tile<i32> {
    %r:2 = if %c -> (tile<i32>, tile<i32>) {
      %a = addi %x, %x : tile<i32>
      yield %a, %a : tile<i32>, tile<i32>
    } else {
      %b = muli %x, %x : tile<i32>
      yield %b, %b : tile<i32>, tile<i32>
    }
    return %r#1 : tile<i32>
  }

  // ReplaceYieldWithValue
  // CHECK-LABEL: testing$func @yield_condition
  // CHECK-NOT: if
  // CHECK: %[[N:.*]] = xori %arg0
  // CHECK: return %arg0, %[[N]], %arg1
  testing$func @yield_condition(%c: tile<i1>, %x: tile<i32>) -> (tile<i1>, tile<i1>, tile<i32>) {
    %t = constant <i1: true> : tile<i1>
    %f = constant <i1: false> : tile<i1>
    %r:3 = if %c -> (tile<i1>, tile<i1>, tile<i32>) {
      yield %t, %f, %x : tile<i1>, tile<i1>, tile<i32>
    } else {
      yield %f, %t, %x : tile<i1>, tile<i1>, tile<i32>
    }
    return %r#0, %r#1, %r#2 : tile<i1>, tile<i1>, tile<i32>
  }

  // RemoveStaticCondition
  // CHECK-LABEL: testing$func @static_condition
  // CHECK-NOT: if
  // CHECK: %[[M:.*]] = muli %arg0, %arg0
  // CHECK-NEXT: return %[[M]]
  testing$func @static_condition(%x: tile<i32>) -> tile<i32> {
    %f = constant <i1: false> : tile<i1>
    %r = if %f -> (tile<i32>) {
      %a = addi %x, %x : tile<i32>
      yield %a : tile<i32>
    } else {
      %b = muli %x, %x : tile<i32>
      yield %b : tile<i32>
    }
    return %r : tile<i32>
  }

  // ConvertToSelect
  // CHECK-LABEL: testing$func @to_select
  // CHECK-NOT: if
  // CHECK: %[[R:.*]] = reshape %arg0 : tile<i1> -> tile<1xi1>
  // CHECK: %[[B:.*]] = broadcast %[[R]] : tile<1xi1> -> tile<4xi1>
  // CHECK: %[[S:.*]] = select %[[B]], %arg1, %arg2 : tile<4xi1>, tile<4xf32>
  // CHECK: return %[[S]]
  testing$func @to_select(%c: tile<i1>, %x: tile<4xf32>, %y: tile<4xf32>) -> tile<4xf32> {
    %r = if %c -> (tile<4xf32>) {
      yield %x : tile<4xf32>
    } else {
      yield %y : tile<4xf32>
    }
    return %r : tile<4xf32>
  }

  // RemoveEmptyElseBranch
  // CHECK-LABEL: testing$func @empty_else
  // CHECK: if %arg0 {
  // CHECK-NOT: else
  // CHECK: return
  testing$func @empty_else(%c: tile<i1>, %t: token) {
    if %c {
      %0 = print_tko "x" -> token
    } else {
    }
    return
  }

  // CombineNestedIfs
  // CHECK-LABEL: testing$func @nested_ifs
  // CHECK: %[[A:.*]] = andi %arg0, %arg1 : tile<i1>
  // CHECK-NEXT: if %[[A]] {
  // CHECK-NEXT: print_tko "x"
  // CHECK-NOT: if
  testing$func @nested_ifs(%a: tile<i1>, %b: tile<i1>) {
    if %a {
      if %b {
        %0 = print_tko "x" -> token
      }
    }
    return
  }
}

// CombineIfs
cuda_tile.module @combine {
  // CHECK-LABEL: testing$func @adjacent_ifs
  // CHECK: %[[R:.*]]:2 = if %arg0 -> (tile<i32>, tile<i32>) {
  // CHECK-NEXT: %[[A:.*]] = addi %arg1, %arg1
  // CHECK-NEXT: %[[B:.*]] = muli %arg1, %arg1
  // CHECK-NEXT: yield %[[A]], %[[B]]
  // CHECK: } else {
  // CHECK-NEXT: %[[C:.*]] = subi %arg1, %arg1
  // CHECK-NEXT: %[[D:.*]] = subi %arg1, %arg1
  // CHECK-NEXT: yield %[[C]], %[[D]]
  // CHECK-NOT: if
  // CHECK: return %[[R]]#0, %[[R]]#1
  testing$func @adjacent_ifs(%c: tile<i1>, %x: tile<i32>) -> (tile<i32>, tile<i32>) {
    %r = if %c -> (tile<i32>) {
      %a = addi %x, %x : tile<i32>
      yield %a : tile<i32>
    } else {
      %s = subi %x, %x : tile<i32>
      yield %s : tile<i32>
    }
    %q = if %c -> (tile<i32>) {
      %b = muli %x, %x : tile<i32>
      yield %b : tile<i32>
    } else {
      %s = subi %x, %x : tile<i32>
      yield %s : tile<i32>
    }
    return %r, %q : tile<i32>, tile<i32>
  }
}

// An `if` that a branch leaves through `break`, `continue` or `return` is not
// dead code even when nothing in it touches memory; a loop whose body ends in
// its own `continue` still is.
cuda_tile.module @early_exit {
  // CHECK-LABEL: testing$func @early_return
  // CHECK-NEXT: if %arg0 {
  // CHECK-NEXT: return %arg1
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[S:.*]] = addi %arg1, %arg1
  // CHECK-NEXT: return %[[S]]
  testing$func @early_return(%c: tile<i1>, %x: tile<i32>) -> tile<i32> {
    if %c {
      return %x : tile<i32>
    }
    %s = addi %x, %x : tile<i32>
    return %s : tile<i32>
  }

  // CHECK-LABEL: testing$func @early_break_and_continue
  // CHECK: loop
  // CHECK-NEXT: if %arg0 {
  // CHECK-NEXT: break
  // CHECK-NEXT: }
  // CHECK-NEXT: if %arg1 {
  // CHECK-NEXT: continue
  // CHECK-NEXT: }
  testing$func @early_break_and_continue(%a: tile<i1>, %b: tile<i1>, %x: tile<i32>) -> tile<i32> {
    %r = loop iter_values(%i = %x) : tile<i32> -> tile<i32> {
      if %a {
        break %i : tile<i32>
      }
      if %b {
        continue %i : tile<i32>
      }
      %n = addi %i, %i : tile<i32>
      continue %n : tile<i32>
    }
    return %r : tile<i32>
  }

  // CHECK-LABEL: testing$func @dead_for
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  testing$func @dead_for(%lb: tile<i32>, %ub: tile<i32>) {
    %r = for %iv in (%lb to %ub, step %ub) : tile<i32> iter_values(%acc = %lb) -> (tile<i32>) {
      %s = addi %acc, %iv : tile<i32>
      continue %s : tile<i32>
    }
    return
  }
}

// MoveTerminatorToParent: when both branches leave the `if` for an enclosing
// op, the code after the `if` is dead and the else branch replaces it.
cuda_tile.module @move_terminator {
  // CHECK-LABEL: testing$func @both_return
  // CHECK-NEXT: if %arg0 {
  // CHECK-NEXT: %[[A:.*]] = addi %arg1, %arg1
  // CHECK-NEXT: return %[[A]]
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[M:.*]] = muli %arg1, %arg1
  // CHECK-NEXT: return %[[M]]
  // CHECK-NEXT: }
  testing$func @both_return(%c: tile<i1>, %x: tile<i32>) -> tile<i32> {
    if %c {
      %a = addi %x, %x : tile<i32>
      return %a : tile<i32>
    } else {
      %m = muli %x, %x : tile<i32>
      return %m : tile<i32>
    }
    %s = subi %x, %x : tile<i32>
    return %s : tile<i32>
  }

  // The results of the `if` are only used by the dead code and go with it.
  // CHECK-LABEL: testing$func @results_used_after
  // CHECK-NEXT: if %arg0 {
  // CHECK-NEXT: return %arg1
  // CHECK-NEXT: }
  // CHECK-NEXT: return %arg2
  // CHECK-NEXT: }
  testing$func @results_used_after(%c: tile<i1>, %x: tile<i32>, %y: tile<i32>) -> tile<i32> {
    %r = if %c -> (tile<i32>) {
      return %x : tile<i32>
    } else {
      return %y : tile<i32>
    }
    %s = addi %r, %r : tile<i32>
    return %s : tile<i32>
  }

  // The branches may end in different terminators: `break` and `continue`
  // of a `loop`.
  // CHECK-LABEL: testing$func @break_and_continue
  // CHECK: loop iter_values(%[[I:.*]] = %arg1) : tile<i32> -> tile<i32> {
  // CHECK-NEXT: %[[D:.*]] = cmpi equal %[[I]], %arg0
  // CHECK-NEXT: if %[[D]] {
  // CHECK-NEXT: break %[[I]] : tile<i32>
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[N:.*]] = addi %[[I]], %[[I]]
  // CHECK-NEXT: continue %[[N]] : tile<i32>
  // CHECK-NEXT: }
  testing$func @break_and_continue(%n: tile<i32>, %init: tile<i32>) -> tile<i32> {
    %r = loop iter_values(%i = %init) : tile<i32> -> tile<i32> {
      %done = cmpi equal %i, %n, signed : tile<i32> -> tile<i1>
      if %done {
        break %i : tile<i32>
      } else {
        %next = addi %i, %i : tile<i32>
        continue %next : tile<i32>
      }
      %dead = muli %i, %i : tile<i32>
      continue %dead : tile<i32>
    }
    return %r : tile<i32>
  }

  // Both branches `continue` a `for`, from an `if` nested in another `if`:
  // the else branch moves into the outer then branch.
  // CHECK-LABEL: testing$func @nested_continue
  // CHECK: for %[[IV:.*]] in {{.*}} iter_values(%[[ACC:.*]] = %arg2) -> (tile<i32>) {
  // CHECK-NEXT: if %arg3 {
  // CHECK-NEXT: if %arg4 {
  // CHECK-NEXT: continue %[[IV]] : tile<i32>
  // CHECK-NEXT: }
  // CHECK-NEXT: continue %[[ACC]] : tile<i32>
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[S:.*]] = addi %[[ACC]], %[[IV]]
  // CHECK-NEXT: continue %[[S]] : tile<i32>
  // CHECK-NEXT: }
  testing$func @nested_continue(%lb: tile<i32>, %ub: tile<i32>, %init: tile<i32>, %a: tile<i1>, %b: tile<i1>) -> tile<i32> {
    %one = constant <i32: 1> : tile<i32>
    %r = for %iv in (%lb to %ub, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<i32>) {
      if %a {
        if %b {
          continue %iv : tile<i32>
        } else {
          continue %acc : tile<i32>
        }
      }
      %s = addi %acc, %iv : tile<i32>
      continue %s : tile<i32>
    }
    return %r : tile<i32>
  }

  // One branch reaches the code after the `if`: nothing moves.
  // CHECK-LABEL: testing$func @one_branch_yields
  // CHECK-NEXT: %[[R:.*]] = if %arg0 -> (tile<i32>) {
  // CHECK-NEXT: return %arg1
  // CHECK-NEXT: } else {
  // CHECK-NEXT: %[[M:.*]] = muli %arg1, %arg1
  // CHECK-NEXT: yield %[[M]]
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[S:.*]] = addi %[[R]], %[[R]]
  // CHECK-NEXT: return %[[S]]
  testing$func @one_branch_yields(%c: tile<i1>, %x: tile<i32>) -> tile<i32> {
    %r = if %c -> (tile<i32>) {
      return %x : tile<i32>
    } else {
      %m = muli %x, %x : tile<i32>
      yield %m : tile<i32>
    }
    %s = addi %r, %r : tile<i32>
    return %s : tile<i32>
  }

  // Without an else branch the code after the `if` stays reachable.
  // CHECK-LABEL: testing$func @no_else
  // CHECK-NEXT: if %arg0 {
  // CHECK-NEXT: return %arg1
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[S:.*]] = addi %arg1, %arg1
  // CHECK-NEXT: return %[[S]]
  testing$func @no_else(%c: tile<i1>, %x: tile<i32>) -> tile<i32> {
    if %c {
      return %x : tile<i32>
    }
    %s = addi %x, %x : tile<i32>
    return %s : tile<i32>
  }

  // A `for` with constant bounds that runs once is its body at the lower
  // bound; one that runs no iteration is its initial values.
  // CHECK-LABEL: testing$func @once
  // CHECK-NOT: for
  // CHECK: %[[S:.*]] = addi %arg0, %[[C3:.*]] : tile<i32>
  // CHECK-NEXT: return %[[S]], %arg0
  testing$func @once(%x: tile<i32>) -> (tile<i32>, tile<i32>) {
    %c3 = constant <i32: 3> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %c9 = constant <i32: 9> : tile<i32>
    %r = for %i in (%c3 to %c4, step %c9) : tile<i32> iter_values(%a = %x) -> (tile<i32>) {
      %s = addi %a, %i : tile<i32>
      continue %s : tile<i32>
    }
    %z = for %i in (%c4 to %c3, step %c9) : tile<i32> iter_values(%a = %x) -> (tile<i32>) {
      %s = addi %a, %i : tile<i32>
      continue %s : tile<i32>
    }
    return %r, %z : tile<i32>, tile<i32>
  }

  // Kept: two iterations; a body that may end its iteration early; an upper
  // bound that is not a constant.
  // CHECK-LABEL: testing$func @kept_loops
  // CHECK-COUNT-3: for
  testing$func @kept_loops(%x: tile<i32>, %c: tile<i1>, %n: tile<i32>) -> (tile<i32>, tile<i32>, tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %r = for %i in (%c0 to %c2, step %c1) : tile<i32> iter_values(%a = %x) -> (tile<i32>) {
      %s = addi %a, %i : tile<i32>
      continue %s : tile<i32>
    }
    %e = for %i in (%c0 to %c1, step %c1) : tile<i32> iter_values(%a = %x) -> (tile<i32>) {
      if %c {
        continue %a : tile<i32>
      }
      %s = addi %a, %i : tile<i32>
      continue %s : tile<i32>
    }
    %w = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%a = %x) -> (tile<i32>) {
      %s = addi %a, %i : tile<i32>
      continue %s : tile<i32>
    }
    return %r, %e, %w : tile<i32>, tile<i32>, tile<i32>
  }
}
