#!/usr/bin/env bash
# On the GPU machine: cuTile Python's matmul, attention and transpose kernels
# over a sweep of layouts, dtypes, shapes and tile sizes, compiled by TileIR's
# tileiras (tile-as) and NVIDIA's in one process, checked against a float64
# reference and timed next to PyTorch (utils/cutile/run_suite.py).
#
#   cutile_suite.sh DIR...
#
# DIRs as for cutile_bench.sh (UNPACK_ONLY=1 unpacks a part and stops).
# Environment:
#   ONLY=REGEX     cases whose names match (run_suite.py --list shows them)
#   TILEAS=PATH    a second tile-as, timed as a further compiler "tileir-b"
#   FLAGS_B="..."  tile-as options of "tileir-b" (with or without TILEAS:
#                  the same tile-as with other options, e.g.
#                  FLAGS_B=--warp-specialize=false)
#   MMA_SYNC=1     also TileIR's code for sm_90 without the sm_90a features
#                  (mma.sync; tile-as's sm_100 PTX assembled for sm_90), as
#                  the compiler "tileir-sm90"; only kernels whose shared
#                  memory fits the 48 KiB a kernel declares statically (the
#                  tile launch ABI) compile there
#   TRITON=1       also Triton's matmuls with the same tiles, cp.async and TMA
#                  (utils/cutile/triton_matmul.py); their PTX goes to
#                  $OUT/triton-ptx.tar.xz
#   ROUNDS=5       timed rounds per case; BUDGET=540 seconds for the run
#   OUT            if set, suite.json and suite.md are copied there
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="${NVROOT:-/tmp/nvroot}"
results="${RESULTS:-/tmp/cutile-suite}"
mkdir -p "$results"

# shellcheck source=cutile_common.sh
. "$here/cutile_common.sh"
cutile_setup "$@"

compilers=(--compiler tileir="$root/tileir" --compiler tileiras="$root/nv/bin")
if [ -n "${TILEAS:-}${FLAGS_B:-}" ]; then
  mkdir -p "$root/tileir-b"
  cp "${TILEAS:-$root/tileir/tile-as}" "$root/tileir-b/tile-as"
  printf '#!/usr/bin/env bash\nexec "%s" %s "$@"\n' \
    "$root/tileir-b/tile-as" "${FLAGS_B:-}" > "$root/tileir-b/tileiras"
  chmod +x "$root/tileir-b/tileiras"
  compilers+=(--compiler tileir-b="$root/tileir-b")
fi
if [ -n "${MMA_SYNC:-}" ]; then
  mkdir -p "$root/tileir-sm90"
  cat > "$root/tileir-sm90/tileiras" <<SH
#!/usr/bin/env bash
# cuTile calls tileiras IN -o OUT --gpu-name sm_90 ...: TileIR's PTX for the
# GPUs after sm_90 (no arch-specific features), assembled for sm_90.
set -euo pipefail
args=() out=""
while [ \$# -gt 0 ]; do
  case "\$1" in
    -o) out="\$2"; shift 2 ;;
    --gpu-name) shift 2 ;;
    --gpu-name=*) shift ;;
    *) args+=("\$1"); shift ;;
  esac
done
if [ -z "\$out" ]; then exec "$root/tileir/tile-as" "\${args[@]}"; fi
"$root/tileir/tile-as" -S --gpu-name sm_100 "\${args[@]}" -o "\$out.ptx"
"$root/nv/bin/ptxas" -arch sm_90 "\$out.ptx" -o "\$out"
SH
  chmod +x "$root/tileir-sm90/tileiras"
  compilers+=(--compiler tileir-sm90="$root/tileir-sm90")
fi
status=0
python3 "$here/../cutile/run_suite.py" --tests "${tests:?no tests/ given}" "${compilers[@]}" \
  --rounds "${ROUNDS:-5}" --budget "${BUDGET:-540}" --json "$results/suite.json" \
  ${ONLY:+--only "$ONLY"} ${TRITON:+--triton --triton-ptx "$results/triton-ptx"} || status=$?
copy_out "$results/suite.json" "$results/suite.md" 2>/dev/null || true
if [ -n "${TRITON:-}" ] && [ -d "$results/triton-ptx" ]; then
  tar -C "$results" -cJf "$results/triton-ptx.tar.xz" triton-ptx && copy_out "$results/triton-ptx.tar.xz"
fi
exit $status
