#!/usr/bin/env bash
# CTA-size sweep of the 8192-column softmax/layernorm examples (f32, bf16, and a
# bf16 softmax that multiplies by 1/sum), plus the alloca GPU check.
#   Here:   utils/gpu-checks/rowsweep/build.sh OUTDIR   (tile-translate, ptxas)
#   GPU:    cd OUTDIR && python3 sweep.py && python3 alloca_check.py
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
out="${1:?usage: build.sh OUTDIR}"
mkdir -p "$out"
python3 - "$root" "$out" <<'PY'
import re, sys
root, out = sys.argv[1], sys.argv[2]
def entries(path):
    return {m.group(1): m.group(0) for m in re.finditer(r'  entry @(\w+)\(.*?\n  }\n', open(path).read(), re.S)}
sm, ln = entries(f"{root}/examples/softmax.mlir"), entries(f"{root}/examples/layernorm.mlir")
rcp = sm["softmax_bf16_8192"].replace("softmax_bf16_8192", "softmax_bf16_rcp_8192").replace(
    "%out = divf %e, %sumb : tile<1x8192xf32>",
    "%one = constant <f32: 1.0> : tile<1xf32>\n    %rs = divf %one, %sum : tile<1xf32>\n"
    "    %rs2 = reshape %rs : tile<1xf32> -> tile<1x1xf32>\n"
    "    %rsb = broadcast %rs2 : tile<1x1xf32> -> tile<1x8192xf32>\n    %out = mulf %e, %rsb : tile<1x8192xf32>")
assert "mulf %e" in rcp
body = sm["softmax_8192"] + sm["softmax_bf16_8192"] + rcp + ln["layernorm_8192"] + ln["layernorm_bf16_8192"]
open(f"{out}/k.mlir", "w").write("cuda_tile.module @sweep {\n" + body + "}\n")
PY
for t in 128 256 512 1024; do
  "$root/build/bin/tile-translate" --cuda-tile-to-ptx --num-threads=$t "$out/k.mlir" -o "$out/k$t.ptx"
  /usr/local/cuda/bin/ptxas -arch=sm_90 "$out/k$t.ptx" -o /dev/null
done
"$root/build/bin/tile-translate" --cuda-tile-to-ptx "$root/utils/gpu-checks/rowsweep/alloca.mlir" -o "$out/alloca.ptx"
/usr/local/cuda/bin/ptxas -arch=sm_90 "$out/alloca.ptx" -o /dev/null
cp "$root"/utils/gpu-checks/rowsweep/{sweep.py,alloca_check.py} "$out/"
