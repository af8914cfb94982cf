#!/usr/bin/env bash
# Quality of `deglare straighten`, measured:
#  1. the three raw photos in ../shared/photos/raw/: detected frame corners against the reference
#     corners recovered from the iOS app's straightened outputs (Benchmarks/straighten_reference.json,
#     made by straighten_reference.py), in pixels and % of the photo's diagonal; the output's
#     proportions against the app's; the margin kept; the time of the whole command;
#  2. the project's synthetic set (straighten-eval synthetic): random framed pictures on walls in five
#     moulding styles, with mats, cast shadows and labels, yawed, pitched and rolled; corner error and
#     detection rate, for the frame and for --target painting;
#  3. the scene sets (straighten-eval scenes): frames casting wide wedge-shaped shadows, unframed
#     canvases, pictures crossed by long lines, paper, receipts, business and trading cards on wood,
#     cloth and cluttered desks under uneven light, with ../shared/paintings as the pictures; a tune
#     split and a held-out split (other seeds, scans, sizes, JPEG quality) never tuned on; corner
#     error per kind and how the confidence separates results more than 1 % of the diagonal off.
# Usage: Benchmarks/straighten_eval.sh [--scenes N] [--size WxH] [--per-kind K]
#   (default 100 scenes at 2400x1600, 12 scenes per kind and split; rendered scenes are cached in
#   Benchmarks/out/scenes)
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/swift-scratch.sh
export PATH="/opt/swift/usr/bin:$PATH"
scenes=100
size=2400x1600
perkind=12
while [ $# -gt 0 ]; do
  case "$1" in
    --scenes) scenes="$2"; shift 2 ;;
    --size) size="$2"; shift 2 ;;
    --per-kind) perkind="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
  esac
done
photos=""
for candidate in ../shared/photos ../../shared/photos; do
  [ -d "$candidate/raw" ] && photos="$candidate" && break
done
[ -n "$photos" ] || { echo "../shared/photos not found" >&2; exit 1; }
swift build -c release --product deglare >/dev/null
swift build -c release --product straighten-eval >/dev/null
bin="$(swift build -c release --show-bin-path)"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
for photo in "$photos"/raw/*.jpg; do
  name="$(basename "$photo" .jpg)"
  start=$(date +%s%N)
  "$bin/deglare" straighten "$photo" -o "$tmp/$name.png" --json > "$tmp/$name.json"
  end=$(date +%s%N)
  echo "{\"name\": \"$name\", \"wall_seconds\": $(( (end - start) / 1000000 ))e-3}" > "$tmp/$name.time.json"
done
width="${size%x*}"; height="${size#*x}"
"$bin/straighten-eval" synthetic --count "$scenes" --width "$width" --height "$height" > "$tmp/synthetic-frame.jsonl"
"$bin/straighten-eval" synthetic --count "$scenes" --width "$width" --height "$height" --target painting > "$tmp/synthetic-painting.jsonl"
mkdir -p Benchmarks/out/scenes
for split in tune held-out; do
  "$bin/straighten-eval" scenes --split "$split" --count "$perkind" --cache Benchmarks/out/scenes > "$tmp/scenes-$split.jsonl"
done
python3 Benchmarks/straighten_eval.py "$tmp" Benchmarks/straighten_reference.json
