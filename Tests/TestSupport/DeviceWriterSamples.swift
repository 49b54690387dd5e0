/// Data points of the Objective-C writer that several test targets check: the public reports'
/// numbers and the forum's over-limit content state.
public enum DeviceWriterSamples {
    /// The data points of the public reports, as `JSONSerialization` writes them (C's `%.17g`).
    public static let publishedPoints: [(Double, String)] = [
        (1.1, "1.1000000000000001"),
        (0.1, "0.10000000000000001"),
        (4.18, "4.1799999999999997"),
        (129.9, "129.90000000000001"),
        (1.91, "1.9099999999999999"),
        (139.745438, "139.74543800000001"),
        (Double(Float(3.14)), "3.1400001049041748"),
        (1e-7, "9.9999999999999995e-08"),
        (Double.leastNonzeroMagnitude, "4.9406564584124654e-324"),  // 5e-324
        (1e16, "10000000000000000"),
        (1e17, "1e+17"),
        (3.0, "3"),
        (-0.0, "-0"),
        (0.53, "0.53000000000000003"),
        (0.53125, "0.53125"),
        (37.77496337890625, "37.77496337890625"),
    ]

    /// A content state of 2027 bytes holding 200 values of `1.91`, as forum thread 845605
    /// reports: 4827 bytes as the Objective-C writer writes it.
    public static let forumState =
        #"{"values":["# + Array(repeating: "1.91", count: 200).joined(separator: ",") + #"],"note":""#
        + String(repeating: "x", count: 1005) + #""}"#
}
