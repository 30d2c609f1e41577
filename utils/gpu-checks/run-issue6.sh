#!/usr/bin/env bash
# The issue-6 (tileops) GPU batch in one device run: every op x dtype at small and odd
# shapes (check.py), torch.compile(fullgraph=True) composites (compile_check.py), and the
# large §A5 workloads timed against torch eager, torch.compile and Triton (bench_a5.py).
#
#   Here (with the compiler):  utils/gpu-checks/run-issue6.sh build
#       builds into .dev-i6/ (git-ignored): check/, cc/ (a kernel cache), a5/.
#   On the GPU machine (device tool, carry [".dev-i6"]):
#       bash utils/gpu-checks/run-issue6.sh run        (logs and JSON under $OUT)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="$root/.dev-i6"
here="$root/utils/gpu-checks/tileops"
py="${PYTHON:-$root/build/venv/bin/python}"
case "${1:-}" in
build)
  rm -rf "$out" && mkdir -p "$out"
  "$py" "$here/check.py" make "$out/check"
  "$py" "$here/compile_check.py" make "$out/cc"
  "$py" "$here/bench_a5.py" make "$out/a5"
  ;;
run)
  export PYTHONUNBUFFERED=1 PYTHONPATH="$root/python"
  log="${OUT:-/tmp}"
  echo "=== torch.compile"; python3 "$here/compile_check.py" run "$out/cc" 2>&1 | tee "$log/compile.log" | tail -12 || true
  echo "=== small/odd shapes"; python3 "$here/check.py" run "$out/check" > "$log/check.log" 2>&1 || true
  grep -E "^correctness|^FAIL|§A5 kernels" "$log/check.log" | head -40
  echo "=== §A5 large workloads"; python3 "$here/bench_a5.py" run "$out/a5" 2>&1 | tee "$log/a5.log" | tail -25
  ;;
*)
  echo "usage: $0 build|run" >&2; exit 2;;
esac
