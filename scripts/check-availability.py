#!/usr/bin/env python3
"""Keeps the Apple availability audit of the modules an app links true, from Linux.

Linux never checks `@available`, so an API newer than the package's declared minimum compiles
here and breaks an app's build on Apple platforms. This script finds every such call mechanically:

1. The declared minimum per Apple platform is read from `Package.swift` (`platforms:`).
2. Every symbol that `PaySize` and `PaySizeTesting` reference is read from the index store that
   `swift build` writes (`.build/debug/index/store`), through the toolchain's `libIndexStore`.
3. The toolchain's own modules (the standard library, Foundation, Synchronization, Testing,
   XCTest, ...) keep their Apple `@available` attributes even on Linux; `swift-symbolgraph-extract`
   reports them per symbol. A referenced symbol introduced after the declared minimum on any
   declared platform is a newer API.
4. Each use of a newer API must sit inside a scope that guarantees it: an enclosing declaration
   marked `@available(...)` or an `if`/`guard #available(...)` whose versions reach the API's.
   An unguarded use fails the check with its file, line and the versions it needs.
5. Code compiled only for Apple platforms (`#if canImport(Darwin)`, `os(iOS)`, `ActivityKit`) is
   not in a Linux index, so each such block is listed with a fingerprint of its text; a block
   that is new or changed fails until it is reviewed and the list re-recorded.

The result is written as a list of newer APIs with the guard at each use, and compared with the
committed `API/availability-audit.txt`. `--record` rewrites it.

Usage: scripts/check-availability.py [--record] [--build-dir .build/debug]
"""

import argparse
import ctypes
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = {"PaySize": "Sources/PaySize", "PaySizeTesting": "Sources/PaySizeTesting"}
AUDIT_FILE = "API/availability-audit.txt"
PLATFORMS = ("iOS", "macOS", "tvOS", "watchOS")
# The toolchain modules whose symbols an app-linked module may reference.
TOOLCHAIN_MODULES = (
    "Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Foundation",
    "FoundationEssentials", "FoundationInternationalization", "Dispatch", "Testing", "XCTest",
)
ROLE_REFERENCE = 1 << 2
DEPENDENCY_RECORD = 2
# Blocks compiled only on Apple platforms: Linux indexes none of their references.
APPLE_ONLY_CONDITION = re.compile(r"^\s*#(?:if|elseif)\b.*\b(canImport\((?:Darwin|ActivityKit|UIKit|AppKit)\)|os\((?:iOS|macOS|tvOS|watchOS|visionOS)\))")


def fail(message):
    print(f"check-availability: {message}", file=sys.stderr)
    sys.exit(1)


# --- The declared minimum ---------------------------------------------------------------------

def declared_minimum():
    text = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    match = re.search(r"platforms:\s*\[(.*?)\]", text, re.S)
    if not match:
        fail("Package.swift declares no platforms")
    minimum = {}
    for name, version in re.findall(r"\.(iOS|macOS|tvOS|watchOS|visionOS)\(\.v(\d+(?:_\d+)*)\)", match.group(1)):
        parts = tuple(int(part) for part in version.split("_"))
        minimum[name] = parts + (0,) * (3 - len(parts))
    missing = [platform for platform in PLATFORMS if platform not in minimum]
    if missing:
        fail(f"Package.swift declares no minimum for {', '.join(missing)}")
    return minimum


# --- The toolchain's availability, from its symbol graphs ---------------------------------------

def toolchain_availability(work):
    """USR -> ({platform: (major, minor, patch)}, name, signature) for every toolchain symbol with
    Apple availability, and signature -> the availability of every symbol declared with it."""
    target = subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True, check=True)
    triple = json.loads(target.stdout)["target"]["triple"]
    available, by_signature = {}, {}
    for module in TOOLCHAIN_MODULES:
        result = subprocess.run(
            ["swift-symbolgraph-extract", "-module-name", module, "-target", triple,
             "-output-dir", work, "-minimum-access-level", "public"],
            capture_output=True, text=True)
        if result.returncode != 0:
            fail(f"swift-symbolgraph-extract failed for {module}: {result.stderr.strip()}")
    for name in os.listdir(work):
        if not name.endswith(".symbols.json"):
            continue
        with open(os.path.join(work, name), encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph["symbols"]:
            versions = {}
            for entry in symbol.get("availability", []):
                domain = entry.get("domain")
                if domain in PLATFORMS and "introduced" in entry:
                    version = entry["introduced"]
                    versions[domain] = (version["major"], version.get("minor", 0), version.get("patch", 0))
            name = "/".join(symbol["pathComponents"])
            signature = (name, "".join(f["spelling"] for f in symbol.get("declarationFragments", [])))
            by_signature.setdefault(signature, []).append(versions)
            if versions:
                available[symbol["identifier"]["precise"]] = (versions, name, signature)
    return available, by_signature


# --- The references, from the index store --------------------------------------------------------

class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode("utf-8") if self.length else ""


def load_index_store():
    swiftc = subprocess.run(["which", "swiftc"], capture_output=True, text=True).stdout.strip()
    toolchain = os.path.dirname(os.path.dirname(os.path.realpath(swiftc)))
    library = ctypes.CDLL(os.path.join(toolchain, "lib", "libIndexStore.so"))
    void_p = ctypes.c_void_p
    signatures = {
        "indexstore_store_create": (void_p, [ctypes.c_char_p, ctypes.POINTER(void_p)]),
        "indexstore_store_units_apply_f": (ctypes.c_bool, [void_p, ctypes.c_uint, void_p, void_p]),
        "indexstore_unit_reader_create": (void_p, [void_p, ctypes.c_char_p, ctypes.POINTER(void_p)]),
        "indexstore_unit_reader_get_module_name": (StringRef, [void_p]),
        "indexstore_unit_reader_dependencies_apply_f": (ctypes.c_bool, [void_p, void_p, void_p]),
        "indexstore_unit_reader_dispose": (None, [void_p]),
        "indexstore_unit_dependency_get_kind": (ctypes.c_int, [void_p]),
        "indexstore_unit_dependency_get_name": (StringRef, [void_p]),
        "indexstore_unit_dependency_get_filepath": (StringRef, [void_p]),
        "indexstore_record_reader_create": (void_p, [void_p, ctypes.c_char_p, ctypes.POINTER(void_p)]),
        "indexstore_record_reader_occurrences_apply_f": (ctypes.c_bool, [void_p, void_p, void_p]),
        "indexstore_record_reader_dispose": (None, [void_p]),
        "indexstore_occurrence_get_symbol": (void_p, [void_p]),
        "indexstore_occurrence_get_roles": (ctypes.c_uint64, [void_p]),
        "indexstore_occurrence_get_line_col": (None, [void_p, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]),
        "indexstore_symbol_get_usr": (StringRef, [void_p]),
        "indexstore_error_get_description": (ctypes.c_char_p, [void_p]),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(library, name)
        function.restype = result
        function.argtypes = arguments
    return library


def references(store_path):
    """(module, relative file, line, column, usr) for every reference in the app-linked modules."""
    library = load_index_store()
    error = ctypes.c_void_p()
    store = library.indexstore_store_create(store_path.encode(), ctypes.byref(error))
    if not store:
        fail(f"cannot open the index store at {store_path}: run `swift build` first")

    unit_names = []
    UnitApplier = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, StringRef)
    library.indexstore_store_units_apply_f(store, 0, None, UnitApplier(lambda _, name: unit_names.append(name.text()) or True))

    records = {}  # record name -> (module, relative path)
    DependencyApplier = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)
    for unit_name in unit_names:
        reader = library.indexstore_unit_reader_create(store, unit_name.encode(), ctypes.byref(error))
        if not reader:
            continue
        module = library.indexstore_unit_reader_get_module_name(reader).text()
        if module in MODULES:
            def collect(_, dependency, module=module):
                if library.indexstore_unit_dependency_get_kind(dependency) == DEPENDENCY_RECORD:
                    path = os.path.realpath(library.indexstore_unit_dependency_get_filepath(dependency).text())
                    relative = os.path.relpath(path, ROOT)
                    if relative.startswith(MODULES[module] + os.sep) and os.path.exists(path):
                        records[library.indexstore_unit_dependency_get_name(dependency).text()] = (module, relative)
                return True
            library.indexstore_unit_reader_dependencies_apply_f(reader, None, DependencyApplier(collect))
        library.indexstore_unit_reader_dispose(reader)

    found = set()
    OccurrenceApplier = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)
    for record_name, (module, relative) in records.items():
        reader = library.indexstore_record_reader_create(store, record_name.encode(), ctypes.byref(error))
        if not reader:
            continue
        def visit(_, occurrence, module=module, relative=relative):
            if library.indexstore_occurrence_get_roles(occurrence) & ROLE_REFERENCE:
                line, column = ctypes.c_uint(), ctypes.c_uint()
                library.indexstore_occurrence_get_line_col(occurrence, ctypes.byref(line), ctypes.byref(column))
                usr = library.indexstore_symbol_get_usr(library.indexstore_occurrence_get_symbol(occurrence)).text()
                found.add((module, relative, line.value, column.value, usr))
            return True
        library.indexstore_record_reader_occurrences_apply_f(reader, None, OccurrenceApplier(visit))
        library.indexstore_record_reader_dispose(reader)
    if not records:
        fail(f"the index store at {store_path} has no records for {', '.join(MODULES)}: run `swift build` first")
    return found


# --- Guards, from the source text -----------------------------------------------------------------

AVAILABLE = re.compile(r"(@available|#available)\s*\(([^)]*)\)")


def guard_versions(attribute_arguments):
    versions = {}
    for platform, version in re.findall(r"\b(iOS|macOS|tvOS|watchOS)\s+(\d+(?:\.\d+){0,2})", attribute_arguments):
        parts = tuple(int(part) for part in version.split("."))
        versions[platform] = parts + (0,) * (3 - len(parts))
    return versions


def code_only(text):
    """The text with comments and string contents blanked (same length), so braces are structural."""
    out, i, n = list(text), 0, len(text)
    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out[i:end] = " " * (end - i)
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out[i:end] = [c if c == "\n" else " " for c in text[i:end]]
            i = end
        elif text.startswith('"""', i):
            end = text.find('"""', i + 3)
            end = n if end < 0 else end + 3
            out[i + 3:end - 3] = [c if c == "\n" else " " for c in text[i + 3:end - 3]]
            i = end
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            out[i + 1:j] = " " * (j - i - 1)
            i = j + 1
        else:
            i += 1
    return "".join(out)


class SourceFile:
    def __init__(self, relative):
        self.text = open(os.path.join(ROOT, relative), encoding="utf-8").read()
        self.code = code_only(self.text)
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]

    def offset(self, line, column):
        return self.line_starts[line - 1] + column - 1

    def enclosing_opens(self, offset):
        """The offsets of the `{` of every scope enclosing `offset`, innermost first."""
        opens, depth, position = [], 0, offset
        while position > 0:
            position -= 1
            if self.code[position] == "}":
                depth += 1
            elif self.code[position] == "{":
                if depth > 0:
                    depth -= 1
                else:
                    opens.append(position)
        return opens

    def header(self, end):
        """The text of the statement or declaration that ends at `end` (a `{`, or a reference)."""
        return self.code[max(self.code.rfind(c, 0, end) for c in "{};") + 1:end]

    def guards(self, offset):
        """The `@available`/`#available` versions that hold at `offset`, innermost first, each with
        the attribute or condition that gives them."""
        found = []
        opens = self.enclosing_opens(offset)
        # The declaration whose signature holds `offset` (a parameter type, say) is guarded by its
        # own attributes, written before it; then each enclosing scope by its header.
        for text in [self.header(offset)] + [self.header(brace) for brace in opens]:
            found += [(guard_versions(arguments), f"{kind}({arguments})") for kind, arguments in AVAILABLE.findall(text)]
        # `guard #available(...) else { ... }` holds for the rest of the scope it is written in.
        for match in re.finditer(r"\bguard\s+#available\s*\(([^)]*)\)", self.code[:offset]):
            scope = self.enclosing_opens(match.start())
            if scope and scope[0] in opens:
                found.append((guard_versions(match.group(1)), f"guard #available({match.group(1)})"))
        return found


def satisfied(needed, guards, minimum):
    for platform, version in needed.items():
        best = minimum[platform]
        for versions, _ in guards:
            best = max(best, versions.get(platform, (0,)))
        if best < version:
            return False
    return True


def version_text(versions):
    return ", ".join(f"{p} {'.'.join(str(x) for x in v[:2])}" + (f".{v[2]}" if v[2] else "")
                     for p, v in sorted(versions.items()) if p in PLATFORMS)


# --- Apple-only blocks ------------------------------------------------------------------------------

def apple_only_blocks():
    blocks = []
    for module, folder in MODULES.items():
        for directory, _, names in os.walk(os.path.join(ROOT, folder)):
            for name in sorted(names):
                if not name.endswith(".swift"):
                    continue
                relative = os.path.relpath(os.path.join(directory, name), ROOT)
                lines = open(os.path.join(ROOT, relative), encoding="utf-8").read().split("\n")
                for index, line in enumerate(lines):
                    if not APPLE_ONLY_CONDITION.match(line):
                        continue
                    depth, end = 0, index
                    for end in range(index + 1, len(lines)):
                        stripped = lines[end].strip()
                        if stripped.startswith("#if"):
                            depth += 1
                        elif stripped.startswith("#endif"):
                            if depth == 0:
                                break
                            depth -= 1
                        elif stripped.startswith(("#else", "#elseif")) and depth == 0:
                            break
                    body = "\n".join(lines[index:end])
                    fingerprint = hashlib.sha256(body.encode()).hexdigest()[:12]
                    blocks.append(f"{relative}:{index + 1}-{end} {line.strip()} sha256:{fingerprint}")
    return blocks


# --- The audit --------------------------------------------------------------------------------------

def audit(build_dir):
    minimum = declared_minimum()
    with tempfile.TemporaryDirectory() as work:
        available, by_signature = toolchain_availability(work)
    uses, older_overloads, errors, sources = {}, set(), [], {}
    for module, relative, line, column, usr in sorted(references(os.path.join(build_dir, "index", "store"))):
        if usr not in available:
            continue
        versions, name, signature = available[usr]
        needed = {p: v for p, v in versions.items() if v > minimum[p]}
        if not needed:
            continue
        # A newer declaration that an older one of the same signature stands in for (a protocol
        # requirement added later than its default implementation, such as `FixedWidthInteger.&*`):
        # on Apple platforms below its version the compiler binds the older one.
        if any(all(other.get(p, (0,)) <= minimum[p] for p in PLATFORMS) for other in by_signature[signature]):
            older_overloads.add(f"{name} ({version_text(versions)}): the declaration of the same signature available at the minimum is used")
            continue
        source = sources.setdefault(relative, SourceFile(relative))
        guards = source.guards(source.offset(line, column))
        if satisfied(needed, guards, minimum):
            guard = guards[0][1] if guards else "the declared minimum"
            uses.setdefault((name, version_text(versions)), set()).add(f"{relative}:{line} guarded by {guard}")
        else:
            errors.append(f"{relative}:{line}:{column}: error: '{name}' needs {version_text(needed)}, above the declared "
                          f"minimum and not inside an @available or #available scope that reaches it")
    report = ["# PaySize and PaySizeTesting: Apple availability audit (written by scripts/check-availability.py --record).",
              f"# Declared minimum (Package.swift): {version_text({p: v + (0,) * (3 - len(v)) for p, v in minimum.items()})}",
              "#",
              "# APIs newer than the minimum, each use with the guard that makes it compile on Apple platforms:"]
    for (name, versions), places in sorted(uses.items()):
        report.append(f"{name} ({versions})")
        report.extend(f"  {place}" for place in sorted(places))
    if not uses:
        report.append("(none)")
    report += ["#", "# Newer declarations that an older one of the same signature stands in for below their version:"]
    report += sorted(older_overloads) or ["(none)"]
    report += ["#", "# Code compiled only on Apple platforms (not indexed on Linux; reviewed by hand):"]
    report += apple_only_blocks()
    return "\n".join(report) + "\n", errors


def main():
    global ROOT
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--record", action="store_true", help="rewrite the committed audit")
    parser.add_argument("--root", default=ROOT, help="the package to audit (default: this repository)")
    parser.add_argument("--build-dir", help="its debug build folder (default: ROOT/.build/debug)")
    arguments = parser.parse_args()
    ROOT = os.path.realpath(arguments.root)
    arguments.build_dir = arguments.build_dir or os.path.join(ROOT, ".build", "debug")
    report, errors = audit(arguments.build_dir)
    for error in errors:
        print(error, file=sys.stderr)
    path = os.path.join(ROOT, AUDIT_FILE)
    if arguments.record:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(report)
    elif not os.path.exists(path) or open(path, encoding="utf-8").read() != report:
        committed = open(path, encoding="utf-8").read().splitlines() if os.path.exists(path) else []
        import difflib
        sys.stderr.writelines(line + "\n" for line in difflib.unified_diff(committed, report.splitlines(), AUDIT_FILE, "now", lineterm=""))
        fail(f"{AUDIT_FILE} differs from the code: review the lines above (an API newer than the minimum, "
             "or a changed Apple-only block), then run scripts/check-availability.py --record")
    if errors:
        fail(f"{len(errors)} use(s) of APIs newer than the declared minimum without a guard")
    print(f"check-availability: ok ({len(report.splitlines())} lines in {AUDIT_FILE})")


if __name__ == "__main__":
    main()
