/// One step of a coding path, linked to the step before it, so paths form a tree as
/// Foundation's do.
///
/// Foundation gives a nested container its whole path (its parent container's path plus its
/// key, however deep: `[a, one]` for a container nested in a nested container), but a value
/// encoded through it (and a super encoder taken from it) gets the path of the encoder that owns
/// the container plus its own key: `{"t": {"n": {"m": nan}}}` written with
/// `nestedContainer(forKey: "n")` reports the path `t.m`. Linking each step to its parent
/// reproduces both.
struct EncodingPathEntry {
    let component: EncodingPathComponent
    /// The index of the previous step in ``EncodingSession/path``, or -1 at the root.
    let parent: Int
}
