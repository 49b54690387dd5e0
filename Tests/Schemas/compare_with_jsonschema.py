#!/usr/bin/env python3
"""Check PaySize's schema verdicts against Python's jsonschema (Draft202012Validator).

Usage: compare_with_jsonschema.py DIRECTORY...

Each *.json file in each DIRECTORY is one case: {"schema": ..., "instance": ..., "valid": bool},
where "valid" is PaySize's verdict (no "dropped" finding) without its own x-paysize- keywords,
which jsonschema skips. A case may add "jsonschemaDiffers": the reason jsonschema gives the other
verdict where the specification's text is on PaySize's side (json.loads reads 9223372036854775807.0
as a float): such a case must disagree, and agreeing fails it, so the list only shrinks. The script
prints each unexpected outcome, then 'N passed, N failed', and exits 1 on any (2 when a directory
has no cases).
"""

import json
import pathlib
import sys

from jsonschema import Draft202012Validator


def main(argv):
    if len(argv) < 2:
        print("usage: compare_with_jsonschema.py DIRECTORY...", file=sys.stderr)
        return 2
    paths = []
    for directory in map(pathlib.Path, argv[1:]):
        found = sorted(directory.glob("*.json"))
        if not found:
            print(f"error: no cases in '{directory}'", file=sys.stderr)
            return 2
        paths += found
    passed = failed = 0
    for path in paths:
        case = json.loads(path.read_text(encoding="utf-8"))
        schema, instance, ours = case["schema"], case["instance"], case["valid"]
        Draft202012Validator.check_schema(schema)
        theirs = Draft202012Validator(schema).is_valid(instance)
        if "jsonschemaDiffers" in case:
            if theirs != ours:
                passed += 1
            else:
                failed += 1
                print(f"{path.name}: listed as differing ({case['jsonschemaDiffers']}), but jsonschema now agrees")
            continue
        if theirs == ours:
            passed += 1
        else:
            failed += 1
            errors = "; ".join(e.message for e in Draft202012Validator(schema).iter_errors(instance))
            print(f"{path.name}: paysize says {'valid' if ours else 'invalid'}, "
                  f"jsonschema says {'valid' if theirs else 'invalid'} {errors}".rstrip())
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
