#!/usr/bin/env python3
"""Compares each library module's public API with the list committed under API/.

Extracts every library module's public symbol graph from the debug build with
swift-symbolgraph-extract (what DocC documents), writes one line per public declaration (its path
and its declaration as written, members that protocol extensions supply left out) and compares
the lines with `API/<Module>.public.txt`. Any difference fails with a diff, so a change to the
public surface, planned or not, is a reviewed line in the commit that makes it.

Usage: scripts/check-api.py [--record]   (run `swift build` first)
       scripts/check-api.py --package-path DIR --module NAME...   (another package, for tests)
"""

import argparse
import difflib
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The modules the package's library products ship.
MODULES = ("PaySize", "PaySizeTesting", "PaySizeCompression", "PaySizeCommandLine")
# Modules a product re-exports (`@_exported import`): their public symbols are the product's
# surface too, listed with it, since an app names them through the product's import.
REEXPORTED = {"PaySize": ("PaySizeJSON", "PaySizeSchema")}


def run(arguments):
    return subprocess.run(arguments, cwd=ROOT, capture_output=True, text=True)


def surface(module, bin_path, triple, work):
    graphs = os.path.join(work, module)
    os.makedirs(graphs, exist_ok=True)
    for name in os.listdir(graphs):
        os.remove(os.path.join(graphs, name))
    result = run(["swift-symbolgraph-extract", "-module-name", module, "-target", triple,
                  "-I", os.path.join(bin_path, "Modules"), "-I", bin_path,
                  # The system libraries' module maps, for modules that import them internally.
                  *[arg for name in sorted(os.listdir(os.path.join(ROOT, "Sources")))
                    if os.path.exists(os.path.join(ROOT, "Sources", name, "module.modulemap"))
                    for arg in ("-I", os.path.join(ROOT, "Sources", name))],
                  "-module-cache-path", os.path.join(work, "module-cache"),
                  *([f"-experimental-allowed-reexported-modules={','.join(REEXPORTED[module])}"]
                    if module in REEXPORTED else []),
                  "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", graphs])
    if result.returncode != 0:
        sys.exit(f"check-api: swift-symbolgraph-extract failed for {module}:\n{result.stderr}")
    lines = set()
    for name in sorted(os.listdir(graphs)):
        extended = name[len(module) + 1:-len(".symbols.json")] if "@" in name else ""
        with open(os.path.join(graphs, name), encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph["symbols"]:
            path = ".".join(symbol["pathComponents"])
            if extended:
                path = f"{extended}::{path}"
            declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
            lines.add(f"{path}  {' '.join(declaration.split())}")
    return sorted(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--record", action="store_true", help="rewrite the committed lists")
    parser.add_argument("--package-path", help="the package to check (default: this repository)")
    parser.add_argument("--module", action="append", help="a module to check (default: the library modules)")
    arguments = parser.parse_args()
    global ROOT
    if arguments.package_path:
        ROOT = os.path.abspath(arguments.package_path)
    modules = arguments.module or MODULES
    bin_path = run(["swift", "build", "--show-bin-path"]).stdout.strip()
    triple = json.loads(run(["swiftc", "-print-target-info"]).stdout)["target"]["triple"]
    work = os.path.join(ROOT, ".build", "api-work")
    failed = []
    for module in modules:
        if not os.path.exists(os.path.join(bin_path, "Modules", f"{module}.swiftmodule")):
            sys.exit(f"check-api: {module} is not built: run `swift build` first")
        lines = surface(module, bin_path, triple, work)
        path = os.path.join(ROOT, "API", f"{module}.public.txt")
        text = "\n".join(lines) + "\n"
        if arguments.record:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            continue
        committed = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
        if committed != text:
            sys.stderr.writelines(line + "\n" for line in difflib.unified_diff(
                committed.splitlines(), lines, f"API/{module}.public.txt", f"{module} as built", lineterm=""))
            failed.append(module)
        else:
            print(f"check-api: {module}: {len(lines)} public declarations, as committed")
    if failed:
        sys.exit(f"check-api: the public API of {', '.join(failed)} differs from API/ (above): if the change is "
                 "meant, run scripts/check-api.py --record and commit the lists with it")


if __name__ == "__main__":
    main()
