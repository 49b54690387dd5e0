/// Lists the cases of a `CodingKey` type without an instance.
///
/// An enum with associated values decodes by asking `allKeys` and switching on the one key it
/// finds, so the recorder must offer each case in turn. `CodingKey` has no list of cases; a
/// `CaseIterable` key type gives one directly. A synthesized `CodingKeys` is a payload-free enum,
/// which Swift stores as its case number in one byte and whose first invalid number is the
/// `Optional.none` of that type; counting up until `nil` lists every case. Anything else (a
/// struct key, more than 255 cases) is not listed and the caller says so in the schema.
enum CodingKeyCases {
    static func names<Key: CodingKey>(of type: Key.Type) -> [String]? {
        if let iterable = type as? any CaseIterable.Type {
            let keys = allCases(of: iterable).compactMap { $0 as? any CodingKey }
            return keys.map(\.stringValue)
        }
        guard MemoryLayout<Key>.alignment == 1, MemoryLayout<Key?>.size == 1 else { return nil }
        var names: [String] = []
        switch MemoryLayout<Key>.size {
        case 0:
            names.append(unsafeBitCast((), to: Key.self).stringValue)
        case 1:
            for tag in 0...UInt8.max {
                guard let key = unsafeBitCast(tag, to: Key?.self) else { break }
                names.append(key.stringValue)
            }
        default:
            return nil
        }
        // Each name must make its key again, else this was not a plain enum of keys.
        guard names.allSatisfy({ Key(stringValue: $0)?.stringValue == $0 }) else { return nil }
        return names
    }

    static func allCases<C: CaseIterable>(of type: C.Type) -> [Any] {
        type.allCases.map { $0 }
    }
}
