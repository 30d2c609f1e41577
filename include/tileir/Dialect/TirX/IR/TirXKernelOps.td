//===- TirXKernelOps.td - tirx kernel structure ops --------*- tablegen -*-===//
//
// Part of TileIR. Scope ids and barriers: the kernel structure around the
// primitives. A tirx kernel is a `gpu.func` with the `kernel` attribute and a
// 1-D `known_block_size` (the CTA size every primitive is dispatched for).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIR_DIALECT_TIRX_TIRXKERNELOPS_TD
#define TILEIR_DIALECT_TIRX_TIRXKERNELOPS_TD

include "mlir/Interfaces/InferIntRangeInterface.td"

class TirX_ScopeIdOp<string mnemonic, string axisName, string text>
    : TirX_Op<mnemonic, [Pure,
        DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "The " # text;
  let description = !strconcat("The ", text, [{. Its range is known from the
    kernel's CTA size (`known_block_size`); `tirx-dispatch` uses `if`s on it
    to narrow the set of active threads (see docs/Dispatch.md), and
    `tirx-lower-buffers` lowers it to `gpu.thread_id`/`gpu.block_id`
    arithmetic.

    Example:

    ```mlir
    %id = tirx.}], mnemonic, [{ : index
    ```
  }]);
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The layout axis this id enumerates (`laneid`, `warpid`, ...).
    static ::llvm::StringRef getAxisName() { return "}] # axisName # [{"; }
  }];
}

def TirX_ThreadIdOp : TirX_ScopeIdOp<"thread_id", "tx",
    "thread index in the CTA, in [0, CTA size)">;
def TirX_LaneIdOp : TirX_ScopeIdOp<"lane_id", "laneid",
    "lane index in the warp, in [0, 32)">;
def TirX_WarpIdOp : TirX_ScopeIdOp<"warp_id", "warpid",
    "warp index in the CTA, in [0, CTA size / 32)">;
def TirX_WarpgroupIdOp : TirX_ScopeIdOp<"warpgroup_id", "wgid",
    "warpgroup (4 consecutive warps) index in the CTA, in [0, CTA size / 128)">;
def TirX_WarpIdInWarpgroupOp : TirX_ScopeIdOp<"warp_id_in_warpgroup",
    "wid_in_wg", "warp index in its warpgroup, in [0, 4)">;

def TirX_CtaIdOp : TirX_Op<"cta_id", [Pure]> {
  let summary = "The CTA index in the grid along one dimension";
  let description = [{
    Example:

    ```mlir
    %bx = tirx.cta_id x : index
    ```
  }];
  let arguments = (ins TirX_GridDimAttr:$dimension);
  let results = (outs Index:$result);
  let assemblyFormat = "$dimension attr-dict `:` type($result)";
}

def TirX_BarrierOp : TirX_Op<"barrier"> {
  let summary = "Synchronizes the threads of an execution scope";
  let description = [{
    Every thread of the scope waits until all threads of the scope have
    reached the barrier; memory writes before it (shared memory included)
    are visible to the scope's threads after it. `cta` is `bar.sync 0`
    (`gpu.barrier`), `warpgroup` a named barrier of 128 threads (ids 1 + the
    warpgroup index), `warp` is `bar.warp.sync`. `thread` is not a valid
    scope; `cluster` needs sm_90.

    Example:

    ```mlir
    tirx.barrier cta
    tirx.barrier warpgroup
    ```
  }];
  let arguments = (ins TirX_ExecScopeAttr:$scope);
  let assemblyFormat = "$scope attr-dict";
  let hasVerifier = 1;
}

#endif // TILEIR_DIALECT_TIRX_TIRXKERNELOPS_TD
