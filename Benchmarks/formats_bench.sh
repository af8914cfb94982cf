#!/usr/bin/env bash
# Input and output formats next to their peers in the same run, alternating, as ratios
# (deglare / peer; < 1 means deglare is faster):
# - HEIC decode of the phone's files (../shared/photos/heic) against heif-convert 1.15 (the same
#   libheif) writing Y4M (decode only: no RGB conversion, raw output) and PNG (decode, RGB, PNG).
#   heif-convert 1.15 cannot read the phone's files, so it gets them mended as deglare mends them
#   in memory (deglare-bench heif --mended).
# Usage: Benchmarks/formats_bench.sh [--runs N] [--cpu]   (--cpu compares CPU seconds, steadier on
# a busy machine; libheif decodes tiles on several threads, so wall and CPU differ)
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/swift-scratch.sh
export PATH="/opt/swift/usr/bin:$PATH"
runs=3
if [ "${1:-}" = "--runs" ]; then runs="$2"; shift 2; fi
cpu=0
if [ "${1:-}" = "--cpu" ]; then cpu=1; export DEGLARE_BENCH_CPU=1; shift; fi
command -v heif-convert >/dev/null || { echo "needs heif-convert: apt-get install -y libheif-examples" >&2; exit 1; }
photos=../shared/photos
[ -d "$photos/heic" ] || { echo "needs $photos/heic (the phone's HEIC files)" >&2; exit 1; }
swift build -c release --product deglare-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/deglare-bench"
out=Benchmarks/out
mkdir -p "$out"

peer() {  # seconds (wall, or user+sys with --cpu) of one heif-convert run
  /usr/bin/time -f "%e %U %S" -o "$out/time.txt" heif-convert "$@" >/dev/null
  awk -v cpu="$cpu" '{ print (cpu == 1 ? $2 + $3 : $1) }' "$out/time.txt"
}

echo "HEIC decode, best of $runs (seconds; ratio deglare / heif-convert):"
printf '%-14s %9s %9s %11s %9s %11s %9s\n' photo MP deglare y4m 'deglare/y4m' png 'deglare/png'
"$bench" heif --runs 1 --mended "$out" "$photos"/heic/*.heic >/dev/null
for f in "$photos"/heic/*.heic; do
  mended="$out/$(basename "$f")"
  best_y4m=999; best_png=999
  for _ in $(seq "$runs"); do
    y=$(peer "$mended" "$out/heif-convert.y4m"); best_y4m=$(echo "$y $best_y4m" | awk '{ print ($1 < $2 ? $1 : $2) }')
    p=$(peer "$mended" "$out/heif-convert.png"); best_png=$(echo "$p $best_png" | awk '{ print ($1 < $2 ? $1 : $2) }')
  done
  line=$("$bench" heif --runs "$runs" "$f")
  python3 - "$line" "$best_y4m" "$best_png" "$(basename "$f")" <<'PY'
import json, sys
o = json.loads(sys.argv[1]); y4m = float(sys.argv[2]); png = float(sys.argv[3])
mp = o["width"] * o["height"] / 1e6
print(f"{sys.argv[4]:14} {mp:9.1f} {o['decode']:9.2f} {y4m:9.2f} {o['decode'] / y4m:11.2f} {png:9.2f} {o['decode'] / png:11.2f}")
PY
done
rm -f "$out/heif-convert.y4m" "$out/heif-convert.png" "$out/time.txt" "$out"/IMG_*.heic
echo "deglare: in-process decode to RGB (container checks and repair included); heif-convert: whole process"

# - The lossless JPEG splice of a 24 MP photo (EXIF orientation 6, a ~3 % mask brightened by 24
#   levels) against full re-encodes of the same result with libjpeg-turbo in the same process:
#   q95 4:4:4 (deglare's JPEG output for non-JPEG inputs) and q92 4:2:0 (the original's settings),
#   and against Pillow saving it at q92 (libjpeg-turbo too).
python="$(Benchmarks/venv.sh)"
[ -f "$out/photo24-o6.jpg" ] || "$python" Benchmarks/make_remove_input.py "$photos/IMG_7686-straightened.jpg" "$out"
echo
echo "JPEG splice vs full re-encode, best of $runs (seconds):"
line=$("$bench" splice --runs "$runs" "$out/photo24-o6.jpg" "$out/mask24.png")
pil=$("$python" - "$out/photo24-o6.jpg" "$out/mask24.png" "$runs" <<'PY'
import os, sys, io, time, resource
import numpy as np
from PIL import Image, ImageOps
cpu = os.environ.get("DEGLARE_BENCH_CPU") == "1"
def clock():
    if not cpu: return time.perf_counter()
    r = resource.getrusage(resource.RUSAGE_SELF); return r.ru_utime + r.ru_stime
img = ImageOps.exif_transpose(Image.open(sys.argv[1])).convert("RGB")
mask = np.array(Image.open(sys.argv[2]).convert("L")) >= 128
a = np.array(img).astype(np.int16); a[mask] += 24
out = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
best = 1e9
for _ in range(int(sys.argv[3])):
    t = clock(); buf = io.BytesIO(); out.save(buf, "JPEG", quality=92); best = min(best, clock() - t)
print(best)
PY
)
python3 - "$line" "$pil" <<'PY'
import json, sys
o = json.loads(sys.argv[1]); pil = float(sys.argv[2])
print(f"photo {o['width']}x{o['height']}, mask {o['masked_percent']:.2f} %: re-encoded {o['reencoded_blocks']} of {o['total_blocks']} blocks "
      f"({100 * o['reencoded_blocks'] / o['total_blocks']:.1f} %)")
print(f"{'':28} {'seconds':>8} {'bytes':>10} {'splice/this':>11}")
print(f"{'splice (deglare)':28} {o['splice']:8.3f} {o['splice_bytes']:10d} {1:11.2f}")
print(f"{'  of which reading blocks':28} {o['read_blocks']:8.3f}")
print(f"{'  splice once blocks read':28} {o['splice_after_read']:8.3f}   (the removal reads them while the provider works)")
for name, t, b in [("re-encode q95 4:4:4 (deglare)", o['reencode_q95_444'], o['q95_bytes']),
                   ("re-encode q92 4:2:0 (deglare)", o['reencode_q92_420'], o['q92_bytes'])]:
    print(f"{name:28} {t:8.3f} {b:10d} {o['splice'] / t:11.2f}")
print(f"{'Pillow save q92 4:2:0':28} {pil:8.3f} {'':>10} {o['splice'] / pil:11.2f}")
print(f"original file {o['original_bytes']} bytes; splice times include reading the original's coefficients")
PY
