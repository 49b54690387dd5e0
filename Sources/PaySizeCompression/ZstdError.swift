import Foundation

/// An error from compressing, decompressing, reading a compressed stream or training a dictionary.
///
/// The error carries data (the zstd error name, the output cap, the declared size) and builds one
/// line of text from it for ``description``, such as
/// `decompressed size 104857600 bytes exceeds the output cap of 1048576 bytes`.
///
/// New kinds of failure may be added; they are cases of a private code, so adding one breaks no
/// caller's `switch`. Compare with the `is…` properties or read the data.
public struct ZstdError: Error, Sendable, Hashable, CustomStringConvertible {
    enum Code: Sendable, Hashable {
        /// A zstd function returned an error code; the payload is `ZSTD_getErrorName`'s text.
        case library(name: String)
        /// The frames' declared content sizes add up to more than the cap (refused before decoding).
        case declaredSizeExceedsCap(declared: Int, cap: Int)
        /// Decoded output passed the cap while decoding (frames without a declared size).
        case outputExceedsCap(cap: Int)
        /// The input ended inside a frame.
        case truncatedInput
        /// A frame's header declares a content size that its blocks do not hold.
        case contentSizeMismatch(declared: UInt64, decoded: UInt64)
        /// A zstd context could not be allocated.
        case outOfMemory
        /// Fewer samples than dictionary training can work with.
        case tooFewSamples(count: Int, minimum: Int)
        /// The samples zstd trains on (the first three quarters) hold too few bytes.
        case tooLittleSampleData(byteCount: Int, sampleCount: Int, minimum: Int)
        /// `ZDICT_trainFromBuffer` failed; the payload is `ZDICT_getErrorName`'s text.
        case trainingFailed(name: String, sampleCount: Int, sampleByteCount: Int)
        /// `open(2)` failed.
        case cannotOpen(path: String, errno: Int32)
        /// `read(2)` failed.
        case readFailed(errno: Int32)
        /// A line of decompressed text is longer than the line limit.
        case lineTooLong(limit: Int)
        /// A frame asks for a larger window than the decoder allows (`ZSTD_d_windowLogMax`).
        case windowTooLarge(maximumWindowLog: Int)
    }

    let code: Code

    init(_ code: Code) {
        self.code = code
    }

    /// The text of zstd's (or zdict's) error name, verbatim, when zstd reported the failure.
    ///
    /// For example `Unknown frame descriptor` or `Data corruption detected`.
    public var zstdErrorName: String? {
        switch code {
        case .library(let name), .trainingFailed(let name, _, _): name
        default: nil
        }
    }

    /// The output cap in bytes that decompression refused to pass, if that is why it failed.
    public var outputCap: Int? {
        switch code {
        case .declaredSizeExceedsCap(_, let cap), .outputExceedsCap(let cap): cap
        default: nil
        }
    }

    /// The total content size in bytes the frames declared, when they were refused up front for it.
    public var declaredByteCount: Int? {
        if case .declaredSizeExceedsCap(let declared, _) = code { declared } else { nil }
    }

    /// Whether decompression stopped because the output would pass its cap.
    ///
    /// True both when declared sizes were refused up front and when output passed the cap while
    /// decoding frames that declare no size (a likely decompression bomb).
    public var isOutputCapExceeded: Bool { outputCap != nil }

    /// Whether a frame asked for a larger decoding window than the decoder allows, the largest
    /// window in bytes (`1 << maximumWindowLog`) when it did.
    ///
    /// zstd allocates the window a frame's header asks for, up to 128 MB for a frame of a few bytes;
    /// the decoders here refuse more than their `maximumWindowLog`.
    public var maximumWindowByteCount: Int? {
        if case .windowTooLarge(let log) = code { 1 << log } else { nil }
    }

    /// Whether decoding stopped because a frame needs a larger window than the decoder allows.
    public var isWindowTooLarge: Bool { maximumWindowByteCount != nil }

    /// Whether the compressed input ended in the middle of a frame.
    public var isTruncatedInput: Bool { code == .truncatedInput }

    /// The system error number, when opening or reading a file failed.
    public var systemErrorNumber: Int32? {
        switch code {
        case .cannotOpen(_, let number), .readFailed(let number): number
        default: nil
        }
    }

    /// One line of lowercase text with no final period; file paths are in single quotes.
    public var description: String {
        switch code {
        case .library(let name):
            "zstd error: \(Self.lowercasingFirst(name))"
        case .declaredSizeExceedsCap(let declared, let cap):
            "decompressed size \(declared) bytes exceeds the output cap of \(cap) bytes"
        case .outputExceedsCap(let cap):
            "decompressed output exceeds the output cap of \(cap) bytes"
        case .truncatedInput:
            "compressed input is truncated: it ends inside a zstd frame"
        case .contentSizeMismatch(let declared, let decoded):
            "a zstd frame declares \(declared) bytes of content but holds \(decoded)"
        case .outOfMemory:
            "zstd could not allocate a context"
        case .tooFewSamples(let count, let minimum):
            "dictionary training needs at least \(minimum) samples, got \(count)"
        case .tooLittleSampleData(let byteCount, let sampleCount, let minimum):
            "dictionary training needs at least \(minimum) bytes in its first \(sampleCount) samples "
                + "(zstd trains on the first three quarters), got \(byteCount)"
        case .trainingFailed(let name, let sampleCount, let sampleByteCount):
            "dictionary training failed: \(Self.lowercasingFirst(name)) "
                + "(\(sampleCount) samples, \(sampleByteCount) bytes; give more or larger samples)"
        case .cannotOpen(let path, let number):
            "cannot open '\(path)': \(Self.systemMessage(number))"
        case .readFailed(let number):
            "cannot read compressed input: \(Self.systemMessage(number))"
        case .lineTooLong(let limit):
            "decompressed line is longer than \(limit) bytes"
        case .windowTooLarge(let log):
            "a frame needs a decoding window larger than \((1 << log) >> 20) MB (windowLog \(log)), the most this decoder allows"
        }
    }

    private static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    private static func systemMessage(_ number: Int32) -> String {
        lowercasingFirst(String(cString: strerror(number)))
    }
}
