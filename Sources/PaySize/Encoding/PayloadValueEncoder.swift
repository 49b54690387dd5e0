/// The `Encoder` that ``PayloadEncoder`` hands to `encode(to:)`: a reference to the call's
/// ``EncodingSession`` and the serial of the slot it encodes into.
///
/// Two words, so passing it as `any Encoder` does not allocate.
struct PayloadValueEncoder: Encoder {
    let session: EncodingSession
    let serial: Int

    var codingPath: [any CodingKey] { session.codingPath(ofNode: serial) }

    var userInfo: [CodingUserInfoKey: Any] { session.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        session.keyedContainer(opening: serial, keyedBy: type)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        session.openArray(serial)
        return PayloadUnkeyedContainer(session: session, serial: serial)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        PayloadSingleValueContainer(session: session, serial: serial)
    }
}
