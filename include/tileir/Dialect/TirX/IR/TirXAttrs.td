//===- TirXAttrs.td - tirx attributes and enums ------------*- tablegen -*-===//
//
// Part of TileIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TIRXATTRS_TD
#define TILEIR_DIALECT_TIRX_TIRXATTRS_TD

include "tileir/Dialect/TirX/IR/TirXDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def TirX_MemScope : I32EnumAttr<"MemScope", "memory scope of a buffer", [
    I32EnumAttrCase<"Global", 0, "global">,
    I32EnumAttrCase<"Shared", 1, "shared">,
    I32EnumAttrCase<"Local", 2, "local">]> {
  let cppNamespace = "::mlir::tirx";
  let genSpecializedAttr = 0;
}
def TirX_MemScopeAttr : EnumAttr<TirX_Dialect, TirX_MemScope, "mem_scope">;

def TirX_ExecScope : I32EnumAttr<"ExecScope", "execution scope of a primitive", [
    I32EnumAttrCase<"Cluster", 2, "cluster">,
    I32EnumAttrCase<"Cta", 3, "cta">,
    I32EnumAttrCase<"Warpgroup", 4, "warpgroup">,
    I32EnumAttrCase<"Warp", 5, "warp">,
    I32EnumAttrCase<"Thread", 6, "thread">]> {
  let cppNamespace = "::mlir::tirx";
  let genSpecializedAttr = 0;
}
def TirX_ExecScopeAttr : EnumAttr<TirX_Dialect, TirX_ExecScope, "scope">;

def TirX_GridDim : I32EnumAttr<"GridDim", "a dimension of the grid", [
    I32EnumAttrCase<"X", 0, "x">,
    I32EnumAttrCase<"Y", 1, "y">,
    I32EnumAttrCase<"Z", 2, "z">]> {
  let cppNamespace = "::mlir::tirx";
  let genSpecializedAttr = 0;
}
def TirX_GridDimAttr : EnumAttr<TirX_Dialect, TirX_GridDim, "grid_dim">;


def TirX_LayoutAttr : AttrDef<TirX_Dialect, "Layout"> {
  let mnemonic = "layout";
  let summary = "A TileLayout: logical element -> (thread axes, storage offset)";
  let description = [{
    Wraps `tileir::layout::TileLayout`. Syntax (see docs/Layouts.md):

    ```mlir
    #tirx.layout<S[(32,8):(1@laneid,1)]>
    #tirx.layout<S[(2,128,4):(4,1@tx,1)] + R[2:128@tx]>
    ```

    A shared-memory layout may compose an XOR swizzle of 32, 64 or 128 bytes
    after its memory address (TIRx's ComposeLayout; `Swizzle::forMode` with
    the buffer's element width). The swizzle permutes the 2, 4 or 8 16-byte
    chunks of each span of that many bytes by XOR-ing their index with the
    address bits `swizzle_shift` chunk bits above (TIRx's atom_len, 3 unless
    given: the swizzles of TMA and wgmma, which see the row of a 128-byte
    span). Other shifts are applied by the code that addresses the buffer
    only; staging buffers use them to spread a column walk over the banks.

    ```mlir
    #tirx.layout<S[64,64], swizzle = 128>
    #tirx.layout<S[64,64], swizzle = 128, swizzle_shift = 6>
    ```
  }];
  let parameters = (ins "::tileir::layout::TileLayout":$layout,
                        DefaultValuedParameter<"unsigned", "0">:$swizzle,
                        DefaultValuedParameter<"unsigned",
                          "::tileir::layout::Swizzle::kHardwareShift">:$swizzleShift);
  let builders = [
    AttrBuilder<(ins "::tileir::layout::TileLayout":$layout), [{
      return $_get($_ctxt, layout, 0u,
                   ::tileir::layout::Swizzle::kHardwareShift);
    }]>,
    AttrBuilder<(ins "::tileir::layout::TileLayout":$layout,
                     "unsigned":$swizzle), [{
      return $_get($_ctxt, layout, swizzle,
                   ::tileir::layout::Swizzle::kHardwareShift);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The composed swizzle for elements of `elementBits` bits, or nullopt
    /// when the layout has none (or the width does not allow one).
    std::optional<::tileir::layout::Swizzle>
    getSwizzleFor(unsigned elementBits) const;
    /// True when the swizzle, if any, is one TMA and wgmma apply in
    /// hardware (shift 3).
    bool hasHardwareSwizzle() const {
      return getSwizzleShift() == ::tileir::layout::Swizzle::kHardwareShift;
    }
    /// The same swizzle composed after another layout (a view).
    LayoutAttr withLayout(const ::tileir::layout::TileLayout &layout) const {
      return get(getContext(), layout, getSwizzle(), getSwizzleShift());
    }
  }];
}

#endif // TILEIR_DIALECT_TIRX_TIRXATTRS_TD
