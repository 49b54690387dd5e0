@_spi(Internals) import PaySize
import PaySizeTestSupport
import Testing

/// Generated schemas and instances against a checker written here from the specification's
/// text (draft 2020-12 Validation 6.1–6.4, Core 10.2), with its own decimal arithmetic on digit
/// strings: it shares no code with the product but the random generator. The numbers are
/// chosen to sit on the boundaries `Double` blurs: long coefficients, far exponents, the same
/// value spelled two ways, exact multiples and their neighbours.
@Suite("Numeric keywords against an independent checker, seeded")
struct NumericDifferentialTests {
    /// A number token as decimal digits: `digits` × 10^`exponent`, the sign apart.
    struct Decimal: Equatable {
        var isNegative: Bool
        /// Decimal digits, most significant first, without leading zeros ("" is zero).
        var digits: String
        var exponent: Int
        /// The token as written.
        var text: String

        var isZero: Bool { digits.isEmpty }

        /// Reads the token the way Validation 6.2 reads a number: its mathematical value.
        init(_ text: String) {
            self.text = text
            var body = Substring(text)
            isNegative = body.hasPrefix("-")
            if isNegative { body = body.dropFirst() }
            var exponent = 0
            if let e = body.firstIndex(where: { $0 == "e" || $0 == "E" }) {
                exponent = Int(body[body.index(after: e)...].replacing("+", with: ""))!
                body = body[..<e]
            }
            if let point = body.firstIndex(of: ".") {
                exponent -= body.distance(from: point, to: body.endIndex) - 1
                body.remove(at: point)
            }
            digits = String(body.drop { $0 == "0" })
            self.exponent = exponent
            if digits.isEmpty { isNegative = false }
        }

        /// The magnitude as an integer digit string, scaled by 10^(exponent − `base`).
        func scaled(to base: Int) -> String {
            digits.isEmpty ? "" : digits + String(repeating: "0", count: exponent - base)
        }
    }

    // MARK: - Arithmetic on digit strings

    static func compareMagnitudes(_ a: String, _ b: String) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        return a == b ? 0 : (a < b ? -1 : 1)
    }

    static func compare(_ a: Decimal, _ b: Decimal) -> Int {
        if a.isNegative != b.isNegative { return a.isNegative ? -1 : 1 }
        let base = min(a.exponent, b.exponent)
        let magnitude = compareMagnitudes(a.scaled(to: base), b.scaled(to: base))
        return a.isNegative ? -magnitude : magnitude
    }

    /// `a` − `b` for digit strings with `a` ≥ `b`.
    static func subtract(_ a: String, _ b: String) -> String {
        var result: [Int] = []
        var borrow = 0
        let x = a.reversed().map { Int(String($0))! }
        let y = b.reversed().map { Int(String($0))! }
        for index in x.indices {
            var digit = x[index] - borrow - (index < y.count ? y[index] : 0)
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 10 }
            result.append(digit)
        }
        let text: String = result.reversed().map { "\($0)" }.joined()
        return String(text.drop { $0 == "0" })
    }

    /// Whether `b` divides `a` (digit strings, `b` not zero): long division by subtraction.
    static func divides(_ a: String, _ b: String) -> Bool {
        var remainder = ""
        for digit in a {
            remainder = String((remainder + String(digit)).drop { $0 == "0" })
            while compareMagnitudes(remainder, b) >= 0 { remainder = subtract(remainder, b) }
        }
        return remainder.isEmpty
    }

    /// Validation 6.2.1: the instance divided by the divisor is an integer.
    static func isMultiple(_ a: Decimal, of b: Decimal) -> Bool {
        if a.isZero { return true }
        let base = min(a.exponent, b.exponent)
        return divides(a.scaled(to: base), b.scaled(to: base))
    }

    // MARK: - Schemas and instances

    indirect enum Schema {
        case type(String)
        case minimum(String)
        case maximum(String)
        case exclusiveMinimum(String)
        case exclusiveMaximum(String)
        case multipleOf(String)
        case const(Value)
        case enumeration([Value])
        case uniqueItems
        case items(Schema)
        case not(Schema)
        case allOf([Schema])
        case anyOf([Schema])
        case oneOf([Schema])

        var text: String {
            switch self {
            case .type(let name): #"{"type":"\#(name)"}"#
            case .minimum(let n): #"{"minimum":\#(n)}"#
            case .maximum(let n): #"{"maximum":\#(n)}"#
            case .exclusiveMinimum(let n): #"{"exclusiveMinimum":\#(n)}"#
            case .exclusiveMaximum(let n): #"{"exclusiveMaximum":\#(n)}"#
            case .multipleOf(let n): #"{"multipleOf":\#(n)}"#
            case .const(let value): #"{"const":\#(value.text)}"#
            case .enumeration(let values): #"{"enum":[\#(values.map(\.text).joined(separator: ","))]}"#
            case .uniqueItems: #"{"uniqueItems":true}"#
            case .items(let schema): #"{"items":\#(schema.text)}"#
            case .not(let schema): #"{"not":\#(schema.text)}"#
            case .allOf(let schemas): #"{"allOf":[\#(schemas.map(\.text).joined(separator: ","))]}"#
            case .anyOf(let schemas): #"{"anyOf":[\#(schemas.map(\.text).joined(separator: ","))]}"#
            case .oneOf(let schemas): #"{"oneOf":[\#(schemas.map(\.text).joined(separator: ","))]}"#
            }
        }
    }

    indirect enum Value {
        case number(String)
        case array([Value])

        var text: String {
            switch self {
            case .number(let text): text
            case .array(let values): "[" + values.map(\.text).joined(separator: ",") + "]"
            }
        }
    }

    /// Core 4.2.2: numbers are equal when their mathematical values are; arrays item by item.
    static func equal(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): compare(Decimal(x), Decimal(y)) == 0
        case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        default: false
        }
    }

    /// The specification's verdict.
    static func valid(_ value: Value, _ schema: Schema) -> Bool {
        func number(_ check: (Decimal) -> Bool) -> Bool {
            guard case .number(let text) = value else { return true }
            return check(Decimal(text))
        }
        switch schema {
        case .type(let name):
            guard case .number(let text) = value else { return false }
            // Core 4.2.1: an integer is a number with a zero fractional part.
            return name == "number" || Decimal(text).exponent >= 0 || Decimal(text).isZero
                || Decimal(text).digits.hasSuffix(String(repeating: "0", count: -Decimal(text).exponent))
        case .minimum(let bound): return number { compare($0, Decimal(bound)) >= 0 }
        case .maximum(let bound): return number { compare($0, Decimal(bound)) <= 0 }
        case .exclusiveMinimum(let bound): return number { compare($0, Decimal(bound)) > 0 }
        case .exclusiveMaximum(let bound): return number { compare($0, Decimal(bound)) < 0 }
        case .multipleOf(let divisor): return number { isMultiple($0, of: Decimal(divisor)) }
        case .const(let constant): return equal(value, constant)
        case .enumeration(let values): return values.contains { equal(value, $0) }
        case .uniqueItems:
            guard case .array(let items) = value else { return true }
            for i in items.indices {
                for j in items.indices where j > i && equal(items[i], items[j]) { return false }
            }
            return true
        case .items(let schema):
            guard case .array(let items) = value else { return true }
            return items.allSatisfy { valid($0, schema) }
        case .not(let schema): return !valid(value, schema)
        case .allOf(let schemas): return schemas.allSatisfy { valid(value, $0) }
        case .anyOf(let schemas): return schemas.contains { valid(value, $0) }
        case .oneOf(let schemas): return schemas.filter { valid(value, $0) }.count == 1
        }
    }

    // MARK: - Generation

    /// Numbers near each other and near `Double`'s blind spots.
    struct Numbers {
        var random: SplitMix64
        /// Numbers already written, reused or respelled so that equal values meet.
        var pool: [String] = ["0", "1", "18446744073709551616", "1e19", "0.30000000000000001", "0.3", "1e400"]

        mutating func digits(_ count: Int) -> String {
            var text = String(Int.random(in: 1...9, using: &random))
            for _ in 1..<max(count, 1) { text += String(Int.random(in: 0...9, using: &random)) }
            return text
        }

        /// The same value written another way: a trailing zero, the point moved into the exponent.
        mutating func respelled(_ text: String) -> String {
            let value = Decimal(text)
            if value.isZero { return ["0.0", "-0", "0e5"][Int.random(in: 0...2, using: &random)] }
            let sign = value.isNegative ? "-" : ""
            switch Int.random(in: 0...2, using: &random) {
            case 0: return sign + value.digits + "e" + String(value.exponent)
            case 1: return sign + value.digits + "0e" + String(value.exponent - 1)
            default:
                let head = value.digits.prefix(1)
                let tail = value.digits.dropFirst()
                let exponent = value.exponent + tail.count
                return sign + head + "." + (tail.isEmpty ? "0" : tail) + (exponent >= 0 ? "E+" : "E") + String(exponent)
            }
        }

        mutating func next(positive: Bool = false) -> String {
            let text: String
            switch Int.random(in: 0...9, using: &random) {
            case 0, 1:
                text = respelled(pool.randomElement(using: &random)!)
            case 2:
                // A neighbour: one more in the last place of a long coefficient.
                let base = Decimal(pool.randomElement(using: &random)!)
                text = (base.digits.isEmpty ? "1" : base.digits + "1") + "e" + String(base.exponent - 1)
            case 3:
                text = digits(Int.random(in: 15...40, using: &random))
            case 4:
                text = "1e" + String(Int.random(in: -40...60, using: &random))
            default:
                let whole = digits(Int.random(in: 1...22, using: &random))
                let fraction = random.chance(50) ? "." + digits(Int.random(in: 1...20, using: &random)) : ""
                let exponent = random.chance(30) ? "e" + String(Int.random(in: -30...30, using: &random)) : ""
                text = whole + fraction + exponent
            }
            var result = !positive && random.chance(25) && !text.hasPrefix("-") ? "-" + text : text
            if positive {
                // Only the sign goes: an exponent keeps its own.
                if result.hasPrefix("-") { result.removeFirst() }
                if Decimal(result).isZero { result = "7" }
            }
            pool.append(result)
            if pool.count > 40 { pool.removeFirst() }
            return result
        }

        /// A multiple of `divisor` (a small whole multiple, respelled), or its neighbour.
        mutating func near(multipleOf divisor: String) -> String {
            let value = Decimal(divisor)
            let factor = String(Int.random(in: 1...999, using: &random))
            var product = Array(repeating: 0, count: value.digits.count + factor.count)
            for (i, x) in value.digits.reversed().enumerated() {
                for (j, y) in factor.reversed().enumerated() {
                    product[i + j] += Int(String(x))! * Int(String(y))!
                }
            }
            for index in product.indices.dropLast() {
                product[index + 1] += product[index] / 10
                product[index] %= 10
            }
            let written: String = product.reversed().map { "\($0)" }.joined()
            var digits = String(written.drop { $0 == "0" })
            var exponent = value.exponent
            if random.chance(30) {
                // The neighbour one unit in the next place down: never a multiple.
                digits += "1"
                exponent -= 1
            }
            return respelled(digits + "e" + String(exponent))
        }
    }

    static func schema(_ numbers: inout Numbers, depth: Int) -> Schema {
        let choice = Int.random(in: 0...(depth > 2 ? 9 : 13), using: &numbers.random)
        switch choice {
        case 0: return .type(numbers.random.chance(70) ? "integer" : "number")
        case 1: return .minimum(numbers.next())
        case 2: return .maximum(numbers.next())
        case 3: return .exclusiveMinimum(numbers.next())
        case 4: return .exclusiveMaximum(numbers.next())
        case 5, 6: return .multipleOf(numbers.next(positive: true))
        case 7: return .const(.number(numbers.next()))
        case 8:
            return .enumeration(
                (0..<Int.random(in: 1...3, using: &numbers.random)).map { _ in .number(numbers.next()) })
        case 9: return .uniqueItems
        case 10: return .not(schema(&numbers, depth: depth + 1))
        case 11: return .allOf([schema(&numbers, depth: depth + 1), schema(&numbers, depth: depth + 1)])
        case 12: return .anyOf([schema(&numbers, depth: depth + 1), schema(&numbers, depth: depth + 1)])
        default: return .oneOf([schema(&numbers, depth: depth + 1), schema(&numbers, depth: depth + 1)])
        }
    }

    /// An instance aimed at `schema`'s boundaries: its own numbers respelled, multiples of its
    /// divisors, arrays of those.
    static func instance(for schema: Schema, _ numbers: inout Numbers) -> Value {
        if case .multipleOf(let divisor) = schema, numbers.random.chance(70) {
            return .number(numbers.near(multipleOf: divisor))
        }
        if case .uniqueItems = schema {
            return .array((0..<Int.random(in: 0...3, using: &numbers.random)).map { _ in .number(numbers.next()) })
        }
        if numbers.random.chance(10) {
            return .array([.number(numbers.next()), .number(numbers.next())])
        }
        return .number(numbers.next())
    }

    @Test("3000 generated schemas and instances get the specification's verdict", arguments: [41 as UInt64, 2026])
    func differential(seed: UInt64) throws {
        var numbers = Numbers(random: SplitMix64(seed: seed))
        var disagreements: [String] = []
        var rejected = 0
        for _ in 0..<1500 {
            let schema = Self.schema(&numbers, depth: 0)
            let compiled = try PayloadSchema(jsonBytes: Array(schema.text.utf8))
            for _ in 0..<2 {
                let value = Self.instance(for: schema, &numbers)
                let expected = Self.valid(value, schema)
                if !expected { rejected += 1 }
                let got = compiled.isValid(try JSONScanner.scan(Array(value.text.utf8)))
                if got != expected { disagreements.append("\(schema.text) on \(value.text): expected \(expected)") }
            }
        }
        #expect(disagreements == [])
        // Both verdicts are exercised, neither one-sided.
        #expect(rejected > 300 && rejected < 2700, "\(rejected) of 3000 refused")
    }

    @Test("the independent checker's own arithmetic, on the issue's cases")
    func checkerSelfTest() {
        #expect(!Self.isMultiple(Decimal("18446744073709551617"), of: Decimal("18446744073709551616")))
        #expect(Self.isMultiple(Decimal("36893488147419103232"), of: Decimal("18446744073709551616")))
        #expect(!Self.isMultiple(Decimal("10000000000000000001"), of: Decimal("1e19")))
        #expect(Self.isMultiple(Decimal("0.3"), of: Decimal("0.1")))
        #expect(Self.compare(Decimal("0.3"), Decimal("0.30000000000000001")) < 0)
        #expect(Self.compare(Decimal("1e400"), Decimal("10e399")) == 0)
        #expect(Self.valid(.number("1e400"), .type("integer")))
        #expect(!Self.valid(.number("1.5"), .type("integer")))
        #expect(Self.valid(.number("1.50e1"), .type("integer")))
    }
}
