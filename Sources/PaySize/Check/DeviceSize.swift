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

    /// The figures, held once for every copy: a log check makes one for each line and copies it
    /// with its report several times, and a reference copies in one word.
    private final class Storage: Sendable {
        /// The first writer's figures, and the second's when two were measured.
        let first: Figures
        let second: Figures?
        /// Whether ``second`` is the judged writer's.
        let judgesSecond: Bool

        init(first: Figures, second: Figures?) {
            self.first = first
            self.second = second
            judgesSecond =
                second.map {
                    $0.activityKitByteCount > first.activityKitByteCount
                        || ($0.activityKitByteCount == first.activityKitByteCount && $0.writer == .objc)
                } ?? false
        }
    }

    private let storage: Storage

    /// The judged writer's figures.
    package var judged: Figures { storage.judgesSecond ? storage.second! : storage.first }
    /// Every measured writer's figures, in the order measured, the judged one among them.
    package var all: [Figures] { storage.second.map { [storage.first, $0] } ?? [storage.first] }

    /// The judged writer's ActivityKit figure, ``Figures/activityKitByteCount`` of ``judged``.
    package var judgedActivityKitByteCount: Int {
        storage.judgesSecond ? storage.second!.activityKitByteCount : storage.first.activityKitByteCount
    }

    /// The figures of one writer, or the larger of two.
    package init(_ first: Figures, _ second: Figures? = nil) {
        storage = Storage(first: first, second: second)
    }

    package static func == (lhs: DeviceSize, rhs: DeviceSize) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.storage.first == rhs.storage.first && lhs.storage.second == rhs.storage.second)
    }

    /// The figures of one writer, or of the larger of two.
    package init(_ all: [Figures]) {
        precondition(all.count == 1 || all.count == 2, "a DeviceSize measures one writer or two")
        self.init(all[0], all.count == 2 ? all[1] : nil)
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
        storage.second.map { $0.activityKitByteCount == storage.first.activityKitByteCount } ?? true
    }

    /// How messages name the writer behind the judged figure: `objc writer`, or `either writer`
    /// when the measured writers agree.
    package var judgedWriterName: String {
        storage.second != nil && writersAgree ? "either writer" : "\(judged.writer) writer"
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
        storage.first.writer == writer ? storage.first : storage.second?.writer == writer ? storage.second : nil
    }
}
