import Foundation

extension EncodingSession {
    // MARK: Opening containers

    /// Turns node `serial` into an object (or continues the one it already is, as Foundation
    /// does when `container(keyedBy:)` is called twice on one encoder).
    ///
    /// - Returns: The slot of the key table the object uses, or -1.
    @discardableResult
    func openObject<Key: CodingKey>(_ serial: Int, keyedBy type: Key.Type) -> Int {
        guard let index = openContainer(serial, as: .object, bracket: UInt8(ascii: "{")) else { return -1 }
        nodes[index].memberBase = members.count
        return attachKeyTable(type, to: index)
    }

    /// Turns node `serial` into a container of `kind` and writes its opening bracket.
    ///
    /// - Returns: The node's index when it was opened now; `nil` when it already was one (it
    ///   continues) or cannot become one (the call falls back to Foundation).
    private func openContainer(_ serial: Int, as kind: EncodingNode.Kind, bracket: UInt8) -> Int? {
        // A deferred frame's value asking for a container, the usual way out of deferral: its
        // node pushed here puts `activate` on its fast path (`activateSlowly` would push it too).
        if serial == deferredSerial { pushDeferredFrame() }
        guard let index = try? activate(serial) else { return nil }
        switch nodes[index].kind {
        case kind:
            return nil
        case .pending:
            break
        case .single where nodes[index].count == 0:
            break
        default:
            needsFallback = true
            return nil
        }
        nodes[index].kind = kind
        noteContainer(at: nodes[index].level)
        writer.append(bracket)
        return index
    }

    /// Turns node `serial` into an array (or continues it).
    func openArray(_ serial: Int) {
        _ = openContainer(serial, as: .array, bracket: UInt8(ascii: "["))
    }

    // MARK: Nested containers and super encoders

    /// Opens a nested container or super encoder inside node `serial`; `begin` writes the member
    /// key or element separator and returns the nested value's level and coding-path step.
    ///
    /// The nested node is not a frame: it closes implicitly when its parent is written to again.
    ///
    /// - Returns: The nested node's serial (an unused serial after a fallback).
    func openNested(
        kind: EncodingNode.Kind,
        in serial: Int,
        begin: (EncodingSession, Int) -> (level: Int, component: EncodingPathComponent)
    ) -> Int {
        guard let index = try? activate(serial) else {
            nextSerial += 1
            return nextSerial - 1
        }
        let (level, component) = begin(self, index)
        // A nested container's own path is its parent container's whole path plus its key, but
        // values written through it hang off the encoder's path (``EncodingPathEntry``); a super
        // encoder's path is the encoder's path plus its key.
        let encoderEntry = nodes[index].childPathEntry
        let nested = pushNode(
            kind: kind,
            isFrame: false,
            level: level,
            component: component,
            parentEntry: kind == .pending ? encoderEntry : nodes[index].pathEntry,
            childPathEntry: kind == .pending ? nil : encoderEntry
        )
        switch kind {
        case .object: writer.append(UInt8(ascii: "{"))
        case .array: writer.append(UInt8(ascii: "["))
        case .pending, .single: break
        }
        return nested
    }

    /// Claims node `serial` for one scalar that cannot fail to encode (no coding path is
    /// read): a deferred frame takes it without a node.
    @inline(__always)
    func beginSingleScalar(_ serial: Int) throws {
        if serial == deferredSerial {
            deferredSerial = -1
            return
        }
        try beginSingleValue(serial)
    }

    /// Claims node `serial` for a number: a finite one as a scalar (it cannot fail), a
    /// non-finite one with its node, for the coding path of the error it may throw.
    @inline(__always)
    func beginSingleNumber(_ serial: Int, isFinite: Bool) throws {
        if isFinite { try beginSingleScalar(serial) } else { try beginSingleValue(serial) }
    }

    /// Claims node `serial` for one single value.
    ///
    /// - Returns: The level for a nested value's container (a single value adds no nesting) and
    ///   the path step it hangs off.
    @discardableResult
    func beginSingleValue(_ serial: Int) throws -> (level: Int, pathEntry: Int) {
        let index = try activate(serial)
        switch nodes[index].kind {
        case .pending:
            break
        case .single where nodes[index].count == 0:
            break
        default:
            // Foundation traps here ("Attempt to encode value through single value container
            // when previously value already encoded."); let it decide.
            throw fallBack()
        }
        nodes[index].kind = .single
        nodes[index].count = 1
        return (nodes[index].level, nodes[index].childPathEntry)
    }
}
