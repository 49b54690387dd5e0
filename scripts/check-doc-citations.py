#!/usr/bin/env python3
"""Fails when a comment cites <doc:Name> and no catalog has an article of that name.

DocC checks the links of public symbols' doc comments, but never sees the comments of internal
and private code, of tests, or of the fuzz and benchmark packages. Those cite the same articles
(<doc:SizeLimits>, <doc:DeviceDecoding>, ...), so this checks every `.swift` file under the given
folders against the articles of every Sources/<Module>/<Module>.docc catalog.

Usage: check-doc-citations.py FOLDER...
"""

import pathlib
import re
import sys

CITATION = re.compile(r"<doc:([A-Za-z0-9_.-]+)>")


def main(folders: list[str]) -> int:
    # An article is a page of a catalog that is not a symbol's extension page (# ``Symbol``).
    articles = set()
    for page in pathlib.Path("Sources").glob("*/*.docc/**/*.md"):
        first_line = page.read_text(encoding="utf-8").lstrip().split("\n", 1)[0]
        if not first_line.startswith("# ``"):
            articles.add(page.stem)

    errors = 0
    for folder in folders:
        for source in sorted(pathlib.Path(folder).rglob("*.swift")):
            if ".build" in source.parts:
                continue
            for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), start=1):
                for match in CITATION.finditer(line):
                    if match.group(1) not in articles:
                        column = match.start() + 1
                        print(
                            f"{source}:{number}:{column}: error: '{match.group(0)}' names no article; "
                            f"expected one of {', '.join(f'<doc:{name}>' for name in sorted(articles))}",
                            file=sys.stderr,
                        )
                        errors += 1
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
