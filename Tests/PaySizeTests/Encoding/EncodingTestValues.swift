import Foundation

// Small Encodable types that drive the encoder the way real `encode(to:)` implementations do,
// including the unusual container patterns Foundation supports.

/// Encodes whatever its closure does, so each test states the container calls it makes.
struct CustomEncodable: Encodable, @unchecked Sendable {
    let body: (any Encoder) throws -> Void

    init(_ body: @escaping (any Encoder) throws -> Void) {
        self.body = body
    }

    func encode(to encoder: any Encoder) throws {
        try body(encoder)
    }
}

/// A string coding key.
struct TestKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init(stringLiteral value: String) { stringValue = value }
    init?(intValue: Int) { nil }
}

/// Writes the coding path its encoder reports, as `a/Index 0/b`.
struct PathReporter: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Self.render(encoder.codingPath))
    }

    static func render(_ path: [any CodingKey]) -> String {
        path.map { key in key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue }.joined(separator: "/")
    }
}

/// Enums and classes as apps write them.
enum RawStatus: String, Codable, CaseIterable {
    case confirmed
    case pickedUp = "picked_up"
    case delivered
}

enum KeyRepresentableStatus: String, Codable, CodingKeyRepresentable {
    case confirmed, delivered
}

indirect enum Activity: Codable {
    case idle
    case running(Int)
    case paused(reason: String, at: Double)
    case nested(Activity?, [Int])
}

class BaseState: Encodable {
    var id = 7
    var title = "base"

    private enum CodingKeys: String, CodingKey { case id, title }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
    }
}

/// A subclass sharing its encoder with the superclass, and one using `superEncoder()`.
final class DerivedState: BaseState {
    var extra = true
    var title2 = "derived"

    private enum CodingKeys: String, CodingKey { case extra, title }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(extra, forKey: .extra)
        try container.encode(title2, forKey: .title)
        try super.encode(to: encoder)
    }
}

final class SuperEncodedState: BaseState {
    var flag = false

    private enum CodingKeys: String, CodingKey { case flag }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(flag, forKey: .flag)
        try super.encode(to: container.superEncoder())
    }
}

/// Synthesized Codable with every common field kind.
struct SynthesizedState: Codable {
    var name = "Ana / \"B\"\n"
    var count: Int? = nil
    var score: Double? = 1.5
    var when = Date(timeIntervalSinceReferenceDate: 721_692_800.25)
    var blob = Data([0xFB, 0xFF, 0xFE, 0x00])
    var link = URL(string: "https://a.b/c?d=1")!
    var id = UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!
    var price = Decimal(string: "12.50")!
    var status = RawStatus.pickedUp
    var tags = ["x", "y/z"]
    var matrix = [[1, 2], [], [3]]
    var nestedOptional: [Int?] = [1, nil, 3]
    var activity = Activity.paused(reason: "rain", at: 2.5)
    var myURLValue = 1
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The key under test: `.convertToSnakeCase` turns it into `h_ttp_server`.
    var HTTPServer = "h"
}
