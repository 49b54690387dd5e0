import Foundation
@_spi(Internals) import PaySize

// `encode` reached through a generic helper, the way apps and servers call an encoder:
// `func send<T: Encodable>(_ value: T)`, kept from being inlined or specialized for the value's
// type, so every call goes through the generic entry point with the type's metadata and witness
// table, as a call from another module's generic code does.

/// Sends through PaySize's encoder from unspecialized generic code.
struct PayloadSender {
    let encoder: PayloadEncoder

    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    func send<T: Encodable>(_ value: T) throws -> Int {
        try encoder.encode(value).count
    }
}

/// Sends through Foundation's encoder from unspecialized generic code.
struct FoundationSender {
    let encoder: JSONEncoder

    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    func send<T: Encodable>(_ value: T) throws -> Int {
        try encoder.encode(value).count
    }
}

/// Times `value` four ways, in this order: `JSONEncoder` and `PayloadEncoder` called directly
/// (`.sortedKeys` both), then each through its sender.
func measureGenericEntry<T: Encodable>(_ name: String, _ value: T) throws -> FixtureResult {
    let encoders = ComparedEncoders()
    let foundation = encoders.foundationSorted
    let payload = encoders.payloadSorted
    let foundationSender = FoundationSender(encoder: foundation)
    let payloadSender = PayloadSender(encoder: payload)
    let expected = try foundation.encode(value)
    guard try payload.encode(value) == expected, try payloadSender.send(value) == expected.count else {
        FileHandle.standardError.write(Data("error: \(name): PayloadEncoder output differs from JSONEncoder\n".utf8))
        exit(1)
    }
    let (medians, sink) = try timeRoundRobin([
        Variant(name: "JSONEncoder direct") { try foundation.encode(value).count },
        Variant(name: "PayloadEncoder direct") { try payload.encode(value).count },
        Variant(name: "JSONEncoder through send") { try foundationSender.send(value) },
        Variant(name: "PayloadEncoder through send") { try payloadSender.send(value) },
    ])
    return FixtureResult(fixture: name, byteCount: expected.count, medians: medians, checksum: sink)
}
