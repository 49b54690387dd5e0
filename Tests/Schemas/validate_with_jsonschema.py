#!/usr/bin/env python3
"""Checks Schemas/*.schema.json with an independent validator (python jsonschema, draft 2020-12):
each schema is itself valid, every payload in Examples/ satisfies the Live Activity schema, and
every payload in Tests/Fixtures/invalid-payloads/ (named for the rule it breaks) does not."""
import json
import pathlib
import sys

from jsonschema import Draft202012Validator

root = pathlib.Path(__file__).resolve().parents[2]
passed = failed = 0


def verdict(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {what}")


for path in sorted((root / "Schemas").rglob("*.schema.json")):
    try:
        Draft202012Validator.check_schema(json.loads(path.read_text()))
        verdict(True, path)
    except Exception as error:  # noqa: BLE001 - report any failure as a verdict
        verdict(False, f"{path}: {error}")

validator = Draft202012Validator(json.loads((root / "Schemas/apns-liveactivity.schema.json").read_text()))
for path in sorted((root / "Examples").glob("*.json")):
    errors = list(validator.iter_errors(json.loads(path.read_text())))
    verdict(not errors, f"{path.name} should be valid: {[e.message for e in errors]}")
for path in sorted((root / "Tests/Fixtures/invalid-payloads").glob("*.json")):
    errors = list(validator.iter_errors(json.loads(path.read_text())))
    verdict(bool(errors), f"{path.name} should be invalid")

print(f"jsonschema: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
