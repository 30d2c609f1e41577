#!/usr/bin/env bash
# On the GPU machine: runs cuTile Python's samples with TileIR's tileiras
# (tile-as) and with NVIDIA's tileiras, in one run, and prints one table
# (utils/cutile/run_samples.py).
#
#   cutile_samples.sh DIR...
#
# Each DIR holds part of what travels (all of it is over the 64 MiB a call
# carries, so it may come in two calls on the warm machine; UNPACK_ONLY=1
# unpacks a part into $NVROOT, default /tmp/nvroot, and stops):
#   cuda_tile-*.whl          cuTile Python's wheel (for the machine's Python)
#   tileiras.xz, ptxas.xz, libnvvm.so.4.xz, libdevice.10.bc
#                            NVIDIA's tileiras and what it needs of its release
#   tile-as.xz               TileIR's static tile-as (utils/build-static.sh)
#   samples/                 cuTile's samples/ at the commit of the wheel
# Prepare them with utils/gpu-checks/prepare-cutile-samples.sh. SAMPLES="A.py
# B.py" runs only those samples.
set -euo pipefail
root="${NVROOT:-/tmp/nvroot}"   # nv/ lays NVIDIA's files out as its wheel does; tileir/ ours
out="${OUT:-/tmp/cutile-samples}"
mkdir -p "$out" "$root/nv/bin" "$root/nv/lib" "$root/nv/nvvm/libdevice" "$root/tileir"
for dir in "${@:-.gpu}"; do
  python3 - "$dir" "$root" <<'PY'
import lzma, os, shutil, sys
d, root = sys.argv[1:3]
places = {"tileiras": "nv/bin", "ptxas": "nv/bin", "libnvvm.so.4": "nv/lib",
          "libdevice.10.bc": "nv/nvvm/libdevice", "tile-as": "tileir"}
for name in os.listdir(d):
    base = name[:-3] if name.endswith(".xz") else name
    if base not in places:
        continue
    dst = os.path.join(root, places[base], base)
    opener = lzma.open if name.endswith(".xz") else open
    with opener(os.path.join(d, name), "rb") as f, open(dst, "wb") as g:
        shutil.copyfileobj(f, g)
    os.chmod(dst, 0o755)
    print("unpacked", dst)
PY
  if ls "$dir"/cuda_tile-*.whl >/dev/null 2>&1; then
    python3 -m pip install -q --no-index --no-deps --upgrade --target "$root/site" "$dir"/cuda_tile-*.whl
  fi
  if [ -d "$dir/samples" ]; then samples="$dir/samples"; fi
done
if [ -n "${UNPACK_ONLY:-}" ]; then exit 0; fi
export PYTHONPATH="$root/site"${PYTHONPATH:+:$PYTHONPATH}
ln -sf tile-as "$root/tileir/tileiras"
echo "TileIR:  $(env -u CUDA_HOME "$root/tileir/tileiras" --version | tr '\n' ' ')"
echo "NVIDIA:  $(env -u CUDA_HOME "$root/nv/bin/tileiras" --version | tr '\n' ' ')"
python3 "$(dirname "$0")/../cutile/run_samples.py" --samples "${samples:?no samples/ given}" \
  --compiler tileir="$root/tileir" --compiler tileiras="$root/nv/bin" \
  --timeout "${SAMPLE_TIMEOUT:-150}" --log-dir "$out" ${SAMPLES:+--only $SAMPLES}
