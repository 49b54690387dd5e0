#!/usr/bin/env bash
# Builds the fuzz targets (release, libFuzzer + AddressSanitizer) and runs one of them.
#
#   Fuzz/run.sh TARGET [SECONDS]       replay Regressions/TARGET, then fuzz for SECONDS (default 60)
#   Fuzz/run.sh --replay TARGET        replay Regressions/TARGET and Corpus/TARGET only
#   Fuzz/run.sh --build                build every target and stop
#   Fuzz/run.sh --no-build TARGET ...  skip the build (smoke.sh builds once for all targets)
#
# The committed corpus is read-only: libFuzzer writes new inputs to a scratch directory given
# first, and reads Corpus/TARGET second. Crashes, leaks, timeouts and out-of-memory inputs go to
# Fuzz/artifacts/TARGET/ (gitignored); add each to Regressions/TARGET/ and to a unit test.
# Exits non-zero on any of those, and on libFuzzer's "Is the code instrumented for coverage?"
# warning, which means the build lost its coverage instrumentation (see `build`).
# Environment: FUZZ_SWIFT (default swift), FUZZ_WORK (scratch root, default a mktemp -d),
# FUZZ_PACKAGE (the package to build, default this directory).
set -euo pipefail

FUZZ_DIR="$(cd "$(dirname "$0")" && pwd)"
SWIFT="${FUZZ_SWIFT:-swift}"
PACKAGE="${FUZZ_PACKAGE:-$FUZZ_DIR}"

# `--sanitize=fuzzer` tells SwiftPM not to rename `main` (libFuzzer supplies it) and links
# libFuzzer; but the Swift driver keeps only the last `-sanitize=` it is given, and SwiftPM's two
# `--sanitize` options become two flags, so `address` alone would reach the compiler and nothing
# would be instrumented for coverage. The explicit `-sanitize=fuzzer,address` comes last and wins.
# `-parse-as-library`: each main.swift only declares `LLVMFuzzerTestOneInput`, no top-level code.
# PAYSIZE_INTERNAL_PRODUCTS=1: the root package then offers its command-line library as a product,
# which only this package and Benchmarks/ link (the root's Package.swift).
export PAYSIZE_INTERNAL_PRODUCTS=1
BUILD_FLAGS=(-c release --sanitize=fuzzer --sanitize=address
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)

build() {
    echo "fuzz: $SWIFT build --package-path Fuzz ${BUILD_FLAGS[*]}" >&2
    "$SWIFT" build --package-path "$PACKAGE" "${BUILD_FLAGS[@]}" >&2
}

bin_path() {
    "$SWIFT" build --package-path "$PACKAGE" "${BUILD_FLAGS[@]}" --show-bin-path
}

# Per-target libFuzzer options. A dictionary only where the input is JSON text.
target_options() {
    case "$1" in
        FuzzScanner | FuzzCheck | FuzzLogLines) echo "-dict=$FUZZ_DIR/json.dict -max_len=8192" ;;
        FuzzShrink) echo "-dict=$FUZZ_DIR/json.dict -max_len=4096" ;;
        FuzzZstd) echo "-max_len=4096 -malloc_limit_mb=256" ;;
        FuzzSchema) echo "-dict=$FUZZ_DIR/schema.dict -max_len=4096" ;;
        # Bytes that build Swift values (FuzzBytes), not text: no dictionary.
        FuzzEncoderDifferential | FuzzRoundTrip) echo "-max_len=2048" ;;
        *) echo "" ;;
    esac
}

# Fails a log that shows a libFuzzer or sanitizer problem the exit status might not carry.
check_log() {
    local log="$1"
    if grep -q "Is the code instrumented for coverage?" "$log"; then
        echo "fuzz: error: libFuzzer found no coverage instrumentation (\"Is the code instrumented for coverage?\"); build with ${BUILD_FLAGS[*]}" >&2
        return 1
    fi
    if grep -qE "ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|SUMMARY: (libFuzzer|AddressSanitizer|LeakSanitizer)" "$log"; then
        grep -E "ERROR: |SUMMARY: |Fatal error|Test unit written" "$log" >&2 || true
        return 1
    fi
}

# Replays every file in a directory once; ok when the directory is missing or empty.
replay() {
    local binary="$1" target="$2" dir="$3" log="$4"
    local inputs=()
    if [ -d "$dir" ]; then
        while IFS= read -r -d '' file; do inputs+=("$file"); done \
            < <(find "$dir" -type f ! -name '.*' ! -name '*.md' -print0 | sort -z)
    fi
    [ "${#inputs[@]}" -eq 0 ] && return 0
    # shellcheck disable=SC2046
    if ! "$binary" $(target_options "$target") -timeout=10 -rss_limit_mb=2048 "${inputs[@]}" >"$log" 2>&1 || ! check_log "$log"; then
        tail -n 40 "$log" >&2
        echo "fuzz: error: $target fails on an input in ${dir#"$FUZZ_DIR"/}" >&2
        return 1
    fi
    echo "fuzz: $target: replayed ${#inputs[@]} inputs from ${dir#"$FUZZ_DIR"/}" >&2
}

main() {
    local do_build=1 replay_only=0
    while [ $# -gt 0 ]; do
        case "$1" in
            --build) build; exit 0 ;;
            --no-build) do_build=0; shift ;;
            --replay) replay_only=1; shift ;;
            -h | --help) sed -n '2,15p' "$0"; exit 0 ;;
            *) break ;;
        esac
    done
    local target="${1:?usage: Fuzz/run.sh TARGET [SECONDS]}" seconds="${2:-60}"
    if [ ! -f "$FUZZ_DIR/Sources/$target/main.swift" ]; then
        echo "fuzz: error: unknown target '$target'; expected one of: $(ls "$FUZZ_DIR/Sources" | grep '^Fuzz' | grep -v FuzzCommon | tr '\n' ' ')" >&2
        exit 2
    fi
    [ "$do_build" -eq 1 ] && build
    local binary
    binary="$(bin_path)/$target"

    # The Swift runtime's crash backtracer would race ASan and libFuzzer for the signal (and
    # itself trips ASan reading the crashed process's memory); let libFuzzer report it.
    export SWIFT_BACKTRACE=enable=no
    # Leak checking stays on (libFuzzer's -detect_leaks=1, with ASan): no Swift runtime false
    # positives have shown up, so there is no suppressions file. If one appears, suppress the
    # runtime symbol in an LSan suppressions file, not the whole check.
    export ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}detect_leaks=1"

    local work="${FUZZ_WORK:-}"
    [ -z "$work" ] && work="$(mktemp -d "${TMPDIR:-/tmp}/paysize-fuzz.XXXXXX")"
    mkdir -p "$work/$target" "$FUZZ_DIR/artifacts/$target"
    local log="$work/$target.log"

    replay "$binary" "$target" "$FUZZ_DIR/Regressions/$target" "$log"
    if [ "$replay_only" -eq 1 ]; then
        replay "$binary" "$target" "$FUZZ_DIR/Corpus/$target" "$log"
        exit 0
    fi

    local status=0
    # shellcheck disable=SC2046
    "$binary" $(target_options "$target") \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$FUZZ_DIR/artifacts/$target/" \
        "$work/$target" "$FUZZ_DIR/Corpus/$target" >"$log" 2>&1 || status=$?
    if ! check_log "$log" && [ "$status" -eq 0 ]; then status=1; fi

    local executions rate coverage
    executions="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
    rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)"
    coverage="$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1 || true)"
    if [ "$status" -ne 0 ]; then
        tail -n 60 "$log" >&2
        echo "fuzz: error: $target failed (status $status); inputs are in Fuzz/artifacts/$target/" >&2
    fi
    echo "fuzz: $target: ${executions:-0} executions in ${seconds} s (${rate:-0}/s), ${coverage:-cov: ?}, new inputs kept in $work/$target"
    # One machine-readable line for smoke.sh.
    echo "FUZZ-RESULT $target ${status} ${executions:-0} ${rate:-0} $(echo "${coverage:-cov: 0 ft: 0}" | awk '{print $2, $4}')"
    exit "$status"
}

main "$@"
