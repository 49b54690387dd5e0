#!/usr/bin/env bash
# The real-client test: builds Live Activity bodies offline with the APNs client libraries pinned in
# Tests/Clients/requirements.txt and checks every finding `paysize check` gives against the pinned
# expectations in Tests/Clients/expected.json.
#
# The libraries live in a test-only virtual environment, .build/client-venv, created and filled only
# when missing or when requirements.txt changed. Where `python3 -m venv` cannot work (Debian and
# Ubuntu ship it separately), python3-venv is installed with apt-get first, as root or with sudo.
#
# Usage: Tests/Clients/run.sh [PAYSIZE]   (default .build/debug/paysize; PAYSIZE_RECORD=1 re-pins)
set -euo pipefail
cd "$(dirname "$0")/../.."
paysize=${1:-.build/debug/paysize}
venv=.build/client-venv
stamp=$venv/paysize-requirements.txt

apt_install() {
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  elif command -v apt-get >/dev/null 2>&1 && command -v sudo >/dev/null 2>&1; then
    sudo apt-get update -qq >/dev/null
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    echo "paysize: missing $*: install Python 3 with its venv module" >&2
    exit 1
  fi
}

if ! command -v python3 >/dev/null 2>&1; then
  echo "paysize: installing python3 and python3-venv with apt-get (the real-client test runs Python libraries)" >&2
  apt_install python3 python3-venv
fi

if ! cmp -s Tests/Clients/requirements.txt "$stamp"; then
  rm -rf "$venv"
  if ! python3 -m venv "$venv" >/dev/null 2>&1; then
    rm -rf "$venv"
    echo "paysize: installing python3-venv with apt-get ('python3 -m venv' is missing; the real-client test needs it)" >&2
    apt_install python3-venv
    python3 -m venv "$venv"
  fi
  echo "paysize: installing the pinned APNs client libraries (kalyke-apns, aioapns; test only) into $venv" >&2
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r Tests/Clients/requirements.txt
  cp Tests/Clients/requirements.txt "$stamp"
fi

bodies=.build/client-bodies
rm -rf "$bodies"
"$venv/bin/python" Tests/Clients/build_client_bodies.py "$bodies"
python3 Tests/Clients/check_client_bodies.py "$paysize" "$bodies" Tests/Clients/expected.json
