import Testing

@testable import PaySizeTesting

@Suite("Line diff")
struct LineDiffTests {
    @Test("an added and a changed line, with two lines of context, in unified form")
    func unified() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n"
        let new = "a\nb\nc\nd\nE\nf\ng\nh\ni\nj\nk\n"
        #expect(
            LineDiff(old: old, new: new).unified() == """
                @@ -3,5 +3,5 @@
                 c
                 d
                -e
                +E
                 f
                 g
                @@ -9,2 +9,3 @@
                 i
                 j
                +k
                """)
    }

    @Test("changes close together share one hunk; equal texts have none")
    func hunks() {
        let diff = LineDiff(old: "1\n2\n3\n4\n5\n", new: "1\nX\n3\n4\nY\n")
        #expect(diff.hasChanges)
        #expect(
            diff.unified(context: 1) == """
                @@ -1,5 +1,5 @@
                 1
                -2
                +X
                 3
                 4
                -5
                +Y
                """)
        #expect(!LineDiff(old: "same\n", new: "same\n").hasChanges)
        #expect(LineDiff(old: "same\n", new: "same\n").unified() == "")
    }

    @Test("output past the line cap says how much was left out")
    func capped() {
        let old = (0..<10).map { "o\($0)" }.joined(separator: "\n")
        let new = (0..<10).map { "n\($0)" }.joined(separator: "\n")
        let text = LineDiff(old: old, new: new).unified(maximumLines: 5)
        #expect(
            text.components(separatedBy: "\n") == [
                "@@ -1,10 +1,10 @@", "-o0", "-o1", "-o2", "-o3", "… 16 more diff lines",
            ])
    }
}
