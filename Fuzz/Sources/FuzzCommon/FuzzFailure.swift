/// Stops the fuzz run on a broken invariant, so libFuzzer saves the input as a crash.
///
/// `fatalError` keeps its message in release builds and traps; libFuzzer reports the trap as a
/// "deadly signal", writes the input to `artifacts/` and exits non-zero.
package enum FuzzFailure {
    /// Stops unless `condition` holds.
    ///
    /// - Parameters:
    ///   - condition: The invariant.
    ///   - message: What broke, printed before the trap; built only on failure.
    package static func expect(
        _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
    ) {
        if !condition { fatalError("fuzz invariant failed: " + message(), file: file, line: line) }
    }
}
