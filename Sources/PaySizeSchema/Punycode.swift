@_spi(Internals) import PaySizeJSON

/// RFC 3492 Punycode: the `xn--` labels of a host name, decoded and encoded back, since an
/// A-label is valid only when the round trip gives it back (RFC 5891 5.4): the decoder alone
/// takes spellings no encoder writes (`xn---4gbwdl`, a delimiter before no basic code point).
package enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128

    /// The code points `encoded` (a label without `xn--`) stands for; `nil` when it is not valid
    /// Punycode or decodes to no non-ASCII code point.
    package static func decode(_ encoded: ArraySlice<UInt8>) -> [Unicode.Scalar]? {
        var output: [UInt32] = []
        var rest = encoded
        if let delimiter = encoded.lastIndex(of: UInt8(ascii: "-")) {
            output = encoded[..<delimiter].map(UInt32.init)
            rest = encoded[(delimiter + 1)...]
        }
        guard !rest.isEmpty else { return nil }
        var n = initialN
        var i = 0
        var bias = initialBias
        var index = rest.startIndex
        while index < rest.endIndex {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard index < rest.endIndex, let digit = digitValue(rest[index]) else { return nil }
                index += 1
                let (product, overflow) = digit.multipliedReportingOverflow(by: weight)
                guard !overflow, i <= Int(Int32.max) - product else { return nil }
                i += product
                let threshold = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < threshold { break }
                guard weight <= Int(Int32.max) / (base - threshold) else { return nil }
                weight *= base - threshold
                k += base
            }
            bias = adapt(i - oldI, count: output.count + 1, first: oldI == 0)
            n += i / (output.count + 1)
            i %= output.count + 1
            guard n <= 0x10FFFF, !(0xD800...0xDFFF).contains(n) else { return nil }
            output.insert(UInt32(n), at: i)
            i += 1
        }
        let scalars = output.compactMap(Unicode.Scalar.init)
        guard scalars.count == output.count, scalars.contains(where: { !$0.isASCII }) else { return nil }
        return scalars
    }

    /// The Punycode of `scalars` (RFC 3492 6.3), lowercase, without `xn--`; `nil` on overflow.
    package static func encode(_ scalars: [Unicode.Scalar]) -> [UInt8]? {
        let input = scalars.map { Int($0.value) }
        var output: [UInt8] = input.filter { $0 < initialN }.map(UInt8.init)
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < input.count {
            // Every unhandled code point is at least n, so the minimum exists.
            guard let next = input.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= Int(Int32.max) - step else { return nil }
            delta += step
            n = next
            for code in input {
                if code < n {
                    delta += 1
                    guard delta <= Int(Int32.max) else { return nil }
                }
                guard code == n else { continue }
                var q = delta
                var k = base
                while true {
                    let threshold = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < threshold { break }
                    output.append(digitByte(threshold + (q - threshold) % (base - threshold)))
                    q = (q - threshold) / (base - threshold)
                    k += base
                }
                output.append(digitByte(q))
                bias = adapt(delta, count: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }

    private static func digitByte(_ digit: Int) -> UInt8 {
        digit < 26 ? UInt8(ascii: "a") + UInt8(digit) : UInt8(ascii: "0") + UInt8(digit - 26)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        default: nil
        }
    }

    private static func adapt(_ delta: Int, count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
