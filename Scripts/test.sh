#!/usr/bin/env bash
# The whole test suite, as CI runs it: installs packages, builds, then runs `swift test` inside a
# private D-Bus session with its own gnome-keyring and a throwaway keyring folder, so the
# Secret Service tests never touch your own keyring. Everything it starts dies with it.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

Scripts/install-deps.sh
command -v dbus-uuidgen >/dev/null && dbus-uuidgen --ensure 2>/dev/null || true

scratch="$(mktemp -d -t deglare-test-XXXXXX)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/data" "$scratch/config" "$scratch/cache" "$scratch/runtime" "$scratch/tmp"
chmod 700 "$scratch/runtime"
# The toolchain leaves TemporaryDirectory.* folders and lock files behind in $TMPDIR: keep them
# in the scratch folder, so nothing of this run outlives it.
export TMPDIR="$scratch/tmp"

# Style: the committed .swift-format, strict (warnings fail the run).
swift format lint --strict --recursive Package.swift Sources Tests StubServer Tools Plugins Benchmarks/Swift Benchmarks/OpsBench
# The manifests: every target declares exactly the modules its files import.
Scripts/check-manifest.sh

swift build --build-tests

# At most three test cases at once per core (Swift Testing otherwise starts all 600 at once). With
# the CPU-bound suites on threads of their own (the `.ownThread` trait), that leaves the two threads
# of the cooperative pool to the tasks the other tests wait on, and bounds the threads and memory
# those suites hold at once (docs/testing.md, Starvation under the full suite).
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-$((3 * $(nproc)))}"

# A private session bus; gnome-keyring unlocks a fresh "login" keyring in $scratch/data.
export XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config" XDG_CACHE_HOME="$scratch/cache"
export XDG_RUNTIME_DIR="$scratch/runtime" DEGLARE_TEST_KEYRING=1
dbus-run-session -- bash -c '
  printf "%s" "deglare-test-only" | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
  exec swift test --skip-build "$@"' deglare-test "$@"

# The workbench in real browsers (headless Chromium over Selenium, headless Firefox over
# Marionette; both drivers from PyPI in Tests/Browser/.venv); screenshots of each state in
# Tests/Browser/artifacts/. Skipped when swift test was filtered.
if [ $# -eq 0 ]; then
  Tests/Browser/run.sh
fi
