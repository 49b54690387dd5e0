#!/usr/bin/env python3
"""The CI workflow and the install script install every system package Package.swift needs.

Package.swift names, for each C library target, the Homebrew and apt packages that provide it
(`providers: [.apt([...]), .brew([...])]`). The macOS jobs of .github/workflows/ci.yml install
Homebrew packages, and Linux machines get theirs from scripts/ensure-deps.sh: a library added to
Package.swift without its package in those two places breaks a build no one here runs, so this
check reads the three files together and fails naming what is missing.

Usage: python3 Tests/Workflow/check_workflow_packages.py [ROOT]
"""
import re
import sys
from pathlib import Path


def providers(package_swift: str, kind: str) -> set[str]:
    """Every package named in a `.kind([...])` provider of Package.swift."""
    found: set[str] = set()
    for group in re.findall(r"\." + kind + r"\(\[([^\]]*)\]\)", package_swift):
        found.update(re.findall(r'"([^"]+)"', group))
    return found


def jobs(workflow: str) -> dict[str, str]:
    """Each job's lines under `jobs:`, by job name (a job starts at a two-space-indented key)."""
    blocks: dict[str, list[str]] = {}
    job = None
    in_jobs = False
    for line in workflow.splitlines():
        if re.match(r"^\S", line):
            in_jobs = line.startswith("jobs:")
            job = None
            continue
        if not in_jobs:
            continue
        header = re.match(r"^  ([A-Za-z0-9_-]+):\s*$", line)
        if header:
            job = header.group(1)
            blocks[job] = []
        elif job:
            blocks[job].append(line)
    return {name: "\n".join(lines) for name, lines in blocks.items()}


def brew_installs(block: str) -> set[str]:
    """The packages a job's `brew install` steps install."""
    installed: set[str] = set()
    for match in re.finditer(r"brew install ([^#\n]*)", block):
        installed.update(match.group(1).split())
    return installed


def check(package_swift: str, workflow: str, ensure_deps: str) -> list[str]:
    """What the workflow or the install script fails to install, one line each."""
    problems: list[str] = []
    brew = providers(package_swift, "brew")
    apt = providers(package_swift, "apt")
    if not brew or not apt:
        problems.append("Package.swift: expected .apt([...]) and .brew([...]) providers, found none")
    # A macOS job that builds the package's C libraries: one that runs `swift build` or `swift test`.
    for job, block in sorted(jobs(workflow).items()):
        if not re.search(r"runs-on:\s*macos", block) or not re.search(r"swift (build|test)", block):
            continue
        missing = sorted((brew | {"pkg-config"}) - brew_installs(block))
        if missing:
            problems.append(
                f".github/workflows/ci.yml: job '{job}' runs swift on macOS but its 'brew install' lacks "
                + ", ".join(missing) + " (Package.swift's .brew providers and pkg-config)")
    for package in sorted(apt | {"pkg-config"}):
        if package not in ensure_deps:
            problems.append(f"scripts/ensure-deps.sh: does not install '{package}', an .apt provider in Package.swift")
    return problems


def main() -> int:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]
    package_swift = (root / "Package.swift").read_text()
    workflow = (root / ".github/workflows/ci.yml").read_text()
    ensure_deps = (root / "scripts/ensure-deps.sh").read_text()
    problems = check(package_swift, workflow, ensure_deps)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    # The check must catch what it exists for: a package dropped from either place.
    planted = [
        (workflow.replace(" brotli", "", 1), ensure_deps, "lacks brotli"),
        (workflow, ensure_deps.replace("libbrotli-dev", "libbrotli-missing"), "does not install 'libbrotli-dev'"),
    ]
    for planted_workflow, planted_deps, expected in planted:
        found = check(package_swift, planted_workflow, planted_deps)
        if not any(expected in problem for problem in found):
            print(f"workflow check: a planted omission ('{expected}') went unnoticed: {found}", file=sys.stderr)
            return 1
    print("workflow: every Homebrew and apt package Package.swift names is installed (and a dropped one is caught)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
