// The layers below the product: their public types (`JSONPointer`, `JSONScanError`,
// `JSONWriter`, `StringEquality`, `SchemaError`) are part of PaySize's API, so an app names them
// with `import PaySize` alone; their SPI reaches the Fuzz/ and Benchmarks/ packages the same way.
@_exported import PaySizeJSON
@_spi(Internals) @_exported import PaySizeJSON
@_exported import PaySizeSchema
@_spi(Internals) @_exported import PaySizeSchema
