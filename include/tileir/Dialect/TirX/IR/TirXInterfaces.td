//===- TirXInterfaces.td - tirx op interfaces --------------*- tablegen -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TIRXINTERFACES_TD
#define TILEIR_DIALECT_TIRX_TIRXINTERFACES_TD

include "mlir/IR/OpBase.td"

def TirX_PrimitiveOpInterface : OpInterface<"PrimitiveOpInterface"> {
  let cppNamespace = "::mlir::tirx";
  let description = [{
    A tile primitive: an operation the `tirx-dispatch` pass replaces with the
    implementation of one registered variant. Every primitive has an
    execution scope, an optional open `config` dictionary read by the variant
    that needs it, and an optional forced variant name (`dispatch`).
  }];
  let methods = [
    InterfaceMethod<"The execution scope the primitive is issued at.",
      "::mlir::tirx::ExecScope", "getExecScope", (ins), [{}],
      [{ return $_op.getScope(); }]>,
    InterfaceMethod<"The open config dictionary (may be null).",
      "::mlir::DictionaryAttr", "getConfigDict", (ins), [{}],
      [{ return $_op.getConfigAttr(); }]>,
    InterfaceMethod<"The forced variant name (may be null).",
      "::mlir::StringAttr", "getForcedVariant", (ins), [{}],
      [{ return $_op.getDispatchAttr(); }]>,
  ];
  // A register operand whose layout names the threads of another scope
  // (or more threads than the scope has) cannot be executed by any variant.
  let verify = [{ return ::mlir::tirx::verifyPrimitiveLayouts($_op); }];
}

#endif // TILEIR_DIALECT_TIRX_TIRXINTERFACES_TD
