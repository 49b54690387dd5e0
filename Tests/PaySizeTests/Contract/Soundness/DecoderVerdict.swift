import Foundation

@_spi(Internals) @testable import PaySize

/// What the device's decoder, a default `JSONDecoder`, says about a content state.
enum DecoderVerdict {
    struct Refusal {
        /// Where the decoder refused: its error's coding path (with the missing key for
        /// `keyNotFound`). Number errors carry no path, so for them it is the changed place.
        var place: JSONPointer
        var reason: String
    }

    /// `nil` when `state` decodes as `T`, else where and why it does not.
    static func refusal<T: Decodable>(of type: T.Type, state: [UInt8], changedAt place: JSONPointer) -> Refusal? {
        do {
            _ = try JSONDecoder().decode(T.self, from: Data(state))
            return nil
        } catch let error as DecodingError {
            var path: [any CodingKey]
            let reason: String
            switch error {
            case .keyNotFound(let key, let context):
                path = context.codingPath + [key]
                reason = "key not found: \(key.stringValue)"
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                path = context.codingPath
                reason = context.debugDescription
            @unknown default:
                path = []
                reason = "\(error)"
            }
            // An array too short for a tuple fails at the first index it lacks; the place that
            // is wrong is the array.
            if case .valueNotFound(_, let context) = error,
                context.debugDescription.hasPrefix("Unkeyed container is at end"),
                !path.isEmpty
            {
                path.removeLast()
            }
            let pointer = JSONPointer(codingPath: path)
            return Refusal(place: pointer.components.isEmpty ? place : pointer, reason: reason)
        } catch {
            return Refusal(place: place, reason: "\(error)")
        }
    }
}

/// The `x-paysize-note`s of a schema on the way to one place.
enum SchemaNotes {
    /// Every note on a schema that applies at `place` or at a place containing it.
    static func along(_ place: JSONPointer, in document: JSONElement) -> [String] {
        var notes: [String] = []
        var visited = 0
        collect(document, place.components[...], document, &notes, &visited)
        return notes
    }

    private static func collect(
        _ schema: JSONElement, _ rest: ArraySlice<JSONPointer.Component>, _ document: JSONElement,
        _ notes: inout [String], _ visited: inout Int
    ) {
        visited += 1
        guard visited < 10_000, schema.members != nil else { return }
        if let note = schema[PaySizeKeyword.note.rawValue]?.stringValue { notes.append(note) }
        if let reference = schema["$ref"]?.stringValue, reference.hasPrefix("#") {
            let pointer = JSONPointer(
                components: reference.dropFirst().split(separator: "/").map { .key(String($0)) })
            if let target = document.descendant(at: pointer) { collect(target, rest, document, &notes, &visited) }
        }
        for keyword in ["anyOf", "oneOf", "allOf"] {
            for branch in schema[keyword]?.elements ?? [] { collect(branch, rest, document, &notes, &visited) }
        }
        guard let first = rest.first else { return }
        let next = rest.dropFirst()
        switch first {
        case .key(let key):
            if let property = schema["properties"]?[key] {
                collect(property, next, document, &notes, &visited)
            } else if let additional = schema["additionalProperties"] {
                collect(additional, next, document, &notes, &visited)
            }
        case .index(let index):
            let prefix = schema["prefixItems"]?.elements ?? []
            if index < prefix.count {
                collect(prefix[index], next, document, &notes, &visited)
            } else if let items = schema["items"] {
                collect(items, next, document, &notes, &visited)
            } else if let pairs = schema[PaySizeKeyword.pairs.rawValue]?.elements, pairs.count == 2 {
                collect(pairs[index % 2], next, document, &notes, &visited)
            }
        case .anyIndex:
            // Every item: the schema all items past the prefix share.
            if let items = schema["items"] { collect(items, next, document, &notes, &visited) }
        }
    }
}

extension JSONDocumentWriter {
    /// `element` on one line, for messages.
    static func compact(_ element: JSONElement) -> String {
        switch element.content {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .number(let text): return text
        case .string:
            return String(decoding: write(element).dropLast(), as: UTF8.self)
        case .array(let elements): return "[" + elements.map(compact).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { compact(.string($0.key)) + ":" + compact($0.value) }.joined(separator: ",") + "}"
        }
    }
}
