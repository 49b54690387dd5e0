#!/usr/bin/env python3
"""Runs `paysize check --format json` on the bodies build_client_bodies.py wrote and compares every
verdict and finding with the pinned expectations.

Usage: check_client_bodies.py PAYSIZE BODIES_DIR EXPECTED_JSON

Each case is a command line over BODIES_DIR: every body file alone (judged compact, the default
for a file), the 4058-byte aioapns body with --as-sent, and all bodies as one JSON Lines log
(judged as logged) and again with --compact. For each case the exit status and, for every payload
object, the sizes, tier, verdict and findings (severity, path, message, fix) must equal the pinned
ones; for a log, so must the summary's tiers and counts. The aioapns body of the issue must also be
byte-identical to the fixture the Swift tests use (Tests/Fixtures/clients/aioapns-update-4058.json).

With PAYSIZE_RECORD=1 it writes EXPECTED_JSON from this run instead (review the diff before
committing it). Prints one line per disagreement, then 'N cases agree, K disagree'; exits 1 on any
disagreement.
"""

import json
import os
import pathlib
import subprocess
import sys

PAYLOAD_FIELDS = ("line", "payloadBytes", "fileBytes", "judgedBytes", "tier", "event", "fails")
SUMMARY_FIELDS = ("lines", "payloads", "tiers", "payloadsWithErrors", "payloadsWithWarnings", "failing")


def cases(bodies):
    names = sorted(path.name for path in bodies.glob("*.json"))
    for name in names:
        yield name, [name]
    yield "aioapns-update-4058.json --as-sent", ["--as-sent", "aioapns-update-4058.json"]
    yield "bodies.jsonl", ["bodies.jsonl"]
    yield "bodies.jsonl --compact", ["--compact", "bodies.jsonl"]


def run(paysize, bodies, arguments):
    result = subprocess.run(
        [os.path.abspath(paysize), "check", "--format", "json", *arguments],
        cwd=bodies, capture_output=True, text=True, check=False,
    )
    outcome = {"exit": result.returncode, "payloads": [], "summary": None}
    for text in result.stdout.splitlines():
        report = json.loads(text)
        if report.get("kind") == "summary":
            outcome["summary"] = {field: report[field] for field in SUMMARY_FIELDS}
            continue
        payload = {field: report[field] for field in PAYLOAD_FIELDS if field in report}
        payload["file"] = report["file"]
        payload["findings"] = [
            [finding["severity"], finding["path"], finding["message"], finding["fix"]] for finding in report["findings"]
        ]
        outcome["payloads"].append(payload)
    return outcome


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    paysize, bodies, expected_path = argv[1], pathlib.Path(argv[2]), pathlib.Path(argv[3])
    observed = {name: run(paysize, bodies, arguments) for name, arguments in cases(bodies)}
    fixture = pathlib.Path("Tests/Fixtures/clients/aioapns-update-4058.json")
    problems = []
    if (bodies / "aioapns-update-4058.json").read_bytes() != fixture.read_bytes():
        problems.append(f"aioapns-update-4058.json: the body aioapns sends differs from {fixture}")
    if os.environ.get("PAYSIZE_RECORD"):
        expected_path.write_text(json.dumps(observed, indent=2, ensure_ascii=False) + "\n")
        print(f"recorded {len(observed)} cases in {expected_path}")
        return 0
    expected = json.loads(expected_path.read_text())
    for name in sorted(set(expected) | set(observed)):
        if name not in observed:
            problems.append(f"{name}: expected, but no such body was built")
        elif name not in expected:
            problems.append(f"{name}: built, but nothing is pinned for it")
        elif observed[name] != expected[name]:
            problems.append(
                f"{name}: expected\n  {json.dumps(expected[name], ensure_ascii=False)}\nfound\n  "
                + json.dumps(observed[name], ensure_ascii=False)
            )
    for problem in problems:
        print(problem)
    print(f"{len(observed) - len(problems)} cases agree, {len(problems)} disagree")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
