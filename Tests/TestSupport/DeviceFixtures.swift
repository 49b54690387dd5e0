/// Content states whose size as the device writes them is known, shared by the tests of the
/// library and of the command line.
public enum DeviceFixtures {
    /// A content state of 2027 bytes holding 200 values of `1.91`, as forum thread 845605
    /// reports: 4827 bytes as the Objective-C writer writes it, 2027 as the Swift writer does.
    public static let forumState =
        #"{"values":["# + Array(repeating: "1.91", count: 200).joined(separator: ",") + #"],"note":""#
        + String(repeating: "x", count: 1005) + #""}"#

    /// The start of an update push, up to its content state; `}}` closes it.
    public static let updateHead = #"{"aps":{"timestamp":1764500400,"event":"update","content-state":"#

    /// An update push of `state`, on one line.
    public static func update(_ state: String) -> String {
        updateHead + state + "}}"
    }
}
