#!/usr/bin/env bash
# On the GPU machine: runs cuTile Python's own test suite (its test/ folder)
# with TileIR's tileiras (tile-as) and with NVIDIA's tileiras, file by file,
# the compilers taking turns, and prints one table (utils/cutile/run_tests.py).
#
#   [SHARD=I/N] cutile_tests.sh DIR...
#
# Each DIR holds part of what cutile_samples.sh takes (the cuTile wheel,
# tileiras.xz, ptxas.xz, libnvvm.so.4.xz, libdevice.10.bc, tile-as.xz; see
# there) and tests/: cuTile's test/ folder at the commit of the wheel
# (utils/gpu-checks/prepare-cutile-samples.sh writes .gpu-a and .gpu).
# UNPACK_ONLY=1 unpacks and stops.
#
# Environment:
#   SHARD=I/N       run shard I of N (files split by size); unset: every file
#   FILES="a.py b.py"  run these files only
#   BUDGET=520      seconds for the run; files that do not fit are marked "not run"
#   FILE_TIMEOUT=480, TEST_TIMEOUT=120   seconds per file and compiler / per test
#   GROUP=1         test files per pytest process
#   RESULTS=/tmp/cutile-tests   where run_tests.py writes (JSON, tables, logs)
#   CONTINUE=1      keep what an earlier run of the same shard or files has and
#                   run only the files it did not get to (see BUDGET)
#   TABLE=1         only combine the runs in $RESULTS into one table
#   OUT             if set, the run's JSON and table and a tar.xz of its logs and
#                   JUnit XML are copied there
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="${NVROOT:-/tmp/nvroot}"
results="${RESULTS:-/tmp/cutile-tests}"
runner="$here/../cutile/run_tests.py"
mkdir -p "$results"

# shellcheck source=cutile_common.sh
. "$here/cutile_common.sh"
cutile_table_only
cutile_setup "$@"

args=(--tests "${tests:?no tests/ given}" --out "$results"
      --compiler tileir="$root/tileir" --compiler tileiras="$root/nv/bin"
      --budget "${BUDGET:-520}" --timeout "${FILE_TIMEOUT:-480}"
      --test-timeout "${TEST_TIMEOUT:-120}" --group "${GROUP:-1}")
if [ -n "${FILES:-}" ]; then
  # shellcheck disable=SC2206
  args+=(--files $FILES)
  run="files-$(echo "$FILES" | md5sum | cut -c1-8)"
elif [ -n "${SHARD:-}" ]; then
  args+=(--shard "$SHARD")
  run="shard-${SHARD%/*}-of-${SHARD#*/}"
else
  run=all
fi
if [ -n "${CONTINUE:-}" ]; then args+=(--continue); fi
cutile_run "$run" "${args[@]}"
