// Walkthrough files from bytes and from a path: what `Data` and a file `URL` give without
// Foundation, which the kernel does not import.

extension Walkthrough {
    /// Loads a walkthrough file's bytes, UTF-8 JSON as a file holds it: `Data`, `[UInt8]`,
    /// `ArraySlice<UInt8>`, `String.UTF8View`, any sequence of bytes.
    ///
    /// ```swift
    /// let walkthrough = try Walkthrough(json: data)   // data: Data
    /// ```
    ///
    /// Ill-formed UTF-8 is read as U+FFFD, as `String(decoding:as:)` does, so it is an
    /// error wherever JSON does not allow that character and kept inside strings.
    /// - Throws: as `init(json:)` for a `String`.
    public init<Bytes: Sequence>(json bytes: Bytes) throws(WalkthroughError) where Bytes.Element == UInt8 {
        try self.init(json: bytes, memory: nil)
    }

    /// The same, asking `memory` as `init(json:memory:)` of a `String` does (which reads its `utf8` here).
    package init<Bytes: Sequence>(json bytes: Bytes, memory: MemoryProbe?) throws(WalkthroughError) where Bytes.Element == UInt8 {
        // Read where they are (`init(utf8:)`: a native string's, `Data`'s, an array's), or from one contiguous copy.
        func read(_ contiguous: UnsafeBufferPointer<UInt8>) -> Result<Walkthrough, WalkthroughError> {
            Result { () throws(WalkthroughError) in try Walkthrough(utf8: contiguous, memory: memory) }
        }
        self = try (bytes.withContiguousStorageIfAvailable(read) ?? Array(bytes).withUnsafeBufferPointer(read)).get()
    }

    /// Loads the walkthrough file at `path` (for a file `URL`, pass its `path`).
    ///
    /// ```swift
    /// let walkthrough = try Walkthrough(contentsOfFile: "Onboarding.json")
    /// let fromURL = try Walkthrough(contentsOfFile: url.path)
    /// ```
    ///
    /// Only regular files are read (a FIFO or a device is an error, never a wait), of at
    /// most 1 GiB, the C interface's `BWW_MAX_JSON_LENGTH`.
    /// - Throws: a one-line `WalkthroughError` that starts with the path:
    ///   `PATH: cannot read the file (it does not exist)` (or is a folder, or the system's
    ///   reason), or `PATH: ` followed by the message of `init(json:)` for what it holds.
    public init(contentsOfFile path: String) throws(WalkthroughError) {
        self = try FileContents.withBytes(ofFile: path) { (bytes) throws(WalkthroughError) in
            do throws(WalkthroughError) { return try Walkthrough(utf8: bytes) } catch { throw error.prefixed(FileContents.shown(path)) }
        }
    }
}
