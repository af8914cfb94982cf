#!/usr/bin/env bash
# Synthetic evaluation of the local provider's methods (subtract, fill, auto) against leaving the
# glare and OpenCV's inpainting (Telea, Navier-Stokes), PSNR inside the glare mask per glare kind.
#
#   Benchmarks/inpaint_eval.sh [--size WxH] [--seeds N] [--first-seed K] [--encoded] [--set key=value]
#
# Writes the cases and every method's output under Benchmarks/out/inpaint/ (gitignored), prints
# the table, then times the local methods on 1600x1200 crops. The defaults reproduce the table in
# the report; `--first-seed 101 --size 960x720` is the held-out set.
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/swift-scratch.sh

venv=Benchmarks/.venv
if [ ! -x "$venv/bin/python" ]; then
  if ! python3 -c 'import ensurepip' 2>/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq python3-venv >/dev/null
  fi
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q opencv-python-headless numpy
fi

swift build -c release --product deglare-eval
out=Benchmarks/out/inpaint
rm -rf "$out"
args=("$@")
if [ ${#args[@]} -eq 0 ]; then args=(--size 640x480 --seeds 6); fi
.build/release/deglare-eval "$out" "${args[@]}" >/dev/null
"$venv/bin/python" Benchmarks/inpaint_eval.py "$out"
echo
.build/release/deglare-eval --timing 1600x1200
