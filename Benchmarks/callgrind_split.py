#!/usr/bin/env python3
"""Splits two callgrind profiles of `paysize check --summary` into parts of the log path.

Reads callgrind.out files written with the default options (positions are source lines, one
event, Ir), takes each instruction's own cost (not the inclusive cost of calls) and puts it in
one part by where its source line is: the enclosing Swift function of a line in this
repository (inlined code keeps its own file and line in the debug info), else the demangled
symbol and the shared object it runs in. Prints, per part, instructions per line of the log:
the difference between the two profiles divided by the difference of their line counts, so
start-up and the summary's output (the same in both) cancel out; the output itself is printed
from the larger profile alone.

Usage: callgrind_split.py SMALL.out SMALL_LINES LARGE.out LARGE_LINES [--functions N]
(Benchmarks/log-instructions.sh runs it.)
"""
import collections
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

NUMBER_FUNCTIONS = {
    "readNumber", "readFractionAndExponent", "integerValue", "countLongInteger", "generalByteCounts",
    "addNumber", "skipDigits", "isDigit",
}
NUMBER_FILES = {
    "DigitWords.swift", "RewrittenNumber.swift", "RewrittenNumber+Decimal.swift", "SeventeenDigitDecimal.swift",
    "ShortestDecimal.swift", "BigUInt.swift", "JSONNumberRewriter.swift",
}
STRING_FUNCTIONS = {"readString", "readEscape", "attentionMask", "word", "readEscape", "readHex4", "skipUTF8Sequence",
                    "writtenByteCountOfEscaped"}
KEY_FUNCTIONS = {"readKeyAndColon", "recordKey", "recordKeyAsString", "recordKeyInTable", "keyRecord", "isSame",
                 "fingerprint", "sameBytes", "decodedKey", "matchKey", "decodedKeyEquals", "nextComponent",
                 "advance", "updateDeepestMatch"}
BATCH_FUNCTIONS = {"check", "scan", "record", "checkLine", "init"}

PARTS = [
    ("scan: structure, whitespace, literals", "scanning"),
    ("scan: strings (word-at-a-time)", "strings"),
    ("scan: keys (match, duplicates)", "keys"),
    ("scan: numbers and device re-write counts", "numbers"),
    ("scan: values measured (open/close targets)", "measure"),
    ("lines: split, batches, measurements copied", "batching"),
    ("report: outline and aps rules", "report"),
    ("report: device figures from measurements", "device"),
    ("summary: tiers, histograms, largest", "summary"),
    ("threads, reading the file, segment queue", "threads"),
    ("runtime: retain/release, allocation, copies", "runtime"),
    ("output: the summary written", "output"),
    ("other", "other"),
]


DECLARATION = re.compile(
    r"^\s*(?:@[\w(): ,.]+\s+)*(?:(?:private|fileprivate|internal|public|package|static|class|mutating|"
    r"nonmutating|override|final|convenience|required|@inlinable|@_transparent)\s+)*"
    r"(?:func\s+([A-Za-z_]\w*)|(init)[?!]?\s*[(<]|var\s+([A-Za-z_]\w*)\s*:[^=]*\{\s*$)")


def enclosing_functions(path, cache={}):
    """For each line of a Swift file, the name of the innermost function, initializer or computed
    property declared before it (`?` before the first)."""
    if path in cache:
        return cache[path]
    names = []
    current = "?"
    try:
        with open(path, encoding="utf-8") as source:
            for line in source:
                match = DECLARATION.match(line)
                if match:
                    current = match.group(1) or match.group(2) or match.group(3)
                    if current == "writtenByteCount" and "ofEscaped" in line:
                        current = "writtenByteCountOfEscaped"
                names.append(current)
    except OSError:
        pass
    cache[path] = names
    return names


def parse(path):
    """Self cost per (object, file, line, function symbol), from one callgrind.out file."""
    names = {"ob": {}, "fl": {}, "fn": {}}
    costs = collections.Counter()
    obj = file = fn = fn_file = ""
    line = 0
    skip_next = False

    def name(kind, text):
        match = re.match(r"\((\d+)\)(?: (.*))?$", text)
        if not match:
            return text
        table = names["fl" if kind in ("fl", "fi", "fe") else kind]
        if match.group(2) is not None:
            table[match.group(1)] = match.group(2)
        return table.get(match.group(1), "?")

    with open(path, encoding="utf-8", errors="replace") as profile:
        for raw in profile:
            text = raw.rstrip("\n")
            if not text:
                continue
            key, _, value = text.partition("=")
            if key in ("ob", "fl", "fi", "fe", "fn", "cob", "cfi", "cfl", "cfn") and _:
                resolved = name({"cob": "ob", "cfi": "fl", "cfl": "fl", "cfn": "fn"}.get(key, key), value)
                if key == "ob":
                    obj = resolved
                elif key == "fl":
                    fn_file = file = resolved
                elif key in ("fi", "fe"):
                    file = resolved
                elif key == "fn":
                    fn = resolved
                    file = fn_file
                continue
            if key == "calls" and _:
                skip_next = True
                continue
            if not (text[0].isdigit() or text[0] in "+-*"):
                continue
            fields = text.split()
            position = fields[0]
            if position == "*":
                pass
            elif position[0] in "+-":
                line += int(position)
            else:
                line = int(position)
            if skip_next:
                skip_next = False
                continue
            if len(fields) > 1:
                costs[(obj, file, line, fn)] += int(fields[1])
    return costs


def demangle(symbols):
    symbols = sorted(symbols)
    try:
        result = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(symbols), text=True,
                                capture_output=True, check=True)
        return dict(zip(symbols, result.stdout.split("\n")))
    except (OSError, subprocess.CalledProcessError):
        return {symbol: symbol for symbol in symbols}


def method(symbol):
    """The method a demangled symbol names: `specialized MeasuringReader.readValue()` → `readValue`."""
    head = symbol.split("(")[0]
    return head.split(".")[-1].split(" ")[-1]


def in_repository(file):
    return os.path.isabs(file) and os.path.exists(file) and "/Sources/" in file and "/.build/" not in file


# A line that calls one of these is charged with the inlined callee's body (a `@_transparent`
# function's own lines are lost when it is inlined), so it counts as the callee.
INLINED_CALLEES = ("readString", "readKeyAndColon", "readNumber", "readLiteral", "readEscape")


def source_lines(path, cache={}):
    if path not in cache:
        try:
            with open(path, encoding="utf-8") as source:
                cache[path] = source.read().split("\n")
        except OSError:
            cache[path] = []
    return cache[path]


def where(file, line, symbol):
    """The file and function of a source line of this repository, from the line where it has one
    and from the symbol where it does not (line 0: code the compiler made)."""
    names = enclosing_functions(file)
    function = names[line - 1] if 0 < line <= len(names) else "?"
    if 0 < line <= len(names):
        text = source_lines(file)[line - 1]
        for callee in INLINED_CALLEES:
            if callee + "(" in text and "func " not in text:
                function = callee
                break
    if function == "?":
        function = method(symbol)
    return os.path.basename(file), function


def scanner_part(function):
    if function in NUMBER_FUNCTIONS:
        return "numbers"
    if function in STRING_FUNCTIONS:
        return "strings"
    if function in KEY_FUNCTIONS:
        return "keys"
    if function in ("openValue", "closeValue", "startElement", "kind", "measurement", "rewrittenMeasurement",
                    "member"):
        return "measure"
    return "scanning"


def part(obj, file, line, symbol):
    if in_repository(file):
        base, function = where(file, line, symbol)
        if base == "JSONMeasuringScanner.swift":
            return scanner_part(function)
        if base in NUMBER_FILES:
            return "numbers"
        if base == "LogLineChecker.swift":
            return "batching" if function in BATCH_FUNCTIONS else "report"
        if base in ("JSONRewrittenMeasurement.swift",) or base.startswith("DeviceSize"):
            return "device"
        if base.startswith("LogSummary+JSON") or base.startswith("LogSummary+Text") or "/Output/" in file \
                or base == "LogReporting.swift":
            return "output"
        if base.startswith("LogSummary") or base == "ByteSizeHistogram.swift":
            return "summary"
        if base in ("LogPipeline.swift", "LogSegmentQueue.swift", "LogLineCheckerPool.swift", "LogByteSource.swift",
                    "LogSegmentResult.swift") or "/Input/" in file:
            return "threads"
        if "/PaySizeJSON/" in file:
            return "scanning"
        return "report"
    # Not this repository's source: the standard library inlined, or a shared library.
    function = method(symbol)
    if "MeasuringReader" in symbol or "JSONMeasuringScanner" in symbol or "RawStack" in symbol:
        return scanner_part(function)
    if "LogLineChecker" in symbol:
        return "batching" if function in BATCH_FUNCTIONS or "LineMeasurements" in symbol else "report"
    if "LogSummary" in symbol or "ByteSizeHistogram" in symbol:
        return "summary"
    if "LogPipeline" in symbol or "LogSegment" in symbol:
        return "threads"
    if any(name in symbol for name in ("PayloadChecker", "JSONElement", "APSRules", "PayloadReport", "JSONMember",
                                       "MeasuredValueReader", "PayloadFinding", "JSONPointer")):
        return "report"
    lower = symbol.lower()
    if "memchr" in lower:
        return "batching"
    if "dispatch" in obj.lower() or "pthread" in lower or "futex" in lower or "lll_lock" in lower \
            or lower in ("read", "__libc_read", "__read") or "syscall" in lower:
        return "threads"
    if "libswiftcore" in obj.lower() or "malloc" in lower or "free" in lower or "memcpy" in lower \
            or "memmove" in lower or "swift_" in lower:
        return "runtime"
    return "other"


def main():
    arguments = sys.argv[1:]
    top = 0
    if "--functions" in arguments:
        at = arguments.index("--functions")
        top = int(arguments[at + 1])
        del arguments[at:at + 2]
    small, small_lines, large, large_lines = arguments[0], int(arguments[1]), arguments[2], int(arguments[3])
    costs = [parse(small), parse(large)]
    symbols = demangle({key[3] for profile in costs for key in profile})
    per_part = [collections.Counter(), collections.Counter()]
    per_function = [collections.Counter(), collections.Counter()]
    for index, profile in enumerate(costs):
        for (obj, file, line, fn), cost in profile.items():
            symbol = symbols.get(fn, fn)
            name = part(obj, file, line, symbol)
            per_part[index][name] += cost
            if in_repository(file):
                location = ":".join(where(file, line, symbol))
            else:
                location = symbol[:70]
            per_function[index][(name, location)] += cost
    lines = large_lines - small_lines
    total = sum(per_part[1].values()) - sum(per_part[0].values())
    print(f"{'part':<46} {'per line':>9} {'share':>7}")
    for label, name in PARTS:
        if name == "output":
            continue
        difference = per_part[1][name] - per_part[0][name]
        print(f"{label:<46} {difference / lines:9.0f} {100 * difference / total:6.1f}%")
    print(f"{'all':<46} {total / lines:9.0f}")
    print(f"{'output: the summary written (once per run)':<46} {per_part[1]['output']:9d}")
    print(f"{'whole run, ' + str(large_lines) + ' lines':<46} {sum(per_part[1].values()):9d}")
    if top:
        print()
        print(f"{'part':<10} {'function (file:function or symbol)':<72} {'per line':>9}")
        differences = collections.Counter()
        for key in set(per_function[0]) | set(per_function[1]):
            differences[key] = per_function[1][key] - per_function[0][key]
        for (name, location), difference in differences.most_common(top):
            print(f"{name:<10} {location:<72} {difference / lines:9.1f}")


if __name__ == "__main__":
    main()
