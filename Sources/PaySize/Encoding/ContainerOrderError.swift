/// Thrown inside an encode call when the caller used containers in an order a byte stream cannot
/// follow (a write to a container after its parent moved on, a key written twice through
/// `nestedContainer` or `superEncoder`); ``PayloadEncoder`` then encodes the value again with
/// Foundation's `JSONEncoder` so the output still matches it.
struct ContainerOrderError: Error {}
