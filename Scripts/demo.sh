#!/usr/bin/env bash
# The main job on bundled fixtures, with no key and no network: installs what is missing, builds
# deglare, removes the glare from Fixtures/demo/painting.png with the local provider, and proves
# with `deglare verify` that every pixel outside the mask is unchanged.
set -euo pipefail
cd "$(dirname "$0")/.."
. Scripts/swift-scratch.sh
export PATH="/opt/swift/usr/bin:$PATH"

Scripts/install-deps.sh
swift build -c release --product deglare
bin="$(swift build -c release --show-bin-path)/deglare"

out="$(mktemp -d -t deglare-demo-XXXXXX)"
image=Fixtures/demo/painting.png
mask=Fixtures/demo/glare-mask.png
"$bin" remove "$image" --mask "$mask" -o "$out/painting.deglared.png"
"$bin" verify "$image" "$out/painting.deglared.png" --mask "$mask"
echo "deglare: the result is $out/painting.deglared.png (the binary: $bin)"
