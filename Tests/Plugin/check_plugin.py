#!/usr/bin/env python3
"""`swift package paysize` in Examples/AppTests, an app package that depends on PaySize by path.

Runs the command plugin as an app team would, from the app package's folder, and pins what comes
out: the tool's lines (SwiftPM forwards the plugin's standard output and error, both, to its own
standard output), `swift package`'s exit status (0 when the tool exits 0, and 1 whenever it does
not: SwiftPM keeps no other status) and the plugin's line naming the tool's own status. A command
that writes a file runs only with `--allow-writing-to-package-directory` given to `swift package`.

Usage: SWIFT=swift python3 Tests/Plugin/check_plugin.py
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APP = os.path.join(ROOT, "Examples", "AppTests")
SWIFT = os.environ.get("SWIFT", "swift")
SCHEMA = "Tests/DeliveriesTests/Schemas/DeliveryAttributes.ContentState.schema.json"
GOOD = "Payloads/update-on-the-way.json"
OVER = "Payloads/update-long-note.json"
SCRATCH = ".build/paysize-plugin-test"
APPLIED = SCRATCH + "/after.json"

failures = []
passed = 0


def swift_package(*arguments):
    result = subprocess.run(
        [SWIFT, "package", *arguments], cwd=APP, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    return result.returncode, result.stdout, result.stderr


def expect(name, condition, detail):
    global passed
    if condition:
        passed += 1
    else:
        failures.append(f"{name}: {detail}")


def expect_run(name, arguments, status, stdout_lines=(), stderr_lines=(), absent=()):
    code, out, err = swift_package(*arguments)
    shown = f"swift package {' '.join(arguments)}\n--- stdout\n{out}--- stderr\n{err}"
    expect(name, code == status, f"exit status {code}, expected {status}\n{shown}")
    for line in stdout_lines:
        expect(name, line in out.splitlines(), f"no line {line!r} on standard output\n{shown}")
    for line in stderr_lines:
        expect(name, line in err.splitlines(), f"no line {line!r} on standard error\n{shown}")
    for text in absent:
        expect(name, text not in out + err, f"{text!r} printed\n{shown}")


shutil.rmtree(os.path.join(APP, SCRATCH), ignore_errors=True)
os.makedirs(os.path.join(APP, SCRATCH))

expect_run(
    "a payload within its budget passes",
    ["paysize", "check", "--schema", SCHEMA, GOOD],
    0,
    stdout_lines=[f"{GOOD}: safe — 259 of 4096 bytes, 3837 bytes of headroom"],
    absent=["exited with status"])

expect_run(
    "a payload over its budget fails with the tool's status named",
    ["paysize", "check", "--schema", SCHEMA, OVER],
    1,
    stdout_lines=[f"{OVER}: over — 4473 of 4096 bytes, 377 bytes over the limit"],
    stderr_lines=["error: paysize check exited with status 1"])

expect_run(
    "bad input: swift package exits 1, the plugin names the tool's 2",
    ["paysize", "check", "Payloads/missing.json"],
    1,
    stdout_lines=["Payloads/missing.json: error: cannot open file: no such file or directory"],
    stderr_lines=["error: paysize check exited with status 2"])

refused = (f"error: paysize suggest writes '{APPLIED}': run it as 'swift package "
           f"--allow-writing-to-package-directory paysize suggest --lossy --apply {APPLIED} {OVER}'")
expect_run(
    "suggest --apply without the permission flag is refused and writes nothing",
    ["paysize", "suggest", "--lossy", "--apply", APPLIED, OVER],
    1,
    stderr_lines=[refused])
expect("suggest --apply without the permission flag is refused and writes nothing",
       not os.path.exists(os.path.join(APP, APPLIED)), f"{APPLIED} was written")

expect_run(
    "the flag after the verb is the plugin's argument, not SwiftPM's permission",
    ["paysize", "--allow-writing-to-package-directory", "suggest", "--lossy", "--apply", APPLIED, OVER],
    1,
    stderr_lines=["error: --allow-writing-to-package-directory is SwiftPM's and goes before the verb: "
                  f"'swift package --allow-writing-to-package-directory paysize suggest --lossy --apply {APPLIED} {OVER}'"])

expect_run(
    "suggest --apply with the permission flag writes the shrunk payload",
    ["--allow-writing-to-package-directory", "paysize", "suggest", "--lossy", "--apply", APPLIED, OVER],
    0,
    stdout_lines=[f"Wrote {APPLIED}: 308 bytes (safe); on the device 144 bytes (safe);",
                  "  applied: trim-text:/aps/content-state/note"])
expect("suggest --apply with the permission flag writes the shrunk payload",
       os.path.exists(os.path.join(APP, APPLIED)), f"{APPLIED} is missing")

# The HTML report through the plugin: the page alone on standard output (SwiftPM's build lines and
# the plugin's status line are on standard error), and the tool's status kept.
for name, payload, status in [("within its budget", GOOD, 0), ("over its budget", OVER, 1)]:
    code, out, err = swift_package("paysize", "suggest", "--format", "html", payload)
    shown = f"swift package paysize suggest --format html {payload}\n--- stderr\n{err}"
    expect(f"suggest --format html on a payload {name}", code == status, f"exit status {code}, expected {status}\n{shown}")
    expect(f"suggest --format html on a payload {name}",
           out.startswith("<!DOCTYPE html>\n") and out.rstrip("\n").endswith("</html>"),
           f"standard output is not one HTML page: {out[:80]!r} … {out[-80:]!r}\n{shown}")
    expect(f"suggest --format html on a payload {name}", payload in out, f"the page does not name {payload}")

for failure in failures:
    print(f"check_plugin: FAILED {failure}", file=sys.stderr)
print(f"check_plugin: {passed} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
