#!/usr/bin/env bash
# Conformance of stub-server with the official Python SDKs (kept out of CI: it installs from PyPI).
#
# Builds stub-server, installs the official `openai` and `google-genai` SDKs into a venv, points
# them at the stub, and checks that the stub's success and error answers parse in the SDKs exactly
# as the real services' answers do (exception classes, codes, fields; see check_sdks.py).
#
# Usage: Scripts/conformance/run.sh            (SDK versions as captured: openai 3.57.0, google-genai 3.6.1)
#        OPENAI_SDK=openai GENAI_SDK=google-genai Scripts/conformance/run.sh   (latest)
# Env:   CONFORMANCE_VENV (default .build/conformance-venv), PYTHON (default python3)
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH=/opt/swift/usr/bin:$PATH

venv="${CONFORMANCE_VENV:-.build/conformance-venv}"
python="${PYTHON:-python3}"
openai_sdk="${OPENAI_SDK:-openai==3.57.0}"
genai_sdk="${GENAI_SDK:-google-genai==3.6.1}"

swift build --product stub-server >/dev/null
stub="$(swift build --product stub-server --show-bin-path)/stub-server"

if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check "$openai_sdk" "$genai_sdk"
"$venv/bin/python" -c 'import openai, google.genai as g; print("SDKs: openai", openai.__version__, "google-genai", g.__version__)'

exec "$venv/bin/python" "$(dirname "$0")/check_sdks.py" --stub "$stub"
