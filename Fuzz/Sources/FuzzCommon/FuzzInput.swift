/// Turns libFuzzer's raw input into the shapes the targets feed to PaySize.
package enum FuzzInput {
    /// Copies the input libFuzzer passes to `LLVMFuzzerTestOneInput`.
    ///
    /// libFuzzer may pass a null pointer with a count of 0 for the empty input.
    package static func bytes(_ start: UnsafeRawPointer?, _ count: Int) -> [UInt8] {
        guard let start, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }
}
