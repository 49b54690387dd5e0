#!/usr/bin/env python3
"""scripts/check-api.py must fail on what it exists to catch.

Builds a small package whose `PaySize` module has one public type, records its surface, then
plants declarations one at a time: a `public` function and a `public` member must each fail the
check with a diff naming the planted line; a `package` function and an `@_spi(Internals)` one
are not public API and must pass.
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "check-api.py")

PACKAGE = """// swift-tools-version: 6.0
import PackageDescription

let package = Package(name: "PaySize", targets: [.target(name: "PaySize")])
"""

KEPT = """/// A type the committed surface lists.
public struct Kept {
    /// Its one member.
    public var byteCount = 0
    public init() {}
}
"""

# (what is planted, whether the check must fail, the diff line it must print when it fails)
PLANTS = [
    ("public func planted() {}\n", True, "+planted()  func planted()"),
    ("extension Kept {\n    public var planted: Int { byteCount }\n}\n", True, "+Kept.planted  var planted: Int { get }"),
    ("package func planted() {}\n", False, None),
    ("@_spi(Internals) public func planted() {}\n", False, None),
]

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"check_api_catches_plants: FAILED: {message}", file=sys.stderr)


def run(*arguments, cwd):
    return subprocess.run(list(arguments), cwd=cwd, capture_output=True, text=True)


def main():
    swift = os.environ.get("SWIFT", "swift")
    with tempfile.TemporaryDirectory(prefix="check-api-plants-") as package:
        sources = os.path.join(package, "Sources", "PaySize")
        os.makedirs(sources)
        with open(os.path.join(package, "Package.swift"), "w") as handle:
            handle.write(PACKAGE)
        with open(os.path.join(sources, "Kept.swift"), "w") as handle:
            handle.write(KEPT)

        def check_api(*extra):
            build = run(swift, "build", cwd=package)
            check(build.returncode == 0, f"the planted package does not build:\n{build.stdout}{build.stderr}")
            return run(sys.executable, SCRIPT, "--package-path", package, "--module", "PaySize", *extra, cwd=package)

        recorded = check_api("--record")
        check(recorded.returncode == 0, f"--record failed:\n{recorded.stderr}")
        clean = check_api()
        check(clean.returncode == 0, f"the recorded surface does not pass:\n{clean.stderr}")
        check("PaySize: 3 public declarations, as committed" in clean.stdout, f"unexpected count: {clean.stdout}")

        planted = os.path.join(sources, "Planted.swift")
        for text, must_fail, diff_line in PLANTS:
            with open(planted, "w") as handle:
                handle.write(text)
            result = check_api()
            label = text.strip().splitlines()[-2 if "\n    " in text else 0].strip()
            if must_fail:
                check(result.returncode == 1, f"'{label}' passed the check")
                check(diff_line in result.stderr.splitlines(), f"'{label}': no '{diff_line}' in:\n{result.stderr}")
                check("the public API of PaySize differs from API/" in result.stderr,
                      f"'{label}': no verdict line in:\n{result.stderr}")
            else:
                check(result.returncode == 0, f"'{label}' (not public API) failed the check:\n{result.stderr}")
        os.remove(planted)
    if failures:
        return 1
    print(f"check_api_catches_plants: {len(PLANTS) + 1} passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
