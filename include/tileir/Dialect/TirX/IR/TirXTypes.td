//===- TirXTypes.td - tirx types ---------------------------*- tablegen -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TIRXTYPES_TD
#define TILEIR_DIALECT_TIRX_TIRXTYPES_TD

include "tileir/Dialect/TirX/IR/TirXAttrs.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def TirX_BufferType : TypeDef<TirX_Dialect, "Buffer", [ShapedTypeInterface]> {
  let mnemonic = "buffer";
  let summary = "A buffer with a shape, an element type, a memory scope and a layout";
  let description = [{
    On-chip buffers (`local`, `shared`) have a static shape and a
    `#tirx.layout` of the same number of elements. A `local` buffer's layout
    uses thread axes: each thread stores its part (the layout's storage) in
    registers. `global` buffers describe device memory; their extents may be
    dynamic (`?`) and they carry no layout: their strides are the operands of
    the op that created them (`tirx.global_view`).

    ```mlir
    !tirx.buffer<1x1024xf32, local, #tirx.layout<S[(2,128,4):(4,1@tx,1)]>>
    !tirx.buffer<?x?xf32, global>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    "::mlir::tirx::MemScope":$memScope,
    OptionalParameter<"::mlir::tirx::LayoutAttr">:$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    using ShapedType::Trait<BufferType>::getElementTypeBitWidth;
    using ShapedType::Trait<BufferType>::getRank;
    using ShapedType::Trait<BufferType>::getNumElements;
    using ShapedType::Trait<BufferType>::isDynamicDim;
    using ShapedType::Trait<BufferType>::hasStaticShape;
    using ShapedType::Trait<BufferType>::getNumDynamicDims;
    using ShapedType::Trait<BufferType>::getDimSize;
    using ShapedType::Trait<BufferType>::getDynamicDimIndex;

    bool hasRank() const { return true; }
    BufferType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                         ::mlir::Type elementType) const;
    bool isLocal() const { return getMemScope() == MemScope::Local; }
    bool isShared() const { return getMemScope() == MemScope::Shared; }
    bool isGlobal() const { return getMemScope() == MemScope::Global; }
    /// The TileLayout; only valid for on-chip buffers.
    ::tileir::layout::TileLayout getTileLayout() const {
      return getLayout().getLayout();
    }
  }];
}

#endif // TILEIR_DIALECT_TIRX_TIRXTYPES_TD
