import CBrotli
import CZlib

/// A compressed format Apple's Compression framework decodes, so a widget extension reads it
/// without shipping a decoder, written here by the Debian library that writes the same format.
///
/// ``deflate`` is raw DEFLATE (RFC 1951: no zlib header, no checksum), what `COMPRESSION_ZLIB`
/// and `Algorithm.zlib` read; ``brotli`` is what `COMPRESSION_BROTLI` and `Algorithm.brotli`
/// read (the framework's own encoder writes only level 2; its decoder reads every level).
package enum NativeCodec: String, Sendable, CaseIterable {
    case deflate
    case brotli

    /// The name in suggestion ids and text: `deflate` or `brotli`.
    package var name: String { rawValue }

    /// The `Algorithm` case of Apple's Compression framework that decodes the format.
    package var appleAlgorithm: String {
        switch self {
        case .deflate: ".zlib"
        case .brotli: ".brotli"
        }
    }

    /// What the format is, and which OS versions decode it natively.
    package var summary: String {
        switch self {
        case .deflate:
            "raw DEFLATE (zlib level 9, RFC 1951), which Apple's Compression framework decodes as COMPRESSION_ZLIB / Algorithm.zlib on every supported OS"
        case .brotli:
            // Apple lists Algorithm.brotli from iOS 13 / macOS 10.15, but apps report the
            // framework failing to load it before iOS 16; the package's minimum is iOS 16 / macOS 13.
            "Brotli (quality 11), which Apple's Compression framework decodes as COMPRESSION_BROTLI / Algorithm.brotli; rely on it from iOS 16 / macOS 13 / watchOS 9 / tvOS 16"
        }
    }

    /// `bytes` compressed at the format's highest level, or `nil` when the library fails.
    ///
    /// DEFLATE calls zlib's `deflateInit2_` with -15 window bits (raw, no header) and
    /// `deflate(Z_FINISH)`; Brotli calls `BrotliEncoderCompress` at quality 11, window 22, text mode.
    package func compress(_ bytes: [UInt8]) -> [UInt8]? {
        switch self {
        case .deflate: Self.rawDeflate(bytes)
        case .brotli: Self.brotli(bytes)
        }
    }

    /// `packed` decompressed, as the device's Compression framework would, for checking a round
    /// trip; `nil` when it is not one complete stream of the format or inflates beyond
    /// `maximumByteCount`. Calls zlib's `inflateInit2_` (-15 window bits) and `inflate`, or
    /// `BrotliDecoderDecompress`.
    package func decompress(_ packed: [UInt8], maximumByteCount: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: maximumByteCount)
        var size = maximumByteCount
        switch self {
        case .deflate:
            var stream = z_stream()
            guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                return nil
            }
            defer { inflateEnd(&stream) }
            var input = packed
            let status = input.withUnsafeMutableBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    stream.next_in = source.baseAddress
                    stream.avail_in = uInt(source.count)
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    return inflate(&stream, Z_FINISH)
                }
            }
            guard status == Z_STREAM_END else { return nil }
            size = maximumByteCount - Int(stream.avail_out)
        case .brotli:
            let result = packed.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    BrotliDecoderDecompress(source.count, source.baseAddress, &size, target.baseAddress)
                }
            }
            guard result == BROTLI_DECODER_RESULT_SUCCESS else { return nil }
        }
        return Array(output.prefix(size))
    }

    private static func rawDeflate(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        let status = deflateInit2_(
            &stream, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 16)
        var input = bytes
        let written: Int? = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                guard CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END else { return nil }
                return target.count - Int(stream.avail_out)
            }
        }
        guard let written else { return nil }
        return Array(output.prefix(written))
    }

    private static func brotli(_ bytes: [UInt8]) -> [UInt8]? {
        var size = BrotliEncoderMaxCompressedSize(bytes.count)
        if size == 0 { size = bytes.count + 1024 }
        var output = [UInt8](repeating: 0, count: size)
        let succeeded = bytes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                BrotliEncoderCompress(
                    BROTLI_MAX_QUALITY, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, source.count, source.baseAddress,
                    &size, target.baseAddress)
            }
        }
        guard succeeded == BROTLI_TRUE else { return nil }
        return Array(output.prefix(size))
    }
}
