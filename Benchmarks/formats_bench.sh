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
