import PaySizeTestSupport

@_spi(Internals) @testable import PaySize

/// One change to a valid content state: where, what, and the changed state.
struct ContentStateMutation {
    var place: JSONPointer
    var label: String
    var state: JSONElement

    /// Values put in place of others: every JSON type.
    static let anyValues: [(String, JSONElement)] = [
        ("null", .null), ("true", .bool(true)), ("a string", .string("paysize")), ("7", .number("7")),
        ("1.5", .number("1.5")), ("{}", .object([])), ("[]", .array([])),
    ]

    /// Numbers at the edges of what each Swift number type holds, as `JSONDecoder` reads them.
    static let numbers = [
        "0", "1", "2", "3", "9", "101", "-1", "-0", "1.0", "1e2", "0.5", "2.5", "0.1", "0.10000000149011612",
        "1.0000000000000001", "128", "256", "32768", "65536", "2147483648", "4294967296", "9223372036854775807",
        "9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
        "9223372036854775807.0", "-9223372036854775808.0", "9007199254740993.0", "1e20", "1e39", "-1e39",
        "3.4028236e38", "1e-50", "1e-400", "1e400", "1e128", "10e127", "1764504000", "2026002", "2026003",
    ]

    /// Strings at the edges of URL, UUID, base64, dates, enum values and integer keys.
    static let strings = [
        "", "Bg", "Bg==", "AQID", "http://a b", "not a uuid", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
        "E621E1F8C36C495A93FC0C247A3E6E5F", "2025-11-30T12:00:00Z", "paysize-unlisted-value", "1", "01", "+1",
        "1.5", "x", "mon", "dhl", "apple", "SCHEDULED", "scheduled", "LIO",
    ]

    /// Keys added to objects: unknown names, integer spellings, enum cases.
    static let keys = [
        "zzUnknown", "1.5", "01", "+2", "x", "-0", " 1", "4", "plum", "paysize-unlisted-key", "_0", "LINK",
    ]

    /// Every mutation of every place in `state`.
    static func all(of state: JSONElement) -> [ContentStateMutation] {
        var found: [ContentStateMutation] = []
        for (place, value) in places(in: state) {
            for (label, replacement) in replacements(of: value) {
                found.append(
                    ContentStateMutation(
                        place: place, label: label, state: state.replacing(at: place, with: replacement)))
            }
            if case .key = place.components.last {
                found.append(
                    ContentStateMutation(place: place, label: "removed", state: state.replacing(at: place, with: nil)))
            }
        }
        return found
    }

    /// `count` mutations at random places.
    static func sample(of state: JSONElement, count: Int, random: inout SplitMix64) -> [ContentStateMutation] {
        let everywhere = places(in: state)
        var found: [ContentStateMutation] = []
        var options: [Int: [(String, JSONElement)]] = [:]
        for _ in 0..<count {
            let index = random.int(0...everywhere.count - 1)
            let (place, value) = everywhere[index]
            if case .key = place.components.last, random.chance(15) {
                found.append(
                    ContentStateMutation(place: place, label: "removed", state: state.replacing(at: place, with: nil)))
                continue
            }
            let choices = options[index] ?? replacements(of: value)
            options[index] = choices
            let (label, replacement) = random.pick(choices)
            found.append(
                ContentStateMutation(place: place, label: label, state: state.replacing(at: place, with: replacement)))
        }
        return found
    }

    /// Every place in `element` (the root included) and its value.
    static func places(in element: JSONElement, at place: JSONPointer = .root) -> [(JSONPointer, JSONElement)] {
        var found = [(place, element)]
        switch element.content {
        case .object(let members):
            for member in members { found += places(in: member.value, at: place.appending(member.key)) }
        case .array(let elements):
            for (offset, child) in elements.enumerated() {
                found += places(in: child, at: place.appending(index: offset))
            }
        default:
            break
        }
        return found
    }

    /// The values to put in place of `value`.
    static func replacements(of value: JSONElement) -> [(String, JSONElement)] {
        var found = anyValues.filter { !$0.1.isJSONEqual(to: value) }
        switch value.content {
        case .number(let text):
            found += numbers.filter { $0 != text }.map { ($0, JSONElement.number($0)) }
        case .string(let text):
            found += strings.filter { $0 != text }.map { ("'\($0)'", JSONElement.string($0)) }
            found.append(("'\(text)x'", .string(text + "x")))
            if text.uppercased() != text { found.append(("'\(text.uppercased())'", .string(text.uppercased()))) }
        case .object(let members):
            let sample = members.first?.value ?? .number("1")
            for key in keys where !members.contains(where: { $0.key == key }) {
                found.append(("key '\(key)' added", .object(members.map { ($0.key, $0.value) } + [(key, sample)])))
            }
            for (offset, member) in members.enumerated() {
                let renamed = snakeCased(member.key)
                guard renamed != member.key, !members.contains(where: { $0.key == renamed }) else { continue }
                var pairs = members.map { ($0.key, $0.value) }
                pairs[offset].0 = renamed
                found.append(("key '\(member.key)' renamed '\(renamed)'", .object(pairs)))
            }
        case .array(let elements):
            if !elements.isEmpty {
                found.append(("last item removed", .array(Array(elements.dropLast()))))
                found.append(("first item removed", .array(Array(elements.dropFirst()))))
                found.append(("last item repeated", .array(elements + [elements[elements.count - 1]])))
                found.append(("items doubled", .array(elements + elements)))
            }
            found.append(("null appended", .array(elements + [.null])))
            found.append(("'x' appended", .array(elements + [.string("x")])))
            found.append(("1 appended", .array(elements + [.number("1")])))
        default:
            break
        }
        return found
    }

    private static func snakeCased(_ key: String) -> String {
        var result = ""
        for character in key {
            if character.isUppercase, !result.isEmpty { result += "_" }
            result += character.lowercased()
        }
        return result
    }
}

extension JSONElement {
    /// This value with the value at `place` replaced (removed when `replacement` is `nil`).
    func replacing(at place: JSONPointer, with replacement: JSONElement?) -> JSONElement {
        replacing(place.components[...], with: replacement) ?? .null
    }

    private func replacing(_ components: ArraySlice<JSONPointer.Component>, with replacement: JSONElement?)
        -> JSONElement?
    {
        guard let first = components.first else { return replacement }
        let rest = components.dropFirst()
        switch (content, first) {
        case (.object(let members), .key(let key)):
            var pairs: [(String, JSONElement)] = []
            for member in members {
                if member.key == key {
                    if let changed = member.value.replacing(rest, with: replacement) { pairs.append((key, changed)) }
                } else {
                    pairs.append((member.key, member.value))
                }
            }
            return .object(pairs)
        case (.array(var elements), .index(let index)):
            if let changed = elements[index].replacing(rest, with: replacement) {
                elements[index] = changed
            } else {
                elements.remove(at: index)
            }
            return .array(elements)
        default:
            return self
        }
    }
}
