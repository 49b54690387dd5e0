#!/usr/bin/env bash
# Instructions per log line of `paysize check --summary`, split by part of the log path, which do
# not depend on the machine's load: writes the benchmark's log (LogBenchmark generate) at MB and
# 2 x MB megabytes (the first a prefix of the second), runs the release `paysize check --summary`
# (the text summary, whose output does not grow with the log) on each under valgrind's callgrind, and prints the difference per line of each
# part (Benchmarks/callgrind_split.py), so start-up and the summary's output cancel out.
# Usage: Benchmarks/log-instructions.sh [MB] [FUNCTIONS]   (default: 10 MB; FUNCTIONS > 0 also
# lists that many of the costliest functions per line)
set -euo pipefail
cd "$(dirname "$0")/.."
megabytes="${1:-10}"
functions="${2:-0}"
swift build -c release --product paysize >/dev/null
PAYSIZE_INTERNAL_PRODUCTS=1 swift build -c release --package-path Benchmarks --product LogBenchmark >/dev/null
work=$(mktemp -d "${TMPDIR:-/tmp}/paysize-log-instructions-XXXXXX")
trap 'rm -rf "$work"' EXIT

profile() {  # megabytes → prints the log's line count; leaves $work/<megabytes>.out
    Benchmarks/.build/release/LogBenchmark generate "$work/$1.jsonl" "$1" >/dev/null
    valgrind --tool=callgrind --callgrind-out-file="$work/$1.out" \
        .build/release/paysize check --summary "$work/$1.jsonl" >/dev/null 2>"$work/$1.log" \
        || [ $? -le 1 ]  # 1: payloads over a tier, still a full run
    wc -l <"$work/$1.jsonl"
}
small=$(profile "$megabytes")
large=$(profile $((2 * megabytes)))
python3 Benchmarks/callgrind_split.py "$work/$megabytes.out" "$small" "$work/$((2 * megabytes)).out" "$large" \
    --functions "$functions"
