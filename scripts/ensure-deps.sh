#!/usr/bin/env bash
# Installs what building and testing PaySize needs beyond Swift: zstd's headers (libzstd-dev),
# zlib's and Brotli's (zlib1g-dev, libbrotli-dev: the formats Apple's Compression framework
# decodes, measured by `paysize suggest`), pkg-config, and, with --python, the jsonschema package
# the tests use as an independent validator; with --spark, what `make test-spark` runs the Spark
# example on: Java 17 or later (Debian's openjdk-17-jre-headless; PySpark 4 needs it) and the
# pyspark package (4 or later); with --chromium, the browser `make test-html` renders the HTML
# reports in (Debian's chromium); with --simdjson, what `make bench-logs` builds its C peer with
# (libsimdjson-dev and g++), where apt-get can install them: without them the benchmark runs
# without the peer, so failing to install them is not an error.
set -euo pipefail

java_major() {
  command -v java >/dev/null 2>&1 || { echo 0; return; }
  java -version 2>&1 | sed -n '1s/.*version "\([0-9]*\).*/\1/p' | grep . || echo 0
}

need_apt=()
if [ "${1:-}" = "--spark" ] && [ "$(java_major)" -lt 17 ]; then
  found_java=$(java_major)
  echo "paysize: Spark needs Java 17 or later; found $([ "$found_java" = 0 ] && echo none || echo "Java $found_java")" >&2
  need_apt+=(openjdk-17-jre-headless)
fi
if [ "${1:-}" = "--chromium" ] && ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  need_apt+=(chromium)
fi
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
    echo "paysize: missing ${need_apt[*]}: install zstd's, zlib's and Brotli's development files, pkg-config, (for Spark) Java 17+ and (for make test-html) chromium" >&2
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

if [ "${1:-}" = "--spark" ] && ! python3 -c 'import sys, pyspark; sys.exit(int(pyspark.__version__.split(".")[0]) < 4)' >/dev/null 2>&1; then
  echo "paysize: installing the pyspark Python package, 4 or later (make test-spark only; about 450 MB installed)" >&2
  python3 -m pip install --quiet 'pyspark>=4' || {
    echo "paysize: cannot install pyspark: run 'python3 -m pip install \"pyspark>=4\"'" >&2
    exit 1
  }
fi

if [ "${1:-}" = "--simdjson" ]; then
  need_peer=()
  [ -f /usr/include/simdjson.h ] || need_peer+=(libsimdjson-dev)
  command -v c++ >/dev/null 2>&1 || command -v g++ >/dev/null 2>&1 || command -v clang++ >/dev/null 2>&1 \
    || need_peer+=(g++)
  if [ ${#need_peer[@]} -gt 0 ]; then
    sudo_prefix=()
    [ "$(id -u)" = 0 ] || sudo_prefix=(sudo)
    if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" = 0 ] || command -v sudo >/dev/null 2>&1; }; then
      echo "paysize: installing ${need_peer[*]} with apt-get (the C peer of make bench-logs)" >&2
      "${sudo_prefix[@]}" apt-get update -qq >/dev/null || true
      "${sudo_prefix[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_peer[@]}" >/dev/null \
        || echo "paysize: cannot install ${need_peer[*]}; make bench-logs runs without the C peer" >&2
    else
      echo "paysize: missing ${need_peer[*]} (no apt-get); make bench-logs runs without the C peer" >&2
    fi
  fi
fi
