#!/usr/bin/env python3
"""Fails when a DocC archive lists a symbol or an article in no Topics group of its catalog.

DocC has no diagnostic for this: whatever no Topics section curates, it files into automatic
groups ("Structures", "Instance Properties", "Articles", ...), which it marks `"generated": true`
in the page's render JSON. This reads every page of a built archive and reports each entry of such
a group with the link to add, so it judges by DocC's own resolution of the catalog's links.

Usage: check-docs-curation.py CATALOG ARCHIVE
Exit status: 0 when everything is curated, 1 when something is not, 2 on bad arguments.
"""

import json
import pathlib
import sys


def link_text(identifier: str, kind: str) -> str:
    """The link a Topics list takes: ``Type/member`` for a symbol, <doc:Name> for an article."""
    path = identifier.split("/documentation/", 1)[-1]  # PaySize/PayloadBudget/limit
    if kind == "article":
        return f"<doc:{path.rsplit('/', 1)[-1]}>"
    return f"``{path}``"


def main(arguments: list[str]) -> int:
    if len(arguments) != 2:
        print("usage: check-docs-curation.py CATALOG ARCHIVE", file=sys.stderr)
        return 2
    catalog, archive = arguments
    pages = sorted((pathlib.Path(archive) / "data" / "documentation").rglob("*.json"))
    if not pages:
        print(f"{archive}: error: no documentation pages found; expected an archive built by 'docc convert'",
              file=sys.stderr)
        return 2

    curated = set()  # listed in a Topics group the catalog wrote, on any page
    automatic = []  # (page, group, identifier, kind) for entries of DocC's automatic groups
    for page in pages:
        node = json.loads(page.read_text(encoding="utf-8"))
        page_link = link_text(node["identifier"]["url"], "symbol")
        for section in node.get("topicSections", []):
            for identifier in section.get("identifiers", []):
                if not section.get("generated", False):
                    curated.add(identifier)
                    continue
                reference = node.get("references", {}).get(identifier, {})
                # "Encodable Implementations" and the like: pages DocC makes for protocol
                # implementations whatever the catalog curates; their members are checked below.
                if reference.get("role") == "collectionGroup":
                    continue
                automatic.append((page_link, section.get("title", "?"), identifier, reference.get("kind", "symbol")))

    missing = {
        (page_link, group, link_text(identifier, kind))
        for page_link, group, identifier, kind in automatic
        if identifier not in curated
    }

    for page_link, group, link in sorted(missing):
        print(
            f"{catalog}: error: {link} is in no Topics group; DocC put it in the automatic group "
            f"'{group}' of {page_link}: list it under a '### ' heading of a '## Topics' section",
            file=sys.stderr,
        )
    if missing:
        print(f"{catalog}: {len(missing)} uncurated: every public symbol and article must be in a Topics group",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
