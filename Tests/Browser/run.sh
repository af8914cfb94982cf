#!/usr/bin/env bash
# The workbench's real-browser tests: headless Chromium (Debian's chromium and chromium-driver)
# driven by Selenium, and headless Firefox ESR (Debian's) driven over Marionette; the browsers
# come from Scripts/install-deps.sh, the Python drivers from a venv made here (PyPI).
# Needs deglare and stub-server built (swift build --build-tests does both).
# Screenshots of each state land in Tests/Browser/artifacts/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="$("$here/venv.sh")"
export DEGLARE_BIN="${DEGLARE_BIN:-$(cd "$root" && swift build --show-bin-path)}"
# Selenium Manager must not try to fetch a driver: chromedriver comes from Debian.
export SE_OFFLINE=true
# Both browsers run even when the first fails; either failing fails the run.
status=0
"$python" "$here/workbench_browser_test.py" "$@" || status=1
"$python" "$here/workbench_firefox_test.py" "$@" || status=1
exit "$status"
