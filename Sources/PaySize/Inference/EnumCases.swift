/// Lists the cases of an enum without cases to start from.
///
/// An enum with associated values decodes by asking `allKeys` and switching on the one key it
/// finds, so the recorder must offer each case of its `CodingKeys` in turn; a raw-value enum
/// accepts only its raw values. `CodingKey` and `RawRepresentable` have no list of cases; a
/// `CaseIterable` type gives one directly. Any other enum without associated values is stored
/// as its case number in one byte, and the first number past the last case is the `nil` of its
/// `Optional`: counting up until `nil` lists every case. Anything else (a struct, more than 255
/// cases) is not listed and the caller says so in the schema.
enum EnumCases {
    /// Every case of `type`, or `nil` when they cannot be listed.
    static func values<T>(of type: T.Type) -> [T]? {
        if let iterable = type as? any CaseIterable.Type {
            let values = allCases(of: iterable).compactMap { $0 as? T }
            return values.isEmpty ? nil : values
        }
        guard MemoryLayout<T>.alignment == 1, MemoryLayout<T?>.size == 1 else { return nil }
        var values: [T] = []
        switch MemoryLayout<T>.size {
        case 0:
            values.append(unsafeBitCast((), to: T.self))
        case 1:
            for tag in 0...UInt8.max {
                guard let value = unsafeBitCast(tag, to: T?.self) else { break }
                values.append(value)
            }
        default:
            return nil
        }
        // A one-byte struct (a wrapped `Bool`) also has spare values; only an enum is listed.
        guard values.allSatisfy({ Mirror(reflecting: $0).displayStyle == .enum }) else { return nil }
        return values
    }

    /// The string values of every case of a `CodingKey` type, or `nil`.
    static func names<Key: CodingKey>(of type: Key.Type) -> [String]? {
        guard let keys = values(of: type) else { return nil }
        let names = keys.map(\.stringValue)
        // Each name must make its key again, else this was not a plain enum of keys.
        guard names.allSatisfy({ Key(stringValue: $0)?.stringValue == $0 }) else { return nil }
        return names
    }

    static func allCases<C: CaseIterable>(of type: C.Type) -> [Any] {
        type.allCases.map { $0 }
    }
}
