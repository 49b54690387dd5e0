#!/usr/bin/env python3
"""Checks that tests follow one naming style (CONTRIBUTING.md, "Tests").

- A Swift Testing suite is a type marked `@Suite("display name")`, named `<Subject>Tests`.
- Every `@Test` carries a display name: a sentence that states the behaviour.
- An XCTest case class is named `<Subject>Tests`; its methods start with `test`.
- A file is named after the first suite it declares.

Prints one line per violation (file:line: what) and exits 1 when there is any.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TEST_TARGETS = ["PaySizeTests", "PaySizeTestingTests", "PaySizeCommandLineTests", "PaySizeCompressionTests"]

SUITE = re.compile(r"@Suite(\(\s*\"[^\"]+\")?[^\n]*?\s+(?:final\s+)?(?:struct|class|enum)\s+(\w+)")
TEST = re.compile(r"@Test(\(\s*\"[^\"]+\")?")
XCTEST_CLASS = re.compile(r"class\s+(\w+)\s*:\s*XCTestCase")


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def check(path: pathlib.Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    name = path.relative_to(ROOT)
    problems = []
    suites = []
    for match in SUITE.finditer(text):
        suites.append(match.group(2))
        where = f"{name}:{line_of(text, match.start())}"
        if match.group(1) is None:
            problems.append(f"{where}: @Suite without a display name")
        if not match.group(2).endswith("Tests"):
            problems.append(f"{where}: suite '{match.group(2)}' does not end in 'Tests'")
    for match in TEST.finditer(text):
        if match.group(1) is None:
            problems.append(f"{name}:{line_of(text, match.start())}: @Test without a display name")
    if "@Test" in text and not suites:
        problems.append(f"{name}:1: tests outside an @Suite type")
    for match in XCTEST_CLASS.finditer(text):
        suites.append(match.group(1))
        if not match.group(1).endswith("Tests"):
            problems.append(f"{name}:{line_of(text, match.start())}: XCTest case '{match.group(1)}' does not end in 'Tests'")
        for method in re.finditer(r"\n    func (\w+)\(\)", text[match.end():]):
            if not method.group(1).startswith("test"):
                problems.append(f"{name}: XCTest method '{method.group(1)}' does not start with 'test'")
    if suites and path.stem != suites[0]:
        problems.append(f"{name}:1: file is not named after its first suite '{suites[0]}'")
    return problems


def main() -> int:
    problems = []
    for target in TEST_TARGETS:
        for path in sorted((ROOT / "Tests" / target).rglob("*.swift")):
            problems += check(path)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
