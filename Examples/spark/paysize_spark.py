"""Checks JSON Lines push logs with Apache Spark: `paysize check --summary` per split, `paysize merge` at the end.

    spark-submit --files /path/to/paysize Examples/spark/paysize_spark.py \
        --output day.summary.json 'logs/2025-11-30/*.jsonl.zst'

Spark reads the logs (plain or compressed: .zst, .gz, ...; a folder, a glob, several of either) with its
text reader, cutting plain files into splits of about spark.sql.files.maxPartitionBytes (--split-bytes)
and keeping each compressed file whole. A split boundary may fall inside a record: the reader gives that
record to the split where it starts, whole, and the next split starts after it. Every record of a split
is piped, byte for byte, through `paysize check --summary --format json --lines -`; a task with no
records (a split that lies inside one long record) pipes nothing and gets the summary of an empty log.
The driver orders the summaries by file and byte offset and merges them with `paysize merge`: the
result equals, field for field, `paysize check --summary` of the files concatenated in name order.

Malformed lines are reported as one process reports them, FILE:LINE:COLUMN, with the line counted from
the start of the file, and the run exits 2 after writing the summary. A split whose paysize fails in
any other way (exit status 2 without a complete summary, a crash, a summary that does not count every
record it was given) fails its task and the job with paysize's message: nothing is dropped.
"""

import argparse
import collections
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import urllib.parse

# Messages kept per split; the rest are counted and said to be left out.
KEPT_MESSAGES = 100
MARKER = "PaySizeSplitFailed: "


class PaySizeSplitFailed(Exception):
    """A split whose paysize run cannot be merged; its one argument is the message, JSON-encoded."""


def display_path(uri):
    """A local path for file: URIs (as the user would have named the file), other URIs as they are."""
    if uri is None:
        return None
    parsed = urllib.parse.urlparse(uri)
    return urllib.parse.unquote(parsed.path) if parsed.scheme == "file" else uri


def paysize_executable(name):
    """The paysize a task runs: the one shipped with --files when there is one, else `name` on the PATH."""
    from pyspark import SparkFiles

    try:
        shipped = SparkFiles.get(os.path.basename(name))
    except Exception:
        shipped = None
    if shipped and os.path.isfile(shipped):
        # --files may not keep the executable bit.
        mode = os.stat(shipped).st_mode
        if not mode & stat.S_IXUSR:
            try:
                os.chmod(shipped, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
            except OSError:
                pass
        return shipped
    return shutil.which(name) or name


class SplitRun:
    """One `paysize check --summary --format json --lines -` over the records of one split."""

    def __init__(self, command, partition, file, start):
        self.partition, self.file, self.start = partition, file, start
        self.records = 0
        self.stopped_reading = False
        self.messages, self.more_messages = [], 0
        # The last messages, which say why paysize stopped, even past the kept ones.
        self.last_messages = collections.deque(maxlen=3)
        try:
            self.process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        except OSError as error:
            self.fail(f"cannot run '{command[0]}': {error.strerror} (ship it with spark-submit --files, "
                      "or put it on the executors' PATH)")
        self.output = []
        self.readers = [
            threading.Thread(target=self.read_output, daemon=True),
            threading.Thread(target=self.read_messages, daemon=True),
        ]
        for reader in self.readers:
            reader.start()

    def where(self):
        if self.file is None:
            return f"partition {self.partition} (no records)"
        return f"{display_path(self.file)} from byte {self.start} (partition {self.partition})"

    def fail(self, message):
        raise PaySizeSplitFailed(json.dumps(f"{self.where()}: {message}"))

    def read_output(self):
        self.output.append(self.process.stdout.read())

    def read_messages(self):
        for line in self.process.stderr:
            message = line.decode("utf-8", "replace").rstrip("\n")
            self.last_messages.append(message)
            if len(self.messages) < KEPT_MESSAGES:
                self.messages.append(message)
            else:
                self.more_messages += 1

    def write(self, record):
        self.records += 1
        if self.stopped_reading:
            return
        try:
            self.process.stdin.write(record)
            self.process.stdin.write(b"\n")
        except BrokenPipeError:
            self.stopped_reading = True  # paysize stopped reading: its status and message say why.

    def finish(self):
        try:
            self.process.stdin.close()
        except BrokenPipeError:
            pass
        status = self.process.wait()
        for reader in self.readers:
            reader.join()
        summary = None
        for line in b"".join(self.output).decode("utf-8", "replace").splitlines():
            if '"kind":"summary"' in line:
                summary = line
        told = "; ".join(self.last_messages) or "no message"
        if status < 0:
            self.fail(f"paysize was ended by signal {-status}: {told}")
        if status not in (0, 1, 2) or summary is None:
            self.fail(f"paysize exited with status {status} and no summary: {told}")
        fields = json.loads(summary)
        if not fields.get("complete"):
            self.fail(f"paysize exited with status {status} and a summary that stops early: {told}")
        if fields.get("lines") != self.records:
            self.fail(f"paysize counted {fields.get('lines')} lines of the {self.records} records given")
        if status == 2 and fields.get("malformed", 0) == 0:
            self.fail(f"paysize exited with status 2: {told}")
        return {
            "partition": self.partition, "file": self.file, "start": self.start, "records": self.records,
            "status": status, "summary": summary, "messages": self.messages, "moreMessages": self.more_messages,
        }


def check_partition(command, partition, rows):
    """Pipes the records of each split in the partition through paysize; one result per split."""
    command = [paysize_executable(command[0])] + command[1:]
    run = None
    for file, start, value in rows:
        if run is None or (run.file, run.start) != (file, start):
            if run is not None:
                yield run.finish()
            run = SplitRun(command, partition, file, start)
        run.write(value)
    if run is None:
        run = SplitRun(command, partition, None, None)
    yield run.finish()


LOCATION = re.compile(r"^<stdin>:(\d+):(\d+): (.*)$")


def placed_messages(results):
    """Each split's messages with the file's name and the line counted from the file's start."""
    lines_before = {}
    placed = []
    for result in results:
        file = result["file"]
        offset = lines_before.get(file, 0)
        lines_before[file] = offset + json.loads(result["summary"])["lines"]
        name = display_path(file) if file is not None else f"partition {result['partition']}"
        for message in result["messages"]:
            located = LOCATION.match(message)
            if located:
                placed.append(f"{name}:{int(located.group(1)) + offset}:{located.group(2)}: {located.group(3)}")
            else:
                placed.append(message.replace("<stdin>", f"{name} from byte {result['start']}", 1))
        if result["moreMessages"]:
            placed.append(f"{name}: {result['moreMessages']} more messages of the split from byte "
                          f"{result['start']} (lines {offset + 1}-{lines_before[file]}) left out")
    return placed


def main(argv):
    cut = argv.index("--") if "--" in argv else len(argv)
    own, check_options = argv[:cut], argv[cut + 1:]
    parser = argparse.ArgumentParser(
        prog="paysize_spark.py",
        description="Check JSON Lines push logs with Spark: paysize check --summary per split, paysize merge at the end.",
        epilog="Options after -- go to every 'paysize check' (e.g. -- --field /request/body --fail-on risky).")
    parser.add_argument("inputs", nargs="+", help="log files, folders or globs (local, hdfs://, s3a://, ...)")
    parser.add_argument("--output", help="write the merged summary here (default: standard output)")
    parser.add_argument("--format", choices=["json", "text"], default="json", help="the merged summary's format")
    parser.add_argument("--name", help="the name the merged summary gives the whole (default: the inputs)")
    parser.add_argument("--paysize", default="paysize",
                        help="the paysize binary: a name shipped with --files or on the executors' PATH, or a path")
    parser.add_argument("--split-bytes", type=int,
                        help="split plain files into pieces of about this many bytes (spark.sql.files.maxPartitionBytes)")
    parser.add_argument("--master", help="Spark master when not run by spark-submit (e.g. local[2])")
    parser.add_argument("--splits-report", help="write one JSON line per split (partition, file, start, records)")
    args = parser.parse_args(own)

    from pyspark.errors import AnalysisException
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    builder = SparkSession.builder.appName("paysize")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    if args.split_bytes:
        spark.conf.set("spark.sql.files.maxPartitionBytes", str(args.split_bytes))
    command = [args.paysize, "check", "--summary", "--format", "json"] + check_options + ["--lines", "-"]
    try:
        records = (
            # Only \n ends a record, as in paysize (Spark's default also ends one at a lone \r). The value
            # is read as bytes: a line that is not UTF-8 reaches paysize as it is in the file.
            spark.read.option("lineSep", "\n").text(args.inputs)
            .select(F.col("_metadata.file_path"), F.col("_metadata.file_block_start"), F.col("value").cast("binary"))
        )
        results = records.rdd.mapPartitionsWithIndex(
            lambda index, rows: check_partition(command, index, rows)).collect()
    except AnalysisException as error:  # no such input, or none readable
        print(f"paysize_spark: error: {str(error).splitlines()[0]}", file=sys.stderr)
        spark.stop()
        return 2
    except Exception as error:  # a failed split surfaces as the Spark job's failure
        found = re.search(MARKER + r'("(?:[^"\\]|\\.)*")', str(error))
        if not found:
            raise
        print(f"paysize_spark: error: {json.loads(found.group(1))}", file=sys.stderr)
        spark.stop()
        return 2

    results.sort(key=lambda r: (r["file"] is not None, r["file"] or "", r["start"] or 0, r["partition"]))
    if args.splits_report:
        with open(args.splits_report, "w") as report:
            for r in results:
                report.write(json.dumps({key: r[key] for key in ("partition", "file", "start", "records")}) + "\n")
    for message in placed_messages(results):
        print(message, file=sys.stderr)

    with tempfile.NamedTemporaryFile("w", suffix=".summaries.jsonl") as summaries:
        summaries.write("".join(r["summary"] + "\n" for r in results))
        summaries.flush()
        name = args.name or " + ".join(args.inputs)
        merged = subprocess.run(
            [paysize_executable(args.paysize), "merge", "--format", args.format, "--file", name, summaries.name],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    spark.stop()
    sys.stderr.write(merged.stderr.decode("utf-8", "replace"))
    if merged.stdout:
        if args.output:
            with open(args.output, "wb") as output:
                output.write(merged.stdout)
        else:
            sys.stdout.buffer.write(merged.stdout)
    return merged.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
