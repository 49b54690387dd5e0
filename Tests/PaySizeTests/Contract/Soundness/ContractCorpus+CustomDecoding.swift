import Foundation
import PaySizeTestSupport

// Content states whose `init(from:)` is written by hand: defaults, `try?` fallbacks, `try?`
// chains, presence checks, validation, wrappers, nested containers.

extension ContractCorpus {
    /// `(try? decode) ?? default`: any value of `status` decodes.
    struct Parcel: ContractSpecimen {
        enum Status: String, Codable, CaseIterable { case pending, inTransit, delivered }
        var status: Status
        var weightGrams: Int
        var label: String

        init(status: Status, weightGrams: Int, label: String) {
            self.status = status
            self.weightGrams = weightGrams
            self.label = label
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            status = (try? container.decode(Status.self, forKey: .status)) ?? .pending
            weightGrams = try container.decode(Int.self, forKey: .weightGrams)
            label = try container.decode(String.self, forKey: .label)
        }

        static func random(_ random: inout SplitMix64) -> Self {
            Self(status: random.pick(Status.allCases), weightGrams: random.int(1...90_000), label: random.word())
        }
    }

    /// A `try?` chain: a Date, or failing that an ISO-8601 string.
    struct Pickup: ContractSpecimen {
        var at: Date
        var place: String

        init(at: Date, place: String) {
            self.at = at
            self.place = place
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let date = try? container.decode(Date.self, forKey: .at) {
                at = date
            } else {
                let text = try container.decode(String.self, forKey: .at)
                guard let date = ISO8601DateFormatter().date(from: text) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .at, in: container, debugDescription: "not an ISO-8601 date")
                }
                at = date
            }
            place = try container.decode(String.self, forKey: .place)
        }

        static func random(_ random: inout SplitMix64) -> Self {
            Self(at: random.date(), place: random.word())
        }
    }

    /// `decodeIfPresent(…) ?? default` for every member.
    struct Defaults: ContractSpecimen {
        var count: Int
        var tags: [String]
        var label: String
        var ratio: Double

        init(count: Int, tags: [String], label: String, ratio: Double) {
            self.count = count
            self.tags = tags
            self.label = label
            self.ratio = ratio
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            count = try container.decodeIfPresent(Int.self, forKey: .count) ?? 0
            tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
            label = try container.decodeIfPresent(String.self, forKey: .label) ?? "none"
            ratio = try container.decodeIfPresent(Double.self, forKey: .ratio) ?? 1
        }

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                count: random.int(0...5), tags: random.list(0...3) { $0.word() }, label: random.word(),
                ratio: random.double())
        }
    }

    /// A key read only when another is missing (`contains`), as after a rename.
    struct Price: ContractSpecimen {
        var cents: Int
        var currency: String

        enum CodingKeys: String, CodingKey { case cents, amount, currency }

        init(cents: Int, currency: String) {
            self.cents = cents
            self.currency = currency
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if container.contains(.cents) {
                cents = try container.decode(Int.self, forKey: .cents)
            } else {
                cents = Int(try container.decode(Double.self, forKey: .amount) * 100)
            }
            currency = try container.decode(String.self, forKey: .currency)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(cents, forKey: .cents)
            try container.encode(currency, forKey: .currency)
        }

        static func random(_ random: inout SplitMix64) -> Self {
            Self(cents: random.int(0...99_999), currency: random.pick(["EUR", "USD", "JPY"]))
        }
    }

    /// Validation inside `init(from:)`: an empty name is refused.
    struct Badge: ContractSpecimen {
        struct EmptyName: Error {}
        var name: String
        var level: Int

        init(name: String, level: Int) {
            self.name = name
            self.level = level
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            guard !name.isEmpty else { throw EmptyName() }
            level = try container.decode(Int.self, forKey: .level)
        }

        static func random(_ random: inout SplitMix64) -> Self {
            Self(name: random.word(), level: random.int(1...5))
        }
    }

    /// Single-value wrappers: a plain one and one that checks its range.
    struct Progress: ContractSpecimen {
        struct Celsius: Codable {
            var value: Double
            init(_ value: Double) { self.value = value }
            init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Double.self) }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(value)
            }
        }
        struct Percent: Codable {
            struct OutOfRange: Error {}
            var value: Int
            init(_ value: Int) { self.value = value }
            init(from decoder: any Decoder) throws {
                value = try decoder.singleValueContainer().decode(Int.self)
                guard (0...100).contains(value) else { throw OutOfRange() }
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(value)
            }
        }
        var done: Percent
        var oven: Celsius
        var readings: [Celsius]
        var target: Celsius?

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                done: Percent(random.int(0...100)), oven: Celsius(random.double()),
                readings: random.list(0...3) { Celsius($0.double()) }, target: random.maybe { Celsius($0.double()) })
        }
    }

    /// `decodeNil(forKey:)`: the key is required, `null` is fine.
    struct Gauge: ContractSpecimen {
        var value: Int?
        var unit: String

        enum CodingKeys: String, CodingKey { case value, unit }

        init(value: Int?, unit: String) {
            self.value = value
            self.unit = unit
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            value = try container.decodeNil(forKey: .value) ? nil : try container.decode(Int.self, forKey: .value)
            unit = try container.decode(String.self, forKey: .unit)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if let value {
                try container.encode(value, forKey: .value)
            } else {
                try container.encodeNil(forKey: .value)
            }
            try container.encode(unit, forKey: .unit)
        }

        static func random(_ random: inout SplitMix64) -> Self {
            Self(value: random.maybe { $0.int(-50...50) }, unit: random.pick(["kg", "m", "%"]))
        }
    }

    /// Members read through a nested container, flattened into the type.
    struct Venue: ContractSpecimen {
        var name: String
        var latitude: Double
        var longitude: Double
        var floor: Int?

        enum CodingKeys: String, CodingKey { case name, location }
        enum LocationKeys: String, CodingKey { case lat, lon, floor }

        init(name: String, latitude: Double, longitude: Double, floor: Int?) {
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.floor = floor
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
            latitude = try location.decode(Double.self, forKey: .lat)
            longitude = try location.decode(Double.self, forKey: .lon)
            floor = try location.decodeIfPresent(Int.self, forKey: .floor)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            var location = container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
            try location.encode(latitude, forKey: .lat)
            try location.encode(longitude, forKey: .lon)
            try location.encodeIfPresent(floor, forKey: .floor)
        }

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                name: random.word(), latitude: random.double(), longitude: random.double(),
                floor: random.maybe { $0.int(-2...40) })
        }
    }

    /// A lossy array: elements that do not decode are skipped.
    struct Feed: ContractSpecimen {
        struct Item: Codable {
            var id: Int
            var title: String
        }
        struct Skipped: Decodable {}
        struct LossyItems: Codable {
            var items: [Item]
            init(_ items: [Item]) { self.items = items }
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                var items: [Item] = []
                while !container.isAtEnd {
                    if let item = try? container.decode(Item.self) {
                        items.append(item)
                    } else {
                        _ = try container.decode(Skipped.self)
                    }
                }
                self.items = items
            }
            func encode(to encoder: any Encoder) throws { try items.encode(to: encoder) }
        }
        var entries: LossyItems
        var cursor: String?

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                entries: LossyItems(random.list(0...3) { Item(id: $0.int(1...999), title: $0.word()) }),
                cursor: random.maybe { $0.word() })
        }
    }

    /// An enum with associated values, custom case keys and an optional payload.
    struct Notice: ContractSpecimen {
        enum Body: Codable {
            case text(String)
            case link(title: String, url: URL?)
            case silent
            enum CodingKeys: String, CodingKey {
                case text = "TEXT"
                case link = "LINK"
                case silent = "SILENT"
            }
        }
        var body: Body
        var sentAt: Date

        static func random(_ random: inout SplitMix64) -> Self {
            let body: Body
            switch random.int(0...2) {
            case 0: body = .text(random.word())
            case 1: body = .link(title: random.word(), url: random.maybe { $0.url() })
            default: body = .silent
            }
            return Self(body: body, sentAt: random.date())
        }
    }
}
