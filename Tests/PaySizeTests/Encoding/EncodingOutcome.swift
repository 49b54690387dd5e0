import Foundation

/// What one encoder produced: bytes or a comparable rendering of its error.
enum EncodingOutcome: Equatable, CustomStringConvertible {
    case bytes([UInt8])
    case failure(String)

    init(_ body: () throws -> [UInt8]) {
        do {
            self = .bytes(try body())
        } catch {
            self = .failure(Self.render(error))
        }
    }

    /// Error kind, value, coding path (string and int values) and debug description.
    static func render(_ error: any Error) -> String {
        guard case EncodingError.invalidValue(let value, let context) = error else {
            return "other: \(error)"
        }
        let path = context.codingPath.map { "\($0.stringValue)#\($0.intValue.map(String.init) ?? "-")" }
        return
            "invalidValue(\(String(describing: value).prefix(200))) path=\(path) '\(context.debugDescription)' underlying=\(String(describing: context.underlyingError))"
    }

    var text: String {
        switch self {
        case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
        case .failure(let message): "error: \(message)"
        }
    }

    var size: Int? {
        if case .bytes(let bytes) = self { return bytes.count }
        return nil
    }

    var description: String { text }
}
