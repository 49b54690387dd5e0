@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// A push's content state and a start's attributes as the device writes them, which is what
/// ActivityKit's limit judges (<doc:WhatTheDeviceCounts>).
///
/// Each writer a ``DeviceWriter`` names is measured; the judged one is the writer whose
/// ActivityKit figure (attributes plus content state) is larger, the Objective-C writer on a tie.
package struct DeviceSize: Sendable, Equatable {
    /// One writer's figures.
    package struct Figures: Sendable, Equatable {
        package var writer: JSONWriter
        package var contentState: RewrittenSize?
        package var attributes: RewrittenSize?

        package init(writer: JSONWriter, contentState: RewrittenSize?, attributes: RewrittenSize?) {
            self.writer = writer
            self.contentState = contentState
            self.attributes = attributes
        }

        /// Attributes (on a start) plus content state.
        package var activityKitByteCount: Int { (contentState?.byteCount ?? 0) + (attributes?.byteCount ?? 0) }

        /// Numbers of both parts that this writer writes longer than sent.
        package var grownNumberCount: Int {
            (contentState?.grownNumberCount ?? 0) + (attributes?.grownNumberCount ?? 0)
        }

        /// The first number that grew, as sent and as written.
        package var firstGrownNumber: (sent: String, written: String)? {
            contentState?.firstGrownNumber ?? attributes?.firstGrownNumber
        }
    }

    /// The judged writer's figures.
    package var judged: Figures
    /// Every measured writer's figures, the judged one among them.
    package var all: [Figures]

    /// The figures of one writer, or of the larger of several.
    package init(_ all: [Figures]) {
        precondition(!all.isEmpty, "a DeviceSize measures at least one writer")
        self.all = all
        var judged = all[0]
        for figures in all.dropFirst()
        where figures.activityKitByteCount > judged.activityKitByteCount
            || (figures.activityKitByteCount == judged.activityKitByteCount && figures.writer == .objc)
        {
            judged = figures
        }
        self.judged = judged
    }

    /// Measures the content state and attributes present, with each writer `choice` names;
    /// `nil` when neither is present.
    package init?(contentState: JSONElement?, attributes: JSONElement?, choice: DeviceWriter) {
        guard contentState != nil || attributes != nil else { return nil }
        self.init(
            choice.writers.map { writer in
                Figures(
                    writer: writer, contentState: contentState?.rewrittenSize(by: writer),
                    attributes: attributes?.rewrittenSize(by: writer))
            })
    }

    /// Whether every measured writer gives the same ActivityKit figure (no number changes length).
    package var writersAgree: Bool {
        all.allSatisfy { $0.activityKitByteCount == judged.activityKitByteCount }
    }

    /// How messages name the writer behind the judged figure: `objc writer`, or `either writer`
    /// when the measured writers agree.
    package var judgedWriterName: String {
        all.count > 1 && writersAgree ? "either writer" : "\(judged.writer) writer"
    }

    /// Measures a content state and a start's attributes in a text the Swift writer wrote (the
    /// push builder's body), at their byte ranges, with each writer `choice` names; `nil` when
    /// neither is present. The same figures as measuring their trees: the Swift writer writes its
    /// own text back unchanged, so only the Objective-C writer's figure is counted.
    package init?(
        swiftWriterText text: [UInt8], contentState: Range<Int>?, attributes: Range<Int>?, choice: DeviceWriter
    ) {
        guard contentState != nil || attributes != nil else { return nil }
        let swift = Figures(
            writer: .swift, contentState: contentState.map { RewrittenSize(writer: .swift, byteCount: $0.count) },
            attributes: attributes.map { RewrittenSize(writer: .swift, byteCount: $0.count) })
        guard choice != .swift else {
            self.init([swift])
            return
        }
        let objc = text.withUnsafeBufferPointer { buffer in
            func measure(_ range: Range<Int>?) -> RewrittenSize? {
                range.map {
                    JSONNumberRewriter.rewrittenSize(of: UnsafeBufferPointer(rebasing: buffer[$0]), writer: .objc)
                }
            }
            return Figures(writer: .objc, contentState: measure(contentState), attributes: measure(attributes))
        }
        self.init(choice == .objc ? [objc] : [swift, objc])
    }

    /// The figures of `writer`, when it was measured.
    package func figures(of writer: JSONWriter) -> Figures? {
        all.first { $0.writer == writer }
    }
}
