#!/usr/bin/env bash
# The pre-commit hooks of .pre-commit-hooks.yaml, run as a user's repository runs them: `pre-commit
# try-repo` of this repository (its committed HEAD, plus a shadow commit of uncommitted changes)
# in a scratch git repository holding a good and an over-budget payload, a good and a broken schema.
#
# paysize-check must fail on the over-budget payload and pass on the good one; paysize-schema-lint
# must fail on the broken schema and pass on the good one. The first run builds the tool in
# pre-commit's clone, as a user's first commit does; the others run PAYSIZE (default
# .build/debug/paysize), since try-repo clones afresh every time.
#
# pre-commit lives in .build/precommit-venv, pinned by Tests/PreCommit/requirements.txt, created
# and filled only when missing or when requirements.txt changed (so offline after the first run).
#
# Usage: Tests/PreCommit/run.sh [PAYSIZE]
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
paysize=$(realpath "${1:-.build/debug/paysize}")
venv=.build/precommit-venv
stamp=$venv/paysize-requirements.txt

if ! cmp -s Tests/PreCommit/requirements.txt "$stamp"; then
  rm -rf "$venv"
  if ! python3 -m venv "$venv" >/dev/null 2>&1; then
    rm -rf "$venv"
    echo "paysize: installing python3-venv with apt-get ('python3 -m venv' is missing; the pre-commit test needs it)" >&2
    if [ "$(id -u)" = 0 ]; then
      apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
    else
      sudo apt-get update -qq >/dev/null && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
    fi
    python3 -m venv "$venv"
  fi
  echo "paysize: installing the pinned pre-commit (test only) into $venv" >&2
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r Tests/PreCommit/requirements.txt
  cp Tests/PreCommit/requirements.txt "$stamp"
fi
pre_commit=$root/$venv/bin/pre-commit

scratch=.build/precommit-scratch
rm -rf "$scratch"
mkdir -p "$scratch/payloads" "$scratch/schemas"
cp Examples/AppTests/Payloads/update-on-the-way.json Examples/AppTests/Payloads/update-long-note.json "$scratch/payloads/"
cp Schemas/examples/delivery.schema.json Tests/PreCommit/broken.schema.json "$scratch/schemas/"
git -C "$scratch" init --quiet
git -C "$scratch" add .

passed=0
failed=0
# expect NAME STATUS LINE [PAYSIZE] -- HOOK FILE: try-repo's exit status and one line of its output.
expect() {
  local name=$1 status=$2 line=$3 tool=$4 hook=$5 file=$6 out code=0
  out=$(cd "$scratch" && PAYSIZE=$tool PRE_COMMIT_COLOR=never "$pre_commit" try-repo "$root" "$hook" \
    --verbose --files "$file" 2>&1) || code=$?
  if [ "$code" = "$status" ] && grep -qxF -- "$line" <<<"$out"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    printf 'test-precommit: FAILED %s: exit status %s (expected %s), line %q expected in:\n%s\n' \
      "$name" "$code" "$status" "$line" "$out" >&2
  fi
}

expect "paysize-check fails on an over-budget payload (building the tool)" 1 \
  "payloads/update-long-note.json: over — 4473 of 4096 bytes, 377 bytes over the limit" \
  "" paysize-check payloads/update-long-note.json
expect "paysize-check names the tool's exit status" 1 "- exit code: 1" \
  "$paysize" paysize-check payloads/update-long-note.json
expect "paysize-check passes a payload within its budget" 0 \
  "payloads/update-on-the-way.json: safe — 259 of 4096 bytes, 3837 bytes of headroom" \
  "$paysize" paysize-check payloads/update-on-the-way.json
expect "paysize-schema-lint fails on a broken schema" 1 \
  "schemas/broken.schema.json: /properties/stopsAway/minimum: expected number, found string '0'" \
  "$paysize" paysize-schema-lint schemas/broken.schema.json
expect "paysize-schema-lint passes a valid schema" 0 \
  "schemas/delivery.schema.json: valid draft 2020-12 schema" \
  "$paysize" paysize-schema-lint schemas/delivery.schema.json

echo "test-precommit: $passed passed, $failed failed"
[ "$failed" = 0 ]
