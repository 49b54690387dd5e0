import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// Seeded random payloads with ordered arrays, index and count members, coordinates and status
/// members: applying any lossy suggestion keeps every index on its item, keeps the newest or
/// top-ranked element, and keeps 5 decimals of every coordinate; `--apply`'s suggestions are
/// the plan's; every enum snippet compiles and decodes an unknown value.
@Suite("Lossy cuts, property-tested") struct ShrinkCutPropertyTests {
    typealias Support = ShrinkTestSupport

    /// A content state shaped like an app's: one ordered array of records with unique ids, an
    /// index and a count beside it, a route of coordinates and a status member.
    struct Generated {
        var bytes: [UInt8]
        /// How the records are ordered: "rank", "rising", "falling".
        var order: String
        /// The id of the element that must survive any cut (the newest or top-ranked).
        var importantID: String
        /// The id the index member points at.
        var indexedID: String
        var maximumCoordinateDecimals: Int
    }

    static func generate(seed: UInt64) -> Generated {
        var random = SplitMix64(seed: seed &* 0x2545_F491 &+ 7)
        let count = Int.random(in: 20...140, using: &random)
        let order = ["rank", "rising", "falling"][Int(seed % 3)]
        let statuses = ["queued", "preparing", "on the way", "delivered"]
        var records: [String] = []
        for position in 0..<count {
            let key: String
            switch order {
            case "rank": key = #""rank":\#(position + 1)"#
            case "rising": key = #""updatedAt":\#(786_000_000 + 60 * position)"#
            default: key = #""updatedAt":\#(786_000_000 - 60 * position)"#
            }
            let status = statuses[Int.random(in: 0..<statuses.count, using: &random)]
            let note = String(repeating: "note ", count: Int.random(in: 1...6, using: &random))
            records.append(#"{"id":"r\#(position)",\#(key),"status":"\#(status)","note":"\#(note)"}"#)
        }
        let index = Int.random(in: 0..<count, using: &random)
        let decimals = Int.random(in: 6...12, using: &random)
        var route: [String] = []
        for _ in 0..<Int.random(in: 10...60, using: &random) {
            let latitude = Double.random(in: -80...80, using: &random)
            let longitude = Double.random(in: -170...170, using: &random)
            route.append(
                "[\(String(format: "%.\(decimals)f", latitude)),\(String(format: "%.\(decimals)f", longitude))]")
        }
        let lat = String(format: "%.\(decimals)f", Double.random(in: -80...80, using: &random))
        let state =
            #"{"selectedIndex":\#(index),"itemCount":\#(count),"records":[\#(records.joined(separator: ","))],"#
            + #""route":[\#(route.joined(separator: ","))],"driver":{"lat":\#(lat),"lng":\#(lat)},"orderStatus":"preparing"}"#
        let payload = #"{"aps":{"timestamp":1764514800,"event":"update","content-state":\#(state)}}"#
        let importantID = order == "falling" || order == "rank" ? "r0" : "r\(count - 1)"
        return Generated(
            bytes: Array(payload.utf8), order: order, importantID: importantID, indexedID: "r\(index)",
            maximumCoordinateDecimals: decimals)
    }

    @Test("lossy cuts keep what matters", arguments: 0..<60)
    func lossyCutsKeepWhatMatters(_ seed: Int) throws {
        let generated = Self.generate(seed: UInt64(seed))
        let target: SizeTier = [.safe, .monitor][seed % 2]
        let report = try ShrinkAdvisor(target: target, allowsLossy: true).report(forJSONBytes: generated.bytes)
        Support.checkSavings(report)
        let originalState = try #require(
            try JSONScanner.scan(generated.bytes).descendant(at: JSONPointer("aps", "content-state")))
        let originals = Self.coordinates(in: originalState).compactMap { Double($0) }
        for suggestion in report.suggestions where suggestion.isLossy {
            let state = try #require(
                try JSONScanner.scan(suggestion.jsonBytes).descendant(at: JSONPointer("aps", "content-state")))
            let records = try #require(state["records"]?.elements)
            let ids = records.compactMap { $0["id"]?.stringValue }
            // The index stays in range and on the same item; the count follows the array.
            let index = try #require(state["selectedIndex"]?.numberText.flatMap { Int($0) })
            #expect(ids.indices.contains(index), "seed \(seed): \(suggestion.id)")
            #expect(ids.indices.contains(index) && ids[index] == generated.indexedID, "seed \(seed): \(suggestion.id)")
            #expect(state["itemCount"]?.numberText == String(ids.count), "seed \(seed): \(suggestion.id)")
            // The newest or top-ranked element survives.
            #expect(ids.contains(generated.importantID), "seed \(seed) (\(generated.order)): \(suggestion.id)")
            // No coordinate is rounded below 5 decimals: each is within 0.000005 of an original.
            for text in Self.coordinates(in: state) {
                let value = try #require(Double(text))
                #expect(
                    originals.contains { abs($0 - value) <= 0.000_005_000_1 },
                    "seed \(seed): \(suggestion.id) wrote \(text)")
            }
        }
        // --apply's suggestions are a subset of the plan.
        #expect(Set(report.suggestionsWithoutAppChange.map(\.id)).isSubset(of: report.plan.suggestionIDs))
        let strict = try ShrinkAdvisor(target: target).report(forJSONBytes: generated.bytes)
        #expect(Set(strict.suggestionsWithoutAppChange.map(\.id)).isSubset(of: strict.plan.suggestionIDs))
        #expect(strict.suggestionsWithoutAppChange.allSatisfy { !$0.isLossy && $0.contractChange < .app })
    }

    /// The coordinates of a generated state: the route's pairs and the driver's position.
    static func coordinates(in state: JSONElement) -> [String] {
        var texts = (state["route"]?.elements ?? []).flatMap { $0.elements ?? [] }.compactMap(\.numberText)
        texts += [state["driver"]?["lat"]?.numberText, state["driver"]?["lng"]?.numberText].compactMap { $0 }
        return texts
    }

    /// Every enum snippet the advisor writes for the corpus and the generated payloads, compiled
    /// with `swiftc` into one program that decodes an unknown value with each.
    @Test("enum snippets compile and decode an unknown value") func enumSnippetsCompileAndDecodeAnUnknownValue() throws
    {
        var snippets: [String] = []
        var payloads = try ShrinkCorpusTests.expertFirstMoves.map { try ShrinkCorpusTests.payload($0.file) }
        payloads += (0..<6).map { Self.generate(seed: UInt64($0)).bytes }
        payloads.append(try ShrinkAdvisorTests.example("shrink/update-match-bloated.json"))
        for payload in payloads {
            let report = try ShrinkAdvisor().report(forJSONBytes: payload)
            for suggestion in report.suggestions where suggestion.kind == "enum-values" {
                let lines = suggestion.howToApply.split(separator: "\n", omittingEmptySubsequences: false)
                guard let start = lines.firstIndex(where: { $0.hasPrefix("enum ") }),
                    let end = lines[start...].firstIndex(of: "}")
                else {
                    Issue.record("no snippet in \(suggestion.id)")
                    continue
                }
                snippets.append(lines[start...end].joined(separator: "\n"))
            }
        }
        #expect(snippets.count >= 3)
        var program = "import Foundation\n"
        for (number, snippet) in snippets.enumerated() {
            let typeName = try #require(snippet.split(separator: " ").dropFirst().first?.dropLast())
            program += "enum Snippet\(number) {\n\(snippet)\n}\n"
            program += """
                let decoded\(number) = try JSONDecoder().decode([Snippet\(number).\(typeName)].self, from: Data(#"["a value from a newer server"]"#.utf8))
                print("\\(decoded\(number)[0])")

                """
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paysize-enum-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("main.swift")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let executable = folder.appendingPathComponent("snippets").path
        let compile = try Self.run(["swiftc", "-swift-version", "6", source.path, "-o", executable])
        #expect(compile.status == 0, "\(compile.output)\n\(program)")
        guard compile.status == 0 else { return }
        let run = try Self.run([executable])
        #expect(run.status == 0, "\(run.output)")
        let printed = run.output.split(separator: "\n")
        #expect(printed.count == snippets.count)
        #expect(printed.allSatisfy { $0.hasPrefix("unknown") }, "\(printed)")
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
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
