#!/usr/bin/env bash
# Creates (once) the Python venv the benchmarks and evaluations use: Pillow, OpenCV (with the
# contrib modules: cv2.xphoto's exemplar inpainting is a peer of the local method), numpy, SciPy.
# Prints the venv's python path. Kept out of CI: it installs from PyPI.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/.venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import cv2, PIL, numpy, scipy; cv2.xphoto" 2>/dev/null; then
  python3 -m venv "$venv" >&2
  # The plain and the contrib wheels both install cv2: keep only the contrib one.
  "$venv/bin/pip" uninstall -q -y opencv-python-headless >&2 2>/dev/null || true
  "$venv/bin/pip" install -q --disable-pip-version-check pillow opencv-contrib-python-headless numpy scipy >&2
fi
echo "$venv/bin/python"
