#!/usr/bin/env bash
# The local method's evaluation set (issue 13's families: tight masks, the same grown by 25 px,
# masks over glare-free paint, opaque coloured signs) on procedural paintings and on the painting
# scans in ../shared/paintings (skipped with a message when absent), tuning part and held-out
# part, scored beside OpenCV's Telea and Navier-Stokes inpainting and cv2.xphoto's shift-map
# (exemplar) inpainting. Prints one table; cases and outputs stay in Benchmarks/out/local-eval.
#   Benchmarks/local_eval.sh [--quick] [--split tune|heldout] [--set key=value ...]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
python="$(Benchmarks/venv.sh)"
swift build -c release --product deglare-eval >/dev/null
out=Benchmarks/out/local-eval
rm -rf "$out"
nice "$(swift build -c release --show-bin-path)/deglare-eval" --suite "$out" "$@"
nice "$python" Benchmarks/local_eval.py "$out"
