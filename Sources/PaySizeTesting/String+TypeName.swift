import Foundation

extension String {
    /// A type's name without module names, nesting kept: `DeliveryAttributes.ContentState`, so
    /// two `ContentState` types of different activities get different schema snapshot files.
    init(typeName type: Any.Type) {
        let reflected = String(reflecting: type)
        // A type declared inside a function reflects as `Module.(unknown context at $…).Name`.
        guard !reflected.contains("(unknown context"), let dot = reflected.firstIndex(of: ".") else {
            self = String(describing: type)
            return
        }
        let module = String(reflected[...dot])
        self = reflected.replacingOccurrences(of: module, with: "").replacingOccurrences(of: "Swift.", with: "")
    }
}
