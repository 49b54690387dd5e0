/// The unkeyed container behind ``PayloadEncoder``: writes each element straight into the output.
struct PayloadUnkeyedContainer: UnkeyedEncodingContainer {
    let core: EncodingCore
    let serial: Int

    var codingPath: [any CodingKey] { core.codingPath(ofNode: serial) }

    var count: Int { core.nodeIndex(of: serial).map { core.nodes[$0].count } ?? 0 }

    mutating func encodeNil() throws {
        let index = try core.activate(serial)
        _ = core.beginElement(index)
        core.writer.append("null")
    }

    mutating func encode(_ value: Bool) throws {
        let index = try core.activate(serial)
        _ = core.beginElement(index)
        core.writer.append(value ? "true" : "false")
    }

    mutating func encode(_ value: String) throws {
        let index = try core.activate(serial)
        _ = core.beginElement(index)
        core.writer.appendQuoted(value)
    }

    mutating func encode(_ value: Double) throws {
        let index = try core.activate(serial)
        let element = core.beginElement(index).element
        try core.writeDouble(value, codingKey: PayloadCodingKey(index: element))
    }

    mutating func encode(_ value: Float) throws {
        let index = try core.activate(serial)
        let element = core.beginElement(index).element
        try core.writeFloat(value, codingKey: PayloadCodingKey(index: element))
    }

    mutating func encode(_ value: Int) throws {
        let index = try core.activate(serial)
        _ = core.beginElement(index)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int8) throws {
        let index = try core.activate(serial)
        _ = core.beginElement(index)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int16) throws {
        let index = try core.activate(serial)
        _ = core.beginElement(index)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int32) throws {
        let index = try core.activate(serial)
        _ = core.beginElement(index)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int64) throws {
        let index = try core.activate(serial)
        _ = core.beginElement(index)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt) throws {
        let index = try core.activate(serial)
        _ = core.beginElement(index)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt8) throws {
        let index = try core.activate(serial)
        _ = core.beginElement(index)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt16) throws {
        let index = try core.activate(serial)
        _ = core.beginElement(index)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt32) throws {
        let index = try core.activate(serial)
        _ = core.beginElement(index)
        core.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt64) throws {
        let index = try core.activate(serial)
        _ = core.beginElement(index)
        core.writer.appendInteger(value)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws {
        let index = try core.activate(serial)
        _ = core.beginElement(index)
        core.writer.appendInteger(value)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws {
        let index = try core.activate(serial)
        _ = core.beginElement(index)
        core.writer.appendInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = try core.activate(serial)
        let (element, level) = core.beginElement(index)
        try core.encodeNested(
            value, level: level, component: .index(element), parentEntry: core.nodes[index].childPathEntry)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let nested = core.openNested(kind: .object, in: serial) { core, index in
            let (element, level) = core.beginElement(index)
            return (level, .index(element))
        }
        return core.keyedContainer(nested: nested, keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = core.openNested(kind: .array, in: serial) { core, index in
            let (element, level) = core.beginElement(index)
            return (level, .index(element))
        }
        return PayloadUnkeyedContainer(core: core, serial: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let nested = core.openNested(kind: .pending, in: serial) { core, index in
            let (element, level) = core.beginElement(index)
            return (level, .index(element))
        }
        return EncodingHandle(core: core, serial: nested)
    }
}
