#!/usr/bin/env bash
# Creates (once) the venv the browser tests and the workbench benchmark use: Selenium and
# marionette_driver (Firefox's own automation protocol; Debian has no geckodriver) from PyPI.
# Prints the venv's python path. Chromium, chromedriver and Firefox ESR come from Debian (install-deps.sh).
set -euo pipefail
venv="$(cd "$(dirname "$0")" && pwd)/.venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import selenium, marionette_driver" 2>/dev/null; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q --disable-pip-version-check "selenium>=4.20,<5" "marionette_driver>=3.7,<4" >&2
fi
echo "$venv/bin/python"
