#!/usr/bin/env bash
# JPEG decode and PNG/JPEG encode of the real museum photos: deglare next to djpeg, Pillow and
# OpenCV in the same run, printed as ratios (deglare time / peer time; < 1 means deglare is faster).
# Usage: Benchmarks/codec_bench.sh [--runs N] [--cpu] [FILE...]   (default: ../shared/photos/*.jpg)
# --cpu compares CPU seconds instead of wall seconds (steadier on a busy machine; the parallel
# PNG encoder then shows its total work, not its wall-clock gain).
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/swift-scratch.sh
export PATH="/opt/swift/usr/bin:$PATH"
runs=3
if [ "${1:-}" = "--runs" ]; then runs="$2"; shift 2; fi
if [ "${1:-}" = "--cpu" ]; then export DEGLARE_BENCH_CPU=1; shift; fi
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(../shared/photos/*.jpg)
command -v djpeg >/dev/null || { echo "needs djpeg: apt-get install -y libjpeg-turbo-progs" >&2; exit 1; }
python="$(Benchmarks/venv.sh)"
swift build -c release --product deglare-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/deglare-bench"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
for f in "${files[@]}"; do
  # Alternate the two sides file by file so background load hits both alike.
  "$bench" codec --runs "$runs" "$f" >> "$tmp/deglare.jsonl"
  "$python" Benchmarks/codec_peers.py "$runs" "$f" >> "$tmp/peers.jsonl"
done
"$python" - "$tmp/deglare.jsonl" "$tmp/peers.jsonl" <<'PY'
import json, sys, os
ours = [json.loads(l) for l in open(sys.argv[1])]
peers = [json.loads(l) for l in open(sys.argv[2])]
rows = []
print(f"{'photo':28} {'MP':>5} | {'decode ms':>9} {'/djpeg':>7} {'/Pillow':>7} {'/OpenCV':>7} | {'PNG enc ms':>10} {'/OpenCV':>7} {'size/OCV':>8} {'/Pillow':>7} | {'small/PIL':>9}")
tot = {}
for o, p in zip(ours, peers):
    mp = o["width"] * o["height"] / 1e6
    r = dict(
        dj=o["jpeg_decode"] / p["djpeg_process"], pil=o["jpeg_decode"] / p["pillow_decode"],
        ocv=o["jpeg_decode"] / p["opencv_decode"], penc=o["png_encode_fast"] / p["opencv_png_encode"],
        psize=o["png_fast_bytes"] / p["opencv_png_bytes"], ppil=o["png_encode_fast"] / p["pillow_png_encode"],
        small=o["png_small_bytes"] / p["pillow_png_bytes"])
    for k, v in r.items(): tot.setdefault(k, []).append(v)
    print(f"{os.path.basename(o['file'])[:28]:28} {mp:5.1f} | {o['jpeg_decode']*1000:9.0f} {r['dj']:7.2f} {r['pil']:7.2f} {r['ocv']:7.2f} | "
          f"{o['png_encode_fast']*1000:10.0f} {r['penc']:7.2f} {r['psize']:8.2f} {r['ppil']:7.2f} | {r['small']:9.2f}")
import statistics as st
print("geometric means: " + ", ".join(f"{k} {st.geometric_mean(v):.2f}" for k, v in tot.items()))
print("decode: ratio deglare/peer (djpeg timed as a process); PNG: deglare --fast vs OpenCV default (level 1, RLE) and Pillow default (level 6);")
print("size/OCV: deglare fast PNG bytes / OpenCV PNG bytes; small/PIL: deglare 'small' PNG bytes / Pillow PNG bytes")
PY
