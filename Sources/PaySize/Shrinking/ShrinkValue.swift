@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// A value inside the app's regions of a payload, with where it sits.
struct ShrinkValue: Sendable {
    /// The concrete path (array indices kept).
    var path: JSONPointer
    var element: JSONElement
    /// The app region it belongs to, such as `/aps/content-state`.
    var region: JSONPointer

    /// Every value inside `regions` of `payload`, the regions' roots included, in document order.
    static func all(in payload: JSONElement, regions: [JSONPointer]) -> [ShrinkValue] {
        var values: [ShrinkValue] = []
        for region in regions {
            guard let root = payload.descendant(at: region) else { continue }
            var stack = [(region, root)]
            while let (path, element) = stack.popLast() {
                values.append(ShrinkValue(path: path, element: element, region: region))
                switch element.content {
                case .object(let members):
                    for member in members.reversed() { stack.append((path.appending(.key(member.key)), member.value)) }
                case .array(let elements):
                    for (index, child) in elements.enumerated().reversed() {
                        stack.append((path.appending(.index(index)), child))
                    }
                default:
                    break
                }
            }
        }
        return values
    }
}
