#!/usr/bin/env python3
"""Check that `paysize check --schema` and the PaySize library agree on a sample of payloads.

Usage: compare_cli_with_library.py PAYSIZE DIRECTORY

DIRECTORY holds one folder per content-state type (written by the Swift soundness test):
schema.json, payloads.jsonl (one payload per line) and library.json, the findings
PayloadContract gives for each payload. The script runs PAYSIZE check --format json --schema
schema.json payloads.jsonl for each folder and requires the same contract findings (path,
contract, message, fix) for every payload, and exit status 1 exactly when some payload holds a
value the device would drop. Where content-state is not an object, the checker reports that as a
structural error at /aps/content-state before the contract runs; the library's dropped finding
there agrees with it. It prints each disagreement, then 'N payloads in M schemas agree, K
disagree', and exits 1 on any disagreement (2 when there is nothing to compare).
"""

import json
import pathlib
import subprocess
import sys


def contract_findings(findings):
    return sorted(
        (f["path"], f["contract"], f["message"], f["fix"]) for f in findings if f.get("contract") is not None
    )


def main(argv):
    if len(argv) != 3:
        print("usage: compare_cli_with_library.py PAYSIZE DIRECTORY", file=sys.stderr)
        return 2
    paysize, directory = argv[1], pathlib.Path(argv[2])
    folders = sorted(path for path in directory.iterdir() if (path / "library.json").is_file()) if directory.is_dir() else []
    if not folders:
        print(f"error: no samples in '{directory}'", file=sys.stderr)
        return 2
    agreed = disagreed = 0
    for folder in folders:
        expected = json.loads((folder / "library.json").read_text(encoding="utf-8"))
        run = subprocess.run(
            [paysize, "check", "--format", "json", "--schema", str(folder / "schema.json"),
             str(folder / "payloads.jsonl")],
            capture_output=True, text=True, check=False)
        # One object per payload line, and the log's summary (no "line") after them.
        objects = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
        by_line = {result["line"]: result for result in objects if "line" in result}
        if sorted(by_line) != [item["line"] for item in expected]:
            print(f"{folder.name}: paysize reported lines {sorted(by_line)} for {len(expected)} payloads: {run.stderr.strip()}")
            disagreed += len(expected)
            continue
        drops = False
        structural = False
        for item in expected:
            result = by_line[item["line"]]
            ours = contract_findings(item["findings"])
            theirs = contract_findings(result.get("findings", []))
            if any(f["path"] == "/aps/content-state" and f.get("contract") is None and f["severity"] == "error"
                   for f in result.get("findings", [])):
                ours = [finding for finding in ours if finding[0] != "/aps/content-state"]
            drops = drops or any(finding[1] == "dropped" for finding in ours)
            structural = structural or any(
                f.get("contract") is None and f["severity"] == "error" for f in result.get("findings", []))
            if ours == theirs:
                agreed += 1
            else:
                disagreed += 1
                print(f"{folder.name} line {item['line']}: library {ours} but paysize {theirs}")
        status = 1 if drops or structural else 0
        if run.returncode != status:
            disagreed += 1
            print(f"{folder.name}: paysize exited {run.returncode}, expected {status}")
    print(f"{agreed} payloads in {len(folders)} schemas agree, {disagreed} disagree")
    return 1 if disagreed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
