#!/usr/bin/env bash
# The workbench on a 24 MP JPEG (EXIF orientation 6) in headless Chromium: page load to the first
# full view, a stroke's latency (its segment is drawn inside the pointer event, so in the frame
# that shows the pointer there), the round trip to the server's exact mask, zoom to 1:1, and the
# server's peak memory while editing and after a local Remove. Not a test; needs PyPI for the
# venvs (Benchmarks/venv.sh makes the input, Tests/Browser/venv.sh has Selenium).
# Usage: Benchmarks/workbench_bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/swift-scratch.sh
export PATH="/opt/swift/usr/bin:$PATH"
runs="${1:-3}"
out=Benchmarks/out
mkdir -p "$out"
if [ ! -f "$out/photo24-o6.jpg" ]; then
  "$(Benchmarks/venv.sh)" Benchmarks/make_remove_input.py ../shared/photos/IMG_7686-straightened.jpg "$out"
fi
swift build -c release --product deglare >/dev/null
bin="$(swift build -c release --show-bin-path)"
export SE_OFFLINE=true
"$(Tests/Browser/venv.sh)" Benchmarks/workbench_bench.py "$bin/deglare" "$out/photo24-o6.jpg" "$out/mask24.png" "$runs"
