/// The `Encoder` that ``PayloadEncoder`` hands to `encode(to:)`: a reference to the call's
/// ``EncodingCore`` and the serial of the slot it encodes into.
///
/// Two words, so passing it as `any Encoder` does not allocate.
struct EncodingHandle: Encoder {
    let core: EncodingCore
    let serial: Int

    var codingPath: [any CodingKey] { core.codingPath(ofNode: serial) }

    var userInfo: [CodingUserInfoKey: Any] { core.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        core.keyedContainer(opening: serial, keyedBy: type)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        core.openArray(serial)
        return PayloadUnkeyedContainer(core: core, serial: serial)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        PayloadSingleValueContainer(core: core, serial: serial)
    }
}
