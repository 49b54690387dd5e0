#!/usr/bin/env python3
"""The compiler holds the layers' arrows: PaySizeJSON below PaySizeSchema below PaySize.

Copies the package's tracked files into a scratch folder and plants, one at a time, an import
that points up a layer: `import PaySize` in PaySizeJSON and in PaySizeSchema, and
`import PaySizeSchema` in PaySizeJSON. Building the planted target (and what it depends on, never
what depends on it) must fail naming the module it cannot import, while the unplanted copy of the
same target builds. `make check` builds with `--explicit-target-dependency-import-check=error`, so
an import of a module a target does not declare fails there too, even when an earlier build left
that module on disk.
"""

import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# (target planted in, a file of it, the module imported, the target built)
PLANTS = [
    ("PaySizeJSON", "JSONPointer.swift", "PaySize", "PaySizeJSON"),
    ("PaySizeSchema", "SchemaError.swift", "PaySize", "PaySizeSchema"),
    ("PaySizeJSON", "JSONPointer.swift", "PaySizeSchema", "PaySizeJSON"),
]


def main() -> int:
    swift = os.environ.get("SWIFT", "swift")
    failures = []
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    with tempfile.TemporaryDirectory(prefix="paysize-layers-") as scratch:
        package = os.path.join(scratch, "PaySize")
        for name in files:
            target = os.path.join(package, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy2(os.path.join(ROOT, name), target)

        def build(target):
            return subprocess.run(
                [swift, "build", "--package-path", package, "--target", target,
                 "--explicit-target-dependency-import-check=error"],
                capture_output=True, text=True)

        baseline = build("PaySizeSchema")
        if baseline.returncode != 0:
            print(baseline.stdout[-2000:] + baseline.stderr[-2000:], file=sys.stderr)
            failures.append("the unplanted PaySizeJSON and PaySizeSchema do not build")
        for layer, file, imported, target in PLANTS:
            path = os.path.join(package, "Sources", layer, file)
            with open(path) as handle:
                original = handle.read()
            with open(path, "w") as handle:
                handle.write(f"import {imported}\n" + original)
            result = build(target)
            with open(path, "w") as handle:
                handle.write(original)
            output = result.stdout + result.stderr
            if result.returncode == 0:
                failures.append(f"'import {imported}' in {layer} built: the layer's arrow is not held")
            elif f"no such module '{imported}'" not in output and f"imports another target ({imported})" not in output:
                failures.append(f"'import {imported}' in {layer} failed without naming {imported}: {output[-600:]}")
            else:
                print(f"layers: 'import {imported}' in {layer} fails to build, as it must")
    for failure in failures:
        print(f"check_layers_catch_plants: FAILED: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
