// A Swift server-side sender using PaySize's push builder. No network: it prints the headers
// and the body it would send over HTTP/2 to APNs, and the size report on standard error.
//
//     swift run ServerSenderExample | tail -n 1 | paysize check -

import Foundation
import PaySize

/// The app's content state, shared with (or mirrored from) the app target.
struct DeliveryState: Codable {
    enum Status: String, Codable { case preparing, pickedUp, onTheWay, delivered }
    var status: Status
    var courierName: String
    /// Encoded by the builder with the device's default strategy: seconds since 2001.
    var etaDate: Date
    var itemCount: Int
}

struct DeliveryAttributes: Codable {
    var orderNumber: String
    var restaurantName: String
}

let now = Date(timeIntervalSince1970: 1_764_500_400)
let state = DeliveryState(status: .onTheWay, courierName: "Sam", etaDate: now.addingTimeInterval(900), itemCount: 3)
let push = LiveActivityPush<DeliveryState, Never>.update(
    contentState: state,
    timestamp: now,
    staleDate: now.addingTimeInterval(1800),
    alert: LiveActivityAlert(
        title: "On the way", body: .localized(key: "delivery.eta", arguments: ["15"]), sound: "default"),
    relevanceScore: 100)

do {
    let encoded = try push.encoded()
    for field in push.headers(bundleIdentifier: "com.example.Deliveries").fields {
        print("\(field.name): \(field.value)")
    }
    print("")
    print(String(decoding: encoded.bytes, as: UTF8.self))
    let report = encoded.report
    FileHandle.standardError.write(
        Data("\(report.payloadByteCount) bytes, \(report.tier) (advisory), \(report.headroom) bytes of headroom\n".utf8)
    )
} catch let error as LiveActivityPushError {
    // The report says how far over the limit the payload is; log it and shrink the state.
    FileHandle.standardError.write(Data("not sent: \(error) (\(error.report.payloadByteCount) bytes)\n".utf8))
    exit(1)
}
