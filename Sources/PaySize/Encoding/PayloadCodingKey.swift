/// The coding key ``PayloadEncoder`` uses for array indices, dictionary keys and `"super"`,
/// spelled as Foundation spells them (`"Index 3"` with `intValue` 3).
struct PayloadCodingKey: CodingKey, Sendable {
    /// The key `superEncoder()` writes under.
    static let `super` = PayloadCodingKey(stringValue: "super")

    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
}
