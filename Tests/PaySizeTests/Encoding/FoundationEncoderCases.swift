import Foundation

// Value types modelled on the encoding cases of Foundation's own JSONEncoder test suites
// (swift-foundation's JSONEncoderTests, swift-corelibs-foundation's TestJSONEncoder), written
// for PaySize: each drives the encoder through one feature, and the tests compare PayloadEncoder
// with Foundation on this toolchain rather than with hard-coded expectations.

enum FoundationEncoderCases {
    struct Empty: Encodable {}

    final class EmptyClass: Encodable {}

    /// A single-value enum (`true`/`false`).
    enum Switch: Encodable {
        case off, on

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(self == .on)
        }
    }

    /// A single-value struct around a `Double`.
    struct Timestamp: Encodable {
        let value: Double

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    /// A single-value class around an `Int`.
    final class Counter: Encodable {
        let count = 42

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(count)
        }
    }

    /// Wraps a fragment in an object, as Foundation's tests do for types that are not objects.
    struct Wrapper<Value: Encodable>: Encodable {
        let value: Value
    }

    struct Address: Encodable {
        var street = "1 Infinite Loop"
        var city = "Cupertino"
        var state = "CA"
        var zipCode = 95014
        var country = "United States"
    }

    class Person: Encodable {
        var name = "Johnny Appleseed"
        var email = "appleseed@apple.com"
        var website: URL? = URL(string: "https://apple.com/a?b=c/d")

        enum CodingKeys: String, CodingKey { case name, email, website }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(email, forKey: .email)
            try container.encodeIfPresent(website, forKey: .website)
        }
    }

    /// Shares its encoder with its superclass (`super.encode(to: encoder)`): one object.
    final class Employee: Person {
        var employeeID = 7

        enum EmployeeKeys: String, CodingKey { case employeeID }

        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: EmployeeKeys.self)
            try container.encode(employeeID, forKey: .employeeID)
        }
    }

    /// Encodes its superclass through `superEncoder()` and `superEncoder(forKey:)`.
    final class Manager: Person {
        var reports = [Employee(), Employee()]

        enum ManagerKeys: String, CodingKey { case reports, personData }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ManagerKeys.self)
            try container.encode(reports, forKey: .reports)
            try super.encode(to: container.superEncoder())
            try super.encode(to: container.superEncoder(forKey: .personData))
        }
    }

    struct Company: Encodable {
        var address = Address()
        var employees = [Employee(), Employee()]
        var manager = Manager()
    }

    /// Nested five levels through structs, arrays, string-keyed dictionaries and optionals.
    struct DeepTree: Encodable {
        struct Leaf: Encodable {
            var displayName = "Leaf/One"
            var scoreValue = 0.1
            var isLive = true
        }

        struct Branch: Encodable {
            var leafNodes = [Leaf(), Leaf(displayName: "Leaf Two", scoreValue: 2, isLive: false)]
            var leafByName: [String: Leaf] = ["firstLeaf": Leaf(), "secondLeaf": Leaf(scoreValue: 1e-7)]
            var optionalLeaf: Leaf? = nil
        }

        var rootBranch = Branch()
        var extraBranches = [[Branch()], []]
        var branchMap: [String: [String: Branch]] = ["outerKey": ["innerKey": Branch()]]
    }

    struct Nullable: Encodable {
        var present: Int? = 1
        var absent: Int? = nil
        var explicitNull: Int? = nil

        enum CodingKeys: String, CodingKey { case present, absent, explicitNull }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(present, forKey: .present)
            try container.encodeIfPresent(absent, forKey: .absent)
            try container.encode(explicitNull, forKey: .explicitNull)
        }
    }

    /// Optionals of types without a concrete `encodeIfPresent` overload: the synthesized
    /// `encode(to:)` passes each through the generic one, present and absent, with a nested value
    /// whose keys a custom strategy sees.
    struct GenericOptionals: Encodable {
        enum Mood: String, Encodable { case calm, busy }

        var website: URL? = URL(string: "https://example.com/a/b")
        var noWebsite: URL? = nil
        var moodValue: Mood? = .busy
        var noMood: Mood? = nil
        var nested: Address? = Address()
        var noNested: Address? = nil
        var eta: Date? = Date(timeIntervalSinceReferenceDate: 786_193_800.5)
        var noEta: Date? = nil
        var counts: [Int]? = [3, 1]
        var noCounts: [Int]? = nil
        var tag: UInt16? = 7
        var noTag: UInt16? = nil
        var doubleOptional: Int?? = .some(nil)
    }

    /// The arrays Foundation writes directly (integers of every width, strings, doubles, floats).
    struct DirectArrays: Encodable {
        var int8Values: [Int8] = [.min, 0, .max]
        var int16Values: [Int16] = [.min, .max]
        var int32Values: [Int32] = [.min, .max]
        var int64Values: [Int64] = [.min, .max]
        var intValues = [Int.min, -1, 0, Int.max]
        var uint8Values: [UInt8] = [0, .max]
        var uint16Values: [UInt16] = [.max]
        var uint32Values: [UInt32] = [.max]
        var uint64Values: [UInt64] = [.max]
        var uintValues: [UInt] = [.max]
        var int128Values: [Int128] = [.min, .max]
        var uint128Values: [UInt128] = [.max]
        var stringValues = ["a/b", "é", "\u{1}", ""]
        var doubleValues = [0.1, -0.0, 1e21, 1e-7]
        var floatValues: [Float] = [0.1, 3.4e38]
        var boolValues = [true, false]
        var emptyValues: [Int] = []
    }

    struct KeyNamed: Encodable {
        let keyName: String
        var value = "test"

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(value, forKey: TestKey(stringValue: keyName))
        }
    }

    struct EncodeFailure: Encodable {
        var someValue: Double
    }

    struct EncodeFailureNested: Encodable {
        var nestedValue: EncodeFailure
    }

    struct NestedNested: Encodable {
        struct Middle: Encodable {
            var nestedValue = KeyNamed(keyName: "helloWorld")
        }
        var outerValue = Middle()
    }

    /// Two keys that a custom strategy maps to one: the second write wins.
    struct TwoKeys: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode("test", forKey: "oneTwo")
            try container.encode("test2", forKey: "oneTwoThree")
        }
    }

    /// Nested keyed and unkeyed containers inside nested containers, directly or through a super
    /// encoder, each writing the coding path its container and the encoders below it report.
    struct NestedContainers: Encodable {
        var throughSuperEncoder = false

        func encode(to encoder: any Encoder) throws {
            guard throughSuperEncoder else { return try writeLevels(encoder) }
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(PathReporter.render(container.codingPath), forKey: "topPath")
            try writeLevels(container.superEncoder(forKey: "a"))
        }

        private func writeLevels(_ encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: TestKey.self)
            try first.encode(PathReporter.render(first.codingPath), forKey: "firstPath")

            var second = first.nestedContainer(keyedBy: TestKey.self, forKey: "a")
            try second.encode(PathReporter.render(second.codingPath), forKey: "secondPath")
            var thirdKeyed = second.nestedContainer(keyedBy: TestKey.self, forKey: "one")
            try thirdKeyed.encode(PathReporter.render(thirdKeyed.codingPath), forKey: "thirdPath")
            try thirdKeyed.encode(PathReporter(), forKey: "valuePath")
            try PathReporter().encode(to: thirdKeyed.superEncoder(forKey: "superPath"))
            var fourth = thirdKeyed.nestedContainer(keyedBy: TestKey.self, forKey: "deeper")
            try fourth.encode(PathReporter.render(fourth.codingPath), forKey: "fourthPath")
            var thirdUnkeyed = second.nestedUnkeyedContainer(forKey: "two")
            try thirdUnkeyed.encode(PathReporter.render(thirdUnkeyed.codingPath))
            try thirdUnkeyed.encode(PathReporter())

            var secondUnkeyed = first.nestedUnkeyedContainer(forKey: "b")
            var keyedInArray = secondUnkeyed.nestedContainer(keyedBy: TestKey.self)
            try keyedInArray.encode(PathReporter.render(keyedInArray.codingPath), forKey: "path")
            try keyedInArray.encode(PathReporter(), forKey: "valuePath")
            var unkeyedInArray = secondUnkeyed.nestedUnkeyedContainer()
            try unkeyedInArray.encode(PathReporter.render(unkeyedInArray.codingPath))
            var innermost = unkeyedInArray.nestedUnkeyedContainer()
            try innermost.encode(PathReporter.render(innermost.codingPath))
            try PathReporter().encode(to: secondUnkeyed.superEncoder())
        }
    }

    /// A type that writes the same nested key twice: Foundation merges the two objects.
    struct RepeatedNestedKey: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: TestKey.self)
            var first = container.nestedContainer(keyedBy: TestKey.self, forKey: "shared")
            try first.encode(1, forKey: "firstValue")
            var second = container.nestedContainer(keyedBy: TestKey.self, forKey: "shared")
            try second.encode(2, forKey: "secondValue")
            var array = container.nestedUnkeyedContainer(forKey: "sharedArray")
            try array.encode(1)
            var again = container.nestedUnkeyedContainer(forKey: "sharedArray")
            try again.encode(2)
        }
    }

    /// `container(keyedBy:)` asked for twice on one encoder: one object.
    struct RedundantKeyedContainer: Encodable {
        func encode(to encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: TestKey.self)
            try first.encode("one", forKey: "firstKey")
            var second = encoder.container(keyedBy: TestKey.self)
            try second.encode("two", forKey: "secondKey")
            try first.encode("three", forKey: "thirdKey")
        }
    }

    /// A key written twice through one container: the last value wins.
    struct RedundantKeys: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(1, forKey: "valueKey")
            try container.encode("two", forKey: "valueKey")
            try container.encode([3], forKey: "otherKey")
            try container.encode(Address(), forKey: "otherKey")
        }
    }

    /// Catches the error a member throws and goes on encoding.
    struct ThrowingMemberCaught: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(1, forKey: "before")
            do {
                try container.encode(EncodeFailure(someValue: .nan), forKey: "failing")
            } catch {
                try container.encode("recovered", forKey: "afterError")
            }
        }
    }

    /// Encodes nothing at all: Foundation writes `{}`.
    struct EncodesNothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    enum Suit: String, Encodable, CodingKeyRepresentable {
        case hearts, spades
    }

    struct Dictionaries: Encodable {
        var stringKeys = ["leaveMeAlone": "test", "b/c": "d"]
        var intKeys = [3: "three", -1: "minus one"]
        var enumKeys: [Suit: Int] = [.hearts: 1]
        var doubleKeys: [Double: Int] = [1.5: 2]
        var emptyDoubleKeys: [Double: Int] = [:]
        var nestedCamel: [String: Address] = ["homeAddress": Address()]
    }

    struct FoundationScalars: Encodable {
        var link = URL(string: "https://example.com/path/to?q=a/b")!
        var relativeLink = URL(string: "sub/page", relativeTo: URL(string: "https://example.com/base/"))!
        var identifier = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        var price = Decimal(string: "1234567890.123456789")!
        var hugeDecimal = Decimal(string: "-1e100")!
        var blob = Data([0xFB, 0xFF, 0xBF])
        var moment = Date(timeIntervalSinceReferenceDate: 721_692_800.25)
        var optionalMoment: Date? = Date(timeIntervalSince1970: 0)
    }
}
