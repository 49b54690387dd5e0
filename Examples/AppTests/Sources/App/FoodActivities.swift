// Two activities of one app, in a module named `App`: their content states are
// `FoodApp.ContentState` and `HappyApp.ContentState`, and their snapshot files say so.

/// A meal order's Live Activity.
public enum FoodApp {
    public struct ContentState: Codable, Hashable, Sendable {
        public var dish: String
        public var minutesLeft: Int

        public init(dish: String, minutesLeft: Int) {
            self.dish = dish
            self.minutesLeft = minutesLeft
        }
    }
}

/// A mood tracker's Live Activity.
public enum HappyApp {
    public struct ContentState: Codable, Hashable, Sendable {
        public var mood: String

        public init(mood: String) {
            self.mood = mood
        }
    }
}

/// A type named like its module.
public struct App: Codable, Hashable, Sendable {
    public struct ContentState: Codable, Hashable, Sendable {
        public var screen: String

        public init(screen: String) {
            self.screen = screen
        }
    }
}
