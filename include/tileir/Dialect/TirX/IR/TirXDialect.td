//===- TirXDialect.td - tirx dialect definition ------------*- tablegen -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TIRXDIALECT_TD
#define TILEIR_DIALECT_TIRX_TIRXDIALECT_TD

include "mlir/IR/OpBase.td"

def TirX_Dialect : Dialect {
  let name = "tirx";
  let cppNamespace = "::mlir::tirx";
  let summary = "Tile primitives over buffers with a memory scope and a TileLayout";
  let description = [{
    `tirx` is TileIR's mid-level dialect, modelled on TVM's TIRx. Data lives in
    buffers (`!tirx.buffer`) that have a shape, an element type, a memory
    scope (`global`, `shared`, `local` = registers) and, for on-chip scopes, a
    `#tirx.layout` that maps each logical element to the thread holding it and
    its place in that thread's storage. Tile primitives (`tirx.copy`,
    `tirx.add`, `tirx.sum`, ...) are destination-passing operations on
    buffers, issued at an execution scope (`thread`, `warp`, `warpgroup`,
    `cta`, `cluster`). The `tirx-dispatch` pass replaces each primitive with
    the implementation of the first registered variant whose predicates hold.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // TILEIR_DIALECT_TIRX_TIRXDIALECT_TD
