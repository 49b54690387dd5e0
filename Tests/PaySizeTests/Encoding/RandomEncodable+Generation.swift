import Foundation
import PaySizeTestSupport

extension RandomEncodable {
    /// Keys that collide, sort in surprising ways and need escaping.
    static let keyPool = [
        "a", "b", "B", "a10", "a9", "é", "", "id", "eta", "super", "_0", "/", "x/y", "\u{1}", "\n",
        "\"", "\\", "\u{7F}", "\u{2028}", "😀", "myURLValue", "HTTPServer", "snake_case", "ÉtéX", "a\u{0}b",
    ]

    /// Doubles at the edges of formatting: zeroes, exponents, subnormals, 2^53, extremes.
    static let edgeDoubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 1e-7, 1e21, 1e16, 1e15, 9_007_199_254_740_992, 9_007_199_254_740_994,
        .leastNonzeroMagnitude, 2.2250738585072014e-308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        123.456, 721_692_800.25, 1.91, 4503599627370496.5, 0.30000000000000004,
    ]

    static func randomString(using rng: inout SplitMix64) -> String {
        let length = Int.random(in: 0...12, using: &rng)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            let scalar: Unicode.Scalar
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4: scalar = Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng))
            case 4: scalar = Unicode.Scalar(UInt8.random(in: 0...0x1F, using: &rng))
            case 5: scalar = ["/", "\\", "\"", "\u{7F}", "\u{2028}", "\u{2029}"].randomElement(using: &rng)!
            default:
                var candidate: Unicode.Scalar?
                while candidate == nil { candidate = Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &rng)) }
                scalar = candidate!
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    static func randomKey(using rng: inout SplitMix64) -> String {
        rng.chance(70) ? keyPool.randomElement(using: &rng)! : randomString(using: &rng)
    }

    static func randomDouble(using rng: inout SplitMix64, allowNonFinite: Bool) -> Double {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<3: return edgeDoubles.randomElement(using: &rng)!
        case 3: return Double(Int.random(in: -1_000_000...1_000_000, using: &rng))
        case 4: return Double(bitPattern: rng.next())
        case 5 where allowNonFinite: return [Double.nan, .infinity, -.infinity].randomElement(using: &rng)!
        default: return Double.random(in: -1e6...1e6, using: &rng)
        }
    }

    /// A random leaf value.
    static func randomLeaf(using rng: inout SplitMix64, allowNonFinite: Bool) -> RandomEncodable {
        switch Int.random(in: 0..<26, using: &rng) {
        case 0: return .null
        case 1: return .bool(rng.chance(50))
        case 2, 3, 4: return .string(randomString(using: &rng))
        case 5: return .int(Int(truncatingIfNeeded: rng.next()) >> Int.random(in: 0..<64, using: &rng))
        case 6: return .int8(.random(in: .min ... .max, using: &rng))
        case 7: return .int16(.random(in: .min ... .max, using: &rng))
        case 8: return .int32(.random(in: .min ... .max, using: &rng))
        case 9: return .int64(.random(in: .min ... .max, using: &rng))
        case 10: return .uint(.random(in: .min ... .max, using: &rng))
        case 11: return .uint8(.random(in: .min ... .max, using: &rng))
        case 12: return .uint16(.random(in: .min ... .max, using: &rng))
        case 13: return .uint32(.random(in: .min ... .max, using: &rng))
        case 14: return .uint64(.random(in: .min ... .max, using: &rng))
        case 15: return .int128(Int128(truncatingIfNeeded: Int64(bitPattern: rng.next())) << 64 | Int128(rng.next()))
        case 16: return .uint128(UInt128(rng.next()) << 64 | UInt128(rng.next()))
        case 17, 18: return .double(randomDouble(using: &rng, allowNonFinite: allowNonFinite))
        case 19: return .float(Float(randomDouble(using: &rng, allowNonFinite: allowNonFinite)))
        case 20:
            let seconds =
                rng.chance(50)
                ? Double(Int.random(in: 0...2_000_000_000, using: &rng)) : Double.random(in: -1e9...2e9, using: &rng)
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case 21:
            return .data(
                Data((0..<Int.random(in: 0...10, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }))
        case 22:
            return .url(
                URL(
                    string: ["https://a.b/c?d=1&e=/f", "https://example.com/ü/x y", "mailto:a@b.c", "file:///tmp/x"]
                        .randomElement(using: &rng)!)!)
        case 23:
            return .uuid(
                UUID(uuid: (UInt8.random(in: 0...255, using: &rng), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)))
        case 24:
            return .decimal(
                Decimal(Int.random(in: -100_000...100_000, using: &rng))
                    / Decimal(Int.random(in: 1...1000, using: &rng)))
        default: return .optional(rng.chance(50) ? nil : .string(randomString(using: &rng)))
        }
    }

    /// Foundation traps when `nestedContainer(forKey:)` meets a key that already holds a plain
    /// value, so containers and super encoders get keys of their own; plain values may repeat.
    static func withoutTrappingCollisions(_ members: [Member]) -> [Member] {
        func effectiveKey(_ member: Member) -> String {
            member.how == .superEncoder ? "super" : member.key
        }
        var counts: [String: Int] = [:]
        for member in members { counts[effectiveKey(member), default: 0] += 1 }
        return members.map { member in
            var member = member
            switch member.how {
            case .nested, .superEncoder, .superEncoderForKey:
                if counts[effectiveKey(member)]! > 1 { member.how = .direct }
            case .direct, .encodeIfPresent, .containerPath:
                break
            }
            return member
        }
    }

    /// A random value of nested shape; `budget` bounds the number of nodes.
    static func random(using rng: inout SplitMix64, depth: Int, budget: inout Int, allowNonFinite: Bool)
        -> RandomEncodable
    {
        budget -= 1
        guard depth < 6, budget > 0, depth == 0 || rng.chance(50) else {
            return randomLeaf(using: &rng, allowNonFinite: allowNonFinite)
        }
        switch Int.random(in: 0..<20, using: &rng) {
        case 0..<8:
            let count = Int.random(in: 0...6, using: &rng)
            let members = (0..<count).map { _ in
                let how: Member.How
                switch Int.random(in: 0..<20, using: &rng) {
                case 0: how = .superEncoder
                case 1: how = .superEncoderForKey
                case 2, 3, 4: how = .nested
                case 5: how = .encodeIfPresent
                case 6: how = .containerPath
                default: how = .direct
                }
                return Member(
                    key: randomKey(using: &rng),
                    how: how,
                    value: random(using: &rng, depth: depth + 1, budget: &budget, allowNonFinite: allowNonFinite)
                )
            }
            return .keyed(withoutTrappingCollisions(members))
        case 8..<13:
            let count = Int.random(in: 0...5, using: &rng)
            let elements = (0..<count).map { _ in
                let how: Element.How
                switch Int.random(in: 0..<20, using: &rng) {
                case 0: how = .superEncoder
                case 1, 2, 3: how = .nested
                case 4: how = .containerPath
                default: how = .direct
                }
                return Element(
                    how: how,
                    value: random(using: &rng, depth: depth + 1, budget: &budget, allowNonFinite: allowNonFinite))
            }
            return .unkeyed(elements)
        case 13, 14:
            return .single(random(using: &rng, depth: depth + 1, budget: &budget, allowNonFinite: allowNonFinite))
        case 15:
            var dictionary: [String: RandomEncodable] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                dictionary[randomKey(using: &rng)] = random(
                    using: &rng, depth: depth + 1, budget: &budget, allowNonFinite: allowNonFinite)
            }
            return .stringDictionary(dictionary)
        case 16:
            var dictionary: [Int: RandomEncodable] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                dictionary[Int.random(in: -20...20, using: &rng)] = random(
                    using: &rng, depth: depth + 1, budget: &budget, allowNonFinite: allowNonFinite)
            }
            return .intDictionary(dictionary)
        case 17:
            return .dateArray(
                (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    Date(timeIntervalSinceReferenceDate: Double(Int.random(in: 0...900_000_000, using: &rng)) / 4)
                })
        case 18:
            return rng.chance(50) ? .nothing : .pathProbe
        default:
            return .optional(
                rng.chance(30)
                    ? nil : random(using: &rng, depth: depth + 1, budget: &budget, allowNonFinite: allowNonFinite))
        }
    }
}
