#!/usr/bin/env bash
# Times `deglare detect` on a 24 MP photo next to an OpenCV implementation of the same steps
# (Benchmarks/detect_opencv.py), in the same run. Builds release, makes the venv if missing.
# Usage: Benchmarks/detect_bench.sh [PHOTO]   (default: the green-streak photo, upscaled to 6000x4000;
# a PHOTO given is timed as it is, e.g. ../shared/photos/raw/IMG_7685.jpg for the frame search)
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/swift-scratch.sh
PHOTO="${1:-}"
GIVEN="$PHOTO"
if [ -z "$PHOTO" ]; then
  for d in ../shared ../../shared /work/shared; do
    [ -f "$d/photos/IMG_7690-straightened.jpg" ] && PHOTO="$d/photos/IMG_7690-straightened.jpg" && break
  done
fi
OUT=Benchmarks/out
mkdir -p "$OUT"
if [ ! -x Benchmarks/.venv/bin/python ]; then
  python3 -m venv Benchmarks/.venv
  Benchmarks/.venv/bin/pip install -q opencv-python-headless pillow numpy
fi
PY=Benchmarks/.venv/bin/python
swift build -c release --product deglare >/dev/null
# A photo named on the command line is timed as it is (a raw photo: the frame search included).
BIG="${GIVEN:-$OUT/bench24mp.jpg}"
if [ ! -f "$BIG" ]; then
  "$PY" -c "import cv2,sys; im=cv2.imread(sys.argv[1]); cv2.imwrite(sys.argv[2], cv2.resize(im,(6000,4000),interpolation=cv2.INTER_CUBIC), [cv2.IMWRITE_JPEG_QUALITY, 92])" "$PHOTO" "$BIG"
fi
echo "image: $BIG"
# sed reads all of its input: `head -1` closes the pipe early, and with a long JSON line sort then
# dies of SIGPIPE, which pipefail turns into the script's exit before OpenCV's time is printed.
best() { sort -n | sed -n 1p; }
for run in 1 2 3; do
  s=$(date +%s.%N); ./.build/release/deglare detect "$BIG" -o "$OUT/swift.mask.png" --force --json > "$OUT/swift.json"; e=$(date +%s.%N)
  echo "$(echo "$e - $s" | bc) $(cat "$OUT/swift.json")" >> "$OUT/swift.times"
  s=$(date +%s.%N); "$PY" Benchmarks/detect_opencv.py "$BIG" "$OUT/opencv.mask.png" > "$OUT/opencv.json"; e=$(date +%s.%N)
  echo "$(echo "$e - $s" | bc) $(cat "$OUT/opencv.json")" >> "$OUT/opencv.times"
done
echo "deglare detect (wall, best of 3, incl. decode+write):"; tail -3 "$OUT/swift.times" | best
echo "OpenCV (wall, best of 3, incl. interpreter start, decode+write):"; tail -3 "$OUT/opencv.times" | best
rm -f "$OUT/swift.times" "$OUT/opencv.times"
