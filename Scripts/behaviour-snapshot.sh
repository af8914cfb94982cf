#!/usr/bin/env bash
# Runs every command on the bundled fixtures (and the remote providers against stub-server) and
# writes what each produced into OUTDIR: the files' SHA-256, stdout, stderr and the exit code, with
# timings masked. Two snapshots taken before and after a refactor must be identical:
#
#   Scripts/behaviour-snapshot.sh /tmp/before      # on the old commit
#   Scripts/behaviour-snapshot.sh /tmp/after       # on the new one
#   diff -r /tmp/before /tmp/after
#
# It builds deglare and stub-server in debug (the outputs do not depend on the build mode). deglare
# runs with its wall clock frozen (faketime; monotonic clocks run on, so timeouts still work):
# the repair record's "time" and the XMP history's date are written into the outputs.
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/swift-scratch.sh
export PATH="/opt/swift/usr/bin:$PATH"
[ $# -eq 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 64; }
outdir="$1"
rm -rf "$outdir"
mkdir -p "$outdir"
outdir="$(cd "$outdir" && pwd)"
command -v faketime >/dev/null || { echo "$0: needs faketime (Scripts/install-deps.sh installs it)" >&2; exit 69; }

swift build --product deglare >/dev/null
swift build --product stub-server >/dev/null
bin="$(swift build --show-bin-path)"
deglare="$bin/deglare"

work="$(mktemp -d -t deglare-snapshot-XXXXXX)"
stub_pid=""
cleanup() {
  [ -n "$stub_pid" ] && kill "$stub_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

cp Fixtures/demo/painting.png Fixtures/demo/glare-mask.png "$work/"
cp Fixtures/orientation/orientation-6.jpg "$work/"
cd "$work"

# Starts stub-server in the background and exports both base URLs.
coproc STUB { exec "$bin/stub-server" --exit-on-stdin-eof; }
stub_pid=$STUB_PID
read -r port_line <&"${STUB[0]}"
port="${port_line#PORT=}"
export OPENAI_BASE_URL="http://127.0.0.1:$port/v1" GOOGLE_GEMINI_BASE_URL="http://127.0.0.1:$port"
export OPENAI_API_KEY="sk-snapshot-0000000000000000wxyz" GEMINI_API_KEY="AIzaSnapshot000000000000000000wxyz"
unset GOOGLE_API_KEY DEGLARE_PROVIDER DBUS_SESSION_BUS_ADDRESS

n=0
# run NAME ARGS...: runs deglare, records exit code, stdout and stderr (timings masked), then the
# hashes of every file in the work folder.
run() {
  local name="$1"
  shift
  n=$((n + 1))
  local tag
  tag="$(printf '%02d-%s' "$n" "$name")"
  set +e
  FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f '2026-01-01 00:00:00' "$deglare" "$@" \
    >"$outdir/$tag.stdout" 2>"$outdir/$tag.stderr"
  echo "$?" >"$outdir/$tag.exit"
  set -e
  sed -i -E 's/[0-9]+\.[0-9]+ s\b/T s/g; s/"seconds":[0-9.e-]+/"seconds":T/g; s/(after|in) [0-9.]+ ms/\1 T ms/g' \
    "$outdir/$tag.stdout" "$outdir/$tag.stderr"
  (find . -type f -print0 | sort -z | xargs -0 sha256sum) >"$outdir/$tag.files"
}

run help --help
for command in remove detect straighten verify keys; do run "help-$command" help "$command"; done
run remove-auto remove painting.png --mask glare-mask.png -o r-auto.png
run remove-subtract remove painting.png --mask glare-mask.png --method subtract -o r-sub.png --json
run remove-fill remove painting.png --mask glare-mask.png --method fill -o r-fill.png --feather 0 --padding 0.3
run remove-jpeg remove painting.png --mask glare-mask.png -o r.jpg
run remove-exists remove painting.png --mask glare-mask.png -o r-auto.png
run remove-input-as-output remove painting.png --mask glare-mask.png -o painting.png --force
run remove-maskauto remove painting.png --mask auto -o r-maskauto.png --json
run remove-openai remove painting.png --mask glare-mask.png --provider openai -o r-openai.png --json
run remove-openai-2 remove painting.png --mask glare-mask.png --provider openai --model gpt-image-2 -o r-openai2.png
run remove-gemini remove painting.png --mask glare-mask.png --provider gemini -o r-gemini.png
run remove-gemini-json remove painting.png --mask glare-mask.png --provider gemini --quality 2K --model gemini-3-pro-image -o r-gemini2.png --json
run dry-openai remove painting.png --mask glare-mask.png --provider openai --dry-run dry-openai
run dry-gemini remove painting.png --mask glare-mask.png --provider gemini --dry-run dry-gemini --json
run dry-local remove painting.png --mask glare-mask.png --dry-run dry-local
run bad-provider remove painting.png --mask glare-mask.png --provider nope
run local-with-model remove painting.png --mask glare-mask.png --model x
run missing-mask remove painting.png
run wrong-mask remove painting.png --mask orientation-6.jpg -o wrong.png
run verify-ok verify painting.png r-auto.png --mask glare-mask.png
run verify-json verify painting.png r-sub.png --mask glare-mask.png --json
run verify-bad verify painting.png r-openai.png --mask r-auto.png
run detect detect painting.png --overlay overlay.png --json
run detect-text detect painting.png -o d2.png --margin-band 0
run detect-rotated detect orientation-6.jpg -o d3.png
run straighten straighten painting.png -o s.png
run straighten-json straighten painting.png --detect-only --json
run straighten-corners straighten painting.png --corners 10,12,300,8,310,230,5,220 --margin 4 -o s2.png --json
run straighten-painting straighten painting.png --target painting -o s3.png
run straighten-bad straighten painting.png --corners 1,2,3
run keys-status keys status
run keys-status-json keys status --json
run keys-check-openai keys check openai
run keys-check-gemini keys check gemini
run unknown-command frobnicate
echo "snapshot: $outdir ($n runs)"
