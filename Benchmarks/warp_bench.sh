#!/usr/bin/env bash
# The perspective warp of `deglare straighten` next to OpenCV's warpPerspective (INTER_CUBIC,
# inverse map, replicated border) on the same 24-megapixel photo, the same homography and the
# same output size, in the same run. Only the warp is timed on either side (decode/encode
# excluded); the two alternate in rounds so background load hits both alike. Prints times and
# the ratio deglare / OpenCV (< 1: deglare is faster), and the mean absolute difference of the
# two outputs (they differ in the cubic kernel: Keys a = -0.5 here, -0.75 in OpenCV).
# Usage: Benchmarks/warp_bench.sh [--rounds N] [PHOTO]   (default: ../shared/photos/raw/IMG_7685.jpg)
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/swift-scratch.sh
export PATH="/opt/swift/usr/bin:$PATH"
rounds=4
if [ "${1:-}" = "--rounds" ]; then rounds="$2"; shift 2; fi
photo="${1:-}"
if [ -z "$photo" ]; then
  for candidate in ../shared/photos/raw/IMG_7685.jpg ../../shared/photos/raw/IMG_7685.jpg; do
    [ -f "$candidate" ] && photo="$candidate" && break
  done
fi
[ -f "$photo" ] || { echo "photo not found; pass one" >&2; exit 1; }
python="$(Benchmarks/venv.sh)"
swift build -c release --product straighten-eval >/dev/null
tool="$(swift build -c release --show-bin-path)/straighten-eval"
mkdir -p Benchmarks/out
input=Benchmarks/out/warp-input-24mp.png
# 6000x4000 RGB: the photo resized to 24 MP (a 24 MP camera's frame size).
"$python" Benchmarks/warp_peers.py prepare "$photo" "$input"
corners="310,180,5690,420,5810,3830,170,3700"
size="6000x4000"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
for _ in $(seq "$rounds"); do
  "$tool" warp-bench "$input" --corners "$corners" --size "$size" --runs 2 --output Benchmarks/out/warp-deglare.png >> "$tmp/deglare.jsonl"
  "$python" Benchmarks/warp_peers.py time "$input" "$corners" "$size" 2 Benchmarks/out/warp-opencv.png >> "$tmp/opencv.jsonl"
done
"$python" Benchmarks/warp_peers.py report "$tmp/deglare.jsonl" "$tmp/opencv.jsonl" Benchmarks/out/warp-deglare.png Benchmarks/out/warp-opencv.png
