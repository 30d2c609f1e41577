#!/usr/bin/env bash
# On the GPU machine: runs cuTile Python's samples with TileIR's tileiras
# (tile-as) and with NVIDIA's tileiras, in one run, and prints one table
# (utils/cutile/run_samples.py). DIR (default .gpu) holds what travels:
#   cuda_tile-*.whl          cuTile Python's wheel (for the machine's Python)
#   tileiras.xz, ptxas.xz    NVIDIA's tileiras and the ptxas of its release
#   tile-as.xz               TileIR's static tile-as (utils/build-static.sh)
#   samples/                 cuTile's samples/ at the commit of the wheel
# Prepare DIR with utils/gpu-checks/prepare-cutile-samples.sh.
set -euo pipefail
dir="${1:-.gpu}"
out="${OUT:-/tmp/cutile-samples}"
mkdir -p "$out" /tmp/nv /tmp/tileir
python3 -m pip install -q --no-index --no-deps --target /tmp/cutile-site "$dir"/cuda_tile-*.whl
export PYTHONPATH=/tmp/cutile-site${PYTHONPATH:+:$PYTHONPATH}
python3 - "$dir" <<'PY'
import lzma, os, shutil, sys
d = sys.argv[1]
for src, dst in [("tileiras.xz", "/tmp/nv/tileiras"), ("ptxas.xz", "/tmp/nv/ptxas"),
                 ("tile-as.xz", "/tmp/tileir/tile-as")]:
    with lzma.open(os.path.join(d, src)) as f, open(dst, "wb") as g:
        shutil.copyfileobj(f, g)
    os.chmod(dst, 0o755)
PY
ln -sf tile-as /tmp/tileir/tileiras
echo "TileIR:  $(env -u CUDA_HOME /tmp/tileir/tileiras --version | tr '\n' ' ')"
echo "NVIDIA:  $(env -u CUDA_HOME /tmp/nv/tileiras --version | tr '\n' ' ')"
python3 "$(dirname "$0")/../cutile/run_samples.py" --samples "$dir/samples" \
  --compiler tileir=/tmp/tileir --compiler tileiras=/tmp/nv \
  --timeout "${SAMPLE_TIMEOUT:-150}" --log-dir "$out"
