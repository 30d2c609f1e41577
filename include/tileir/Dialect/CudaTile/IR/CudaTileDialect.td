//===- CudaTileDialect.td - cuda_tile dialect definition ---*- tablegen -*-===//
//
// Part of TileIR.
//
// The `cuda_tile` dialect and the base classes shared by its types,
// attributes and operations.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_CUDATILE_IR_CUDATILEDIALECT_TD
#define TILEIR_DIALECT_CUDATILE_IR_CUDATILEDIALECT_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/OpBase.td"

def CudaTile_Dialect : Dialect {
  let name = "cuda_tile";
  let cppNamespace = "::mlir::cuda_tile";
  let summary = "NVIDIA CUDA Tile IR: value-semantic tiles, views and tokens";
  let description = [{
    The `cuda_tile` dialect is TileIR's implementation of NVIDIA CUDA Tile IR
    (13.3). A kernel is an `entry` inside a `cuda_tile.module`; it computes on
    immutable SSA *tiles* (`tile<128x64xf16>`, power-of-two static shapes),
    reaches global memory through *pointer tiles* (`tile<8xptr<f32>>`) or
    *views* (`tensor_view`, `partition_view`, `strided_view`,
    `gather_scatter_view`), and orders memory effects with *tokens*.

    ## Rationale

    * **Compatibility is a feature.** IR written for NVIDIA's tools parses,
      verifies and prints here unchanged: the short type syntax (`tile<f32>`
      instead of `!cuda_tile.tile<f32>`) is accepted in every op type
      position through one shared `custom<CudaTileType>` directive, ops nested
      in `module`, `entry` and `reduce` omit the `cuda_tile.` prefix, and
      `constant` uses NVIDIA's literal syntax `<f32: [1.0, 2.0]>`. Verifier
      messages use the specification's words.
    * **Every diagnostic has a test.** Each message the dialect emits has a
      `-verify-diagnostics` case under `test/Dialect/CudaTile`;
      `utils/check-diagnostic-coverage.py`, run as a lit test, fails when
      one has none. A check that no input can reach is an assertion, not a
      diagnostic.
    * **Declarative first.** Almost every op uses a declarative
      `assemblyFormat`. Ops are grouped in layered base classes (element-wise
      float binary with rounding/flush-to-zero, integer binary with overflow,
      float unary math, view memory ops, ...), so adding one of the remaining
      ops is a few lines of ODS.
    * **Modifier rules are traits.** The accepted rounding modes of an op,
      the f32-only `flush_to_zero` rule and the memory-model rules of
      token-ordered loads and stores are parameterized op traits
      (`CudaTile_RoundingModes<...>`, `CudaTile_FlushToZeroF32Only`,
      `CudaTile_MemoryModel<...>`), declared next to the op they constrain.
    * **Constants are builtin dense attributes.** `constant` stores its value
      as a `DenseIntOrFPElementsAttr` of the builtin `tensor` type with the
      tile's shape and element type, so that upstream folding and matching
      utilities apply; only the textual form is NVIDIA's.
    * **Views carry their geometry in the type.** The tile shape, dimension
      map and padding value of a `partition_view` are type parameters; the
      `TileView` type interface gives load/store ops one way to ask any view
      for its index rank, its tile type and whether a list of indices is
      valid.
    * **Hint diagnostics are the tool's choice.** Whether a bad
      `optimization_hints` entry is silent (the default), a warning or an
      error is state of the dialect object (`setHintDiagnostics`), not of
      the IR: NVIDIA's tools compile such IR, so it must verify unless asked
      otherwise. `registerHintDiagnosticsCLOptions()` adds
      `-Wunsupported-hints` and `-Werr-hints` to a tool (`-Werr-hints`
      wins); a dialect loaded after the command line is parsed starts in the
      mode they give, as an MLIRContext does with its own options.
    * **Early exits are effects.** `break`, `continue` and `return` may end
      an `if` branch and leave the `if` for the enclosing loop or function.
      There they report a write to an `EarlyExitResource`, so that an `if`
      holding one is never taken for dead code or moved; as the terminator
      of their own loop or function body they have no effect, so a dead
      loop is still removed.
    * **`if` canonicalization follows scf.if.** Seven patterns mirror
      upstream scf.if's (unused results, yields of the condition or of one
      value, constant conditions, select conversion, empty else, adjacent
      and nested ifs). The eighth, `MoveTerminatorToParent`, has no scf
      counterpart: when both branches end in `break`, `continue` or
      `return` (in any mix), the code after the `if` is unreachable, so it is
      dropped, the else branch takes its place in the parent block and the
      `if` keeps only its then branch. These terminators are only checked
      against the loop or function they reach through `if`s, which the move
      does not change.
    * **Testing op.** `testing$func` (built with the CMake option
      `TILEIR_ENABLE_TESTING_OPS`, on by default) is a function that may take
      and return non-scalar tiles, so that op tests need not route every value
      through memory.
  }];

  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;

  let extraClassDeclaration = [{
    /// How verifiers report problems with `optimization_hints`.
    HintDiagnostics getHintDiagnostics() const { return hintDiagnostics; }
    void setHintDiagnostics(HintDiagnostics mode) { hintDiagnostics = mode; }

    /// Parses the spellings of later Tile IR versions (e.g. 13.5's `fpowf`,
    /// which NVIDIA's tileirdisasm prints) as the op they name.
    std::optional<::llvm::function_ref<::mlir::ParseResult(
        ::mlir::OpAsmParser &, ::mlir::OperationState &)>>
    getParseOperationHook(::llvm::StringRef opName) const override;

  private:
    void registerTypes();
    void registerAttributes();

    HintDiagnostics hintDiagnostics = HintDiagnostics::Silent;
  }];
}

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

class CudaTile_TypeDef<string name, string typeMnemonic,
                       list<Trait> traits = []>
    : TypeDef<CudaTile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

class CudaTile_AttrDef<string name, string attrMnemonic,
                       list<Trait> traits = []>
    : AttrDef<CudaTile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

class CudaTile_Op<string mnemonic, list<Trait> traits = []>
    : Op<CudaTile_Dialect, mnemonic, traits>;

/// Declaration to splice into `extraClassDeclaration` of ops whose regions
/// print and parse nested ops without the `cuda_tile.` prefix.
defvar CudaTile_DefaultDialectDecl = [{
  /// Ops nested in this op print and parse without the `cuda_tile.` prefix.
  static ::llvm::StringRef getDefaultDialect() { return "cuda_tile"; }
}];

#endif // TILEIR_DIALECT_CUDATILE_IR_CUDATILEDIALECT_TD
