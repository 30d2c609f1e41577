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

def TirX_WarpSpecializeOp : TirX_Op<"warp_specialize",
    [NoTerminator, SingleBlock]> {
  let summary = "Runs a region on extra producer warps next to the CTA's own";
  let description = [{
    Runs `body` on the kernel's threads (its `known_block_size`, for which
    every primitive is dispatched) and, at the same time, `producer` on
    `producer_warps` further warps of the launch, of which one thread (the
    first lane of the first of them) executes the region's ops. Both
    regions start when the kernel's threads reach the op, and the op ends
    when both have ended: what the producer wrote before its end is
    visible to the kernel's threads after the op. The regions talk to each
    other through memory only (mbarriers: the producer fills pipeline
    stages, the body consumes them and hands them back).

    The producer region holds one thread's work: primitives of `thread`
    scope, mbarrier operations, `tirx.tensor_maps` (built by that thread),
    scalar arithmetic and structured control flow; no barrier. The values it
    uses from outside must be recomputable from the kernel's arguments
    without memory accesses (constants, ids, arithmetic, views of shared
    memory): the producer warps compute them again.

    The op must sit directly in the kernel's body, which runs it once; the
    kernel may hold no cluster barrier (the producer warps never reach it).
    `tirx-lower-buffers` lowers it: the kernel's `.reqntid` grows by
    `producer_warps` x 32 threads, which branch at the kernel's entry to
    the producer regions of the kernel (in order); each waits for the
    kernel's threads at a named barrier and joins them at the next one
    (ids after the warpgroup barriers: 1 + the kernel's warpgroups and
    2 + them); the kernel's CTA barriers become barriers of its own threads
    (`bar.sync 0, known_block_size`).

    Example:

    ```mlir
    tirx.warp_specialize producer_warps(1) {
      // consumer loop: wait full[s], compute, arrive on empty[s]
    } producer {
      // producer loop: wait empty[s], arm full[s], TMA copies
    }
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntMinValue<1>]>:$producer_warps);
  let regions = (region SizedRegion<1>:$body, SizedRegion<1>:$producer);
  let assemblyFormat = [{
    `producer_warps` `(` $producer_warps `)` $body `producer` $producer
    attr-dict
  }];
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "int64_t":$producerWarps)>];
  let extraClassDeclaration = [{
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
    ::mlir::Block &getProducerBlock() { return getProducer().front(); }
  }];
}

#endif // TILEIR_DIALECT_TIRX_TIRXKERNELOPS_TD
