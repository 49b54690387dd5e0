import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// The columnar form of arrays of small records: exact bytes and messages, when it is not
/// offered, every record given back in order with the same values (over the seeded payloads of
/// the other property tests), and its Swift snippet compiled and decoding what the strategy wrote.
@Suite("The columnar form") struct ShrinkColumnarTests {
    typealias Support = ShrinkTestSupport

    /// A content state with `count` records of `t` (evenly stepped), `bpm` and `zone`.
    static func samples(count: Int, bpm: (Int) -> Int = { 90 + ($0 * 7) % 11 }) -> [UInt8] {
        let records = (0..<count).map { #"{"t":\#(5 * $0),"bpm":\#(bpm($0)),"zone":"z\#($0 % 3)"}"# }
        return Array(#"{"samples":[\#(records.joined(separator: ","))]}"#.utf8)
    }

    @Test("evenly stepped and delta encoded columns") func evenlySteppedAndDeltaEncodedColumns() throws {
        let bytes = Self.samples(count: 10)
        let (report, columnar) = try Support.suggestion("columnar", in: bytes)
        #expect(columnar.id == "columnar:/samples")
        #expect(
            columnar.title
                == "columns for the 10 records at /samples: 't' as a start and a step; 'bpm' delta-encoded; 'zone' as arrays"
        )
        #expect(columnar.contractChange == .app)
        #expect(!columnar.isLossy)
        let expected =
            #"{"samples":{"count":10,"t":{"start":0,"step":5},"bpm":[90,7,-4,7,-4,-4,7,-4,-4,7],"#
            + #""zone":["z0","z1","z2","z0","z1","z2","z0","z1","z2","z0"]}}"#
        #expect(String(decoding: columnar.jsonBytes, as: UTF8.self) == expected)
        #expect(columnar.savedBytes == bytes.count - expected.utf8.count)
        #expect(report.suggestions.filter { $0.contractChange < .app }.allSatisfy { $0.kind != "columnar" })
        #expect(columnar.howToApply.contains("struct Sample: Codable, Hashable {\n    var t: Int\n    var bpm: Int"))
        #expect(columnar.howToApply.contains("struct SampleColumns: Codable, Hashable {"))
    }

    @Test("not offered for few mixed or nested records or a trivial saving")
    func notOfferedForFewMixedOrNestedRecordsOrATrivialSaving() throws {
        func offered(_ text: String) throws -> Bool {
            try ShrinkAdvisor().report(forJSONBytes: Array(text.utf8)).suggestions.contains {
                $0.kind == "columnar"
            }
        }
        #expect(try offered(String(decoding: Self.samples(count: 8), as: UTF8.self)))
        // Seven records are too few.
        #expect(try !offered(String(decoding: Self.samples(count: 7), as: UTF8.self)))
        // Not uniform: one record lacks a key, one holds a null, one nests an object.
        let uniform = (0..<12).map { #"{"t":\#($0),"v":\#($0 * 3 % 7)}"# }
        for odd in [#"{"t":99}"#, #"{"t":99,"v":null}"#, #"{"t":99,"v":{"x":1}}"#, #"{"t":99,"w":1}"#] {
            #expect(try !offered(#"{"s":[\#((uniform + [odd]).joined(separator: ","))]}"#), "\(odd)")
        }
        // One key of one letter: the columns would save too little to be worth an app change.
        let small = (0..<12).map { #"{"v":\#($0 * 37 % 101)}"# }
        #expect(try !offered(#"{"s":[\#(small.joined(separator: ","))]}"#))
    }

    @Test("fractional steps are taken only when exact") func fractionalStepsAreTakenOnlyWhenExact() throws {
        // 0.1 steps do not add up exactly in binary: the column stays an array.
        let inexact = (0..<10).map { #"{"x":\#(Double($0) / 10),"label":"point"}"# }
        let (_, first) = try Support.suggestion(
            "columnar", in: Array(#"{"s":[\#(inexact.joined(separator: ","))]}"#.utf8))
        #expect(first.title.hasSuffix("'x', 'label' as arrays"))
        // Quarter steps do.
        let exact = (0..<10).map { #"{"x":\#(0.5 + Double($0) * 0.25),"label":"point"}"# }
        let (_, second) = try Support.suggestion(
            "columnar", in: Array(#"{"s":[\#(exact.joined(separator: ","))]}"#.utf8))
        #expect(second.title.hasSuffix("'x' as a start and a step; 'label' as arrays"))
        #expect(String(decoding: second.jsonBytes, as: UTF8.self).contains(#""x":{"start":0.5,"step":0.25}"#))
    }

    // MARK: - Decoding back

    /// The records a columnar value stands for, rebuilt as the snippet does, each member's value
    /// as JSON text (numbers as `Double` bit patterns or exact integers), or `nil` when it is not
    /// a columnar value whose delta-encoded keys are `deltas`.
    static func records(
        fromColumns columns: JSONElement, keys: [String], integral: Set<String>, deltas: Set<String>
    ) -> [[String: String]]? {
        guard let members = columns.members, let countText = members.first?.value.numberText,
            let count = Int(countText)
        else { return nil }
        var records = Array(repeating: [String: String](), count: count)
        for key in keys {
            guard let column = columns[key] else { return nil }
            if let start = column["start"]?.numberText, let step = column["step"]?.numberText {
                for index in 0..<count {
                    if integral.contains(key), let start = Int(start), let step = Int(step) {
                        records[index][key] = "int \(start &+ index &* step)"
                    } else {
                        let value = Double(start)! + Double(index) * Double(step)!
                        records[index][key] = "double \(value.bitPattern)"
                    }
                }
                continue
            }
            guard let elements = column.elements, elements.count == count else { return nil }
            var total = 0
            for (index, element) in elements.enumerated() {
                if deltas.contains(key) {
                    total = total &+ Int(element.numberText!)!
                    records[index][key] = "int \(total)"
                } else {
                    records[index][key] = text(of: element, integral: integral.contains(key))
                }
            }
        }
        return records
    }

    /// A scalar as the comparison sees it: integers (of an all-integer member) exactly, other
    /// numbers by their bits.
    static func text(of element: JSONElement, integral: Bool) -> String {
        if let number = element.numberText {
            if integral, let value = Int(number) { return "int \(value)" }
            return "double \(Double(number)!.bitPattern)"
        }
        if let string = element.stringValue { return "string \(string)" }
        return "other \(element.content)"
    }

    /// Every element a suggestion path reaches (`*` for every element of an array).
    static func elements(at path: String, in root: JSONElement) -> [JSONElement] {
        var current = [root]
        for component in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = component.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            current = current.flatMap { element -> [JSONElement] in
                if key == "*" { return element.elements ?? [] }
                if let index = Int(key), let elements = element.elements { return [elements[index]] }
                return element[key].map { [$0] } ?? []
            }
        }
        return current
    }

    /// The keys a title says are delta-encoded.
    static func deltaKeys(in title: String) -> Set<String> {
        guard let part = title.split(separator: ";").first(where: { $0.hasSuffix(" delta-encoded") }) else { return [] }
        return Set(part.split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
    }

    /// Checks every columnar suggestion of `report`: each record comes back, in order, with the
    /// same values (dates and doubles to the bit); returns how many arrays it checked.
    @discardableResult
    static func checkColumnar(_ report: ShrinkReport, original: [UInt8], label: String) throws -> Int {
        var checked = 0
        let before = try JSONScanner.scan(original)
        for suggestion in report.suggestions where suggestion.kind == "columnar" {
            let after = try JSONScanner.scan(suggestion.jsonBytes)
            let path = try #require(suggestion.paths.first?.rawValue)
            let arrays = elements(at: path, in: before)
            let columns = elements(at: path, in: after)
            #expect(arrays.count == columns.count, "\(label): \(suggestion.id)")
            let deltas = deltaKeys(in: suggestion.title)
            for (array, column) in zip(arrays, columns) {
                let originals = try #require(array.elements)
                let keys = try #require(originals.first?.members?.map(\.key))
                let integral = Set(
                    keys.filter { key in
                        originals.allSatisfy { $0[key]?.isIntegerToken == true && Int($0[key]!.numberText!) != nil }
                    })
                let expected = originals.map { record in
                    Dictionary(
                        uniqueKeysWithValues: (record.members ?? []).map {
                            ($0.key, text(of: $0.value, integral: integral.contains($0.key)))
                        })
                }
                let decoded = records(fromColumns: column, keys: keys, integral: integral, deltas: deltas)
                #expect(decoded == expected, "\(label): \(suggestion.id)")
                checked += 1
            }
        }
        return checked
    }

    @Test("random payloads come back whole", arguments: 0..<120)
    func randomPayloadsComeBackWhole(_ seed: Int) throws {
        var generator = RandomPayloadGenerator(seed: UInt64(seed))
        let bytes = generator.payload()
        let report = try ShrinkAdvisor(allowsLossy: seed % 2 == 0).report(forJSONBytes: bytes)
        Support.checkSavings(report)
        try Self.checkColumnar(report, original: bytes, label: "seed \(seed)")
    }

    @Test("ordered records come back whole") func orderedRecordsComeBackWhole() throws {
        var checked = 0
        for seed in 0..<60 {
            let generated = ShrinkCutPropertyTests.generate(seed: UInt64(seed))
            let report = try ShrinkAdvisor(allowsLossy: true).report(forJSONBytes: generated.bytes)
            checked += try Self.checkColumnar(report, original: generated.bytes, label: "seed \(seed)")
        }
        var generated = 0
        for seed in 0..<120 {
            var generator = RandomPayloadGenerator(seed: UInt64(seed))
            let bytes = generator.payload()
            let report = try ShrinkAdvisor().report(forJSONBytes: bytes)
            generated += report.suggestions.filter { $0.kind == "columnar" }.count
        }
        // The properties are exercised: most seeds of both generators offer the columnar form.
        #expect(checked >= 50)
        #expect(generated >= 20)
    }

    // MARK: - The snippet, compiled

    /// Records whose keys are no Swift names (`a-b`, `café`, `default`, `count`), fractional and
    /// whole-second dates, exact fractional steps.
    static let awkwardPayload: [UInt8] = {
        var random = SplitMix64(seed: 25)
        let points = (0..<10).map { index in
            #"{"t":\#(0.5 + Double(index) * 0.25),"updatedAt":\#(786_000_000 + 60 * index),"a-b":\#(index % 2 == 0),"#
                + #""caf\u00e9":"x\/\#(index)","count":\#(Int.random(in: 0...9000, using: &random)),"#
                + #""default":\#(Double(Int.random(in: 0...999, using: &random)) / 8)}"#
        }
        var at = 786_000_000
        let logs = (0..<12).map { _ in
            at += Int.random(in: 1...600, using: &random)
            return #"{"at":\#(at),"level":3,"message":"m"}"#
        }
        let state = #"{"points":[\#(points.joined(separator: ","))],"logs":[\#(logs.joined(separator: ","))]}"#
        return Array(#"{"aps":{"event":"update","content-state":\#(state)}}"#.utf8)
    }()

    @Test("snippets compile and decode what the strategy wrote") func snippetsCompileAndDecodeWhatTheStrategyWrote()
        throws
    {
        var payloads = try ShrinkCorpusTests.expertFirstMoves.map { try ShrinkCorpusTests.payload($0.file) }
        payloads += (0..<8).map { ShrinkCutPropertyTests.generate(seed: UInt64($0)).bytes }
        payloads += (0..<40).map { seed in
            var generator = RandomPayloadGenerator(seed: UInt64(seed))
            return generator.payload()
        }
        payloads.append(try ShrinkAdvisorTests.example("shrink/update-match-bloated.json"))
        payloads.append(Self.awkwardPayload)
        var program = "import Foundation\n"
        var count = 0
        for payload in payloads {
            let before = try JSONScanner.scan(payload)
            let report = try ShrinkAdvisor().report(forJSONBytes: payload)
            for suggestion in report.suggestions where suggestion.kind == "columnar" {
                let lines = suggestion.howToApply.split(separator: "\n", omittingEmptySubsequences: false)
                let start = try #require(lines.firstIndex { $0.hasPrefix("struct ") })
                let end = try #require(lines.lastIndex(of: "}"))
                let snippet = lines[start...end].joined(separator: "\n")
                let names = lines.filter { $0.hasPrefix("struct ") }.map {
                    $0.dropFirst("struct ".count).prefix { $0 != ":" }
                }
                try #require(names.count == 2)
                let path = try #require(suggestion.paths.first?.rawValue)
                let array = try #require(Self.elements(at: path, in: before).first)
                let columns = try #require(
                    Self.elements(at: path, in: try JSONScanner.scan(suggestion.jsonBytes)).first)
                let records = String(decoding: array.compactJSONBytes(in: payload), as: UTF8.self)
                let columnar = String(decoding: columns.compactJSONBytes(in: suggestion.jsonBytes), as: UTF8.self)
                program += """
                    enum Snippet\(count) {
                    \(snippet)
                    }
                    do {
                        typealias Record = Snippet\(count).\(names[0])
                        typealias Columns = Snippet\(count).\(names[1])
                        let records = try JSONDecoder().decode([Record].self, from: Data(###"\(records)"###.utf8))
                        let columns = try JSONDecoder().decode(Columns.self, from: Data(###"\(columnar)"###.utf8))
                        let encoded = try JSONEncoder().encode(columns)
                        let again = try JSONDecoder().decode(Columns.self, from: encoded)
                        let old = try JSONDecoder().decode(Columns.self, from: Data(###"\(records)"###.utf8))
                        let wroteColumns = encoded.first == UInt8(ascii: "{")
                        let same = columns.records == records && again == columns && old.records == records
                        print(same && wroteColumns ? "ok" : "mismatch \(suggestion.id) \\(records.count)")
                    }

                    """
                count += 1
            }
        }
        #expect(count >= 20)
        let awkward = try ShrinkAdvisor().report(forJSONBytes: Self.awkwardPayload).suggestions
        #expect(
            awkward.filter { $0.kind == "columnar" }.map(\.title) == [
                "columns for the 10 records at /aps/content-state/points: 't', 'updatedAt' as a start and a step; 'a-b', 'café', 'count', 'default' as arrays",
                "columns for the 12 records at /aps/content-state/logs: 'level' as a start and a step of 0 (the same in every record); 'at' delta-encoded; 'message' as arrays",
            ])
        let result = try Self.compileAndRun(program)
        #expect(result.status == 0, "\(result.output)")
        let printed = result.output.split(separator: "\n")
        #expect(printed.count == count, "\(result.output)")
        #expect(printed.allSatisfy { $0 == "ok" }, "\(printed.filter { $0 != "ok" })")
    }

    /// Compiles `program` with `swiftc -swift-version 6`, as an app would, and runs it.
    static func compileAndRun(_ program: String) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "paysize-columnar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("main.swift")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let executable = folder.appendingPathComponent("snippets").path
        let compile = try run(["swiftc", "-swift-version", "6", source.path, "-o", executable])
        guard compile.status == 0 else { return (compile.status, compile.output + "\n" + program) }
        return try run([executable])
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
