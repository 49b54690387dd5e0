internal import CZstd

extension ZstdError {
    /// Returns a `size_t` result of a zstd function, or throws the error it encodes.
    ///
    /// zstd encodes errors in the result itself: `ZSTD_isError` tells them apart and
    /// `ZSTD_getErrorName` names them.
    @discardableResult
    static func check(_ result: Int) throws -> Int {
        if ZSTD_isError(result) != 0 {
            throw ZstdError(.library(name: String(cString: ZSTD_getErrorName(result))))
        }
        return result
    }
}
