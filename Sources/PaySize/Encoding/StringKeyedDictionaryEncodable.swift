/// A `[String: Value]` dictionary, which Foundation's `JSONEncoder` writes as an object whose keys
/// skip the key-encoding strategy (a `convertToSnakeCase` encoder leaves `["myKey": 1]` alone).
protocol StringKeyedDictionaryEncodable {
    /// Writes the entries as members of the object that node `serial` of `session` just opened.
    func encodeEntries(in session: EncodingSession, serial: Int) throws
}

extension Dictionary: StringKeyedDictionaryEncodable where Key == String, Value: Encodable {
    func encodeEntries(in session: EncodingSession, serial: Int) throws {
        for (key, value) in self {
            try session.encodeStringKeyedEntry(key: key, value: value, serial: serial)
        }
    }
}
