import Foundation
import FuzzCommon
import PaySizeCompression

// Arbitrary bytes → zstd decompression, one-shot and streamed, under a 256 KB cap; then the bytes
// themselves → compress → decompress → equal. Run with `-malloc_limit_mb=256` (run.sh does) so a
// frame that talks the decoder into a huge allocation is a failure, not a slow run.

/// The decompression cap: two of zstd's 128 KB blocks, so output spans several stream chunks,
/// while a bomb is refused quickly. (At 1 MB, scanning a bomb's zeros for line breaks, with every
/// comparison traced for coverage, took most of the run.)
private let outputCap = 1 << 18

/// A memory-backed file, reused for every input, that the stream reads like a `.zst` file.
///
/// `/dev/shm` keeps it in memory; the name is unlinked at once so nothing is left behind.
private let scratchDescriptor: Int32 = {
    var template = Array("/dev/shm/paysize-fuzz-zstd-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    precondition(descriptor >= 0, "cannot create a scratch file in /dev/shm")
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return descriptor
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)

    // One-shot: a result within the cap, or a ZstdError.
    let oneShot: [UInt8]?
    do {
        let output = try Zstd.decompress(bytes, outputCap: outputCap)
        FuzzFailure.expect(output.count <= outputCap, "one-shot output \(output.count) bytes passes the cap")
        oneShot = output
    } catch is ZstdError {
        oneShot = nil
    } catch {
        fatalError("Zstd.decompress threw a non-ZstdError: \(error)")
    }

    // Streamed over a file: the same bytes, or a failure too. Lines or chunks by the input's parity.
    let streamed = decompressStreaming(bytes, byLines: count % 2 == 1)
    switch (oneShot, streamed) {
    case (let one?, let stream?):
        FuzzFailure.expect(
            one == stream, "one-shot (\(one.count) bytes) and streamed (\(stream.count) bytes) outputs differ")
    case (nil, nil):
        break
    case (let one?, nil):
        fatalError("the stream refused what one-shot decompressed (\(one.count) bytes)")
    case (nil, let stream?):
        fatalError("one-shot refused what the stream decompressed (\(stream.count) bytes)")
    }

    // Round trip, at a level and content-size flag picked from the input.
    let level = [1, 3, -5, 0][count % 4]
    let writesContentSize = bytes.first.map { $0 & 1 == 0 } ?? true
    do {
        let packed = try Zstd.compress(bytes, level: level, writesContentSize: writesContentSize)
        let unpacked = try Zstd.decompress(packed, outputCap: bytes.count)
        FuzzFailure.expect(unpacked == bytes, "round trip at level \(level) changed \(bytes.count) bytes")
        if bytes.count > 0 {
            do {
                _ = try Zstd.decompress(packed, outputCap: bytes.count - 1)
                fatalError("a cap one byte short of the content was not enforced")
            } catch let error as ZstdError {
                FuzzFailure.expect(
                    error.isOutputCapExceeded, "a cap one byte short failed with another error: \(error)")
            }
        }
    } catch {
        fatalError("round trip failed at level \(level): \(error)")
    }
    return 0
}

/// Decompresses `bytes` through `ZstdDecompressionStream`; `nil` if the stream throws.
private func decompressStreaming(_ bytes: [UInt8], byLines: Bool) -> [UInt8]? {
    FuzzFailure.expect(ftruncate(scratchDescriptor, 0) == 0, "ftruncate failed")
    let written = bytes.withUnsafeBytes { pwrite(scratchDescriptor, $0.baseAddress, $0.count, 0) }
    FuzzFailure.expect(written == bytes.count, "pwrite wrote \(written) of \(bytes.count) bytes")
    FuzzFailure.expect(lseek(scratchDescriptor, 0, SEEK_SET) == 0, "lseek failed")
    do {
        let stream = try ZstdDecompressionStream(fileDescriptor: scratchDescriptor, outputCap: outputCap)
        var output: [UInt8] = []
        if byLines {
            // Lines come back without their `\n`; put it back, except after a last line that had none.
            var lines: [[UInt8]] = []
            while let line = try stream.nextLine(maximumByteCount: outputCap) {
                FuzzFailure.expect(!line.contains(UInt8(ascii: "\n")), "a line contains '\\n'")
                lines.append(line)
            }
            for line in lines { output += line + [UInt8(ascii: "\n")] }
            if !lines.isEmpty, stream.totalOutputByteCount == output.count - 1 { output.removeLast() }
        } else {
            while let chunk = try stream.nextChunk() {
                FuzzFailure.expect(!chunk.isEmpty, "the stream handed out an empty chunk")
                output += chunk
            }
        }
        FuzzFailure.expect(
            output.count == stream.totalOutputByteCount,
            "stream counted \(stream.totalOutputByteCount) bytes, handed out \(output.count)")
        FuzzFailure.expect(
            stream.totalInputByteCount == bytes.count,
            "stream read \(stream.totalInputByteCount) of \(bytes.count) bytes")
        return output
    } catch is ZstdError {
        return nil
    } catch {
        fatalError("ZstdDecompressionStream threw a non-ZstdError: \(error)")
    }
}
