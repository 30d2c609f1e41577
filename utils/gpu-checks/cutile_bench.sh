#!/usr/bin/env bash
# On the GPU machine: runs cuTile Python's benchmarks (the bench_*.py of its
# test/ folder) with TileIR's tileiras (tile-as) and NVIDIA's tileiras in the
# same process, each case timed with both in alternating rounds, checks
# TileIR's results with the benchmark's own comparison, times PyTorch's
# backend, and prints one table (utils/cutile/run_bench.py).
#
#   cutile_bench.sh DIR...
#
# Each DIR holds part of what cutile_tests.sh takes (the cuTile wheel,
# tileiras.xz, ptxas.xz, libnvvm.so.4.xz, libdevice.10.bc, tile-as.xz and
# tests/: cuTile's test/ folder at the commit of the wheel; see
# cutile_samples.sh and prepare-cutile-samples.sh). All of it is over what
# one call carries: UNPACK_ONLY=1 unpacks a part into $NVROOT (default
# /tmp/nvroot) and stops, and a later call on the warm machine brings the rest.
#
# Environment:
#   FILES="bench_matmul.py ..."  these files only (default: every bench_*.py)
#   K='EXPR'        pytest -k for every file instead of the default selection
#                   (run_bench.py --list shows it: one large shape per kernel)
#   ALL=1           every case (far more than one 10-minute call)
#   BUDGET=520      seconds for the run; each file gets an equal share of what
#                   is left, and what a file leaves goes to the next
#   FILE_TIMEOUT=600, TEST_TIMEOUT=300   seconds per file / per case (both compilers)
#   MIN_ROUNDS=10   timed rounds at least per case
#   RESULTS=/tmp/cutile-bench   where run_bench.py writes (JSON, table, logs)
#   NAME            run name (default: bench, or files-HASH with FILES)
#   TABLE=1         only combine the runs in $RESULTS into one table
#   OUT             if set, the run's JSON and table and a tar.xz of its logs
#                   and records are copied there
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="${NVROOT:-/tmp/nvroot}"
results="${RESULTS:-/tmp/cutile-bench}"
runner="$here/../cutile/run_bench.py"
mkdir -p "$results"

# shellcheck source=cutile_common.sh
. "$here/cutile_common.sh"
cutile_table_only
cutile_setup "$@"

args=(--tests "${tests:?no tests/ given}" --out "$results"
      --compiler tileir="$root/tileir" --compiler tileiras="$root/nv/bin"
      --budget "${BUDGET:-520}" --file-timeout "${FILE_TIMEOUT:-600}"
      --test-timeout "${TEST_TIMEOUT:-300}" --min-rounds "${MIN_ROUNDS:-10}")
run="${NAME:-bench}"
if [ -n "${FILES:-}" ]; then
  # shellcheck disable=SC2206
  args+=(--files $FILES)
  run="${NAME:-files-$(echo "$FILES" | md5sum | cut -c1-8)}"
fi
if [ -n "${K:-}" ]; then args+=(-k "$K"); fi
if [ -n "${ALL:-}" ]; then args+=(--all); fi
cutile_run "$run" "${args[@]}"
