@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// The keys a dictionary keyed by a `CodingKeyRepresentable` type accepts: `JSONDecoder` hands
/// each key to the type's `init?(codingKey:)` and refuses the dictionary when one is refused.
enum DictionaryKeys {
    /// A key as `JSONDecoder` makes it for a dictionary: its text, and the integer it reads as.
    private struct DecodedKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) {
            self.stringValue = stringValue
            intValue = Int(stringValue)
        }
        init(intValue: Int) {
            stringValue = String(intValue)
            self.intValue = intValue
        }
    }

    /// The `propertyNames` schema for keys of `type` (`nil` when any key is accepted) and a
    /// note when they cannot be listed.
    static func names<K: CodingKeyRepresentable>(of type: K.Type) -> (schema: JSONElement?, note: String?) {
        let unlisted = "paysize-unlisted-key"
        if K(codingKey: DecodedKey(stringValue: unlisted)) != nil { return (nil, nil) }
        guard let cases = EnumCases.values(of: type) else {
            return (
                nil,
                "the keys '\(type)' accepts (its init?(codingKey:)) cannot be listed, so any key is accepted here: make it CaseIterable"
            )
        }
        let keys = cases.map(\.codingKey)
        // A key read by its integer (an Int raw value): "01" and "+1" are the key 1 too.
        let integers = keys.compactMap(\.intValue)
        if integers.count == keys.count,
            let first = integers.first,
            K(codingKey: DecodedKey(stringValue: "+\(first)")) != nil
        {
            let values = JSONElement.array(integers.map { JSONElement.integer($0) })
            return (.object([(PaySizeKeyword.integerText.rawValue, .object([("enum", values)]))]), nil)
        }
        return (.object([("enum", .array(keys.map { JSONElement.string($0.stringValue) }))]), nil)
    }
}
