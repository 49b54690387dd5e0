import Foundation
@_spi(Internals) import PaySizeJSON

/// The recorded encoded size of a representative value, split by JSON path: what a size
/// baseline file holds, and what `paysize baseline diff` compares.
///
/// The file is pretty-printed JSON with sorted keys and one row per path in path order, so a
/// re-recorded baseline diffs line by line: `byteCount` (the compact size), `measuredAs`, `name`
/// and `paths`, each row with its `byteCount`, `count` and `path` (`/note`, `/legs/*`, `(root)`).
/// A path is written as ``JSONPointer/patternText``: `*` for every element of an array and a key
/// spelled `*` as `~2`, so every path reads back as the place it was written from.
package struct SizeBaseline: Sendable, Equatable, Codable {
    /// One row of the breakdown: a path (array elements folded into `*`), its values and bytes.
    package struct PathSize: Sendable, Equatable, Codable {
        package var path: JSONPointer
        package var count: Int
        package var byteCount: Int

        package init(path: JSONPointer, count: Int, byteCount: Int) {
            self.path = path
            self.count = count
            self.byteCount = byteCount
        }

        private enum CodingKeys: String, CodingKey {
            case path, count, byteCount
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let text = try container.decode(String.self, forKey: .path)
            guard let path = JSONPointer(patternText: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .path, in: container,
                    debugDescription: "expected a path such as '/legs/*/gate' or '(root)', found '\(text)'")
            }
            self.path = path
            count = try container.decode(Int.self, forKey: .count)
            byteCount = try container.decode(Int.self, forKey: .byteCount)
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path.patternText, forKey: .path)
            try container.encode(count, forKey: .count)
            try container.encode(byteCount, forKey: .byteCount)
        }
    }

    /// How every baseline is measured.
    package static let measurement =
        "PayloadEncoder with JSONEncoder's default strategies (as the device encodes), compact"

    /// The baseline's name, such as `on-the-way`.
    package var name: String
    /// The compact encoded size in bytes, the sum of every path's bytes.
    package var byteCount: Int
    /// How it was measured.
    package var measuredAs: String
    /// Where the bytes go, in path order (the root is `(root)`).
    package var paths: [PathSize]

    /// The baseline of a value's compact JSON, split by the shrinking engine's breakdown.
    ///
    /// - Throws: `JSONScanError` when `jsonBytes` is not one JSON text.
    package init(name: String, jsonBytes: [UInt8]) throws {
        let breakdown = try PayloadBreakdown(jsonBytes: jsonBytes)
        self.name = name
        byteCount = breakdown.byteCount
        measuredAs = Self.measurement
        paths = breakdown.rows.map { PathSize(path: $0.path, count: $0.count, byteCount: $0.totalBytes) }
            .sorted { Array($0.path.patternText.utf8).lexicographicallyPrecedes(Array($1.path.patternText.utf8)) }
    }

    /// Reads a baseline file.
    ///
    /// - Throws: ``SizeBaselineError`` naming what is wrong and where.
    package init(fileBytes: [UInt8]) throws(SizeBaselineError) {
        do {
            self = try JSONDecoder().decode(SizeBaseline.self, from: Data(fileBytes))
        } catch let error as DecodingError {
            throw SizeBaselineError(decoding: error)
        } catch {
            throw SizeBaselineError(message: "not a size baseline: \(error)")
        }
        let sum = paths.reduce(0) { $0 + $1.byteCount }
        guard sum == byteCount else {
            throw SizeBaselineError(
                message: "/byteCount: expected the sum of its paths' bytes, \(sum), found \(byteCount)")
        }
    }

    /// The file's text: pretty JSON, keys sorted, slashes unescaped, a final newline.
    package var fileBytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        return Array((try? encoder.encode(self)) ?? Data()) + Array("\n".utf8)
    }
}

/// A size baseline file that cannot be read: one line saying what and where.
package struct SizeBaselineError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(message: String) {
        self.message = message
    }

    /// `/paths/2/byteCount: expected an integer`.
    init(decoding error: DecodingError) {
        func pointer(_ path: [any CodingKey]) -> String {
            path.isEmpty
                ? "(root)" : "/" + path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : pointer(context.codingPath) + ": "
            message = "\(parent)missing key '\(key.stringValue)'"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            message = "\(pointer(context.codingPath)): expected \(Self.kind(of: type))"
        case .dataCorrupted(let context):
            message =
                context.codingPath.isEmpty
                ? "not JSON" : "\(pointer(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            message = "not a size baseline"
        }
    }

    private static func kind(of type: Any.Type) -> String {
        if type == String.self { return "a string" }
        if type == Int.self { return "an integer" }
        if type is [Any].Type { return "an array" }
        return "an object"
    }

    package var description: String { message }
}
