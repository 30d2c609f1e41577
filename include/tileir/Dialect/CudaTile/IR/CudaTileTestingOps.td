//===- CudaTileTestingOps.td - cuda_tile test-only ops -----*- tablegen -*-===//
//
// Part of TileIR.
//
// Ops that exist only for tests; included by CudaTileOps.td when TableGen
// runs with -DTILEIR_ENABLE_TESTING_OPS (CMake option of the same name).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILETESTINGOPS_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILETESTINGOPS_TD

def CudaTile_TestingFuncOp : CudaTile_FunctionLikeOp<"testing$func"> {
  let summary = "a test-only function with arbitrary arguments and results";
  let description = [{
    Like `entry`, but its arguments and results may be any type (non-scalar
    tiles included) and `return` carries the results, so that op tests can
    take tiles as arguments.

    Example:

    ```mlir
    testing$func @f(%a: tile<4xi32>) -> tile<4xi32> {
      return %a : tile<4xi32>
    }
    ```
  }];
}

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILETESTINGOPS_TD
