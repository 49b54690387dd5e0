#!/usr/bin/env bash
# `make fuzz-smoke`: builds every fuzz target with one `swift build`, then replays each target's
# regressions and fuzzes it for FUZZ_SECONDS (default 60) seconds. Prints executions and coverage
# per target and a table at the end; exits non-zero if any target crashed, leaked, timed out, ran
# out of memory or was built without coverage. Targets are every Sources/Fuzz*/main.swift.
set -euo pipefail

FUZZ_DIR="$(cd "$(dirname "$0")" && pwd)"
PER_TARGET="${FUZZ_SECONDS:-60}"

targets=()
for main in "$FUZZ_DIR"/Sources/Fuzz*/main.swift; do
    targets+=("$(basename "$(dirname "$main")")")
done

build_start=$(date +%s)
"$FUZZ_DIR/run.sh" --build
build_time=$(($(date +%s) - build_start))

work="$(mktemp -d "${TMPDIR:-/tmp}/paysize-fuzz-smoke.XXXXXX")"
results=()
failed=0
passed_count=0
failed_count=0
for target in "${targets[@]}"; do
    echo "fuzz-smoke: $target for $PER_TARGET s" >&2
    output="$(FUZZ_WORK="$work" "$FUZZ_DIR/run.sh" --no-build "$target" "$PER_TARGET")" || failed=1
    echo "$output" | grep -v '^FUZZ-RESULT ' || true
    result="$(echo "$output" | grep '^FUZZ-RESULT ' || echo "FUZZ-RESULT $target 1 0 0 0 0")"
    results+=("$result")
done

echo
printf '%-28s %-8s %12s %10s %8s %8s\n' target result executions "exec/s" cov ft
for result in "${results[@]}"; do
    read -r _ target status executions rate coverage features <<<"$result"
    verdict=ok
    if [ "$status" -ne 0 ]; then verdict=FAILED; failed_count=$((failed_count + 1)); else passed_count=$((passed_count + 1)); fi
    printf '%-28s %-8s %12s %10s %8s %8s\n' "$target" "$verdict" "$executions" "$rate" "$coverage" "$features"
done
echo "build: ${build_time} s; ${PER_TARGET} s per target; new inputs in $work (not added to Fuzz/Corpus)"
echo "fuzz-smoke: ${passed_count} passed, ${failed_count} failed"
if [ "$failed" -ne 0 ]; then
    echo "fuzz-smoke: error: a target failed; its input is in Fuzz/artifacts/<target>/ (add it to Fuzz/Regressions/<target>/ and a unit test)" >&2
    exit 1
fi
