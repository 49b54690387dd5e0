/// A `[String: Value]` dictionary, which Foundation's `JSONEncoder` writes as an object whose keys
/// skip the key-encoding strategy (a `convertToSnakeCase` encoder leaves `["myKey": 1]` alone).
protocol StringKeyedDictionaryEncodable {
    /// Writes the entries as members of the object that node `serial` of `core` just opened.
    func encodeEntries(in core: EncodingCore, serial: Int) throws
}

extension Dictionary: StringKeyedDictionaryEncodable where Key == String, Value: Encodable {
    func encodeEntries(in core: EncodingCore, serial: Int) throws {
        for (key, value) in self {
            try core.encodeStringKeyedEntry(key: key, value: value, serial: serial)
        }
    }
}
