import Foundation
import FuzzCommon
@_spi(Internals) import PaySize

// Fuzz bytes → a realistic content state (States.swift) →
// - ContentStateRoundTrip.check with a default JSONEncoder: faithful exactly when Foundation's
//   own encode → decode gives back an equal value (NaN never does: NaN != NaN; infinities do
//   not encode); with `.secondsSince1970` or `.convertToSnakeCase`: never faithful (every state
//   has a Date and camelCase keys), unless the date shift is lost to rounding;
// - LiveActivityPush.update → encoded(): the checker finds no error, the report's figures are
//   the bytes' and PayloadEncoder's, the inferred contract drops nothing, and JSONDecoder gets
//   the state back from the bytes of `aps.content-state`.

/// Schemas inferred once per type, for the contract check.
private let deliveryChecker = PayloadChecker(contract: PayloadContract(contentState: .infer(from: DeliveryState.self)))
private let scoreChecker = PayloadChecker(contract: PayloadContract(contentState: .infer(from: ScoreState.self)))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzBytes(FuzzInput.bytes(start, count))
    let timestamp = Int(input.integer(UInt32.self))
    if input.byte() & 1 == 0 {
        check(DeliveryState(&input), timestamp: timestamp, contractChecker: deliveryChecker)
    } else {
        check(ScoreState(&input), timestamp: timestamp, contractChecker: scoreChecker)
    }
    return 0
}

private func check<State: FuzzState>(_ state: State, timestamp: Int, contractChecker: PayloadChecker) {
    // Foundation's own verdict: does the state survive its encoder and decoder?
    let survives: Bool
    if let data = try? JSONEncoder().encode(state), let back = try? JSONDecoder().decode(State.self, from: data) {
        survives = back == state
    } else {
        survives = false
    }

    let plain = ContentStateRoundTrip.check(state, timestamp: timestamp)
    FuzzFailure.expect(
        plain.isFaithful == survives,
        "default JSONEncoder: round trip says \(plain) but Foundation \(survives ? "round-trips" : "does not round-trip") \(state)"
    )
    checkResult(plain)

    let unix = JSONEncoder()
    unix.dateEncodingStrategy = .secondsSince1970
    let unixResult = ContentStateRoundTrip.check(state, encoder: unix, timestamp: timestamp)
    // Unix seconds are 978307200 more than seconds since 2001; the device reads them as the latter.
    let shifts = state.dates.contains { $0.timeIntervalSince1970 != $0.timeIntervalSinceReferenceDate }
    if survives && shifts {
        FuzzFailure.expect(!unixResult.isFaithful, ".secondsSince1970 reported faithful for \(state)")
    }
    checkResult(unixResult)

    let snake = JSONEncoder()
    snake.keyEncodingStrategy = .convertToSnakeCase
    let snakeResult = ContentStateRoundTrip.check(state, encoder: snake, timestamp: timestamp)
    FuzzFailure.expect(!snakeResult.isFaithful, ".convertToSnakeCase reported faithful for \(state)")
    checkResult(snakeResult)

    checkPush(state, timestamp: timestamp, survives: survives, contractChecker: contractChecker)
}

/// A result that is not faithful says where and why, and its finding points into its payload.
private func checkResult(_ result: RoundTripResult) {
    if result.isFaithful {
        FuzzFailure.expect(result.path == nil && result.finding == nil, "a faithful result has a path or finding")
        return
    }
    FuzzFailure.expect(result.path != nil, "an unfaithful result has no path: \(result)")
    guard let finding = result.finding else { fatalError("an unfaithful result has no finding: \(result)") }
    FuzzFailure.expect(
        !finding.description.unicodeScalars.contains { $0 == "\n" || $0 == "\r" },
        "the finding spans lines: \(finding.description.debugDescription)")
    if let offset = finding.byteOffset {
        FuzzFailure.expect(
            result.payload.indices.contains(offset),
            "finding offset \(offset) outside the \(result.payload.count)-byte payload")
    }
}

private func checkPush<State: FuzzState>(
    _ state: State, timestamp: Int, survives: Bool, contractChecker: PayloadChecker
) {
    let push = LiveActivityPush<State, Never>.update(
        contentState: state, timestamp: Date(timeIntervalSince1970: Double(timestamp)))
    let encoded: EncodedLiveActivityPush
    do {
        encoded = try push.encoded()
    } catch let error as LiveActivityPushError {
        FuzzFailure.expect(
            error.report.payloadByteCount > error.report.budget.limit,
            "encoded() refused a push under the limit: \(error)")
        return
    } catch is EncodingError {
        // NaN or an infinity: Foundation cannot encode the state either.
        FuzzFailure.expect(
            (try? JSONEncoder().encode(state)) == nil, "PayloadEncoder threw where JSONEncoder encodes \(state)")
        return
    } catch {
        fatalError("encoded() threw \(error)")
    }
    let bytes = encoded.bytes
    let root: JSONElement
    let report: PayloadReport
    do {
        root = try JSONScanner.scan(bytes)
        report = try PayloadChecker().check(bytes)
    } catch {
        fatalError("the push body is not JSON: \(error)\n\(String(decoding: bytes, as: UTF8.self))")
    }
    let errors = report.findings.filter { $0.severity == .error }
    FuzzFailure.expect(errors.isEmpty, "the checker finds errors in a built push: \(errors.map(\.message))")
    FuzzFailure.expect(
        report.payloadByteCount == bytes.count, "payloadByteCount \(report.payloadByteCount) != \(bytes.count)")
    FuzzFailure.expect(
        encoded.report.payloadByteCount == bytes.count,
        "encoded report's payloadByteCount \(encoded.report.payloadByteCount) != \(bytes.count)")
    let size: Int
    do {
        size = try PayloadEncoder().encodedSize(of: state)
    } catch {
        fatalError("encodedSize threw for a state encoded() accepted: \(error)")
    }
    FuzzFailure.expect(
        report.contentStateByteCount == size,
        "checker's contentStateByteCount \(String(describing: report.contentStateByteCount)) != encodedSize \(size)")
    FuzzFailure.expect(
        encoded.report.contentStateByteCount == size,
        "push report's contentStateByteCount \(String(describing: encoded.report.contentStateByteCount)) != encodedSize \(size)"
    )

    guard let contentState = root["aps"]?["content-state"] else { fatalError("the push has no aps.content-state") }
    let slice = Data(bytes[contentState.byteRange])
    FuzzFailure.expect(
        Array(slice) == (try? PayloadEncoder().encodeBytes(state)),
        "aps.content-state is not PayloadEncoder's bytes for the state")
    do {
        let decoded = try JSONDecoder().decode(State.self, from: slice)
        if survives {
            FuzzFailure.expect(decoded == state, "JSONDecoder reads \(decoded) from the push, not \(state)")
        }
    } catch {
        fatalError(
            "JSONDecoder cannot read the push's content-state (\(error)): \(String(decoding: slice, as: UTF8.self))")
    }
    if survives {
        let withContract = try? contractChecker.check(bytes)
        let dropped = withContract?.findings.filter { $0.severity == .error } ?? []
        FuzzFailure.expect(
            withContract != nil && dropped.isEmpty,
            "the inferred contract drops a faithful state: \(dropped.map(\.message))")
    }
}
