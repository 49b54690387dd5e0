#!/usr/bin/env python3
"""Run the official JSON-Schema-Test-Suite (draft 2020-12, required tests) through `paysize check --schema`.

Usage: run_json_schema_test_suite.py PAYSIZE [--write-expected | --codepoints]

The suite is vendored in Tests/Fixtures/JSON-Schema-Test-Suite. Each test group's schema is written
to a file of its own in a temporary folder, and one wrapper schema per suite file refers to them by
relative path: {"properties": {"g0": {"$ref": "g0.json"}, ...}}. Each test becomes one JSON Lines
payload whose content-state is {"gN": instance}, so one `paysize check` process checks a whole
suite file, and the test's verdict is whether PaySize reports a "dropped" finding under
/aps/content-state/gN. The suite's remotes (http://localhost:1234/...) come from the fixture's
remotes/ folder through --schema-dir.

When a suite file's process exits 2 (a schema PaySize refuses), each of its groups is run alone, and
a group that still exits 2 is refused, with paysize's message. The expectations file
json-schema-test-suite-expected.txt beside this script lists, one per line ('#' comments):

    refused | file.json | group description | reason
    differs | file.json | group description | test description | reason

a refused group, and a test whose verdict differs from the suite's on purpose (documented), each
with the reason. The list can only shrink: an unlisted refusal or difference fails, and so does a
listed one that no longer happens. --write-expected rewrites the refusals from this run (the reasons
are paysize's messages: edit them to say why) and keeps the listed differences.

With --codepoints, strings compare by code point (`--string-equality codepoints`, the
specification's verdict): then no listed difference is expected, and every test must agree.

Prints agree / refused / wrong counts (a listed difference counts as wrong, and is named) and each
unexpected outcome; exits 1 on any, 2 on a usage error.
"""

import decimal
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
SUITE = ROOT / "Tests" / "Fixtures" / "JSON-Schema-Test-Suite"
EXPECTED = pathlib.Path(__file__).resolve().parent / "json-schema-test-suite-expected.txt"


def dump(value):
    """JSON text of a value loaded with Decimal numbers, each number spelled as the suite wrote it."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, (int, decimal.Decimal)):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ",".join(dump(item) for item in value) + "]"
    return "{" + ",".join(json.dumps(key) + ":" + dump(item) for key, item in value.items()) + "}"


def load(path):
    return json.loads(path.read_text(encoding="utf-8"), parse_float=decimal.Decimal)


def run_groups(paysize, folder, name, groups, equality):
    """Checks the groups (index, group) in one process: {(index, test): valid} or the refusal message."""
    folder.mkdir(parents=True, exist_ok=True)
    wrapper = {"type": "object", "properties": {}}
    lines = []
    for index, group in groups:
        (folder / f"g{index}.json").write_text(dump(group["schema"]), encoding="utf-8")
        wrapper["properties"][f"g{index}"] = {"$ref": f"g{index}.json"}
        for number, test in enumerate(group["tests"]):
            state = "{" + json.dumps(f"g{index}") + ":" + dump(test["data"]) + "}"
            lines.append((index, number, '{"aps":{"event":"update","timestamp":1,"content-state":' + state + "}}"))
    wrapper_path = folder / f"{name}.wrapper.json"
    wrapper_path.write_text(json.dumps(wrapper), encoding="utf-8")
    payloads = folder / f"{name}.jsonl"
    payloads.write_text("".join(line + "\n" for _, _, line in lines), encoding="utf-8")
    run = subprocess.run(
        [paysize, "check", "--format", "json", "--limit", "100000000", "--max-input-bytes", "100000000",
         "--string-equality", equality,
         "--schema", str(wrapper_path), "--schema-dir", str(SUITE / "remotes"), str(payloads)],
        capture_output=True, text=True, check=False)
    if run.returncode == 2:
        return run.stderr.strip().replace(str(folder) + "/", "").splitlines()[0] if run.stderr.strip() else "exit 2"
    verdicts = {}
    for text in run.stdout.split("\n"):
        if not text.strip():
            continue
        result = json.loads(text)
        if "line" not in result:
            continue
        index, number, _ = lines[result["line"] - 1]
        prefix = f"/aps/content-state/g{index}"
        verdicts[(index, number)] = not any(
            finding.get("contract") == "dropped"
            and (finding["path"] == prefix or finding["path"].startswith(prefix + "/"))
            for finding in result.get("findings", []))
    return verdicts


def read_expected():
    refusals, differences = {}, {}
    if EXPECTED.is_file():
        for line in EXPECTED.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split(" | ")
            if parts[0] == "refused" and len(parts) == 4:
                refusals[(parts[1], parts[2])] = parts[3]
            elif parts[0] == "differs" and len(parts) == 5:
                differences[(parts[1], parts[2], parts[3])] = parts[4]
            else:
                raise SystemExit(f"{EXPECTED.name}: cannot read the line '{line}'")
    return refusals, differences


def main(argv):
    if len(argv) not in (2, 3) or (len(argv) == 3 and argv[2] not in ("--write-expected", "--codepoints")):
        print("usage: run_json_schema_test_suite.py PAYSIZE [--write-expected | --codepoints]", file=sys.stderr)
        return 2
    paysize = argv[1]
    codepoints = argv[2:] == ["--codepoints"]
    writes = argv[2:] == ["--write-expected"]
    equality = "codepoints" if codepoints else "canonical"
    files = sorted((SUITE / "tests" / "draft2020-12").glob("*.json"))
    if not files:
        print(f"error: no suite files in '{SUITE}'", file=sys.stderr)
        return 2
    listed, listed_differences = read_expected()
    if codepoints:
        listed_differences = {}
    agree = wrong = refused_tests = 0
    refusals = {}
    differences = set()
    problems = []
    with tempfile.TemporaryDirectory() as temporary:
        for path in files:
            groups = list(enumerate(load(path)))
            folder = pathlib.Path(temporary) / path.stem
            results = run_groups(paysize, folder, path.stem, groups, equality)
            if isinstance(results, str):
                results = {}
                for index, group in groups:
                    alone = run_groups(paysize, folder / f"alone{index}", path.stem, [(index, group)], equality)
                    if isinstance(alone, str):
                        refusals[(path.name, group["description"])] = alone
                        refused_tests += len(group["tests"])
                    else:
                        results.update(alone)
            for (index, number), valid in sorted(results.items()):
                group = groups[index][1]
                test = group["tests"][number]
                if valid == test["valid"]:
                    agree += 1
                    continue
                wrong += 1
                key = (path.name, group["description"], test["description"])
                verdicts = (f"paysize says {'valid' if valid else 'invalid'}, "
                            f"the suite {'valid' if test['valid'] else 'invalid'}")
                if key in listed_differences:
                    differences.add(key)
                    print(f"differs as listed: {' | '.join(key)}: {verdicts} ({listed_differences[key]})")
                else:
                    problems.append(f"wrong: {' | '.join(key)}: {verdicts}")
    for key, message in sorted(refusals.items()):
        if key not in listed:
            problems.append(f"unlisted refusal: {key[0]} | {key[1]}: {message}")
    for key in sorted(set(listed) - set(refusals)):
        problems.append(f"listed refusal no longer refused (remove it from {EXPECTED.name}): {' | '.join(key)}")
    for key in sorted(set(listed_differences) - differences):
        problems.append(f"listed difference no longer differs (remove it from {EXPECTED.name}): {' | '.join(key)}")
    if writes:
        text = "# JSON-Schema-Test-Suite draft2020-12 outcomes that are not 'agree'. This list may only shrink.\n"
        text += "".join(f"refused | {file} | {group} | {listed.get((file, group), message)}\n"
                        for (file, group), message in sorted(refusals.items()))
        text += "".join(f"differs | {' | '.join(key)} | {reason}\n" for key, reason in sorted(listed_differences.items()))
        EXPECTED.write_text(text, encoding="utf-8")
        problems = [problem for problem in problems if problem.startswith("wrong:")]
    for problem in problems:
        print(problem)
    print(f"JSON-Schema-Test-Suite draft2020-12 ({equality} string equality): {agree} agree, {refused_tests} refused "
          f"({len(refusals)} groups), {wrong} wrong ({len(differences)} of them listed differences)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
