# Sourced by the scripts that build with `swift build` (Scripts/test.sh and .ci/run set a scratch
# TMPDIR of their own instead). The Swift driver leaves empty TemporaryDirectory.* folders in
# $TMPDIR, about six per build and three per `--show-bin-path`, and never removes them: this
# `swift` runs the toolchain with a TMPDIR of its own and removes it after each call.
swift() {
  local scratch status=0
  scratch="$(mktemp -d -t deglare-swift-XXXXXX)"
  TMPDIR="$scratch" command swift "$@" || status=$?
  rm -rf "$scratch"
  return "$status"
}
