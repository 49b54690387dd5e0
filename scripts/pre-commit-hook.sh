#!/usr/bin/env bash
# The entry of the pre-commit hooks in .pre-commit-hooks.yaml: `pre-commit-hook.sh check FILE…`
# runs `paysize check FILE…`, `pre-commit-hook.sh schema lint FILE…` runs `paysize schema lint
# FILE…`, and the exit status is paysize's (0 pass, 1 a violation, 2 bad input).
#
# pre-commit runs it from its own clone of this repository at the hook's revision. The first run
# builds only the `paysize` product there (debug: a commit checks a few small files, and a debug
# build takes a fraction of a release build's time); later runs reuse it, since that clone never
# changes. The build needs Swift 6.0 or later, pkg-config and the development files of zstd, zlib
# and Brotli (Debian/Ubuntu: libzstd-dev zlib1g-dev libbrotli-dev pkg-config). PAYSIZE=/path/to/paysize
# runs that build of the tool instead of building one.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

if [ -n "${PAYSIZE:-}" ]; then
  exec "$PAYSIZE" "$@"
fi

tool=$here/.build/debug/paysize
if [ ! -x "$tool" ]; then
  echo "paysize: building the paysize tool for the pre-commit hook (once per hook revision)" >&2
  mkdir -p "$here/.build"
  if ! swift build --package-path "$here" --product paysize >"$here/.build/hook-build.log" 2>&1; then
    cat "$here/.build/hook-build.log" >&2
    echo "paysize: building the tool failed (log above): the hook needs Swift 6.0+, pkg-config and" \
      "zstd's, zlib's and Brotli's development files (Debian: libzstd-dev zlib1g-dev libbrotli-dev)" >&2
    exit 2
  fi
fi
exec "$tool" "$@"
