#!/usr/bin/env bash
# The workbench's real-browser tests: headless Chromium (Debian's chromium and chromium-driver,
# which Scripts/install-deps.sh installs) driven by Selenium from a venv made here (PyPI).
# Needs deglare and stub-server built (swift build --build-tests does both).
# Screenshots of each state land in Tests/Browser/artifacts/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="$("$here/venv.sh")"
export DEGLARE_BIN="${DEGLARE_BIN:-$(cd "$root" && swift build --show-bin-path)}"
# Selenium Manager must not try to fetch a driver: chromedriver comes from Debian.
export SE_OFFLINE=true
exec "$python" "$here/workbench_browser_test.py" "$@"
