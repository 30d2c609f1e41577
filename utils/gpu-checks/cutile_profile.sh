#!/usr/bin/env bash
# On the GPU machine: profiles one cuTile benchmark kernel with Nsight Compute,
# compiled by TileIR's tileiras (tile-as) and by NVIDIA's, and prints the
# metrics that explain a speed gap (duration, registers, occupancy, warp
# stall reasons, shared-memory bank conflicts, local-memory spills).
#
#   cutile_profile.sh DIR BENCH.py 'PYTHON CALL' KERNEL_REGEX
#
# DIR is unpacked as by cutile_tests.sh (after its UNPACK_ONLY=1 run);
# PYTHON CALL runs in the benchmark module's namespace, e.g.
#   'q,k,v=(torch.randn(1,32,8192,128,dtype=torch.float16,device="cuda") for _ in range(3)); cutile_fmha(q,k,v,torch.empty_like(q),True,False)'
# Set TILEAS=PATH to profile another tile-as build as a third compiler.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="${NVROOT:-/tmp/nvroot}"
dir="$1" bench="$2" call="$3" kernel="$4"
tests="$(cd "$dir/tests" && pwd)"
ln -sf tile-as "$root/tileir/tileiras"
compilers=("tileir=$root/tileir" "tileiras=$root/nv/bin")
if [ -n "${TILEAS:-}" ]; then
  mkdir -p "$root/tileir-b" && cp "$TILEAS" "$root/tileir-b/tile-as"
  ln -sf tile-as "$root/tileir-b/tileiras"
  compilers+=("tileir-b=$root/tileir-b")
fi
cat > /tmp/cutile_profile_run.py <<PY
import sys, importlib, torch
sys.path.insert(0, "$tests")
m = importlib.import_module("${bench%.py}")
ns = dict(vars(m)); ns["torch"] = torch
for _ in range(3):
    exec(compile(sys.argv[1], "call", "exec"), ns)
torch.cuda.synchronize()
PY
metrics=gpu__time_duration.sum,launch__registers_per_thread,launch__block_size,launch__grid_size,launch__occupancy_limit_registers,sm__warps_active.avg.pct_of_peak_sustained_active,launch__shared_mem_per_block_dynamic,launch__shared_mem_per_block_static,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,l1tex__t_bytes_pipe_lsu_mem_local_op_st.sum,l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum,sm__inst_executed.sum,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_wait.ratio,smsp__average_warp_latency_issue_stalled_short_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_math_pipe_throttle.ratio,smsp__average_warp_latency_issue_stalled_mio_throttle.ratio,smsp__average_warp_latency_issue_stalled_lg_throttle.ratio,dram__throughput.avg.pct_of_peak_sustained_elapsed
for c in "${compilers[@]}"; do
  name="${c%%=*}" bin="${c#*=}"
  echo "== $name"
  (cd "$tests" && env -u CUDA_HOME PATH="$bin:$PATH" PYTHONPATH="$root/site" \
     ncu --kernel-name "regex:$kernel" --launch-skip 1 --launch-count 1 \
       --metrics "$metrics" --csv --page raw \
       python3 /tmp/cutile_profile_run.py "$call" 2>&1) |
    python3 "$here/ncu_table.py" "$metrics" || true
done
