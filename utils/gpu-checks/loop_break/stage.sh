#!/bin/bash
# Stages the loop_break GPU check as a self-contained folder DEST (default
# .dev-loop-break/ in the repository, git-ignored): the kernel cache of
# examples/loop_break.mlir, utils/gpu_check.py, the example and
# python/tileir. Copy DEST to the GPU machine, then:
#   cd DEST/repo && PYTHONUNBUFFERED=1 python3 utils/gpu_check.py \
#       --cache-dir ../kcache -k 'first_exceeding|weighted_chunks'
# (utils/bench.sh runs the same cases with every other example.)
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
dest=${1:-$root/.dev-loop-break}
cd "$root"
rm -rf .dev-cf/kcache
build/venv/bin/python -m tileir.aot --cache-dir .dev-cf/kcache examples/loop_break.mlir
rm -rf "$dest"
mkdir -p "$dest/repo/utils" "$dest/repo/examples" "$dest/repo/python"
cp -r .dev-cf/kcache "$dest/kcache"
cp utils/gpu_check.py "$dest/repo/utils/"
cp examples/loop_break.mlir "$dest/repo/examples/"
cp -r python/tileir "$dest/repo/python/"
find "$dest" -name __pycache__ -prune -exec rm -rf {} +
