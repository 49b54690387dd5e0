/// The unkeyed container behind ``PayloadEncoder``: writes each element straight into the output.
struct PayloadUnkeyedContainer: UnkeyedEncodingContainer {
    let session: EncodingSession
    let serial: Int

    var codingPath: [any CodingKey] { session.codingPath(ofNode: serial) }

    var count: Int { session.nodeIndex(of: serial).map { session.nodes[$0].count } ?? 0 }

    mutating func encodeNil() throws {
        let index = try session.activate(serial)
        _ = session.beginElement(index)
        session.writer.append("null")
    }

    mutating func encode(_ value: Bool) throws {
        let index = try session.activate(serial)
        _ = session.beginElement(index)
        session.writer.append(value ? "true" : "false")
    }

    mutating func encode(_ value: String) throws {
        let index = try session.activate(serial)
        _ = session.beginElement(index)
        session.writer.appendQuoted(value)
    }

    mutating func encode(_ value: Double) throws {
        let index = try session.activate(serial)
        let element = session.beginElement(index).element
        try session.writeDouble(value, codingKey: PayloadCodingKey(index: element))
    }

    mutating func encode(_ value: Float) throws {
        let index = try session.activate(serial)
        let element = session.beginElement(index).element
        try session.writeFloat(value, codingKey: PayloadCodingKey(index: element))
    }

    mutating func encode(_ value: Int) throws {
        let index = try session.activate(serial)
        _ = session.beginElement(index)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int8) throws {
        let index = try session.activate(serial)
        _ = session.beginElement(index)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int16) throws {
        let index = try session.activate(serial)
        _ = session.beginElement(index)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int32) throws {
        let index = try session.activate(serial)
        _ = session.beginElement(index)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int64) throws {
        let index = try session.activate(serial)
        _ = session.beginElement(index)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt) throws {
        let index = try session.activate(serial)
        _ = session.beginElement(index)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt8) throws {
        let index = try session.activate(serial)
        _ = session.beginElement(index)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt16) throws {
        let index = try session.activate(serial)
        _ = session.beginElement(index)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt32) throws {
        let index = try session.activate(serial)
        _ = session.beginElement(index)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt64) throws {
        let index = try session.activate(serial)
        _ = session.beginElement(index)
        session.writer.appendInteger(value)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws {
        let index = try session.activate(serial)
        _ = session.beginElement(index)
        session.writer.appendInteger(value)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws {
        let index = try session.activate(serial)
        _ = session.beginElement(index)
        session.writer.appendInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = try session.activate(serial)
        let (element, level) = session.beginElement(index)
        try session.encodeNested(
            value, level: level, component: .index(element), parentEntry: session.nodes[index].childPathEntry)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let nested = session.openNested(kind: .object, in: serial) { session, index in
            let (element, level) = session.beginElement(index)
            return (level, .index(element))
        }
        return session.keyedContainer(nested: nested, keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = session.openNested(kind: .array, in: serial) { session, index in
            let (element, level) = session.beginElement(index)
            return (level, .index(element))
        }
        return PayloadUnkeyedContainer(session: session, serial: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let nested = session.openNested(kind: .pending, in: serial) { session, index in
            let (element, level) = session.beginElement(index)
            return (level, .index(element))
        }
        return PayloadValueEncoder(session: session, serial: nested)
    }
}
