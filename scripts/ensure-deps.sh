#!/usr/bin/env bash
# Installs what building and testing PaySize needs beyond Swift: zstd's headers (libzstd-dev),
# zlib's and Brotli's (zlib1g-dev, libbrotli-dev: the formats Apple's Compression framework
# decodes, measured by `paysize suggest`), pkg-config, and, with --python, the jsonschema package the tests use as an independent validator.
set -euo pipefail

need_apt=()
command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libzstd; } || [ ! -f /usr/include/zdict.h ]; then
  need_apt+=(libzstd-dev)
fi
if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists zlib; } || [ ! -f /usr/include/zlib.h ]; then
  need_apt+=(zlib1g-dev)
fi
if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libbrotlienc; } || [ ! -f /usr/include/brotli/encode.h ]; then
  need_apt+=(libbrotli-dev)
fi

if [ ${#need_apt[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "paysize: installing ${need_apt[*]} with apt-get" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  elif command -v apt-get >/dev/null 2>&1 && command -v sudo >/dev/null 2>&1; then
    echo "paysize: installing ${need_apt[*]} with sudo apt-get" >&2
    sudo apt-get update -qq >/dev/null
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    echo "paysize: missing ${need_apt[*]}: install zstd's, zlib's and Brotli's development files and pkg-config" >&2
    echo "  (Debian/Ubuntu: apt-get install libzstd-dev zlib1g-dev libbrotli-dev pkg-config;" >&2
    echo "  macOS: brew install zstd brotli pkg-config)" >&2
    exit 1
  fi
fi

if [ "${1:-}" = "--python" ] && ! python3 -c 'import jsonschema' >/dev/null 2>&1; then
  echo "paysize: installing the jsonschema Python package (test tooling only)" >&2
  python3 -m pip install --quiet jsonschema || {
    echo "paysize: cannot install jsonschema: run 'python3 -m pip install jsonschema'" >&2
    exit 1
  }
fi
