import Foundation

#if canImport(ActivityKit) && os(iOS)
    import ActivityKit
#endif

/// A food delivery's Live Activity: the order (fixed for the activity's life) and its progress.
public struct DeliveryAttributes: Codable, Hashable, Sendable {
    /// What changes while the order travels; the server sends it in every update push.
    public struct ContentState: Codable, Hashable, Sendable {
        public enum Status: String, Codable, CaseIterable, Sendable {
            case preparing, pickedUp, onTheWay, delivered
        }

        public var status: Status
        /// When the courier should arrive; a `Date`, so seconds since 2001 on the wire.
        public var etaDate: Date
        public var courierName: String
        public var stopsAway: Int
        /// A line from the restaurant or courier ("Ring twice"); added in version 1.1.
        public var note: String?

        public init(status: Status, etaDate: Date, courierName: String, stopsAway: Int, note: String? = nil) {
            self.status = status
            self.etaDate = etaDate
            self.courierName = courierName
            self.stopsAway = stopsAway
            self.note = note
        }
    }

    public var orderNumber: String
    public var restaurantName: String
    /// "2× Margherita, 1× Tiramisu", as the Lock Screen shows it.
    public var itemSummary: String

    public init(orderNumber: String, restaurantName: String, itemSummary: String) {
        self.orderNumber = orderNumber
        self.restaurantName = restaurantName
        self.itemSummary = itemSummary
    }
}

#if canImport(ActivityKit) && os(iOS)
    extension DeliveryAttributes: ActivityAttributes {}
#endif
