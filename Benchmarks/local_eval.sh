#!/usr/bin/env bash
# The local method's evaluation set (issue 13's families: tight masks, the same grown by 25 px,
# masks over glare-free paint, opaque coloured signs; and rectangles dragged around the glare)
# on procedural paintings and on crops of the painting scans in ../shared/paintings (skipped with
# a message when absent), tuning part and held-out part, scored beside OpenCV's Telea and
# Navier-Stokes inpainting and cv2.xphoto's shift-map (exemplar) inpainting. Prints one table.
# The cases are built once per split and kept in Benchmarks/out/local-eval/cases[-quick]/<split>/,
# with every method's outputs beside them.
# A third split, photos, lays masks over glare-free paint and walls of the real museum photos
# in ../shared/photos (local_photo_cases.py; skipped with a message when absent): checking only.
# photos-full is the same at full size (twice the crop and the mask), to show what scale does.
# A fourth, photo-glare, lays the synthetic glare (tight, grown, rectangle) over full-resolution
# crops of the glare-free photos (deglare-eval --suite --split photo-glare): checking only, and
# the one part where the method works on blocks of pixels as it does on a user's photo.
#   Benchmarks/local_eval.sh [--quick] [--split tune|heldout|photos|photos-full|photo-glare]
#     [--families a,b] [local_eval.py options]
# e.g. compare with another build:  Benchmarks/local_eval.sh --quick --run main=/path/to/deglare-eval
# (the build's outputs are cached beside each case; --force LABEL runs it again).
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/swift-scratch.sh
export PATH="/opt/swift/usr/bin:$PATH"
python="$(Benchmarks/venv.sh)"
quick=""
splits=(tune heldout photos photos-full photo-glare)
photos=../shared/photos
families=""
rest=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick="--quick" ;;
    --split) splits=("$2"); shift ;;
    --families) families="$2"; rest+=(--families "$2"); shift ;;
    *) rest+=("$1") ;;
  esac
  shift
done
swift build -c release --product deglare-eval >/dev/null
bin="$(swift build -c release --show-bin-path)/deglare-eval"
cases=Benchmarks/out/local-eval/cases${quick:+-quick}
built=()
for split in "${splits[@]}"; do
  # The cases depend only on the suite's code: built once, rebuilt when deleted.
  if [ "$split" != tune ] && [ "$split" != heldout ] && [ ! -d "$photos" ]; then
    echo "local_eval: $photos is absent; the $split split is skipped" >&2
    continue
  fi
  if [ "$split" = photo-glare ]; then
    if [ ! -d "$cases/$split" ] || ! compgen -G "$cases/$split/*/veil-*" >/dev/null; then
      nice "$bin" --suite "$cases" --split "$split" --photos "$photos" >/dev/null
    fi
  elif [ "$split" = photos ] || [ "$split" = photos-full ]; then
    full=""
    [ "$split" = photos-full ] && full="--full"
    [ -d "$cases/$split" ] || nice "$python" Benchmarks/local_photo_cases.py "$photos" "$cases" $full
  else
    # Folders from before the rectangle and veil families get them added (the other cases are
    # rewritten alike).
    if [ ! -d "$cases/$split" ] || ! compgen -G "$cases/$split/*/rectangle-*" >/dev/null \
      || ! compgen -G "$cases/$split/*/veil-*" >/dev/null; then
      nice "$bin" --suite "$cases" --split "$split" $quick >/dev/null
    fi
  fi
  built+=("$split")
done
args=()
for split in "${built[@]}"; do args+=(--split "$split"); done
nice "$python" Benchmarks/local_eval.py "$cases" --run local="$bin" --force local "${args[@]}" ${rest[@]+"${rest[@]}"}
