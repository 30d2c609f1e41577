#!/usr/bin/env bash
# Compile time of every example, cuda_tile text -> PTX: median of N runs
# (default 5) of wall and CPU (user + sys) milliseconds per example, for one
# or more tile-translate binaries run alternately (so that they share the
# machine's load). matmul also with --chip=sm_90a.
#   utils/compile-time.sh [-n RUNS] [BIN...]   (default: build/bin/tile-translate)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs=5
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
bins=("$@")
[ ${#bins[@]} -eq 0 ] && bins=("$root/build/bin/tile-translate")
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }
printf '%-12s %-7s' example chip
for b in "${bins[@]}"; do printf ' | %-22s' "$(basename "$(dirname "$b")")/$(basename "$b")"; done
printf ' | load\n'
for f in "$root"/examples/*.mlir; do
  name=$(basename "$f" .mlir)
  chips=(sm_90)
  [ "$name" = matmul ] && chips+=(sm_90a)
  for chip in "${chips[@]}"; do
    declare -A wall=() cpu=()
    for ((i = 0; i < runs; ++i)); do
      for b in "${bins[@]}"; do
        /usr/bin/time -f '%e %U %S' -o "$tmp" "$b" --cuda-tile-to-ptx \
          --chip="$chip" "$f" -o /dev/null
        read -r e u s < "$tmp"
        wall[$b]+=" $(awk -v e="$e" 'BEGIN{printf "%d", e*1000}')"
        cpu[$b]+=" $(awk -v u="$u" -v s="$s" 'BEGIN{printf "%d", (u+s)*1000}')"
      done
    done
    printf '%-12s %-7s' "$name" "$chip"
    for b in "${bins[@]}"; do
      # shellcheck disable=SC2086
      printf ' | wall %5s cpu %5s ms' "$(median ${wall[$b]})" "$(median ${cpu[$b]})"
    done
    printf ' | %s\n' "$(cut -d' ' -f1 /proc/loadavg)"
    unset wall cpu
  done
done
