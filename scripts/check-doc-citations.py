#!/usr/bin/env python3
"""Fails when a comment cites <doc:Name> and no catalog has an article of that name.

DocC checks the links of public symbols' doc comments, but never sees the comments of internal
and private code, of tests, or of the fuzz and benchmark packages. Those cite the same articles
(<doc:SizeLimits>, <doc:DeviceDecoding>, ...), so this checks every `.swift` file under the given
folders against the articles of every Sources/<Module>/<Module>.docc catalog. A citation that
names its module, as another module's documentation must (<doc:/PaySize/SizeLimits>), must name
an article of that module's catalog.

Usage: check-doc-citations.py FOLDER...
"""

import pathlib
import re
import sys

CITATION = re.compile(r"<doc:(?:/([A-Za-z0-9_]+)/)?([A-Za-z0-9_.-]+)>")


def main(folders: list[str]) -> int:
    # An article is a page of a catalog that is not a symbol's extension page (# ``Symbol``).
    articles = set()
    articles_of_module = {}
    for page in pathlib.Path("Sources").glob("*/*.docc/**/*.md"):
        first_line = page.read_text(encoding="utf-8").lstrip().split("\n", 1)[0]
        if not first_line.startswith("# ``"):
            articles.add(page.stem)
            articles_of_module.setdefault(page.relative_to("Sources").parts[0], set()).add(page.stem)

    errors = 0
    for folder in folders:
        for source in sorted(pathlib.Path(folder).rglob("*.swift")):
            if ".build" in source.parts:
                continue
            for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), start=1):
                for match in CITATION.finditer(line):
                    module, name = match.groups()
                    column = match.start() + 1
                    if module is not None and module not in articles_of_module:
                        modules = ", ".join(f"'{other}'" for other in sorted(articles_of_module))
                        print(
                            f"{source}:{number}:{column}: error: '{match.group(0)}' names no module with articles; "
                            f"expected one of {modules}",
                            file=sys.stderr,
                        )
                        errors += 1
                        continue
                    known = articles if module is None else articles_of_module[module]
                    if name not in known:
                        prefix = "" if module is None else f"/{module}/"
                        print(
                            f"{source}:{number}:{column}: error: '{match.group(0)}' names no article; "
                            f"expected one of {', '.join(f'<doc:{prefix}{name}>' for name in sorted(known))}",
                            file=sys.stderr,
                        )
                        errors += 1
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
