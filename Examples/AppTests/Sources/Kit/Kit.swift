// A module named `Kit` holding a type named `Kit` and a generic one, as shared UI kits do.

/// A type named like its module.
public struct Kit: Codable, Hashable, Sendable {
    public struct ContentState: Codable, Hashable, Sendable {
        public var progress: Double

        public init(progress: Double) {
            self.progress = progress
        }
    }
}

/// A generic activity wrapper with a content state nested in it.
public struct Tracked<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public struct ContentState: Codable, Hashable, Sendable {
        public var value: Value

        public init(value: Value) {
            self.value = value
        }
    }
}
