/// Thrown by a ``DecodingTracer`` when it cannot produce a value for the type being decoded, so the
/// caller's `init(from:)` stops there.
struct InferenceStop: Error, CustomStringConvertible {
    let description: String
}
