/// The single-value container behind ``PayloadEncoder``.
struct PayloadSingleValueContainer: SingleValueEncodingContainer {
    let core: EncodingCore
    let serial: Int

    var codingPath: [any CodingKey] { core.codingPath(ofNode: serial) }

    mutating func encodeNil() throws {
        try core.beginSingleValue(serial)
        core.writer.append("null")
    }

    mutating func encode(_ value: Bool) throws {
        try core.beginSingleValue(serial)
        core.writer.append(value ? "true" : "false")
    }

    mutating func encode(_ value: String) throws {
        try core.beginSingleValue(serial)
        core.writer.appendQuoted(value)
    }

    mutating func encode(_ value: Double) throws {
        try core.beginSingleValue(serial)
        try core.writeDouble(value, codingKey: nil)
    }

    mutating func encode(_ value: Float) throws {
        try core.beginSingleValue(serial)
        try core.writeFloat(value, codingKey: nil)
    }

    mutating func encode(_ value: Int) throws {
        try core.beginSingleValue(serial)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int8) throws {
        try core.beginSingleValue(serial)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int16) throws {
        try core.beginSingleValue(serial)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int32) throws {
        try core.beginSingleValue(serial)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int64) throws {
        try core.beginSingleValue(serial)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt) throws {
        try core.beginSingleValue(serial)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt8) throws {
        try core.beginSingleValue(serial)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt16) throws {
        try core.beginSingleValue(serial)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt32) throws {
        try core.beginSingleValue(serial)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt64) throws {
        try core.beginSingleValue(serial)
        core.writer.appendInteger(value)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws {
        try core.beginSingleValue(serial)
        core.writer.appendInteger(value)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws {
        try core.beginSingleValue(serial)
        core.writer.appendInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let (level, entry) = try core.beginSingleValue(serial)
        try core.encodeNested(value, level: level, component: nil, parentEntry: entry)
    }
}
