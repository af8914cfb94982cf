#!/usr/bin/env bash
# Creates (once) the Python venv the benchmarks and evaluations use: Pillow, OpenCV, numpy, SciPy.
# Prints the venv's python path. Kept out of CI: it installs from PyPI.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/.venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import cv2, PIL, numpy, scipy" 2>/dev/null; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q --disable-pip-version-check pillow opencv-python-headless numpy scipy >&2
fi
echo "$venv/bin/python"
