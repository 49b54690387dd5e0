"""`make test-spark`: Examples/spark/paysize_spark.py run by Spark in local[2] mode against `paysize check`.

    python3 Tests/Spark/test_spark_job.py .build/debug/paysize

1. A generated log of 200 000 pushes and a few odd lines (malformed JSON, invalid UTF-8, a blank line, a
   CRLF ending, a carriage return between tokens, a 7 MB record, no final line break), cut by Spark into
   2 MiB splits: split boundaries fall inside records, and the splits inside the 7 MB record are empty
   tasks. The merged summary must equal `paysize check --summary` of the file, byte for byte and so field
   for field; the malformed lines must be reported as that one process reports them; each split must
   hold the lines a line reader gives it (a line belongs to the split its first byte follows).
   The log is named by a glob.
2. A folder of a .zst part, a plain part and an empty file: the merged summary
   equals that of the parts concatenated, and each malformed line is reported in its own file (a
   split keeps 100 messages and says how many more it left out).
3. A split whose paysize exits 2 without a complete summary (--max-errors 1 passed through) fails the
   job with paysize's message and writes no summary; so does a paysize that cannot be run. An input
   that does not exist is one line of error, exit 2.
"""

import json
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
JOB = os.path.join(HERE, "..", "..", "Examples", "spark", "paysize_spark.py")
PUSHES = 200_000
SPLIT_BYTES = 2 << 20
HUGE_RECORD_BYTES = 7_000_000
# The 7 MB record is a payload, not a line too long to read, in the job and in the one process.
CHECK_OPTIONS = ["--max-input-bytes", str(8 << 20)]

failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL: {message}", file=sys.stderr)


def push(rng, index):
    """A Live Activity push of one of four shapes, its sizes spread over every tier."""
    timestamp = 1764500400 + index
    kind = rng.random()
    if kind < 0.70:
        state = {"status": rng.choice(["preparing", "on the way", "nearby", "delivered"]),
                 "eta": rng.randrange(0, 3600), "courier": "courier %d" % rng.randrange(1000),
                 "progress": round(rng.random(), 3)}
        aps = {"timestamp": timestamp, "event": "update", "content-state": state}
    elif kind < 0.85:
        aps = {"timestamp": timestamp, "event": "start", "content-state": {"status": "preparing", "eta": 1800},
               "attributes-type": "DeliveryAttributes",
               "attributes": {"orderNumber": "A%06d" % index, "store": "store %d" % rng.randrange(500)},
               "alert": {"title": "Order placed", "body": "Your order is being prepared"}}
    elif kind < 0.95:
        aps = {"timestamp": timestamp, "event": "end", "dismissal-date": timestamp + 3600,
               "content-state": {"status": "delivered", "eta": 0}}
    else:
        # Large updates: monitor, risky, critical and a few over the limit.
        aps = {"timestamp": timestamp, "event": "update",
               "content-state": {"status": "nearby", "notes": "n" * rng.randrange(1800, 4200)}}
    separators = (",", ":") if rng.random() < 0.9 else (", ", ": ")
    return json.dumps({"aps": aps}, separators=separators).encode()


def generate(path):
    """The 200 000-push log with its odd lines; returns its lines (without line breaks)."""
    rng = random.Random(31)
    lines = [push(rng, index) for index in range(PUSHES)]
    odd = {
        1_000: b'{"aps":{"event":"update",}',
        5_000: b"   ",
        7_000: push(rng, -1) + b"\r",
        9_000: b'{"aps":\r{"timestamp":1764500400,"event":"end"}}',
        12_000: b'{"aps":{"timestamp":1764500400,"event":"update","content-state":{"name":"\xff"}}}',
        100_000: b'{"aps":{"timestamp":1764500400,"event":"update","content-state":{"notes":"'
        + b"x" * HUGE_RECORD_BYTES + b'"}}}',
        150_000: b'{"aps":',
    }
    for index in sorted(odd, reverse=True):
        lines.insert(index, odd[index])
    with open(path, "wb") as file:
        file.write(b"\n".join(lines))  # no line break after the last line
    return lines


def run(arguments, **kwargs):
    started = time.monotonic()
    result = subprocess.run(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)
    return result, time.monotonic() - started


def run_job(paysize, arguments):
    result, seconds = run([sys.executable, JOB, "--master", "local[2]", "--paysize", paysize] + arguments)
    stderr = result.stderr.decode("utf-8", "replace").splitlines()
    # Spark's own logging shares standard error: the job's lines are those naming a log or the job.
    return result, stderr, seconds


def job_lines(stderr, prefixes):
    return [line for line in stderr if line.startswith(tuple(prefixes))]


def expected_split_records(data, split_bytes):
    """Records per split start, as Hadoop's line reader hands them out: a line goes to the split in
    which its first byte's predecessor lies (the first line to the first split)."""
    starts = list(range(0, len(data), split_bytes))
    counts = {start: 0 for start in starts}
    position = 0
    while position < len(data):
        owner = 0 if position == 0 else ((position - 1) // split_bytes) * split_bytes
        counts[owner] += 1
        newline = data.find(b"\n", position)
        if newline < 0:
            break
        position = newline + 1
    return counts


def compare_fields(actual, expected, label):
    if actual == expected:
        return
    a, e = json.loads(actual), json.loads(expected)
    differing = [key for key in sorted(set(a) | set(e)) if a.get(key) != e.get(key)]
    expect(False, f"{label}: the merged summary differs from the one process's in {differing}")


def test_one_log(paysize, folder):
    path = os.path.join(folder, "pushes.jsonl")
    started = time.monotonic()
    generate(path)
    with open(path, "rb") as file:
        data = file.read()
    line_count = data.count(b"\n") + 1
    print(f"test-spark: generated {path}: {len(data)} bytes, {line_count} lines "
          f"({time.monotonic() - started:.1f} s)")
    whole, seconds = run([paysize, "check", "--summary", "--format", "json"] + CHECK_OPTIONS + [path])
    print(f"test-spark: paysize check --summary on the whole file: {seconds:.1f} s")
    expect(whole.returncode == 2, f"the whole file: expected exit 2 (malformed lines), found {whole.returncode}")

    output = os.path.join(folder, "merged.json")
    report = os.path.join(folder, "splits.jsonl")
    result, stderr, seconds = run_job(paysize, [
        "--split-bytes", str(SPLIT_BYTES), "--name", path, "--output", output, "--splits-report", report,
        os.path.join(folder, "push*.jsonl"), "--"] + CHECK_OPTIONS)
    print(f"test-spark: the Spark job on {path}: {seconds:.1f} s")
    expect(result.returncode == 2, f"the job: expected exit 2 (malformed lines), found {result.returncode}: "
           + "\n".join(stderr[-20:]))
    merged = open(output, "rb").read().decode() if os.path.exists(output) else ""
    compare_fields(merged, whole.stdout.decode(), "one log")
    summary = json.loads(merged or "{}")
    expect(summary.get("lines") == PUSHES + 7 and summary.get("malformed") == 3 and summary.get("blankLines") == 1,
           f"expected {PUSHES + 7} lines, 3 malformed, 1 blank; found {summary.get('lines')}, "
           f"{summary.get('malformed')}, {summary.get('blankLines')}")
    expect(job_lines(stderr, [path, "paysize_spark"]) == whole.stderr.decode().splitlines(),
           "the job's malformed-line messages differ from the one process's:\n"
           + "\n".join(job_lines(stderr, [path, "paysize_spark"])) + "\n--- expected:\n" + whole.stderr.decode())

    splits = [json.loads(line) for line in open(report)] if os.path.exists(report) else []
    expected = expected_split_records(data, SPLIT_BYTES)
    found = {split["start"]: split["records"] for split in splits if split["file"] is not None}
    empty = [split for split in splits if split["file"] is None]
    expect(len(splits) == len(expected) >= 16, f"expected {len(expected)} (>= 16) splits, found {len(splits)}")
    expect(found == {start: count for start, count in expected.items() if count > 0},
           f"records per split differ from a line reader's: {found} vs {expected}")
    expect(len(empty) == sum(1 for count in expected.values() if count == 0) >= 2,
           f"expected the splits inside the 7 MB record to be empty tasks, found {len(empty)} empty")
    inside = sum(1 for start in expected if start > 0 and data[start - 1] != ord("\n"))
    expect(inside >= 15, f"expected split boundaries inside records, found {inside}")
    print(f"test-spark: {len(splits)} splits of {SPLIT_BYTES} bytes, {len(empty)} empty, {inside} boundaries "
          f"inside a record; merged summary equal to the whole file's, field for field "
          f"({summary.get('lines')} lines, {summary.get('payloads')} payloads, {summary.get('malformed')} malformed)")
    return data


def test_folder(paysize, folder, data):
    lines = data.split(b"\n")[:30_000]
    parts = os.path.join(folder, "parts")
    os.mkdir(parts)
    first = b"".join(line + b"\n" for line in lines[:10_000])
    # 105 malformed lines open part-2: its first split keeps 100 messages and says 5 were left out.
    garbage = [b'{"n":%d' % index for index in range(105)]
    second = b"".join(line + b"\n" for line in garbage + lines[10_000:])
    subprocess.run(["zstd", "-q", "-3", "-o", os.path.join(parts, "part-1.jsonl.zst")], input=first, check=True)
    open(os.path.join(parts, "part-0.jsonl"), "wb").close()
    open(os.path.join(parts, "part-2.jsonl"), "wb").write(second)
    concatenated = os.path.join(folder, "parts.jsonl")
    open(concatenated, "wb").write(first + second)
    whole, _ = run([paysize, "check", "--summary", "--format", "json", concatenated])
    output = os.path.join(folder, "parts-merged.json")
    result, stderr, seconds = run_job(paysize, [
        "--split-bytes", str(256 << 10), "--name", concatenated, "--output", output, parts])
    print(f"test-spark: the Spark job on the folder {parts} (.zst, plain, empty): {seconds:.1f} s")
    expect(result.returncode == 2, f"the folder job: expected exit 2, found {result.returncode}: "
           + "\n".join(stderr[-20:]))
    compare_fields(open(output).read() if os.path.exists(output) else "", whole.stdout.decode(), "folder")
    # Each malformed line in its own file: part-1 holds lines 1-10000, part-2 the rest.
    first_split_lines = expected_split_records(second, 256 << 10)[0]
    expected, first_split = [], []
    for message in whole.stderr.decode().splitlines():
        line, rest = message[len(concatenated) + 1:].split(":", 1)
        part, number = ("part-1.jsonl.zst", int(line)) if int(line) <= 10_000 else ("part-2.jsonl", int(line) - 10_000)
        placed = f"{os.path.join(parts, part)}:{number}:{rest}"
        (first_split if part == "part-2.jsonl" and number <= first_split_lines else expected).append(placed)
    expect(len(first_split) == 105, f"expected 105 messages in part-2's first split, found {len(first_split)}")
    at = sum(1 for message in expected if "part-1" in message)
    expected[at:at] = first_split[:100] + [
        f"{os.path.join(parts, 'part-2.jsonl')}: 5 more messages of the split from byte 0 "
        f"(lines 1-{first_split_lines}) left out"]
    expect(job_lines(stderr, [parts, "paysize_spark"]) == expected,
           "folder: messages differ:\n" + "\n".join(job_lines(stderr, [parts, "paysize_spark"]))
           + "\n--- expected:\n" + "\n".join(expected))


def test_failing_split(paysize, folder):
    path = os.path.join(folder, "stops.jsonl")
    open(path, "wb").write(b'{"aps":{"timestamp":1,"event":"end"}}\n{x\n{y\n{"aps":{"timestamp":2,"event":"end"}}\n')
    output = os.path.join(folder, "stops-merged.json")
    result, stderr, seconds = run_job(paysize, ["--output", output, path, "--", "--max-errors", "1"])
    print(f"test-spark: the Spark job with a failing split: {seconds:.1f} s")
    expect(result.returncode == 2, f"the failing split: expected exit 2, found {result.returncode}")
    expected = (f"paysize_spark: error: {path} from byte 0 (partition 0): paysize exited with status 2 and a "
                "summary that stops early: <stdin>:2:2: error: (root): expected an object key (a string) or '}', "
                "found 'x' (byte 1); <stdin>: error: stopped after 1 malformed line (--max-errors 1); "
                "the summary covers lines 1-2")
    expect(job_lines(stderr, ["paysize_spark"]) == [expected],
           "the failing split's message:\n" + "\n".join(job_lines(stderr, ["paysize_spark"])) + "\n--- expected:\n"
           + expected)
    expect(not os.path.exists(output), "the failing split: a summary was written")

    absent = os.path.join(folder, "no-such-log.jsonl")
    result, stderr, _ = run_job(paysize, ["--output", output, absent])
    # Spark's own words for it vary between versions: one line of error naming the input.
    told = job_lines(stderr, ["paysize_spark"])
    expect(result.returncode == 2 and len(told) == 1 and told[0].startswith("paysize_spark: error: ")
           and absent in told[0] and not any("Traceback" in line for line in stderr),
           f"an input that does not exist: exit {result.returncode}:\n" + "\n".join(stderr[-10:]))

    missing = os.path.join(folder, "no-such-paysize")
    result, stderr, _ = run_job(missing, ["--output", output, path])
    expected = (f"paysize_spark: error: {path} from byte 0 (partition 0): cannot run '{missing}': No such file "
                "or directory (ship it with spark-submit --files, or put it on the executors' PATH)")
    expect(result.returncode == 2 and job_lines(stderr, ["paysize_spark"]) == [expected],
           f"a paysize that cannot run: exit {result.returncode}:\n" + "\n".join(stderr[-10:]))


def main():
    paysize = os.path.abspath(sys.argv[1])
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="paysize-spark-") as folder:
        data = test_one_log(paysize, folder)
        test_folder(paysize, folder, data)
        test_failing_split(paysize, folder)
    print(f"test-spark: {'FAILED' if failures else 'passed'} in {time.monotonic() - started:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
