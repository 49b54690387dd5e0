#!/usr/bin/env python3
"""scripts/check-availability.py must fail on what it exists to catch.

Builds a small package whose `PaySize` module uses `Synchronization.Mutex` (iOS 18 / macOS 15)
under an iOS 16 / macOS 13 minimum: unguarded, under a guard too low, under `@available` and
under `guard #available`. The audit must report exactly the unguarded and under-guarded lines,
accept the guarded ones, and fail again when an Apple-only block changes after it was recorded.
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "check-availability.py")

PACKAGE = """// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PaySize",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    targets: [.target(name: "PaySize")]
)
"""

PLANTED = """import Synchronization

func unguarded() -> Int {
    let lock = Mutex(0)
    return lock.withLock { $0 }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, *)
func guardedByAttribute() -> Int {
    Mutex(1).withLock { $0 }
}

func guardedByGuard() -> Int {
    guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, *) else { return 0 }
    return Mutex(2).withLock { $0 }
}

func guardTooLow() -> Int {
    if #available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *) {
        return Mutex(3).withLock { $0 }
    }
    return 0
}

#if canImport(Darwin)
    let appleOnly = 1
#endif
"""

NEEDS = "needs iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, above the declared minimum and not inside an @available or #available scope that reaches it"
EXPECTED_ERRORS = [
    f"Sources/PaySize/Planted.swift:4:16: error: 'Mutex' {NEEDS}",
    f"Sources/PaySize/Planted.swift:4:16: error: 'Mutex/init(_:)' {NEEDS}",
    f"Sources/PaySize/Planted.swift:5:17: error: 'Mutex/withLock(_:)' {NEEDS}",
    f"Sources/PaySize/Planted.swift:20:16: error: 'Mutex' {NEEDS}",
    f"Sources/PaySize/Planted.swift:20:16: error: 'Mutex/init(_:)' {NEEDS}",
    f"Sources/PaySize/Planted.swift:20:25: error: 'Mutex/withLock(_:)' {NEEDS}",
]


def run(*arguments, cwd):
    return subprocess.run(list(arguments), cwd=cwd, capture_output=True, text=True)


def check(condition, message):
    if not condition:
        print(f"check_availability_catches_plants: FAILED: {message}", file=sys.stderr)
        sys.exit(1)


def build(package):
    result = run("swift", "build", "--package-path", package, cwd=package)
    check(result.returncode == 0, f"the planted package does not build:\n{result.stdout}{result.stderr}")


def main():
    with tempfile.TemporaryDirectory() as package:
        os.makedirs(os.path.join(package, "Sources", "PaySize"))
        os.makedirs(os.path.join(package, "scripts"))
        with open(os.path.join(package, "Package.swift"), "w") as handle:
            handle.write(PACKAGE)
        planted = os.path.join(package, "Sources", "PaySize", "Planted.swift")
        with open(planted, "w") as handle:
            handle.write(PLANTED)
        build(package)

        # 1. Unguarded and under-guarded uses fail, each named; the guarded ones do not.
        result = run(sys.executable, SCRIPT, "--root", package, "--record", cwd=package)
        errors = [line for line in result.stderr.splitlines() if ": error: " in line]
        check(result.returncode == 1, f"exit {result.returncode} with unguarded uses, expected 1")
        check(errors == EXPECTED_ERRORS, "errors differ:\n" + "\n".join(errors))
        audit = open(os.path.join(package, "API", "availability-audit.txt")).read()
        for line in ("Sources/PaySize/Planted.swift:10 guarded by @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, *)",
                     "Sources/PaySize/Planted.swift:15 guarded by guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, *)",
                     "Sources/PaySize/Planted.swift:25-26 #if canImport(Darwin)"):
            check(line in audit, f"the audit lacks '{line}':\n{audit}")

        # 2. With the unguarded functions removed, the recorded audit passes as it stands.
        fixed = PLANTED.split("func unguarded()")[0] + "func unguarded() -> Int { 0 }\n" \
            + PLANTED[PLANTED.index("@available"):PLANTED.index("func guardTooLow()")] + PLANTED[PLANTED.index("#if canImport"):]
        with open(planted, "w") as handle:
            handle.write(fixed)
        build(package)
        result = run(sys.executable, SCRIPT, "--root", package, "--record", cwd=package)
        check(result.returncode == 0, f"exit {result.returncode} on guarded uses only:\n{result.stderr}")
        result = run(sys.executable, SCRIPT, "--root", package, cwd=package)
        check(result.returncode == 0, f"exit {result.returncode} right after recording:\n{result.stderr}")

        # 3. A changed Apple-only block fails until it is reviewed and recorded again.
        with open(planted, "w") as handle:
            handle.write(fixed.replace("let appleOnly = 1", "let appleOnly = 2"))
        result = run(sys.executable, SCRIPT, "--root", package, cwd=package)
        check(result.returncode == 1 and "differs from the code" in result.stderr,
              f"a changed Apple-only block passed (exit {result.returncode}):\n{result.stderr}")
    print("check_availability_catches_plants: 3 passed, 0 failed")


if __name__ == "__main__":
    main()
