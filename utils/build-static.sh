#!/usr/bin/env bash
# Builds self-contained tile-as, tile-translate, tile-opt and tileops-build:
# linked against the static LLVM/MLIR 22 archives of the Debian packages,
# with libstdc++, libgcc, zlib and zstd static and only glibc dynamic
# (cmake/TileIRStaticTools.cmake). They run on a machine that has the
# NVIDIA driver and glibc 2.35 or newer (and ptxas, for cubins) and nothing
# else.
#
#   utils/build-static.sh [OUT_DIR]
#
# Configures build-static/ once (-DTILEIR_STATIC_TOOLS=ON; same compilers and
# ccache as utils/build.sh, so the objects of build/ are reused), builds the
# tools, and writes stripped copies to OUT_DIR (default build-static/dist/bin)
# with the compat link tileiras -> tile-as. Prints each binary's libraries,
# its stripped size and its `zstd -19` size, and the newest glibc symbol
# version they use.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build-static"
out="${1:-$build/dist/bin}"
tools=(tile-as tile-translate tile-opt tileops-build)
TILEIR_BUILD_DIR="$build" \
  TILEIR_CMAKE_ARGS="-DTILEIR_STATIC_TOOLS=ON -DTILEIR_BUILD_UNITTESTS=OFF" \
  "$root/utils/build.sh" "${tools[@]}"

mkdir -p "$out"
strip=/usr/lib/llvm-22/bin/llvm-strip
for tool in "${tools[@]}"; do
  "$strip" --strip-all -o "$out/$tool" "$build/bin/$tool"
done
ln -sf tile-as "$out/tileiras"

# Only glibc may remain dynamic.
allowed='^(linux-vdso\.so|libc\.so|libm\.so|ld-linux-x86-64\.so|libpthread\.so|libdl\.so|librt\.so)'
status=0
total_zst=0
printf '%-16s %12s %12s  %s\n' tool stripped zstd-19 libraries
for tool in "${tools[@]}"; do
  libs=$(ldd "$out/$tool" | awk '{print $1}' | sed 's|.*/||' | sort -u | tr '\n' ' ')
  for lib in $libs; do
    if ! [[ "$lib" =~ $allowed ]]; then
      echo "build-static: $tool links $lib dynamically" >&2
      status=1
    fi
  done
  size=$(stat -c %s "$out/$tool")
  zst=$(zstd -19 -T0 -q -c "$out/$tool" | wc -c)
  total_zst=$((total_zst + zst))
  printf '%-16s %12s %12s  %s\n' "$tool" "$size" "$zst" "$libs"
done
echo "zstd -19 total: $total_zst bytes ($((total_zst / 1048576)) MiB)"
glibc=$(/usr/lib/llvm-22/bin/llvm-objdump -T "${tools[@]/#/$out/}" |
        grep -o 'GLIBC_2\.[0-9]*' | sort -t. -k2 -n -u | tail -1)
echo "newest glibc symbol version: $glibc"
exit $status
