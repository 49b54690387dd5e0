/// One value that ``JSONMeasuringScanner`` measured, as each of Foundation's writers writes it
/// back once read (<doc:WhatTheDeviceCounts>): the figures ``JSONElement/rewrittenSize(by:)``
/// gives for the same value, with the first number that grew named by its place in the bytes.
@_spi(Internals) public struct JSONRewrittenMeasurement: Sendable, Equatable {
    /// One writer's figures.
    @_spi(Internals) public struct Figures: Sendable, Equatable {
        /// The value's compact size as the writer writes it.
        @_spi(Internals) public var byteCount: Int
        /// How many number tokens the writer writes longer than they were sent.
        @_spi(Internals) public var grownNumberCount: Int
        /// The byte range of the first of those numbers, in the measured bytes.
        @_spi(Internals) public var firstGrownNumber: Range<Int>?

        /// Creates one writer's figures.
        ///
        /// - Parameters:
        ///   - byteCount: The compact size as the writer writes the value.
        ///   - grownNumberCount: The number tokens it writes longer than sent.
        ///   - firstGrownNumber: The byte range of the first of them, if any.
        @_spi(Internals) public init(byteCount: Int, grownNumberCount: Int, firstGrownNumber: Range<Int>?) {
            self.byteCount = byteCount
            self.grownNumberCount = grownNumberCount
            self.firstGrownNumber = firstGrownNumber
        }
    }

    /// As the Swift writer writes it.
    @_spi(Internals) public var swift: Figures
    /// As the Objective-C writer writes it.
    @_spi(Internals) public var objc: Figures

    /// Creates a measurement from each writer's figures.
    ///
    /// - Parameters:
    ///   - swift: The Swift writer's figures.
    ///   - objc: The Objective-C writer's figures.
    @_spi(Internals) public init(swift: Figures, objc: Figures) {
        self.swift = swift
        self.objc = objc
    }

    /// The figures of `writer`.
    @_spi(Internals) public subscript(writer: JSONWriter) -> Figures {
        writer == .swift ? swift : objc
    }

    /// The same figures as a ``RewrittenSize``, the first grown number read from `bytes` (the
    /// bytes that were measured), so it equals `rewrittenSize(by:)` of the value's element.
    ///
    /// - Parameters:
    ///   - writer: The writer whose figures are wanted.
    ///   - bytes: The text the scanner measured.
    @_spi(Internals) public func rewrittenSize(by writer: JSONWriter, in bytes: UnsafeRawBufferPointer)
        -> RewrittenSize
    {
        let figures = self[writer]
        var size = RewrittenSize(writer: writer, byteCount: figures.byteCount)
        size.grownNumberCount = figures.grownNumberCount
        if let range = figures.firstGrownNumber {
            size.firstGrownToken = GrownNumberToken(
                UnsafeBufferPointer(
                    start: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + range.lowerBound, count: range.count
                ))
        }
        return size
    }
}
