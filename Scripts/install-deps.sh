#!/usr/bin/env bash
# Installs the Debian packages deglare needs to build, test and run. Idempotent: when everything
# is present it only checks (about a second); otherwise it runs apt-get install -y.
set -euo pipefail

packages=(
  libpng-dev libjpeg62-turbo-dev libcurl4-openssl-dev libsecret-1-dev   # the C libraries
  libmicrohttpd-dev                                                    # the workbench's HTTP server
  libheif-dev liblcms2-dev                                             # HEIF input, colour management
  libheif-examples                                                     # heif-enc/heif-convert: fixtures, benchmarks
  gnome-keyring dbus libsecret-tools                                   # a private Secret Service for tests
  python3 python3-venv                                                 # stub conformance, benchmarks, browser tests
  faketime                                                             # behaviour-snapshot.sh: a frozen clock
  chromium chromium-driver firefox-esr                                 # the workbench's real-browser tests
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deglare: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "deglare: need root (or sudo) to apt-get install ${missing[*]}" >&2; exit 1; }
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
