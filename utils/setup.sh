#!/usr/bin/env bash
# Installs what TileIR needs on Debian 12, skipping what is already there:
# LLVM/MLIR 22 (dev packages, mlir-tblgen, lit, FileCheck), clang/lld, Ninja,
# CMake, ccache, GoogleTest, and a Python virtual environment (build/venv)
# with pytest and the tileir package. The CUDA toolkit (ptxas) is optional:
# without it PTX is still produced, but not assembled or checked.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

packages=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22 lld-22
          ninja-build cmake ccache libgtest-dev libzstd-dev zlib1g-dev libedit-dev
          libxml2-dev libcurl4-openssl-dev libclang-rt-22-dev python3 python3-venv
          python3-pip)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi

venv="$root/build/venv"
if [ ! -x "$venv/bin/python" ]; then
  mkdir -p "$root/build"
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check pytest
"$venv/bin/python" -m pip install -q --disable-pip-version-check -e "$root/python"
if ! command -v ptxas >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/ptxas ]; then
  echo "setup: note: ptxas (CUDA toolkit) not found; PTX will not be assembled"
fi
