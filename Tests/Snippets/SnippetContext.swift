// The names the documentation's snippets take as given ("a state", "the payload"), declared once
// so Tests/Snippets/check_snippets.py can compile every snippet. A snippet that needs a new name
// gets it here, with a value of the type the prose implies.
import Foundation
import PaySize

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A delivery's content state, as the articles' examples use it.
public struct DeliveryState: Codable, Hashable, Sendable {
    public var etaDate: Date
    public var courierName: String

    public init(etaDate: Date, courierName: String) {
        self.etaDate = etaDate
        self.courierName = courierName
    }

    public static let largest = DeliveryState(etaDate: Date(), courierName: String(repeating: "x", count: 60))
}

/// A delivery's attributes.
public struct DeliveryAttributes: Codable, Hashable, Sendable {
    public typealias ContentState = DeliveryState
    public var orderNumber: String

    public init(orderNumber: String) { self.orderNumber = orderNumber }

    public static let largest = DeliveryAttributes(orderNumber: String(repeating: "9", count: 20))
}

/// The order of the worst-case bound article: a title, and items of a name and a quantity.
public struct OrderState: Codable, Sendable {
    public struct Item: Codable, Sendable {
        public var name: String
        public var quantity: UInt8
    }

    public var title: String
    public var items: [Item]
}

public typealias State = DeliveryState

public let state = DeliveryState(etaDate: Date(timeIntervalSince1970: 1_764_504_300), courierName: "Ana")
public let expectedState = state
public let worstCase = DeliveryState.largest
public let attributes = DeliveryAttributes(orderNumber: "A-1042")
public let eta = state.etaDate
public let noon = Date(timeIntervalSince1970: 1_764_504_000)
public let minutes = 15
public let orderID = 1042
public let jwt = "a provider token"
public let payload: [UInt8] = Array(#"{"aps":{}}"#.utf8)
public let earlierPayloads: [[UInt8]] = []
public let body = Data(payload)
public let samplePayload = #"{"etaDate":786197100,"courierName":"Ana"}"#
public let releasedSchemaURL = URL(fileURLWithPath: "Schemas/delivery.schema.json")
public let serverEncoder = JSONEncoder()
nonisolated(unsafe) public var request = URLRequest(url: URL(string: "https://api.push.apple.com")!)

public func send(_ body: [UInt8], _ headers: [String: String]) {}
public func log(_ items: Any...) {}
