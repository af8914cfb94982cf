#!/usr/bin/env bash
# The whole `deglare remove --provider local` (default method auto) on a 24 MP JPEG (EXIF
# orientation 6) with a ~3.5 % mask, next to OpenCV's inpainting of the same image and mask as a
# whole process (decode, cv2.inpaint Telea and Navier-Stokes, PNG write), alternating in the same
# run; both masks of make_remove_input.py (compact and spread). Prints the best wall time and
# peak RSS of each and the ratios, then how long Ctrl-C (SIGINT) takes to end a repair at any moment.
# Usage: [DEGLARE_BIN=...] Benchmarks/local_bench.sh [RUNS]   (needs PyPI for the venv; kept out of CI)
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/swift-scratch.sh
export PATH="/opt/swift/usr/bin:$PATH"
runs="${1:-3}"
python="$(Benchmarks/venv.sh)"
out=Benchmarks/out
mkdir -p "$out"
[ -f "$out/photo24-o6.jpg" ] || "$python" Benchmarks/make_remove_input.py ../shared/photos/IMG_7686-straightened.jpg "$out"
# DEGLARE_BIN=/path/to/deglare measures another build (e.g. main's) in the same way.
if [ -n "${DEGLARE_BIN:-}" ]; then
  bin="$(dirname "$DEGLARE_BIN")"
else
  swift build -c release --product deglare >/dev/null
  bin="$(swift build -c release --show-bin-path)"
fi

measure() {  # prints "seconds max_rss_kb cpu_seconds" (CPU: user + system, what a loaded machine still shows)
  /usr/bin/time -f "%e %M %U %S" -o "$out/time.txt" "$@" >/dev/null 2>"$out/stderr.txt" || { cat "$out/stderr.txt"; exit 1; }
  awk '{ printf "%s %s %.2f\n", $1, $2, $3 + $4 }' "$out/time.txt"
}
for mask in mask24 mask24-spread; do
  : > "$out/local-$mask.txt"
  for i in $(seq "$runs"); do
    d=$(measure "$bin/deglare" remove "$out/photo24-o6.jpg" --mask "$out/$mask.png" -o "$out/local.png" --force)
    t=$(measure "$python" Benchmarks/inpaint_opencv.py "$out/photo24-o6.jpg" "$out/$mask.png" "$out/telea.png" telea)
    n=$(measure "$python" Benchmarks/inpaint_opencv.py "$out/photo24-o6.jpg" "$out/$mask.png" "$out/ns.png" ns)
    echo "$d $t $n" >> "$out/local-$mask.txt"
  done
  "$python" - "$out/local-$mask.txt" "$mask" <<'PY'
import sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1])]
best = lambda i: min(r[i] for r in rows)
(d_t, d_m, d_c), (t_t, t_m, t_c), (n_t, n_m, n_c) = [(best(3 * k), best(3 * k + 1) / 1024, best(3 * k + 2)) for k in range(3)]
print(f"{sys.argv[2]}: deglare local {d_t:.2f} s (cpu {d_c:.2f}) {d_m:.0f} MB; OpenCV Telea {t_t:.2f} s (cpu {t_c:.2f}) "
      f"{t_m:.0f} MB; NS {n_t:.2f} s (cpu {n_c:.2f}) {n_m:.0f} MB")
print(f"  ratios vs Telea: wall {d_t / t_t:.2f}, cpu {d_c / t_c:.2f}, memory {d_m / t_m:.2f}; "
      f"vs NS: wall {d_t / n_t:.2f}, cpu {d_c / n_c:.2f}, memory {d_m / n_m:.2f}")
PY
done

# Ctrl-C at 19 moments through a run of each method: the process must end (exit 130), write
# nothing, and do it fast (aim: 0.2 s); PNG output, then JPEG output (spliced into the photo's blocks).
"$python" Benchmarks/cancel_latency.py "$bin/deglare" "$out/photo24-o6.jpg" "$out/mask24.png" "$out" auto fill
"$python" Benchmarks/cancel_latency.py --jpeg "$bin/deglare" "$out/photo24-o6.jpg" "$out/mask24.png" "$out" auto
