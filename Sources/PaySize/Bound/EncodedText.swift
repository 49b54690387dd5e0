import Foundation
@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// How `JSONEncoder` writes text, scalar by scalar, and the costliest strings it can be made to
/// write: the facts the worst-case bound is built from (see <doc:MatchingJSONEncoder>).
enum EncodedText {
    /// The bytes `JSONEncoder` writes for `scalar` inside a string: `\u00XX` for C0 controls
    /// without a short form, `\b \f \n \r \t \" \\ \/` as two bytes, the rest as UTF-8.
    static func byteCount(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x22, 0x2F, 0x5C: 2
        case 0x00..<0x20: 6
        case 0x20..<0x80: 1
        case 0x80..<0x800: 2
        case 0x800..<0x10000: 3
        default: 4
        }
    }

    /// The bytes of `string` as `JSONEncoder` writes it, quotes included.
    static func quotedByteCount(_ string: String) -> Int {
        string.unicodeScalars.reduce(2) { $0 + byteCount(of: $1) }
    }

    /// `string` as `JSONEncoder` writes it, quotes included.
    static func quoted(_ string: String) -> String {
        String(decoding: JSONString.quoted(string, escapingSlashes: true), as: UTF8.self)
    }

    /// The compact JSON text of `element` as `JSONEncoder` writes it (numbers as their tokens).
    static func compact(_ element: JSONElement) -> String {
        switch element.content {
        case .string(let string): return quoted(string)
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let elements): return "[" + elements.map(compact).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { quoted($0.key) + ":" + compact($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// A set of scalars that all cost the same number of bytes.
    struct ScalarClass {
        var byteCount: Int
        /// How many scalars the class holds.
        var count: Int
        /// The scalar at `index` (below `count`).
        var scalar: @Sendable (Int) -> Unicode.Scalar
    }

    /// The scalar classes a string may use, costliest first. Printable text leaves out control
    /// characters (C0, DEL and C1).
    static func classes(printable: Bool) -> [ScalarClass] {
        // C0 controls without a short form: \u00XX.
        let controls: [UInt32] = Array(0x00...0x07) + [0x0B] + Array(0x0E...0x1F)
        let fourByte = ScalarClass(byteCount: 4, count: 0x10_0000) { Unicode.Scalar(UInt32(0x10000 + $0))! }
        // 0x0800...0xFFFF without the surrogates.
        let threeByte = ScalarClass(byteCount: 3, count: 0x10000 - 0x800 - 0x800) {
            let value = UInt32(0x800 + $0)
            return Unicode.Scalar(value < 0xD800 ? value : value + 0x800)!
        }
        let shortEscapes: [UInt32] = printable ? [0x22, 0x2F, 0x5C] : [0x22, 0x2F, 0x5C, 0x08, 0x09, 0x0A, 0x0C, 0x0D]
        // Two-byte UTF-8 starts at 0x80; printable text skips the C1 controls 0x80...0x9F.
        let twoByteStart: UInt32 = printable ? 0xA0 : 0x80
        let twoByte = ScalarClass(byteCount: 2, count: shortEscapes.count + Int(0x800 - twoByteStart)) {
            $0 < shortEscapes.count
                ? Unicode.Scalar(shortEscapes[$0])! : Unicode.Scalar(twoByteStart + UInt32($0 - shortEscapes.count))!
        }
        // Printable ASCII other than the escaped `"`, `/` and `\`; DEL too when controls are allowed.
        let plain: [UInt32] = (0x20...0x7E).filter { ![0x22, 0x2F, 0x5C].contains($0) } + (printable ? [] : [0x7F])
        let oneByte = ScalarClass(byteCount: 1, count: plain.count) { Unicode.Scalar(plain[$0])! }
        if printable { return [fourByte, threeByte, twoByte, oneByte] }
        let sixByte = ScalarClass(byteCount: 6, count: controls.count) { Unicode.Scalar(controls[$0])! }
        return [sixByte, fourByte, threeByte, twoByte, oneByte]
    }

    /// The `count` distinct strings of `minimumLength...maximumLength` scalars that `JSONEncoder`
    /// writes longest, longest first (fewer when fewer exist).
    static func costliestStrings(count: Int, minimumLength: Int, maximumLength: Int, printable: Bool) -> [String] {
        guard count > 0, minimumLength <= maximumLength else { return [] }
        let classes = classes(printable: printable)
        // Every way to spread a length over the classes, with its cost and how many strings it makes.
        struct Composition {
            var perClass: [Int]
            var cost: Int
            var available: Int
        }
        var compositions: [Composition] = []
        func saturating(_ a: Int, _ b: Int) -> Int {
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow || product > Int(1) << 53 ? Int(1) << 53 : product
        }
        func spread(_ length: Int) {
            // Strings of the costliest class alone are enough in the common case.
            var perClass = [Int](repeating: 0, count: classes.count)
            func visit(_ classIndex: Int, _ remaining: Int) {
                if classIndex == classes.count - 1 {
                    perClass[classIndex] = remaining
                    var cost = 0
                    var available = 1
                    var placed = 0
                    for (index, used) in perClass.enumerated() where used > 0 {
                        cost += used * classes[index].byteCount
                        // Positions for this class among those left, then a scalar for each.
                        available = saturating(available, binomial(length - placed, used))
                        for _ in 0..<used { available = saturating(available, classes[index].count) }
                        placed += used
                    }
                    compositions.append(Composition(perClass: perClass, cost: cost, available: available))
                    return
                }
                for used in stride(from: remaining, through: 0, by: -1) {
                    perClass[classIndex] = used
                    visit(classIndex + 1, remaining - used)
                }
            }
            visit(0, length)
        }
        // Strings of the costliest class alone at the longest length are the costliest strings;
        // only when there are fewer of them than needed (short keys) are mixes and shorter
        // lengths drawn, and then the length is small enough to enumerate every mix.
        var atMaximum = [Int](repeating: 0, count: classes.count)
        atMaximum[0] = maximumLength
        if power(classes[0].count, maximumLength) >= count {
            return makeStrings(atMaximum, classes: classes, count: count)
        }
        let lengths = Array(stride(from: maximumLength, through: minimumLength, by: -1))
        for length in lengths { spread(length) }
        compositions.sort {
            $0.cost != $1.cost ? $0.cost > $1.cost : $1.perClass.lexicographicallyPrecedes($0.perClass)
        }
        var strings: [String] = []
        for composition in compositions where strings.count < count {
            strings += makeStrings(composition.perClass, classes: classes, count: count - strings.count)
        }
        return strings
    }

    /// Up to `count` distinct strings using `perClass[i]` scalars of class `i`.
    private static func makeStrings(_ perClass: [Int], classes: [ScalarClass], count: Int) -> [String] {
        let length = perClass.reduce(0, +)
        var results: [String] = []
        var remaining = perClass
        var scalars = String.UnicodeScalarView()
        func visit(_ position: Int) {
            if results.count >= count { return }
            if position == length {
                results.append(String(scalars))
                return
            }
            for classIndex in classes.indices where remaining[classIndex] > 0 {
                remaining[classIndex] -= 1
                for index in 0..<classes[classIndex].count {
                    scalars.append(classes[classIndex].scalar(index))
                    visit(position + 1)
                    scalars.removeLast()
                    if results.count >= count { break }
                }
                remaining[classIndex] += 1
                if results.count >= count { return }
            }
        }
        visit(0)
        return results
    }

    private static func binomial(_ n: Int, _ k: Int) -> Int {
        var result = 1
        for step in 0..<min(k, n - k) {
            let (product, overflow) = result.multipliedReportingOverflow(by: n - step)
            if overflow || product / (step + 1) > Int(1) << 53 { return Int(1) << 53 }
            result = product / (step + 1)
        }
        return result
    }

    private static func power(_ base: Int, _ exponent: Int) -> Int {
        var result = 1
        for _ in 0..<exponent {
            result *= base
            if result > Int(1) << 53 { return Int(1) << 53 }
        }
        return result
    }
}
