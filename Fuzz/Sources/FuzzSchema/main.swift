import Foundation
import FuzzCommon
@_spi(Internals) import PaySize

// Arbitrary bytes, two ways:
// (a) as a schema document → PayloadSchema(jsonBytes:), which accepts it or throws SchemaError /
//     JSONScanError; an accepted schema validates fixed instances (and the document itself)
//     without crashing or hanging — `$ref` cycles included — with `isValid` agreeing with
//     "no dropped finding", and writes a document that reads back as an equal schema;
// (b) as a payload (and as a bare instance) checked against the example schemas in
//     Schemas/examples: every finding's path names a value, or a missing key of an object that
//     exists; `isValid` agrees with the findings;
// (c) as the recipe of a hand-written schema (patterns, patternProperties, propertyNames,
//     formats, const and enum strings) and instances for it, checked under both string
//     equalities and with formats asserted: no crash, no hang (a pattern's match is bounded),
//     `isValid` agreeing with the findings;
// (d) as the recipe of number tokens (long coefficients, far exponents, respellings) put under
//     the numeric keywords: the exact decimal paths never crash or hang, and their verdicts
//     keep the order laws (a number is its own minimum and maximum within the exponent bound,
//     and its own const past it too, a divisor
//     is a multiple of itself, and exactly one of `minimum: x` and `exclusiveMaximum: x` holds);
//     and the worst-case bound of a `Double` range between two of them sends witnesses the
//     range allows under both writers, the 17-digit writer's included;
// (e) under each unknown-keyword policy: refuse accepts only what warn accepts with nothing
//     skipped, and ignore accepts whatever warn does.

/// The example schemas, read once. The fuzz binary finds them from this source file's path.
private let exampleSchemas: [PayloadSchema] = {
    let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Schemas/examples")
    let names = ["delivery", "flight", "ride", "sports", "timer"]
    return names.map { name in
        let url = directory.appendingPathComponent("\(name).schema.json")
        guard let data = try? Data(contentsOf: url), let schema = try? PayloadSchema(jsonBytes: Array(data)) else {
            fatalError("cannot read the example schema \(url.path)")
        }
        return schema
    }
}()

/// Contracts over the examples; each takes the next example as its attributes' schema.
private let contracts: [PayloadContract] = exampleSchemas.indices.map { index in
    PayloadContract(contentState: exampleSchemas[index], attributes: exampleSchemas[(index + 1) % exampleSchemas.count])
}

/// Instances every accepted schema validates: each JSON type, edge numbers, nested values, and
/// the kind of content state the examples describe.
private let fixedInstances: [JSONElement] = [
    "{}", "[]", "null", "true", "0", "-0", "1.0", "1e2", "-1.5e-300", "12345678901234567890123", #""""#,
    #""a\u0000é😀""#,
    #"{"a":1,"b":[1,"1",null,{"c":{}}],"":{"":""}}"#,
    #"{"status":"onTheWay","etaDate":786297600,"courierName":"Ana","stops":[1,2],"note":null}"#,
    #"{"etaDate":1764504000,"eta_date":1,"score":{"home":1,"away":2},"period":"Q4","x":[[[[[]]]]]}"#,
    #"[{"a":1},{"a":1},[1,1],"x","x"]"#,
].map { text in
    do { return try JSONScanner.scan(Array(text.utf8)) } catch {
        fatalError("fixed instance \(text) does not scan: \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    checkAsSchema(bytes)
    checkAsInstance(bytes)
    checkAsHandWrittenSchema(bytes)
    checkNumbers(bytes)
    checkPolicies(bytes)
    return 0
}

// MARK: - (a) The bytes as a schema

private func checkAsSchema(_ bytes: [UInt8]) {
    let schema: PayloadSchema
    do {
        schema = try PayloadSchema(jsonBytes: bytes)
    } catch is SchemaError {
        return
    } catch is JSONScanError {
        return
    } catch {
        fatalError("PayloadSchema(jsonBytes:) threw something other than SchemaError or JSONScanError: \(error)")
    }

    var instances = fixedInstances
    if let document = try? JSONScanner.scan(bytes) { instances.append(document) }
    for instance in instances {
        let findings = schema.findings(in: instance)
        FindingPaths.check(findings, in: instance)
        let dropped = findings.contains { $0.code == .dropped }
        FuzzFailure.expect(
            schema.isValid(instance) == !dropped,
            "isValid says \(schema.isValid(instance)) but findings are \(findings.map(\.description))")
        // Under a prefix, the same findings with the prefix added.
        let prefix = JSONPointer("aps", "content-state")
        let prefixed = schema.findings(in: instance, at: prefix)
        FuzzFailure.expect(
            prefixed.map { Array($0.path.components.dropFirst(2)) } == findings.map(\.path.components),
            "findings at a prefix differ from findings at the root")
    }

    // The written document reads back as an equal schema.
    let written = Array(schema.jsonData())
    do {
        let again = try PayloadSchema(jsonBytes: written)
        FuzzFailure.expect(again == schema, "jsonData() reads back as a different schema")
    } catch {
        fatalError("jsonData() of an accepted schema is refused: \(error)\n\(String(decoding: written, as: UTF8.self))")
    }
}

// MARK: - (b) The bytes as a payload and as an instance

private func checkAsInstance(_ bytes: [UInt8]) {
    let root: JSONElement
    do {
        root = try JSONScanner.scan(bytes)
    } catch {
        for contract in contracts {
            do {
                _ = try contract.findings(inJSONBytes: bytes)
                fatalError("findings(inJSONBytes:) accepted bytes JSONScanner refuses")
            } catch is JSONScanError {
            } catch {
                fatalError("findings(inJSONBytes:) threw a non-JSONScanError: \(error)")
            }
        }
        return
    }

    let contentState = root["aps"]?["content-state"]
    for contract in contracts {
        let findings: [PayloadFinding]
        do {
            findings = try contract.findings(inJSONBytes: bytes)
        } catch {
            fatalError("findings(inJSONBytes:) refused bytes JSONScanner accepts: \(error)")
        }
        FuzzFailure.expect(findings == contract.findings(in: root), "findings(inJSONBytes:) and findings(in:) differ")
        FindingPaths.check(findings, in: root)
        let severities = findings.map(\.code)
        FuzzFailure.expect(
            severities == severities.filter { $0 == .dropped } + severities.filter { $0 == .suspicious },
            "dropped findings do not come first: \(findings.map(\.description))")

        if let contentState {
            let prefix = JSONPointer("aps", "content-state")
            let stateFindings = contract.contentState.findings(in: contentState, at: prefix)
            let dropped = stateFindings.contains { $0.code == .dropped }
            FuzzFailure.expect(
                contract.contentState.isValid(contentState) == !dropped,
                "isValid(content-state) says \(contract.contentState.isValid(contentState)) but findings are \(stateFindings.map(\.description))"
            )
            for finding in stateFindings {
                FuzzFailure.expect(
                    findings.contains(finding), "content-state finding \(finding) missing from the contract's findings")
            }
        }
    }

    // The bytes as a bare content state.
    for schema in exampleSchemas {
        let findings = schema.findings(in: root)
        FindingPaths.check(findings, in: root)
        FuzzFailure.expect(
            schema.isValid(root) == !findings.contains { $0.code == .dropped },
            "isValid says \(schema.isValid(root)) but findings are \(findings.map(\.description))")
    }
}

// MARK: - (c) The bytes as the recipe of a hand-written schema and its instances

/// Reads the input a byte at a time, then zeros.
private struct Recipe {
    var bytes: ArraySlice<UInt8>

    mutating func next() -> Int { Int(bytes.popFirst() ?? 0) }

    mutating func pick<T>(_ choices: [T]) -> T { choices[next() % choices.count] }

    /// A pattern of up to 8 atoms, each maybe quantified, some wrapped in a group.
    mutating func pattern() -> String {
        let atoms = [
            "a", "b", ".", "\\d", "\\w", "\\s", "[a-c]", "[^x]", "(a|b)", "(?:ab)", "\\p{L}", "^", "$", "\\b", "é",
            "(a+)+", "(a|a)*", "(?<n>a)", "[\\u0300-\\u036f]", "\\u{1F600}", "x",
        ]
        let quantifiers = ["", "", "*", "+", "?", "{2}", "{1,3}", "{0,}", "*?", "{2,}"]
        var pattern = ""
        for _ in 0..<(next() % 9) {
            var atom = pick(atoms) + pick(quantifiers)
            if next() % 4 == 0 { atom = "(" + atom + ")" + pick(quantifiers) }
            pattern += atom
        }
        return pattern
    }

    /// A string of up to 40 characters from a small alphabet, combining marks included.
    mutating func text() -> String {
        let alphabet = ["a", "b", "x", "1", "é", "e\u{301}", "\u{E4}", "a\u{308}", " ", "!", "-", ":", "@", ".", "😀"]
        return (0..<(next() % 41)).map { _ in pick(alphabet) }.joined()
    }
}

/// `text` as a JSON string token.
private func quoted(_ text: String) -> String {
    String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
}

private func checkAsHandWrittenSchema(_ bytes: [UInt8]) {
    var recipe = Recipe(bytes: bytes[...])
    let formats = [
        "date-time", "date", "time", "duration", "email", "hostname", "ipv4", "ipv6", "uri", "uri-reference",
        "uuid", "regex", "unknown",
    ]
    let valueA = recipe.text()
    let valueB = recipe.text()
    let stringPattern = quoted(recipe.pattern())
    let stringFormat = quoted(recipe.pick(formats))
    let maximumLength = String(recipe.next())
    let keyPattern = quoted(recipe.pattern())
    let keyedPattern = quoted(recipe.pattern())
    let namePattern = quoted(recipe.pattern())
    let requiredKey = quoted(recipe.text())
    let otherFormat = quoted(recipe.pick(formats))
    var schemaText = #"{"type":"object","properties":{"s":{"type":"string","pattern":"# + stringPattern
    schemaText += #","format":"# + stringFormat + #","maxLength":"# + maximumLength + "},"
    schemaText += #""c":{"const":"# + quoted(valueA) + #"},"e":{"enum":["# + quoted(valueB) + #",1]},"#
    schemaText += #""u":{"uniqueItems":true}},"patternProperties":{"# + keyPattern
    schemaText += #":{"type":"string","pattern":"# + keyedPattern + "}},"
    schemaText += #""propertyNames":{"pattern":"# + namePattern + "},"
    schemaText += #""required":["# + requiredKey + #"],"additionalProperties":{"format":"# + otherFormat + "}}"
    guard var schema = try? PayloadSchema(jsonBytes: Array(schemaText.utf8)) else { return }
    for _ in 0..<4 {
        var members: [String] = []
        for _ in 0..<(recipe.next() % 6) {
            let key = recipe.pick(["s", "c", "e", "u", recipe.text()])
            let first = quoted(recipe.text())
            let second = quoted(recipe.text())
            let value = recipe.pick([
                first, "[" + first + "," + second + "]", "[" + first + "," + first + "]", "1", "null",
            ])
            members.append(quoted(key) + ":" + value)
        }
        let instanceText = "{" + members.joined(separator: ",") + "}"
        guard let instance = try? JSONScanner.scan(Array(instanceText.utf8)) else { continue }
        for equality in StringEquality.allCases {
            for asserting in [false, true] {
                schema.stringEquality = equality
                schema.assertsFormat = asserting
                let findings = schema.findings(in: instance)
                FindingPaths.check(findings, in: instance)
                FuzzFailure.expect(
                    schema.isValid(instance) == !findings.contains { $0.code == .dropped },
                    "isValid says \(schema.isValid(instance)) but findings are \(findings.map(\.description))")
            }
        }
    }
}

// MARK: - (d) Number tokens under the numeric keywords

/// A JSON number token from the recipe: a sign, a coefficient of up to 60 digits with or
/// without a point, and an exponent reaching past `Double`'s range and, rarely, past the bound.
private func numberToken(_ recipe: inout Recipe) -> String {
    var text = recipe.next() % 4 == 0 ? "-" : ""
    let length = 1 + recipe.next() % 60
    text += String(1 + recipe.next() % 9)
    for _ in 1..<length { text += String(recipe.next() % 10) }
    if recipe.next() % 3 == 0 {
        let point = 1 + recipe.next() % length
        if point < length { text.insert(".", at: text.index(text.endIndex, offsetBy: point - length)) }
    }
    switch recipe.next() % 6 {
    case 0: text += "e" + String(recipe.next() * 7 - 900)
    case 1: text += "E+" + String(recipe.next())
    case 2 where recipe.next() % 8 == 0: text += "e1000000000000001"
    default: break
    }
    return text
}

private func checkNumbers(_ bytes: [UInt8]) {
    var recipe = Recipe(bytes: bytes[...])
    let x = numberToken(&recipe)
    let y = numberToken(&recipe)
    func verdict(_ schemaText: String, _ instance: String) -> Bool? {
        guard let schema = try? PayloadSchema(jsonBytes: Array(schemaText.utf8)),
            let value = try? JSONScanner.scan(Array(instance.utf8))
        else { return nil }
        let findings = schema.findings(in: value)
        FuzzFailure.expect(
            schema.isValid(value) == !findings.contains { $0.code == .dropped },
            "\(schemaText) on \(instance): isValid disagrees with \(findings.map(\.description))")
        return schema.isValid(value)
    }
    // Past the exponent bound a schema is refused (nil) and an instance refused (false).
    let bounded = !x.contains("e1000000000000001")
    for keyword in ["minimum", "maximum"] {
        if let holds = verdict(#"{"\#(keyword)":\#(x)}"#, x) {
            FuzzFailure.expect(holds == bounded, "\(keyword) \(x) on itself: \(holds)")
        }
    }
    // `const` holds a value of any kind: past the bound it equals the same token only.
    if let holds = verdict(#"{"const":\#(x)}"#, x) {
        FuzzFailure.expect(holds, "const \(x) on itself: \(holds)")
    }
    let positive = x.hasPrefix("-") ? String(x.dropFirst()) : x
    if let holds = verdict(#"{"multipleOf":\#(positive)}"#, positive) {
        FuzzFailure.expect(holds == bounded, "multipleOf \(positive) on itself: \(holds)")
    }
    _ = verdict(#"{"multipleOf":\#(positive)}"#, y)
    _ = verdict(#"{"type":"integer","uniqueItems":true}"#, "[\(x),\(y)]")
    _ = verdict(#"{"enum":[\#(x)]}"#, y)
    if let atLeast = verdict(#"{"minimum":\#(x)}"#, y), let below = verdict(#"{"exclusiveMaximum":\#(x)}"#, y),
        !y.contains("e1000000000000001")
    {
        FuzzFailure.expect(atLeast != below, "\(y) against \(x): minimum \(atLeast), exclusiveMaximum \(below)")
    }

    // A range of normal Doubles, its ends in order as exact decimals: each writer's witness is
    // sent as the range allows it, though the device may write it past an end.
    func isNormal(_ token: String) -> Bool { Double(token).map { $0.isNormal } ?? false }
    if isNormal(x), isNormal(y), verdict(#"{"minimum":\#(x)}"#, y) == true {
        let text = #"{"type":"number","minimum":\#(x),"maximum":\#(y)}"#
        if let schema = try? PayloadSchema(jsonBytes: Array(text.utf8)) {
            let witnesses = [
                ("Swift", WorstCaseBound(schema: schema).witnessJSON),
                ("Objective-C", WorstCaseBound(schema: schema, deviceWriter: .objc).deviceWitnessJSON),
            ]
            for (writer, witness) in witnesses {
                guard let witness else { fatalError("\(text): no witness from the \(writer) writer") }
                FuzzFailure.expect(
                    verdict(text, witness) == true, "\(text): the \(writer) writer's witness \(witness) is refused")
            }
        }
    }
}

// MARK: - (e) Unknown-keyword policies

private func checkPolicies(_ bytes: [UInt8]) {
    func compiled(_ policy: UnknownKeywordPolicy) -> PayloadSchema? {
        do {
            return try PayloadSchema(jsonBytes: bytes, unknownKeywords: policy)
        } catch is SchemaError {
            return nil
        } catch is JSONScanError {
            return nil
        } catch {
            fatalError("PayloadSchema(jsonBytes:unknownKeywords: .\(policy)) threw \(error)")
        }
    }
    let warned = compiled(.warn)
    if compiled(.refuse) != nil {
        FuzzFailure.expect(warned?.unknownKeywords.isEmpty == true, "refuse accepted what warn skips or refuses")
    }
    if warned != nil {
        FuzzFailure.expect(compiled(.ignore) != nil, "ignore refused what warn accepts")
    }
}
