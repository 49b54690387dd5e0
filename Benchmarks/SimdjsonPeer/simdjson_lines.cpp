// The C peer of `paysize check --summary` for `make bench-logs`: what a backend engineer could
// write with simdjson (Debian's libsimdjson-dev) in an afternoon. Per line of a JSON Lines log:
// parse with the DOM parser (which validates the text, UTF-8 included), and for a valid line
// minify its bytes to get its compact size (whitespace outside strings removed, every token kept
// as written: the size `paysize check` judges). Counts valid and invalid lines, blank lines,
// total compact bytes and lines whose compact size is over 4096 bytes.
//
//     c++ -O3 -march=native -std=c++17 simdjson_lines.cpp -lsimdjson -lpthread -o simdjson-lines
//     simdjson-lines [--threads N] FILE
//
// With N threads (default 1) the file is cut into N parts at line boundaries, each part read by
// its own parser on its own thread, and the counts added. Prints one JSON object on stdout:
// {"threads":N,"lines":...,"blankLines":...,"valid":...,"invalid":...,"compactBytes":...,
//  "over4096":...,"loadSeconds":...,"scanSeconds":...}
// Exit status 0, or 2 when the file cannot be read.
#include <simdjson.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Counts {
    uint64_t lines = 0;
    uint64_t blankLines = 0;
    uint64_t valid = 0;
    uint64_t invalid = 0;
    uint64_t compactBytes = 0;
    uint64_t over4096 = 0;
};

bool isBlank(const char *begin, const char *end) {
    for (const char *p = begin; p < end; ++p) {
        if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') return false;
    }
    return true;
}

// Reads the lines of [begin, end); the buffer they sit in stays readable for
// SIMDJSON_PADDING bytes past `end` (the rest of the file, then the padded_string's padding),
// so the parser reads them in place.
Counts scan(const char *begin, const char *end) {
    Counts counts;
    simdjson::dom::parser parser;
    std::vector<char> minified;
    const char *line = begin;
    while (line < end) {
        const char *newline = static_cast<const char *>(std::memchr(line, '\n', size_t(end - line)));
        const char *lineEnd = newline ? newline : end;
        counts.lines += 1;
        size_t length = size_t(lineEnd - line);
        if (isBlank(line, lineEnd)) {
            counts.blankLines += 1;
        } else {
            simdjson::dom::element root;
            if (parser.parse(line, length, false).get(root) != simdjson::SUCCESS) {
                counts.invalid += 1;
            } else {
                if (minified.size() < length + simdjson::SIMDJSON_PADDING) {
                    minified.resize(length + simdjson::SIMDJSON_PADDING);
                }
                size_t compact = 0;
                if (simdjson::minify(line, length, minified.data(), compact) != simdjson::SUCCESS) {
                    counts.invalid += 1;
                } else {
                    counts.valid += 1;
                    counts.compactBytes += compact;
                    if (compact > 4096) counts.over4096 += 1;
                }
            }
        }
        line = lineEnd + 1;
    }
    return counts;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char **argv) {
    int threadCount = 1;
    const char *path = nullptr;
    for (int index = 1; index < argc; ++index) {
        if (std::strcmp(argv[index], "--threads") == 0 && index + 1 < argc) {
            threadCount = std::atoi(argv[++index]);
        } else {
            path = argv[index];
        }
    }
    if (path == nullptr || threadCount < 1) {
        std::fprintf(stderr, "usage: simdjson-lines [--threads N] FILE\n");
        return 2;
    }

    auto loadStart = std::chrono::steady_clock::now();
    simdjson::padded_string text;
    if (simdjson::padded_string::load(path).get(text) != simdjson::SUCCESS) {
        std::fprintf(stderr, "error: cannot read '%s'\n", path);
        return 2;
    }
    double loadSeconds = secondsSince(loadStart);

    auto scanStart = std::chrono::steady_clock::now();
    const char *begin = text.data();
    const char *end = begin + text.size();
    // Cut points just after a newline near each N-th of the file.
    std::vector<const char *> cuts{begin};
    for (int part = 1; part < threadCount; ++part) {
        const char *guess = begin + text.size() * size_t(part) / size_t(threadCount);
        if (guess < cuts.back()) guess = cuts.back();
        const char *newline = static_cast<const char *>(std::memchr(guess, '\n', size_t(end - guess)));
        cuts.push_back(newline ? newline + 1 : end);
    }
    cuts.push_back(end);

    std::vector<Counts> results(static_cast<size_t>(threadCount));
    std::vector<std::thread> threads;
    for (int part = 1; part < threadCount; ++part) {
        threads.emplace_back([&, part] { results[size_t(part)] = scan(cuts[size_t(part)], cuts[size_t(part) + 1]); });
    }
    results[0] = scan(cuts[0], cuts[1]);
    for (auto &thread : threads) thread.join();
    double scanSeconds = secondsSince(scanStart);

    Counts total;
    for (const Counts &counts : results) {
        total.lines += counts.lines;
        total.blankLines += counts.blankLines;
        total.valid += counts.valid;
        total.invalid += counts.invalid;
        total.compactBytes += counts.compactBytes;
        total.over4096 += counts.over4096;
    }
    std::printf(
        "{\"threads\":%d,\"lines\":%llu,\"blankLines\":%llu,\"valid\":%llu,\"invalid\":%llu,"
        "\"compactBytes\":%llu,\"over4096\":%llu,\"loadSeconds\":%.6f,\"scanSeconds\":%.6f}\n",
        threadCount, (unsigned long long)total.lines, (unsigned long long)total.blankLines,
        (unsigned long long)total.valid, (unsigned long long)total.invalid,
        (unsigned long long)total.compactBytes, (unsigned long long)total.over4096, loadSeconds, scanSeconds);
    return 0;
}
