import Foundation
import FuzzCommon
@_spi(Internals) import PaySize

// Arbitrary bytes → JSONScanner. The scanner must never crash; what it accepts must satisfy the
// tree invariants (ElementInvariants), and it must agree with Foundation's JSONSerialization on
// which texts are JSON, except for the differences KnownDisagreement lists.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)

    let scanned: Result<JSONElement, JSONScanError>
    do {
        scanned = .success(try JSONScanner.scan(bytes, duplicateKeys: .allow))
    } catch let error as JSONScanError {
        scanned = .failure(error)
    } catch {
        fatalError("JSONScanner threw a non-JSONScanError: \(error)")
    }

    switch scanned {
    case .success(let root):
        let depth = ElementInvariants.check(root, input: bytes)
        checkPolicies(root, depth: depth, bytes: bytes)
    case .failure(let error):
        checkError(error, bytes: bytes)
    }

    let foundation = FoundationJSON.parse(bytes)
    switch (scanned, foundation) {
    case (.success(let root), .success(let object)):
        if let difference = FoundationJSON.difference(between: root, and: object, input: bytes) {
            fatalError("JSONScanner and Foundation read different values: \(difference)")
        }
    case (.success(let root), .failure(let error)):
        if KnownDisagreement.foundationRefuses(root) == nil {
            fatalError("JSONScanner accepted what Foundation refuses (\(error))")
        }
    case (.failure(let error), .success):
        if KnownDisagreement.scannerRefuses(bytes, error: error) == nil {
            fatalError("JSONScanner refused what Foundation accepts: \(error)")
        }
    case (.failure, .failure):
        break
    }
    return 0
}

/// The duplicate-key policy and the depth limit change only what they say they change.
private func checkPolicies(_ root: JSONElement, depth: Int, bytes: [UInt8]) {
    FuzzFailure.expect(depth <= JSONScanner.defaultMaximumDepth, "accepted depth \(depth) past the default limit")
    do {
        let strict = try JSONScanner.scan(bytes)
        FuzzFailure.expect(strict == root, "rejecting duplicates changed the tree of a text without them")
    } catch let error as JSONScanError {
        FuzzFailure.expect(error.isDuplicateKey, "rejecting duplicates failed with another error: \(error)")
    } catch {
        fatalError("non-JSONScanError \(error)")
    }
    guard depth > 0 else { return }
    // Exactly `depth` levels are needed: one fewer must fail with the depth error, and nothing else.
    do {
        _ = try JSONScanner.scan(bytes, maximumDepth: depth - 1, duplicateKeys: .allow)
        fatalError("depth \(depth) accepted with maximumDepth \(depth - 1)")
    } catch let error as JSONScanError {
        FuzzFailure.expect(error.isDepthLimit, "maximumDepth \(depth - 1) failed with another error: \(error)")
    } catch {
        fatalError("non-JSONScanError \(error)")
    }
    do {
        let exact = try JSONScanner.scan(bytes, maximumDepth: depth, duplicateKeys: .allow)
        FuzzFailure.expect(exact == root, "maximumDepth \(depth) changed the tree")
    } catch {
        fatalError("depth \(depth) refused with maximumDepth \(depth): \(error)")
    }
}

/// An error points into the input (or just past it) and renders as one line.
private func checkError(_ error: JSONScanError, bytes: [UInt8]) {
    FuzzFailure.expect(
        error.byteOffset >= 0 && error.byteOffset <= bytes.count,
        "error offset \(error.byteOffset) outside 0...\(bytes.count)")
    // Line and column, counted here independently: lines start after each `\n`, columns count bytes.
    let before = bytes[..<error.byteOffset]
    let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
    let column = error.byteOffset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
    FuzzFailure.expect(
        error.line == line && error.column == column,
        "error location \(error.line):\(error.column) vs \(line):\(column)")
    // The duplicate-key policy only adds errors: a text refused with `.allow` is refused by default too.
    do {
        _ = try JSONScanner.scan(bytes)
        fatalError("default policy accepted what .allow refused: \(error)")
    } catch {}
}
