/// Copies `text` into a caller's buffer of `capacity` bytes, NUL-terminated, truncated at
/// the last whole UTF-8 character that fits: a C program may print or convert the result,
/// and half a character would make it invalid UTF-8.
func copyMessage(_ text: String, to buffer: UnsafeMutablePointer<CChar>?, capacity: UInt) {
    guard let buffer, capacity > 0 else { return }
    var length = 0
    for scalar in text.unicodeScalars {
        let end = length + UTF8.width(scalar)
        guard UInt(end) < capacity else { break }
        length = end
    }
    for (i, byte) in text.utf8.prefix(length).enumerated() {
        buffer[i] = CChar(bitPattern: byte)
    }
    buffer[length] = 0
}
