#!/usr/bin/env bash
# The whole `deglare remove` on a 24 MP JPEG (EXIF orientation 6, ~3 % mask) against a provider
# that answers at once (stub-server), next to the OpenCV pipeline doing the same steps, in the
# same run, alternating; then each step in-process. Prints wall time and peak memory ratios.
# Usage: Benchmarks/remove_bench.sh [RUNS]   (needs PyPI for the venv; kept out of CI)
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/swift-scratch.sh
export PATH="/opt/swift/usr/bin:$PATH"
runs="${1:-3}"
python="$(Benchmarks/venv.sh)"
out=Benchmarks/out
mkdir -p "$out"
[ -f "$out/photo24-o6.jpg" ] || "$python" Benchmarks/make_remove_input.py ../shared/photos/IMG_7686-straightened.jpg "$out"
swift build -c release --product deglare >/dev/null
swift build -c release --product stub-server >/dev/null
swift build -c release --product deglare-bench >/dev/null
bin="$(swift build -c release --show-bin-path)"

coproc STUB { exec "$bin/stub-server" --exit-on-stdin-eof; }
read -r portline <&"${STUB[0]}"
port="${portline#PORT=}"
trap 'kill $STUB_PID 2>/dev/null || true' EXIT
export OPENAI_BASE_URL="http://127.0.0.1:$port/v1" OPENAI_API_KEY="sk-bench-0000000000000000"

measure() {  # prints "seconds max_rss_kb"
  /usr/bin/time -f "%e %M" -o "$out/time.txt" "$@" >/dev/null 2>"$out/stderr.txt" || { cat "$out/stderr.txt"; exit 1; }
  cat "$out/time.txt"
}
echo "whole run, $runs times each, alternating (seconds, peak RSS MB):"
: > "$out/whole.txt"
for i in $(seq "$runs"); do
  d=$(measure "$bin/deglare" remove "$out/photo24-o6.jpg" --mask "$out/mask24.png" --provider openai -o "$out/deglare.png" --force)
  c=$(measure "$python" Benchmarks/remove_opencv.py "$out/photo24-o6.jpg" "$out/mask24.png" "$out/opencv.png")
  echo "$d $c" >> "$out/whole.txt"
  echo "  deglare $d   opencv $c"
done
"$bin/deglare-bench" remove --runs "$runs" "$out/photo24-o6.jpg" "$out/mask24.png" 1024 > "$out/steps-deglare.json"
"$python" Benchmarks/remove_opencv.py "$out/photo24-o6.jpg" "$out/mask24.png" "$out/opencv.png" --steps "$runs" > "$out/steps-opencv.json"
"$python" - "$out" <<'PY'
import json, sys
out = sys.argv[1]
rows = [list(map(float, l.split())) for l in open(f"{out}/whole.txt")]
d_t = min(r[0] for r in rows); d_m = min(r[1] for r in rows) / 1024
c_t = min(r[2] for r in rows); c_m = min(r[3] for r in rows) / 1024
print(f"whole remove: deglare {d_t:.2f} s, {d_m:.0f} MB; OpenCV pipeline {c_t:.2f} s, {c_m:.0f} MB; "
      f"time ratio {d_t / c_t:.2f}, memory ratio {d_m / c_m:.2f}")
ours = json.load(open(f"{out}/steps-deglare.json")); peer = json.load(open(f"{out}/steps-opencv.json"))
print(f"{'step':18} {'deglare ms':>10} {'OpenCV ms':>10} {'ratio':>6}")
for k in ["decode", "mask_decode", "plan", "crop_copy", "resize_to_upload", "upload_png", "resize_back", "feather", "composite", "encode_output"]:
    a, b = ours[k] * 1000, peer[k] * 1000
    print(f"{k:18} {a:10.1f} {b:10.1f} {a / b if b else float('nan'):6.2f}")
print("composite for deglare includes copying the crop it blends into (the encoder writes it over the original: RegionOverlay)")
PY
