import Testing

@_spi(Internals) @testable import PaySize

/// `EnumCases` lists an enum's cases by bit-casting 0, 1, 2, … to `T?` until `nil`: a payload-free
/// enum stores its case number in one byte, and the first number past the last case is its
/// `Optional`'s `nil`. These fail if that layout ever changes.
@Suite("EnumCases lists cases through the one-byte layout")
struct EnumCasesTests {
    enum Three: Equatable { case first, second, third }
    enum Only: Equatable { case only }
    enum Keys: String, CodingKey {
        case eta
        case driverName = "driver_name"
        case stops
    }
    struct Flag { var on: Bool }
    enum Iterable: CaseIterable, Equatable { case up, down }

    @Test("every case of a payload-free enum, in declaration order, and nothing past them")
    func payloadFreeEnum() {
        #expect(EnumCases.values(of: Three.self) == [.first, .second, .third])
        #expect(EnumCases.values(of: Only.self) == [.only])
    }

    @Test("Optional's nil is the number right after the last case")
    func optionalNilFollowsLastCase() {
        #expect(MemoryLayout<Three?>.size == 1)
        #expect(unsafeBitCast(UInt8(3), to: Three?.self) == nil)
        #expect(unsafeBitCast(UInt8(2), to: Three?.self) == .third)
    }

    @Test("a one-byte struct is not an enum, and is not listed")
    func oneByteStruct() {
        #expect(EnumCases.values(of: Flag.self) == nil)
    }

    @Test("CaseIterable types list allCases; CodingKeys list their string values")
    func iterableAndNames() {
        #expect(EnumCases.values(of: Iterable.self) == [.up, .down])
        #expect(EnumCases.names(of: Keys.self) == ["eta", "driver_name", "stops"])
    }
}
