import PaySize

/// One member of a measured value and its compact size: key, quotes, colon and value.
public struct FieldSize: Sendable, Equatable, CustomStringConvertible {
    /// Which part of an activity the field belongs to (`attributes` or `content state`) when
    /// both were measured together; `nil` otherwise.
    public var part: String?
    /// Where the field is, for example `/legs` or `/aps/content-state/legs`.
    public var path: JSONPointer
    /// Its compact size: `"key":value`, without the comma that separates it from the next.
    public var byteCount: Int

    /// Creates a field size.
    public init(part: String? = nil, path: JSONPointer, byteCount: Int) {
        self.part = part
        self.path = path
        self.byteCount = byteCount
    }

    /// `/legs 2811 bytes`, or `content state /legs 2811 bytes` when the part is named.
    public var description: String {
        (part.map { "\($0) " } ?? "") + "\(path) \(byteCount) bytes"
    }

    /// The members of `object` (nothing when it is not an object), at `path` within their part.
    static func members(of object: JSONElement, at path: JSONPointer = .root, part: String? = nil) -> [FieldSize] {
        (object.members ?? []).map { field($0, in: path, part: part) }
    }

    /// The fields of an APNs payload: the members of `aps.content-state` and `aps.attributes`,
    /// the other members of `aps`, and the members beside `aps`.
    static func payloadFields(of root: JSONElement) -> [FieldSize] {
        var fields: [FieldSize] = []
        for member in root.members ?? [] {
            guard member.key == "aps", let apsMembers = member.value.members else {
                fields.append(field(member, in: .root))
                continue
            }
            let aps = JSONPointer("aps")
            for apsMember in apsMembers {
                if apsMember.key == "content-state" || apsMember.key == "attributes", apsMember.value.members != nil {
                    fields += members(of: apsMember.value, at: aps.appending(apsMember.key))
                } else {
                    fields.append(field(apsMember, in: aps))
                }
            }
        }
        return fields
    }

    /// The `count` largest of `fields`, largest first; equal sizes keep their order.
    static func largest(_ fields: [FieldSize], count: Int = 3) -> [FieldSize] {
        let ranked = fields.enumerated().sorted {
            $0.element.byteCount != $1.element.byteCount
                ? $0.element.byteCount > $1.element.byteCount : $0.offset < $1.offset
        }
        return ranked.prefix(count).map(\.element)
    }

    private static func field(_ member: JSONMember, in object: JSONPointer, part: String? = nil) -> FieldSize {
        // The key token as written (quotes and escapes included), the colon, the compact value.
        FieldSize(
            part: part, path: object.appending(member.key),
            byteCount: member.keyRange.count + 1 + member.value.compactByteCount)
    }
}
