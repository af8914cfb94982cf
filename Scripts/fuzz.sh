#!/usr/bin/env bash
# Runs deglare's libFuzzer targets (the Fuzz/ package) for a given time each, after replaying
# every saved regression input. docs/testing.md, Fuzzing, explains the targets.
#
#   Scripts/fuzz.sh [SECONDS] [TARGET...]      SECONDS per target (default 60), all targets by default
#   Scripts/fuzz.sh --total SECONDS [TARGET...] SECONDS shared among the targets (Scripts/test.sh: 60)
#
# Builds Fuzz/ with libFuzzer coverage and --sanitize=address (debug), writes the seed corpora with
# Fuzz/make_seeds.py into Fuzz/.corpus/seeds/TARGET, and grows Fuzz/.corpus/TARGET. Prints per
# target the executions, CPU seconds and coverage; exits 1 when a target crashed, leaving the
# input in Fuzz/.artifacts/TARGET and printing it in hex (keep it in Fuzz/Regressions/TARGET and
# add a test). DEGLARE_FUZZ_DIR=DIR puts .corpus and .artifacts in DIR instead (.ci/run does, in a
# scratch folder it removes).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

all_targets=(png jpeg heif exif arguments corners multipart openai gemini)
seconds=60
total=""
if [[ "${1:-}" == "--total" ]]; then
  total="$2"
  shift 2
elif [[ "${1:-}" =~ ^[0-9]+$ ]]; then
  seconds="$1"
  shift
fi
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=("${all_targets[@]}")
if [[ -n "$total" ]]; then
  seconds=$(( total / ${#targets[@]} ))
  (( seconds >= 1 )) || seconds=1
fi

# libFuzzer's coverage on every module; the targets start libFuzzer themselves, linked with its
# no-main runtime from the toolchain (Fuzz/Package.swift says why).
toolchain_lib="$(dirname "$(command -v swiftc)")/../lib"
DEGLARE_FUZZER_RUNTIME="$(find "$toolchain_lib/clang" "$toolchain_lib/swift/clang" -name 'libclang_rt.fuzzer_no_main-*.a' \
  2>/dev/null | head -1)"
if [[ -z "$DEGLARE_FUZZER_RUNTIME" ]]; then
  echo "fuzz: libFuzzer's runtime (libclang_rt.fuzzer_no_main) is not in the toolchain at $toolchain_lib" >&2
  exit 2
fi
export DEGLARE_FUZZER_RUNTIME
build=(swift build --package-path Fuzz --sanitize=address
  -Xswiftc -sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table)
echo "fuzz: building Fuzz/ (libFuzzer coverage + address sanitizer)..."
"${build[@]}" 2>&1 | grep -v "Cannot export local symbol '__asan" | grep -E "error|warning: |Compiling|Build" | tail -5
bin="$("${build[@]}" --show-bin-path)"

work="${DEGLARE_FUZZ_DIR:-Fuzz}"
python3 Fuzz/make_seeds.py "$work/.corpus/seeds"
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
# Swift's crash backtracer reads memory ASan considers out of bounds; libFuzzer reports crashes.
export SWIFT_BACKTRACE="enable=no"

failed=0
for target in "${targets[@]}"; do
  binary="$bin/fuzz-$target"
  corpus="$work/.corpus/$target"
  artifacts="$work/.artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  # Every saved crash first: each must now run cleanly.
  regressions=(Fuzz/Regressions/"$target"/*)
  if [[ -e "${regressions[0]}" ]]; then
    if ! "$binary" "${regressions[@]}" >"$artifacts/regressions.log" 2>&1; then
      echo "fuzz-$target: a saved regression input fails again; see $artifacts/regressions.log"
      failed=1
      continue
    fi
  fi
  log="$artifacts/run.log"
  TIMEFORMAT="%U %S"
  status=0
  { time "$binary" "$corpus" "$work/.corpus/seeds/$target" -max_total_time="$seconds" -timeout=30 \
      -rss_limit_mb=2048 -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1 || status=$?; } \
    2>"$artifacts/cpu"
  read -r user system <"$artifacts/cpu"
  runs=$(grep -Eo "stat::number_of_executed_units: *[0-9]+" "$log" | grep -Eo "[0-9]+$" || echo "?")
  coverage=$(grep -Eo "cov: [0-9]+" "$log" | tail -1 | grep -Eo "[0-9]+" || echo "?")
  cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.1f", u + s }')
  found=""
  line="fuzz-$target: ${seconds}s, $runs executions, ${cpu} s CPU, coverage $coverage"
  if (( status != 0 )); then
    found=$(ls -t "$artifacts" | grep -E "^(crash|leak|timeout|oom|slow-unit)-" | head -1 || true)
    line+=", FOUND ${found:-a failure}: $artifacts/$found (log $log)"
    failed=1
  fi
  echo "$line"
  if [[ -n "$found" ]]; then
    echo "  the input, in hex:"
    od -An -tx1 -v "$artifacts/$found" | head -64
    grep -E "^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*error:)" "$log" | head -5 | sed 's/^/  /'
  fi
done
exit "$failed"
