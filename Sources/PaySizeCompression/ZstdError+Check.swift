internal import CZstd

extension ZstdError {
    /// Returns a `size_t` result of a zstd function, or throws the error it encodes.
    ///
    /// zstd encodes errors in the result itself: `ZSTD_isError` tells them apart and
    /// `ZSTD_getErrorName` names them.
    /// A frame that needs a larger window than the decoder allows (`ZSTD_d_windowLogMax`) becomes
    /// ``ZstdError/isWindowTooLarge`` when `maximumWindowLog` is given.
    @discardableResult
    static func check(_ result: Int, maximumWindowLog: Int? = nil) throws -> Int {
        if ZSTD_isError(result) != 0 {
            if let maximumWindowLog, ZSTD_getErrorCode(result) == ZSTD_error_frameParameter_windowTooLarge {
                throw ZstdError(.windowTooLarge(maximumWindowLog: maximumWindowLog))
            }
            throw ZstdError(.library(name: String(cString: ZSTD_getErrorName(result))))
        }
        return result
    }
}
