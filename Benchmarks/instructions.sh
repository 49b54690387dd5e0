#!/usr/bin/env bash
# Instruction counts per operation, which do not depend on the machine's load: runs the release
# benchmark under valgrind's callgrind twice (COUNT and 2 x COUNT operations) and prints the
# difference per operation, so start-up and warm-up cancel out.
# Usage: Benchmarks/instructions.sh [SHAPE] [COUNT]   (default: typical 2000)
set -euo pipefail
cd "$(dirname "$0")/.."
shape="${1:-typical}"
count="${2:-2000}"
# The benchmarks link the command-line library, a product only with PAYSIZE_INTERNAL_PRODUCTS=1.
PAYSIZE_INTERNAL_PRODUCTS=1 swift build -c release --package-path Benchmarks >/dev/null
binary=Benchmarks/.build/release/PaySizeBenchmarks
work=$(mktemp -d "${TMPDIR:-/tmp}/paysize-instructions-XXXXXX")
trap 'rm -rf "$work"' EXIT

instructions() {  # variant, count
    valgrind --tool=callgrind --callgrind-out-file="$work/out" "$binary" repeat "$1" "$shape" "$2" >/dev/null 2>"$work/log"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/log"
}

printf '%-12s %12s\n' variant "per op"
for variant in foundation encode plain size walk; do
    once=$(instructions "$variant" "$count")
    twice=$(instructions "$variant" $((2 * count)))
    printf '%-12s %12.0f\n' "$variant" "$(echo "($twice - $once) / $count" | bc -l)"
done
