#!/usr/bin/env bash
# Quality of `deglare straighten`, measured:
#  1. the three raw photos in ../shared/photos/raw/: detected frame corners against the reference
#     corners recovered from the iOS app's straightened outputs (Benchmarks/straighten_reference.json,
#     made by straighten_reference.py), in pixels and % of the photo's diagonal; the output's
#     proportions against the app's; the margin kept; the time of the whole command;
#  2. the project's synthetic set (straighten-eval synthetic): random framed pictures on walls in five
#     moulding styles, with mats, cast shadows and labels, yawed, pitched and rolled; corner error and
#     detection rate, for the frame and for --target painting.
# Usage: Benchmarks/straighten_eval.sh [--scenes N] [--size WxH]   (default 100 scenes at 2400x1600)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
scenes=100
size=2400x1600
while [ $# -gt 0 ]; do
  case "$1" in
    --scenes) scenes="$2"; shift 2 ;;
    --size) size="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
  esac
done
photos=""
for candidate in ../shared/photos ../../shared/photos; do
  [ -d "$candidate/raw" ] && photos="$candidate" && break
done
[ -n "$photos" ] || { echo "../shared/photos not found" >&2; exit 1; }
swift build -c release --product deglare --product straighten-eval >/dev/null 2>&1 || swift build -c release >/dev/null
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
python3 Benchmarks/straighten_eval.py "$tmp" Benchmarks/straighten_reference.json
