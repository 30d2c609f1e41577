#!/usr/bin/env bash
# Every GPU check and example under compute-sanitizer (memcheck, racecheck,
# synccheck, initcheck) in one GPU run: one table, check x tool -> errors /
# time, exit status 1 on any sanitizer error (docs/Testing.md, "GPU sanitizer
# run"). The checks run at small sizes with no timing loops
# (TILEIR_CHECK_SMALL=1, read by each check program).
#
#   Here (with the compiler):  utils/gpu-checks/sanitize.sh build
#       the build modes of run-cuda-tile-checks.sh, run-tirx-checks.sh and
#       run-tileops.sh (.kcache/, .dev-cuda-tile/, .dev-all/, .dev-tileops/),
#       plus the kernels of the checks no run-*.sh builds (tutorial.py and
#       launch_abi.py into .kcache/; mma-types, f8-precision, mmai, pack and
#       the rowsweep alloca check into .dev-sanitize/). All git-ignored.
#       SKIP_TILEOPS=1 keeps an existing .dev-tileops/ (its build takes minutes).
#   On the GPU machine (the checkout plus those five folders carried):
#       bash utils/gpu-checks/sanitize.sh run
#       the table goes to stdout and $OUT/sanitize.txt, results to
#       $OUT/sanitize.json, every log to $OUT/sanitize-logs.tgz.
#
# Run-mode environment (utils/gpu-checks/sanitize_run.py):
#   BUDGET=480      seconds for the whole run; runs that do not fit are "not run"
#   JOBS=6          sanitizer runs at a time (one GPU, shared)
#   TOOLS="memcheck racecheck synccheck initcheck"
#   CHECKS=REGEX    only the checks whose name matches (e.g. CHECKS='^(examples|gemm)$')
#   EXCLUDE_<TOOL>=FILTER   --kernel-name-exclude for that tool (empty: none);
#                   defaults in sanitize_run.py: PyTorch's, cuBLAS's and Triton's
#                   kernels for memcheck, racecheck and synccheck; none for initcheck
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/utils/gpu-checks"
san="$root/.dev-sanitize"
case "${1:-}" in
build)
  translate="$root/build/bin/tile-translate"
  ptxas="${PTXAS:-/usr/local/cuda/bin/ptxas}"
  export TILEIR_TOOLS_DIR="$root/build/bin"
  py="$root/build/venv/bin/python"
  bash "$here/run-cuda-tile-checks.sh" build
  bash "$here/run-tirx-checks.sh" build
  if [ -n "${SKIP_TILEOPS:-}" ] && [ -d "$root/.dev-tileops" ]; then
    echo "sanitize.sh: SKIP_TILEOPS set, keeping .dev-tileops/"
  else
    bash "$here/run-tileops.sh" build
  fi
  rm -rf "$san" && mkdir -p "$san/mmai" "$san/pack"
  "$py" "$here/tutorial.py" --build --cache-dir "$root/.kcache"
  "$py" "$here/launch_abi.py" --build --cache-dir "$root/.kcache"
  sh "$here/mma-types/build.sh" "$san/mma-types"
  sh "$here/f8-precision/build.sh" "$san/f8"
  bash "$here/rowsweep/build.sh" "$san/rowsweep"
  # mmai and pack: their gen.py writes these test files (the RUN lines' chips).
  "$translate" --cuda-tile-to-ptx --chip=sm_90 "$root/test/Target/PTX/mmai.mlir" -o "$san/mmai/mmai.ptx"
  "$translate" --cuda-tile-to-ptx "$root/test/Target/PTX/pack.mlir" -o "$san/pack/pack.ptx"
  for f in "$san"/mmai/*.ptx "$san"/pack/*.ptx; do "$ptxas" -arch=sm_90 "$f" -o /dev/null; done
  python3 "$here/sanitize_run.py" --names "$root"
  du -sc "$root/.kcache" "$root/.dev-cuda-tile" "$root/.dev-all" "$root/.dev-tileops" "$san"
  ;;
run)
  exec python3 "$here/sanitize_run.py" "$root"
  ;;
*)
  echo "usage: $0 build|run" >&2; exit 2;;
esac
