/// The single-value container behind ``PayloadEncoder``.
struct PayloadSingleValueContainer: SingleValueEncodingContainer {
    let session: EncodingSession
    let serial: Int

    var codingPath: [any CodingKey] { session.codingPath(ofNode: serial) }

    mutating func encodeNil() throws {
        try session.beginSingleScalar(serial)
        session.writer.append("null")
    }

    mutating func encode(_ value: Bool) throws {
        try session.beginSingleScalar(serial)
        session.writer.append(value ? "true" : "false")
    }

    mutating func encode(_ value: String) throws {
        try session.beginSingleScalar(serial)
        session.writer.appendQuoted(value)
    }

    mutating func encode(_ value: Double) throws {
        try session.beginSingleNumber(serial, isFinite: value.isFinite)
        try session.writeDouble(value, codingKey: nil)
    }

    mutating func encode(_ value: Float) throws {
        try session.beginSingleNumber(serial, isFinite: value.isFinite)
        try session.writeFloat(value, codingKey: nil)
    }

    mutating func encode(_ value: Int) throws {
        try session.beginSingleScalar(serial)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int8) throws {
        try session.beginSingleScalar(serial)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int16) throws {
        try session.beginSingleScalar(serial)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int32) throws {
        try session.beginSingleScalar(serial)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int64) throws {
        try session.beginSingleScalar(serial)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt) throws {
        try session.beginSingleScalar(serial)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt8) throws {
        try session.beginSingleScalar(serial)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt16) throws {
        try session.beginSingleScalar(serial)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt32) throws {
        try session.beginSingleScalar(serial)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt64) throws {
        try session.beginSingleScalar(serial)
        session.writer.appendInteger(value)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws {
        try session.beginSingleScalar(serial)
        session.writer.appendInteger(value)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws {
        try session.beginSingleScalar(serial)
        session.writer.appendInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let (level, entry) = try session.beginSingleValue(serial)
        try session.encodeNested(value, level: level, component: nil, parentEntry: entry)
    }
}
