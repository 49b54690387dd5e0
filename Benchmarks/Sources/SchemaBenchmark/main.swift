import Foundation
@_spi(Internals) import PaySize

// Hand-written schemas in bounded time: the ReDoS probes (catastrophic-backtracking patterns
// against strings that almost match) and a 1 MB instance against a schema of about 200 keywords.
// Prints the time of each; the targets are under 100 ms per probe and under 1 s for the instance.
//
//   swift run -c release --package-path Benchmarks SchemaBenchmark

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// The best of `runs` timings of `body`, so a scheduling hiccup does not count.
func best(_ runs: Int = 5, _ body: () throws -> Bool) rethrows -> (milliseconds: Double, result: Bool) {
    var fastest = Double.infinity
    var result = false
    for _ in 0..<runs {
        let clock = ContinuousClock()
        let start = clock.now
        result = try body()
        fastest = min(fastest, milliseconds(clock.now - start))
    }
    return (fastest, result)
}

func quoted(_ text: String) -> String {
    String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
}

let a30 = String(repeating: "a", count: 30)
let probes: [(pattern: String, text: String)] = [
    ("^(a+)+$", a30 + "!"),
    ("^(a|a)*$", a30 + "!"),
    ("^(a*)*b$", a30),
    ("^(a|aa)+$", a30 + "!"),
    ("^(x+x+)+y$", String(repeating: "x", count: 30)),
    ("^(\\w+\\s?)*$", String(repeating: "word ", count: 6) + "!"),
    ("^(([a-z])+.)+[A-Z]([a-z])+$", String(repeating: "a", count: 30) + "!"),
    ("^(a+)+$", String(repeating: "a", count: 10_000) + "!"),
    ("(a{1,20}){1,20}$", String(repeating: "a", count: 2_000) + "!"),
    ("^(\\d+)*$", String(repeating: "1", count: 30) + "x"),
]

print("ReDoS probes (pattern against a string that almost matches), best of 5:")
for (pattern, text) in probes {
    let schema = try PayloadSchema(jsonBytes: Array(#"{"type":"string","pattern":\#(quoted(pattern))}"#.utf8))
    let instance = try JSONScanner.scan(Array(quoted(text).utf8))
    let (time, valid) = best { schema.isValid(instance) }
    let shown = text.count > 40 ? "\(text.prefix(12))… (\(text.count) characters)" : text
    print(String(format: "  %8.3f ms  %@ against '%@': %@", time, pattern, shown, valid ? "valid" : "invalid"))
}

// About 200 keywords: 40 properties of 4 keywords each, and rows of 10 properties of 4.
var properties: [String] = []
for index in 0..<40 {
    properties.append(
        #""p\#(index)":{"type":"string","pattern":"^[a-z0-9-]+$","minLength":1,"maxLength":64}"#)
}
var rowProperties: [String] = []
for index in 0..<10 {
    rowProperties.append(
        #""r\#(index)":{"type":"string","pattern":"^(id|ref)-[0-9a-f]{4,12}$","format":"hostname","maxLength":40}"#)
}
let schemaText = """
    {"type":"object","properties":{\(properties.joined(separator: ",")),
    "rows":{"type":"array","items":{"type":"object","properties":{\(rowProperties.joined(separator: ","))},
    "required":["r0","r1"],"additionalProperties":false}}},"required":["p0","rows"]}
    """
var schema = try PayloadSchema(jsonBytes: Array(schemaText.utf8))
let keywordCount = schemaText.components(separatedBy: "\":").count - 1

var instanceText = "{"
for index in 0..<40 { instanceText += #""p\#(index)":"value-\#(index)","# }
instanceText += #""rows":["#
var rows: [String] = []
var row = 0
while instanceText.utf8.count + rows.count * 150 < 1 << 20 {
    var members: [String] = []
    for index in 0..<10 { members.append(#""r\#(index)":""# + String(format: "id-%08x", row * 10 + index) + #"""#) }
    rows.append("{" + members.joined(separator: ",") + "}")
    row += 1
}
instanceText += rows.joined(separator: ",") + "]}"
let bytes = Array(instanceText.utf8)

print(
    "A \(bytes.count)-byte instance (\(rows.count) rows) against a schema of \(keywordCount) keyword uses, best of 5:")
let scanned = best { (try? JSONScanner.scan(bytes)) != nil }
print(String(format: "  %8.3f ms  scan", scanned.milliseconds))
let instance = try JSONScanner.scan(bytes)
for (label, asserting) in [("", false), (" (--format-assertion)", true)] {
    schema.assertsFormat = asserting
    let checked = best { schema.isValid(instance) }
    print(
        String(format: "  %8.3f ms  isValid%@: %@", checked.milliseconds, label, checked.result ? "valid" : "invalid"))
    let found = best { !schema.findings(in: instance).isEmpty }
    print(String(format: "  %8.3f ms  findings%@", found.milliseconds, label))
}
