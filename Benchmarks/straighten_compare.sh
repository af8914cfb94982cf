#!/usr/bin/env bash
# The branch's straightener next to another build's (main's, usually) in one run, on the same inputs:
#  1. the real raw photos in ../shared/photos/raw against the iOS app's corners
#     (Benchmarks/straighten_reference.json), both with `straighten --detect-only --json`;
#  2. the scene sets (straighten-eval scenes, tune and held-out splits, JPEGs cached in
#     Benchmarks/out/scenes): this build through straighten-eval, the baseline through its own
#     `deglare straighten --detect-only --json --margin 0` on the same JPEGs (with --target document
#     for the document kinds when the baseline knows that target, the frame otherwise).
# Corner error, success rate and how the confidence separates wrong results, per kind and split.
# Usage: Benchmarks/straighten_compare.sh --baseline PATH/TO/deglare [--per-kind K] [--kinds a,b]
#          [--scratch-path DIR]   (this build's release products there instead of .build, so a
#                                  debug build or test run may go on beside it)
#   A baseline binary of main: git archive main | tar -x -C DIR; cd DIR; swift build -c release --product deglare
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/swift-scratch.sh
export PATH="/opt/swift/usr/bin:$PATH"
baseline=""
perkind=12
kinds=""
scratch=()
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline="$2"; shift 2 ;;
    --per-kind) perkind="$2"; shift 2 ;;
    --kinds) kinds="$2"; shift 2 ;;
    --scratch-path) scratch=(--scratch-path "$2"); shift 2 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
  esac
done
[ -x "$baseline" ] || { echo "--baseline PATH/TO/deglare is required (an executable)" >&2; exit 64; }
photos=""
for candidate in ../shared/photos ../../shared/photos; do
  [ -d "$candidate/raw" ] && photos="$candidate" && break
done
swift build -c release "${scratch[@]}" --product deglare >/dev/null
swift build -c release "${scratch[@]}" --product straighten-eval >/dev/null
bin="$(swift build -c release "${scratch[@]}" --show-bin-path)"
out="Benchmarks/out/compare"
rm -rf "$out"; mkdir -p "$out/photos" Benchmarks/out/scenes
if [ -n "$photos" ]; then
  for photo in "$photos"/raw/*.jpg; do
    name="$(basename "$photo" .jpg)"
    "$bin/deglare" straighten "$photo" --detect-only --json > "$out/photos/$name.branch.json"
    "$baseline" straighten "$photo" --detect-only --json > "$out/photos/$name.baseline.json"
  done
else
  echo "../shared/photos not found: real photos skipped" >&2
fi
documentTarget=frame
if "$baseline" straighten --help 2>&1 | grep -q document; then documentTarget=document; fi
for split in held-out tune; do
  "$bin/straighten-eval" scenes --split "$split" --count "$perkind" ${kinds:+--kinds "$kinds"} \
    --cache Benchmarks/out/scenes > "$out/scenes-$split.jsonl"
  python3 - "$out/scenes-$split.jsonl" "$split" "$documentTarget" > "$out/baseline-jobs-$split.txt" <<'EOF'
import json, sys
for line in open(sys.argv[1]):
    if line.startswith("{"):
        row = json.loads(line)
        document = row["kind"] in ("paper", "receipt", "business-card", "trading-card")
        print(f"Benchmarks/out/scenes/{sys.argv[2]}-{row['kind']}-{row['seed']}.jpg {sys.argv[3] if document else 'frame'}")
EOF
  while read -r jpeg target; do
    echo "{\"file\": \"$jpeg\", \"result\": $("$baseline" straighten "$jpeg" --detect-only --json --margin 0 --target "$target")}"
  done < "$out/baseline-jobs-$split.txt" > "$out/baseline-$split.jsonl"
done
python3 Benchmarks/straighten_compare.py "$out" Benchmarks/straighten_reference.json
