#!/usr/bin/env bash
# Builds the C peer of `make bench-logs` (simdjson_lines.cpp beside this script) into OUTPUT with
# the machine's C++ compiler at -O3 -march=native, when simdjson's headers and library
# (Debian's libsimdjson-dev, which `scripts/ensure-deps.sh --simdjson` installs) and a compiler
# are there. Otherwise says what is missing, removes OUTPUT and exits 0: the benchmark then
# prints ours alone.
# Usage: Benchmarks/SimdjsonPeer/build.sh OUTPUT
set -euo pipefail
output="$1"
source="$(dirname "$0")/simdjson_lines.cpp"
missing=()
compiler="${CXX:-}"
if [ -z "$compiler" ]; then
  for candidate in c++ g++ clang++; do
    if command -v "$candidate" >/dev/null 2>&1; then compiler="$candidate"; break; fi
  done
fi
[ -n "$compiler" ] || missing+=("a C++ compiler (c++, g++ or clang++; Debian: g++)")
if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists simdjson; } && [ ! -f /usr/include/simdjson.h ]; then
  missing+=("simdjson's headers and library (Debian: libsimdjson-dev)")
fi
if [ ${#missing[@]} -gt 0 ]; then
  rm -f "$output"
  printf 'bench-logs: the C peer is not built, missing %s\n' "$(IFS=';'; echo "${missing[*]}")" >&2
  exit 0
fi
flags=$(pkg-config --cflags --libs simdjson 2>/dev/null || echo -lsimdjson)
mkdir -p "$(dirname "$output")"
# shellcheck disable=SC2086 # the flags are words
if ! "$compiler" -O3 -march=native -std=c++17 "$source" -o "$output" $flags -lpthread; then
  rm -f "$output"
  echo "bench-logs: the C peer did not compile with $compiler (see above); running without it" >&2
  exit 0
fi
echo "bench-logs: C peer built with $("$compiler" --version | head -1), -O3 -march=native" >&2
