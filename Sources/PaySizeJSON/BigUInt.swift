/// A natural number of any size, with the few operations exact decimal conversion needs.
///
/// Limbs are 64-bit words, least significant first, with no zero limb at the top (zero has no
/// limbs). Values stay small in practice (a `Double` scaled by a power of ten needs at most
/// about 2 200 bits), so schoolbook arithmetic is the plain and fast-enough choice.
package struct BigUInt: Comparable, Sendable {
    private(set) var limbs: [UInt64]

    package init(_ value: UInt64) {
        limbs = value == 0 ? [] : [value]
    }

    /// Whether the value is zero.
    package var isZero: Bool { limbs.isEmpty }

    /// The value's lowest 64 bits.
    package var low64: UInt64 { limbs.first ?? 0 }

    /// Whether the value fits in one `UInt64`.
    package var fitsUInt64: Bool { limbs.count <= 1 }

    /// The number of significant bits (0 for zero).
    package var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return (limbs.count - 1) * 64 + (64 - top.leadingZeroBitCount)
    }

    /// Multiplies in place by a one-limb factor.
    package mutating func multiply(by factor: UInt64) {
        guard factor != 1 else { return }
        guard factor != 0 else {
            limbs.removeAll()
            return
        }
        var carry: UInt64 = 0
        for index in limbs.indices {
            let (high, low) = limbs[index].multipliedFullWidth(by: factor)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            limbs[index] = sum
            carry = high &+ (overflow ? 1 : 0)
        }
        if carry != 0 { limbs.append(carry) }
    }

    /// Adds a one-limb value in place.
    package mutating func add(_ value: UInt64) {
        var carry = value
        var index = 0
        while carry != 0 {
            if index == limbs.count {
                limbs.append(carry)
                return
            }
            let (sum, overflow) = limbs[index].addingReportingOverflow(carry)
            limbs[index] = sum
            carry = overflow ? 1 : 0
            index += 1
        }
    }

    /// Multiplies in place by 5^`exponent`.
    package mutating func multiply(byPowerOfFive exponent: Int) {
        var remaining = exponent
        // 5^27 is the largest power of five below 2^64.
        while remaining >= 27 {
            multiply(by: 7_450_580_596_923_828_125)
            remaining -= 27
        }
        var factor: UInt64 = 1
        for _ in 0..<remaining { factor &*= 5 }
        multiply(by: factor)
    }

    /// Multiplies in place by 2^`exponent`.
    package mutating func shiftLeft(by exponent: Int) {
        guard !limbs.isEmpty, exponent > 0 else { return }
        let wordShift = exponent / 64
        let bitShift = exponent % 64
        if bitShift != 0 {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let limb = limbs[index]
                limbs[index] = limb << UInt64(bitShift) | carry
                carry = limb >> UInt64(64 - bitShift)
            }
            if carry != 0 { limbs.append(carry) }
        }
        if wordShift > 0 { limbs.insert(contentsOf: repeatElement(0, count: wordShift), at: 0) }
    }

    /// Subtracts `other`, which must not be larger.
    package mutating func subtract(_ other: BigUInt) {
        precondition(other <= self, "BigUInt subtraction below zero")
        var borrow = false
        for index in limbs.indices {
            let subtrahend = index < other.limbs.count ? other.limbs[index] : 0
            if !borrow && index >= other.limbs.count { break }
            let (first, overflowFirst) = limbs[index].subtractingReportingOverflow(subtrahend)
            let (second, overflowSecond) = first.subtractingReportingOverflow(borrow ? 1 : 0)
            limbs[index] = second
            borrow = overflowFirst || overflowSecond
        }
        while limbs.last == 0 { limbs.removeLast() }
    }

    /// `self / divisor` and `self % divisor`, for a quotient that fits in 64 bits.
    ///
    /// The quotient's top bits come from dividing the leading bits as `Double`s (off by at most a
    /// few thousand); a margin below that estimate is subtracted exactly, and the rest of the
    /// quotient is found one bit at a time.
    package func dividedWithSmallQuotient(by divisor: BigUInt) -> (quotient: UInt64, remainder: BigUInt) {
        precondition(!divisor.isZero, "BigUInt division by zero")
        let gap = bitWidth - divisor.bitWidth
        guard gap >= 0 else { return (0, self) }
        precondition(gap < 64, "BigUInt quotient wider than 64 bits")
        var remainder = self
        var quotient: UInt64 = 0
        if gap > 16 {
            // Both leading parts hold 53 exact bits, so the estimate is within 2^(gap - 50).
            let estimate =
                leadingFraction / divisor.leadingFraction
                * Double(sign: .plus, exponent: gap, significand: 1)
            let margin = Double(sign: .plus, exponent: gap - 48, significand: 1)
            if estimate - margin >= 1 {
                let low = UInt64(estimate - margin)
                var product = divisor
                product.multiply(by: low)
                if product <= remainder {
                    remainder.subtract(product)
                    quotient = low
                }
            }
        }
        let restGap = remainder.bitWidth - divisor.bitWidth
        guard restGap >= 0 else { return (quotient, remainder) }
        var shifted = divisor
        shifted.shiftLeft(by: restGap)
        var bit = restGap
        while bit >= 0 {
            if shifted <= remainder {
                remainder.subtract(shifted)
                quotient &+= 1 << UInt64(bit)
            }
            shifted.shiftRightOne()
            bit -= 1
        }
        return (quotient, remainder)
    }

    /// The value divided by 2^``bitWidth``, in [0.5, 1), from its leading 64 bits.
    private var leadingFraction: Double {
        let top = limbs[limbs.count - 1]
        let topBits = 64 - top.leadingZeroBitCount
        var leading = top << UInt64(64 - topBits)
        if topBits < 64, limbs.count > 1 { leading |= limbs[limbs.count - 2] >> UInt64(topBits) }
        return Double(leading) / 18_446_744_073_709_551_616.0
    }

    /// Halves in place, dropping the lowest bit.
    private mutating func shiftRightOne() {
        var carry: UInt64 = 0
        for index in limbs.indices.reversed() {
            let limb = limbs[index]
            limbs[index] = limb >> 1 | carry
            carry = limb << 63
        }
        while limbs.last == 0 { limbs.removeLast() }
    }

    package static func < (lhs: BigUInt, rhs: BigUInt) -> Bool {
        if lhs.limbs.count != rhs.limbs.count { return lhs.limbs.count < rhs.limbs.count }
        for index in lhs.limbs.indices.reversed() where lhs.limbs[index] != rhs.limbs[index] {
            return lhs.limbs[index] < rhs.limbs[index]
        }
        return false
    }
}
