/// A failed call's message, written as a string interpolation (`"page \(page) is out of
/// range"`) but built without the heap: static text and integers, written by hand into
/// `capacity` bytes held inline. A C call that fails must return its status even when
/// `malloc` fails, and a `String` interpolation allocates its storage. Text past
/// `capacity − 1` bytes is dropped at a UTF-8 character boundary (no message comes near) and nothing after it.
struct FailureText: ExpressibleByStringInterpolation {
    /// The longest text, terminator included: a `MessageLog` slot.
    static let capacity = 256

    /// The bytes, inline; the text is the first `count`.
    private var storage: (SIMD64<UInt8>, SIMD64<UInt8>, SIMD64<UInt8>, SIMD64<UInt8>) = (.zero, .zero, .zero, .zero)
    /// The bytes written.
    private(set) var count = 0
    /// Set once a text did not fit: nothing more is appended.
    private var isFull = false

    init() {}

    init(stringLiteral text: StaticString) {
        append(text)
    }

    init(stringInterpolation: Interpolation) {
        self = stringInterpolation.text
    }

    /// The text's bytes, for the duration of `body`.
    func withBytes(_ body: (UnsafeRawBufferPointer) -> Void) {
        withUnsafeBytes(of: storage) { body(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
    }

    /// Appends a literal's bytes.
    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8 (a native string is read in place, without a copy).
    mutating func append(_ text: String) {
        for scalar in text.unicodeScalars {
            guard !isFull, count + UTF8.width(scalar) < Self.capacity, let bytes = UTF8.encode(scalar) else {
                isFull = true
                return
            }
            for byte in bytes { appendByte(byte) }
        }
    }

    /// Appends `value` in decimal, with a leading `-` when negative.
    mutating func append(_ value: Int64) {
        if value < 0 { append("-") }
        append(value.magnitude)
    }

    /// Appends `value` in decimal.
    mutating func append(_ value: UInt64) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 20 digits at most, backwards
        var n = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { digits in
            repeat {
                digits[n] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                n += 1
            } while rest > 0
        }
        guard !isFull, count + n < Self.capacity else {
            isFull = true
            return
        }
        withUnsafeBytes(of: digits) { digits in
            for i in stride(from: n - 1, through: 0, by: -1) { appendByte(digits[i]) }
        }
    }

    /// Appends UTF-8 text (a literal's): as much of it as fits, whole characters.
    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !isFull else { return }
        guard count + bytes.count < Self.capacity else {
            // Cut before a character start (a byte that is not 10xxxxxx).
            var fitting = Self.capacity - 1 - count
            while fitting > 0, bytes[fitting] & 0xC0 == 0x80 { fitting -= 1 }
            for byte in bytes.prefix(fitting) { appendByte(byte) }
            isFull = true
            return
        }
        for byte in bytes { appendByte(byte) }
    }

    private mutating func appendByte(_ byte: UInt8) {
        let at = count
        withUnsafeMutableBytes(of: &storage) { $0[at] = byte }
        count += 1
    }

    /// The interpolation: literal segments are `StaticString`s, values integers, static
    /// texts or strings, each appended as it comes.
    struct Interpolation: StringInterpolationProtocol {
        fileprivate var text = FailureText()

        init(literalCapacity: Int, interpolationCount: Int) {}

        mutating func appendLiteral(_ literal: StaticString) { text.append(literal) }
        mutating func appendInterpolation(_ value: Int) { text.append(Int64(value)) }
        mutating func appendInterpolation(_ value: Int64) { text.append(value) }
        mutating func appendInterpolation(_ value: Int32) { text.append(Int64(value)) }
        mutating func appendInterpolation(_ value: UInt) { text.append(UInt64(value)) }
        mutating func appendInterpolation(_ value: StaticString) { text.append(value) }
        mutating func appendInterpolation(_ value: String) { text.append(value) }
    }
}
