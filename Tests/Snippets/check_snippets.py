#!/usr/bin/env python3
"""Every Swift snippet of the README and the DocC articles compiles against the current API.

Extracts the ```swift blocks of README.md and Sources/*/*.docc/*.md, writes one test target per
document into a package under .build/snippets that depends on this one by path, and builds it.
Tests/Snippets/SnippetContext.swift declares the names snippets take as given (`state`,
`payload`, …). A block of declarations stays at file scope (one of test functions only is
wrapped in a struct, so two documents' `@Test func schema()` do not collide); a block of
statements becomes the body of a throwing function. Manifest fragments (`.testTarget(…)`) are
skipped. Compile errors fail the check with the document and block named; nothing is run.

Usage: Tests/Snippets/check_snippets.py
"""

import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORK = os.path.join(ROOT, ".build", "snippets")
IMPORTS = ["Foundation", "PaySize", "PaySizeTesting", "SnippetContext", "Testing", "XCTest"]
TYPE_START = re.compile(r"^(public |final |@\w+(\([^)]*\))? )*(struct|class|enum|extension|actor)\b")
FUNCTION_START = re.compile(r"^(@\w+(\(.*\))? )*(func)\b")


def documents():
    paths = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "*.md")))
    for path in paths:
        text = open(path, encoding="utf-8").read()
        blocks = []
        for match in re.finditer(r"^```swift\n(.*?)^```", text, re.S | re.M):
            line = text.count("\n", 0, match.start()) + 2
            blocks.append((line, match.group(1)))
        if blocks:
            yield os.path.relpath(path, ROOT), blocks


def classify(code, first_line):
    """(imports, kind, body): kind is 'manifest', 'types', 'functions' or 'statements'; body is
    the block's lines other than imports, each with its line in the document."""
    numbered = [(first_line + offset, text) for offset, text in enumerate(code.splitlines())]
    imports = [text.split()[1] for _, text in numbered if re.match(r"^import \w+", text)]
    rest = [(number, text) for number, text in numbered if not re.match(r"^import \w+", text)]
    top = [text for _, text in rest
           if text and not text[0].isspace() and not text.startswith("//") and text.strip() not in ("}", ")")]
    if top and (top[0].startswith(".") or "Package.swift" in code.splitlines()[0]):
        return imports, "manifest", rest
    if top and all(TYPE_START.match(l) or FUNCTION_START.match(l) or re.match(r"^@\w+", l) for l in top):
        kind = "types" if any(TYPE_START.match(l) for l in top) else "functions"
        return imports, kind, rest
    return imports, "statements", rest


def target_name(document):
    stem = os.path.splitext(os.path.basename(document))[0]
    return "Snippets" + re.sub(r"\W", "", stem.title() if stem.isupper() else stem)


def write_package(targets):
    os.makedirs(WORK, exist_ok=True)
    context = os.path.join(WORK, "Sources", "SnippetContext")
    os.makedirs(context, exist_ok=True)
    shutil.copy(os.path.join(ROOT, "Tests", "Snippets", "SnippetContext.swift"), context)
    entries = []
    for name in targets:
        entries.append(
            f'        .testTarget(name: "{name}", dependencies: ["SnippetContext", '
            '.product(name: "PaySize", package: "PaySize"), .product(name: "PaySizeTesting", package: "PaySize")], '
            'resources: [.process("Fixtures")]),')
    manifest = f"""// swift-tools-version: 6.0
// Written by Tests/Snippets/check_snippets.py: the documentation's snippets, one target per document.
import PackageDescription

let package = Package(
    name: "Snippets",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "PaySize", path: "{os.path.relpath(ROOT, WORK)}")],
    targets: [
        .target(name: "SnippetContext", dependencies: [.product(name: "PaySize", package: "PaySize")]),
{chr(10).join(entries)}
    ]
)
"""
    with open(os.path.join(WORK, "Package.swift"), "w", encoding="utf-8") as handle:
        handle.write(manifest)


def main():
    swift = os.environ.get("SWIFT", "swift")
    shutil.rmtree(os.path.join(WORK, "Tests"), ignore_errors=True)
    targets, origins, counts, skipped = [], {}, 0, 0
    for document, blocks in documents():
        name = target_name(document)
        folder = os.path.join(WORK, "Tests", name)
        os.makedirs(os.path.join(folder, "Fixtures"), exist_ok=True)
        # `resource: "update-from-server", in: .module` needs a bundle to name.
        with open(os.path.join(folder, "Fixtures", "update-from-server.json"), "w") as handle:
            handle.write('{"aps":{}}\n')
        wanted = set(IMPORTS)
        # (generated line, the document line it comes from or None)
        lines = []
        for index, (line, code) in enumerate(blocks):
            imports, kind, body = classify(code, line)
            wanted.update(imports)
            if kind == "manifest":
                skipped += 1
                continue
            counts += 1
            lines.append((f"// {document}:{line}", None))
            if kind == "functions":
                lines.append((f"struct Block{index + 1} {{", None))
            elif kind == "statements":
                lines.append((f"func block{index + 1}() async throws {{", None))
            lines += [(text, number) for number, text in body]
            if kind != "types":
                lines.append(("}", None))
            lines.append(("", None))
        header = ["// Written by Tests/Snippets/check_snippets.py from " + document + "; do not edit."]
        header += [f"import {module}" for module in sorted(wanted)]
        header += ["#if canImport(FoundationNetworking)", "    import FoundationNetworking", "#endif", ""]
        lines = [(text, None) for text in header] + lines
        path = os.path.join(folder, "Snippets.swift")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(text for text, _ in lines) + "\n")
        origins[path] = (document, [number for _, number in lines])
        targets.append(name)
    write_package(targets)
    result = subprocess.run([swift, "build", "--build-tests", "--package-path", WORK], capture_output=True, text=True)
    errors = []
    for line in (result.stdout + result.stderr).splitlines():
        match = re.match(r"^(/\S+?):(\d+):(\d+): error: (.*)$", line)
        if not match or match.group(1) not in origins:
            continue
        document, numbers = origins[match.group(1)]
        number = numbers[int(match.group(2)) - 1] if int(match.group(2)) <= len(numbers) else None
        where = f"{document}:{number}" if number else f"{document} (generated {match.group(1)}:{match.group(2)})"
        errors.append(f"{where}: error: {match.group(4)}")
    errors = sorted(set(errors))
    if result.returncode != 0:
        for error in errors:
            print(error)
        if not errors:
            print(result.stdout + result.stderr)
        print(f"check_snippets: {len(errors)} errors in the documentation's snippets (above)", file=sys.stderr)
        return 1
    print(f"check_snippets: {counts} snippets from {len(targets)} documents compile "
          f"({skipped} manifest fragments skipped)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
