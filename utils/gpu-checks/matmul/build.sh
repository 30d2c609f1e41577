#!/usr/bin/env bash
# Compiles examples/matmul.mlir and the tile-size variants of gen_tiles.py for
# sm_90a into DEST/{matmul,tiles}.ptx (checked by ptxas -v: registers, spills)
# and copies the check script next to them (DEST defaults to .dev-mma/ in
# the repository, git-ignored; copy it to the GPU machine). Run
# check_matmul.py there. TT_FLAGS adds tile-translate options (TT_FLAGS=--roll-wgmma: the
# rolled wgmma K loop, docs/Matmul.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
dest="${1:-$root/.dev-mma}"
mkdir -p "$dest"
python3 "$root/utils/gpu-checks/matmul/gen_tiles.py" "$dest/tiles.mlir"
for name in matmul tiles; do
  src="$root/examples/matmul.mlir"
  [ "$name" = tiles ] && src="$dest/tiles.mlir"
  # shellcheck disable=SC2086
  "$root/build/bin/tile-translate" --cuda-tile-to-ptx --chip=sm_90a ${TT_FLAGS:-} "$src" \
    -o "$dest/$name.ptx"
  /usr/local/cuda/bin/ptxas -arch=sm_90a -v "$dest/$name.ptx" -o /dev/null 2>&1 |
    grep -E "warning|error|Compiling|registers|spill" || true
done
rm -f "$dest/tiles.mlir"
cp "$root/utils/gpu-checks/matmul/check_matmul.py" "$dest/"
