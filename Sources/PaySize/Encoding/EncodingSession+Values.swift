import Foundation

extension EncodingSession {
    // MARK: Generic values

    /// Encodes a nested value at the current position, whose container (if any) will sit at
    /// `level`; `component` is its key in the coding path (nil inside a single-value container).
    ///
    /// - Parameter scalarsTried: The caller already tried ``encodeScalarValue(_:codingKey:)``.
    func encodeNested<T: Encodable>(
        _ value: T, level: Int, component: EncodingPathComponent?, parentEntry: Int, scalarsTried: Bool = false
    ) throws {
        if try encodeSpecialValue(
            value, level: level, component: component, parentEntry: parentEntry, scalarsTried: scalarsTried)
        {
            return
        }
        let type = UInt(bitPattern: ObjectIdentifier(T.self))
        let typeSlot = framedTypes + Self.framedTypeSlot(type)
        if isPlain || typeSlot.pointee == type {
            let serial = pushNode(
                kind: .pending, isFrame: true, level: level, component: component, parentEntry: parentEntry)
            do {
                try value.encode(to: PayloadValueEncoder(session: self, serial: serial))
            } catch {
                noteError()
                discardNodes(from: serial)
                throw error
            }
            try closeFrame(serial)
            return
        }
        try encodeDeferring(value, level: level, component: component, parentEntry: parentEntry, typeSlot: typeSlot)
    }

    /// ``encodeNested(_:level:component:parentEntry:scalarsTried:)`` with the frame's node
    /// deferred (``deferredSerial``) until the value asks for more than one scalar; a type
    /// whose value does is noted in `typeSlot`, so that its next values get a node at once
    /// (`Encoding/README.md`, assumption 15).
    @inline(never)
    private func encodeDeferring<T: Encodable>(
        _ value: T, level: Int, component: EncodingPathComponent?, parentEntry: Int,
        typeSlot: UnsafeMutablePointer<UInt>
    ) throws {
        // Every caller got here through `activate`, which pushes a deferred frame, so none is
        // pending now.
        assert(deferredSerial < 0, "a deferred frame is pending")
        let serial = nextSerial
        nextSerial &+= 1
        deferredSerial = serial
        deferredPathSerial = serial
        deferredLevel = level
        deferredComponent = component
        deferredParentEntry = parentEntry
        // No write through another container may land while the frame is open: each goes
        // through `activateSlowly`, which pushes the frame, and then finds it above its node.
        topSerial = -2
        do {
            try value.encode(to: PayloadValueEncoder(session: self, serial: serial))
        } catch {
            if deferredPathSerial == serial {
                deferredSerial = -1
                deferredPathSerial = -1
            } else {
                discardNodes(from: serial)
            }
            noteError()
            throw error
        }
        if endDeferredFrame(serial) {
            if needsFallback || errorInFlight { throw fallBack() }
        } else {
            typeSlot.pointee = UInt(bitPattern: ObjectIdentifier(T.self))
            try closeFrame(serial)
        }
    }

    /// The slot of ``framedTypes`` for the type at metadata address `type`.
    @inline(__always)
    static func framedTypeSlot(_ type: UInt) -> Int {
        // Metadata addresses are word-aligned; bits above the alignment spread the slots.
        Int(truncatingIfNeeded: (type &>> 3) ^ (type &>> 8)) & (framedTypeCapacity &- 1)
    }

    /// Ends frame `serial` if it never got a node: writes an empty object for a value that
    /// wrote nothing (as ``closeTopNode()`` does), forgets the frame and makes the innermost
    /// node the one writes go to again.
    ///
    /// - Returns: Whether the frame had no node; false when it has one, for the caller to close.
    @inline(__always)
    private func endDeferredFrame(_ serial: Int) -> Bool {
        if deferredSerial == serial {
            deferredSerial = -1
            writeEmptyObject(level: deferredLevel)
        } else if deferredPathSerial != serial {
            return false
        }
        deferredPathSerial = -1
        topSerialFromStack()
        return true
    }

    /// Pushes the deferred frame's node, where it would have been pushed: nothing was written
    /// or pushed since it was deferred.
    @inline(never)
    func pushDeferredFrame() {
        let serial = deferredSerial
        deferredSerial = -1
        deferredPathSerial = -1
        pushNode(
            kind: .pending, isFrame: true, level: deferredLevel, component: deferredComponent,
            parentEntry: deferredParentEntry, serial: serial)
    }

    /// The types Foundation's `JSONEncoder` writes itself instead of calling `encode(to:)`:
    /// `Date` and `Data` (strategies), `URL` (`absoluteString`), `Decimal` (its `description`) and
    /// `[String: Value]` (keys not converted).
    ///
    /// - Returns: Whether `value` was one of them and is written.
    @inline(__always)
    func encodeSpecialValue<T: Encodable>(
        _ value: T,
        level: Int,
        component: EncodingPathComponent?,
        parentEntry: Int,
        scalarsTried: Bool = false
    ) throws -> Bool {
        if !scalarsTried, try encodeScalarValue(value, codingKey: component.map(codingKey(of:))) { return true }
        if T.self == Date.self, case .custom(let encode) = strategies.values.dateEncodingStrategy {
            // A closure that encodes nothing yields `{}`, even at the top level.
            let date = isPlain ? value as! Date : unsafeBitCast(value, to: Date.self)
            try encodeThroughCustomStrategy(level: level, component: component, parentEntry: parentEntry) {
                try encode(date, $0)
            }
        } else if T.self == Data.self {
            try encodeDataWithNode(
                isPlain ? value as! Data : unsafeBitCast(value, to: Data.self), level: level, component: component,
                parentEntry: parentEntry)
        } else if isPlain
            || (MemoryLayout<T>.size == MemoryLayout<[String: Int]>.size && mayBeStringKeyedDictionary(T.self)),
            let dictionary = value as? any StringKeyedDictionaryEncodable
        {
            // The size test and the list of types known not to be one skip the costly
            // conformance lookup for most types.
            let serial = pushNode(
                kind: .object, isFrame: true, level: level, component: dictionaryComponent(component),
                parentEntry: parentEntry)
            writer.append(UInt8(ascii: "{"))
            try dictionary.encodeEntries(in: self, serial: serial)
            try closeFrame(serial)
        } else {
            return false
        }
        return true
    }

    /// The coding-path step of a `[String: Value]` dictionary written for the member key or
    /// element index `component`.
    ///
    /// Under a key strategy other than the default, Foundation writes such a dictionary itself,
    /// with an encoder whose path is the container's encoder's path plus each entry's key: the
    /// member key or element index the dictionary was written for is left out of the path. An
    /// entry of an enclosing dictionary keeps its key, which Foundation's entry encoder holds.
    @inline(__always)
    private func dictionaryComponent(_ component: EncodingPathComponent?) -> EncodingPathComponent? {
        guard keyMode != .unchanged else { return component }
        if case .borrowedString = component { return component }
        return nil
    }

    /// The special values written in place, without a node of their own: standard types and
    /// `Date` and `Data` under every strategy but a `.custom` one (and `.deferredToData`).
    ///
    /// - Parameter codingKey: The value's last coding-path step, for an error.
    /// - Returns: Whether `value` was one of them and is written.
    @inline(__always)
    func encodeScalarValue<T: Encodable>(_ value: T, codingKey: @autoclosure () -> (any CodingKey)?) throws -> Bool {
        if isPlain { return try encodeScalarValuePlainly(value, codingKey: codingKey()) }
        if T.self == Date.self {
            return try writeDate(unsafeBitCast(value, to: Date.self), codingKey: codingKey())
        } else if T.self == Data.self {
            guard case .base64 = strategies.values.dataEncodingStrategy else { return false }
            writer.appendBase64(unsafeBitCast(value, to: Data.self))
        } else if T.self == URL.self {
            writer.appendQuoted(unsafeBitCast(value, to: URL.self).absoluteString)
        } else if T.self == Decimal.self {
            writer.appendDecimalNumber(unsafeBitCast(value, to: Decimal.self))
        } else if T.self == String.self {
            writer.appendQuoted(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            writer.appendInteger(unsafeBitCast(value, to: Int.self))
        } else if T.self == Bool.self {
            writer.append(unsafeBitCast(value, to: Bool.self) ? "true" : "false")
        } else if T.self == Double.self {
            try writeDouble(unsafeBitCast(value, to: Double.self), codingKey: codingKey())
        } else {
            return false
        }
        return true
    }

    /// ``encodeScalarValue(_:codingKey:)`` on the plain path: the same types, each taken by a
    /// checked cast, and `Decimal` written from its `description`.
    @inline(never)
    private func encodeScalarValuePlainly<T: Encodable>(
        _ value: T, codingKey: @autoclosure () -> (any CodingKey)?
    ) throws -> Bool {
        if T.self == Date.self, let date = value as? Date {
            return try writeDate(date, codingKey: codingKey())
        } else if T.self == Data.self, let data = value as? Data {
            guard case .base64 = strategies.values.dataEncodingStrategy else { return false }
            writer.appendBase64(data)
        } else if T.self == URL.self, let url = value as? URL {
            writer.appendQuoted(url.absoluteString)
        } else if T.self == Decimal.self, let decimal = value as? Decimal {
            writer.appendDecimalDescription(decimal)
        } else if T.self == String.self, let string = value as? String {
            writer.appendQuoted(string)
        } else if T.self == Int.self, let integer = value as? Int {
            writer.appendInteger(integer)
        } else if T.self == Bool.self, let bool = value as? Bool {
            writer.append(bool ? "true" : "false")
        } else if T.self == Double.self, let double = value as? Double {
            try writeDouble(double, codingKey: codingKey())
        } else {
            return false
        }
        return true
    }

    /// False for a type already found not to be a `[String: Value]` dictionary (arrays, mostly,
    /// which have a dictionary's size); true otherwise, and the type is then noted as not one
    /// unless it is.
    @inline(__always)
    private func mayBeStringKeyedDictionary<T>(_ type: T.Type) -> Bool {
        let identifier = ObjectIdentifier(type)
        for known in nonDictionaryTypes where known == identifier { return false }
        if nonDictionaryTypes.count < Self.nonDictionaryTypeLimit && !(type is any StringKeyedDictionaryEncodable.Type)
        {
            nonDictionaryTypes.append(identifier)
        }
        return true
    }

    /// Writes one entry of a `[String: Value]` dictionary, its key as is.
    func encodeStringKeyedEntry<Value: Encodable>(key: String, value: Value, serial: Int) throws {
        let index = try activate(serial)
        let level = beginMember(index, keyString: key, flags: 0)
        let parentEntry = nodes[index].childPathEntry
        try withUnsafePointer(to: key) { key in
            try encodeNested(value, level: level, component: .borrowedString(key), parentEntry: parentEntry)
        }
    }

    // MARK: Floating point

    /// Writes a `Double`, or applies the non-conforming float strategy to NaN and infinities.
    ///
    /// - Parameter codingKey: The value's last coding-path step, for the error.
    @inline(__always)
    func writeDouble(_ value: Double, codingKey: @autoclosure () -> (any CodingKey)?) throws {
        if value.isFinite {
            writer.appendDouble(value)
        } else {
            try writeNonConforming(value, codingKey: codingKey())
        }
    }

    /// Writes a `Float` the same way, as `Float.description` prints it.
    @inline(__always)
    func writeFloat(_ value: Float, codingKey: @autoclosure () -> (any CodingKey)?) throws {
        if value.isFinite {
            writer.appendFloat(value)
        } else {
            try writeNonConforming(value, codingKey: codingKey())
        }
    }

    /// Foundation throws `EncodingError.invalidValue` ("Unable to encode Double.nan directly in
    /// JSON.") unless a `.convertToString` strategy names the strings to write.
    ///
    /// - Parameter convertible: False for the numbers of the `.secondsSince1970` and
    ///   `.millisecondsSince1970` date strategies, which Foundation writes with `.throw`
    ///   whatever the float strategy says.
    func writeNonConforming<F: BinaryFloatingPoint & Sendable>(
        _ value: F, codingKey: (any CodingKey)?, convertible: Bool = true
    ) throws {
        guard convertible,
            case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = strategies.values
                .nonConformingFloatEncodingStrategy
        else {
            let codingPath = codingPath(
                endingAt: nodes.count > 0 ? nodes[nodes.count - 1].childPathEntry : -1, adding: codingKey)
            noteError()
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath, debugDescription: "Unable to encode \(F.self).\(value) directly in JSON.")
            )
        }
        if value.isNaN {
            writer.appendQuoted(nan)
        } else if value > 0 {
            writer.appendQuoted(positiveInfinity)
        } else {
            writer.appendQuoted(negativeInfinity)
        }
    }

    // MARK: Date and Data

    /// A Unix-epoch date number: NaN and infinities always throw, as in Foundation.
    private func writeDateNumber(_ value: Double, codingKey: @autoclosure () -> (any CodingKey)?) throws {
        if value.isFinite {
            writer.appendDouble(value)
        } else {
            try writeNonConforming(value, codingKey: codingKey(), convertible: false)
        }
    }

    /// Writes a `Date` with the date-encoding strategy. `.deferredToDate` is Foundation's default:
    /// seconds since 2001 as a number (<doc:DeviceDecoding>).
    ///
    /// - Returns: False (nothing written) for a `.custom` strategy, which needs a node.
    private func writeDate(_ date: Date, codingKey: @autoclosure () -> (any CodingKey)?) throws -> Bool {
        switch strategies.values.dateEncodingStrategy {
        case .deferredToDate:
            try writeDouble(date.timeIntervalSinceReferenceDate, codingKey: codingKey())
        case .secondsSince1970:
            try writeDateNumber(date.timeIntervalSince1970, codingKey: codingKey())
        case .millisecondsSince1970:
            try writeDateNumber(1000.0 * date.timeIntervalSince1970, codingKey: codingKey())
        case .iso8601:
            writer.appendQuoted(date.formatted(.iso8601))
        #if canImport(Darwin)
            // Elsewhere `.formatted` is a function that builds a `.custom` strategy.
            case .formatted(let formatter):
                writer.appendQuoted(formatter.string(from: date))
        #endif
        case .custom:
            return false
        @unknown default:
            throw fallBack()
        }
        return true
    }

    /// Writes `Data` under the strategies that need a node (`.base64` is a scalar value).
    private func encodeDataWithNode(_ data: Data, level: Int, component: EncodingPathComponent?, parentEntry: Int)
        throws
    {
        switch strategies.values.dataEncodingStrategy {
        case .deferredToData:
            let serial = pushNode(
                kind: .pending, isFrame: true, level: level, component: component, parentEntry: parentEntry)
            try data.encode(to: PayloadValueEncoder(session: self, serial: serial))
            try closeFrame(serial)
        case .custom(let encode):
            try encodeThroughCustomStrategy(level: level, component: component, parentEntry: parentEntry) {
                try encode(data, $0)
            }
        default:
            throw fallBack()
        }
    }

    /// Runs a `.custom` date or data closure on a fresh frame; an error it throws is noted so
    /// the encoder's state stays consistent, as for any failing value.
    private func encodeThroughCustomStrategy(
        level: Int, component: EncodingPathComponent?, parentEntry: Int, _ encode: (PayloadValueEncoder) throws -> Void
    ) throws {
        let serial = pushNode(
            kind: .pending, isFrame: true, level: level, component: component, parentEntry: parentEntry)
        do {
            try encode(PayloadValueEncoder(session: self, serial: serial))
        } catch {
            noteError()
            discardNodes(from: serial)
            throw error
        }
        try closeFrame(serial)
    }
}
