# shellcheck shell=bash
# shellcheck disable=SC2154,SC2034  # here, root, results, runner: set by the caller; tests: read by it
# Sourced by cutile_tests.sh and cutile_bench.sh (on the GPU machine): what
# both do around their runner (utils/cutile/run_tests.py, run_bench.py).
# Expects $here (the scripts' folder), $root (NVROOT), $results and $runner.

copy_out() {    # copy_out FILE... into $OUT, if set
  if [ -n "${OUT:-}" ]; then mkdir -p "$OUT"; cp "$@" "$OUT"/; fi
}

# TABLE=1: combine the runs in $results into one table, copy it out, exit.
cutile_table_only() {
  if [ -n "${TABLE:-}" ]; then
    python3 "$runner" --out "$results" --table
    copy_out "$results/table.md" "$results/combined.json"
    exit 0
  fi
}

# cutile_setup DIR...: unpacks each DIR into $root (cutile_samples.sh), sets
# $tests to the DIR holding tests/, stops after unpacking with UNPACK_ONLY=1,
# else exports the environment of the runs and prints both compilers'
# versions and the GPU.
cutile_setup() {
  tests=""
  local dir
  for dir in "${@:-.gpu}"; do
    UNPACK_ONLY=1 OUT=/tmp/cutile-unpack NVROOT="$root" "$here/cutile_samples.sh" "$dir"
    if [ -d "$dir/tests" ]; then tests="$dir/tests"; fi
  done
  if [ -n "${UNPACK_ONLY:-}" ]; then exit 0; fi
  export PYTHONPATH="$root/site"${PYTHONPATH:+:$PYTHONPATH}
  export PYTHONUNBUFFERED=1
  ln -sf tile-as "$root/tileir/tileiras"
  echo "TileIR:  $(env -u CUDA_HOME "$root/tileir/tileiras" --version | tr '\n' ' ')"
  echo "NVIDIA:  $(env -u CUDA_HOME "$root/nv/bin/tileiras" --version | tr '\n' ' ')"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu \
    --format=csv,noheader || true
}

# cutile_run RUN ARGS...: the runner with ARGS as run RUN, its logs packed
# and copied out with its JSON and table; exits with the runner's status.
cutile_run() {
  local run="$1" status=0
  shift
  python3 "$runner" "$@" --name "$run" || status=$?
  tar -C "$results" -cJf "$results/$run-logs.tar.xz" "$run" 2>/dev/null || true
  copy_out "$results/$run.json" "$results/$run.md" "$results/$run-logs.tar.xz" 2>/dev/null || true
  exit $status
}
