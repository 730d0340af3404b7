import CWalkthroughAPI
import WalkthroughKernel

// The C interface declared in Sources/CWalkthroughAPI/include/bwwalkthrough.h: making,
// evaluating and releasing a handle (the reads are in CInterface+Reading.swift). Every entry
// checks its pointers, lengths and indices and answers with a status; none may trap. The
// parameter types are the Swift imports of the header's (size_t is Int), which
// HeaderSignatures.swift makes the compiler check; sizes are read as UInt.

@_cdecl("bww_create")
public func bwwCreate(_ json: UnsafePointer<CChar>?, _ length: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?,
                      _ message: UnsafeMutablePointer<CChar>?, _ capacity: Int) -> bww_status {
    let (length, capacity) = (UInt(bitPattern: length), UInt(bitPattern: capacity))
    out?.pointee = nil
    guard let json, let out else {
        let null = [json == nil ? "json" : nil, out == nil ? "out" : nil].compactMap { $0 }.joined(separator: " and ")
        copyMessage("bww_create: \(null) must not be NULL", to: message, capacity: capacity)
        return BWW_ERROR_NULL_ARGUMENT
    }
    guard length <= UInt(BWW_MAX_JSON_LENGTH) else {
        copyMessage("bww_create: length \(length) exceeds BWW_MAX_JSON_LENGTH (\(BWW_MAX_JSON_LENGTH) bytes)",
                    to: message, capacity: capacity)
        return BWW_ERROR_INVALID_VALUE
    }
    // Each big allocation is probed just before it is made (the parser's arrays, and the
    // repaired copy of ill-formed text that an error is placed in, through MemoryProbe) or
    // made up front (the buffers, through checked), so that running out is a status; the
    // small ones come from Swift's allocator (see the header's Memory). The text itself is
    // parsed where it is.
    guard let messages = MessageLog() else {
        copyMessage("bww_create: cannot allocate the handle's message storage", to: message, capacity: capacity)
        return BWW_ERROR_OUT_OF_MEMORY
    }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(json).assumingMemoryBound(to: UInt8.self), count: Int(length))
    let walkthrough: Walkthrough
    do {
        walkthrough = try Walkthrough(utf8: bytes, memory: .system)
    } catch where error.refusedBytes != nil {
        copyMessage("bww_create: \(error.message)", to: message, capacity: capacity)
        return BWW_ERROR_OUT_OF_MEMORY
    } catch {
        copyMessage(error.message, to: message, capacity: capacity)
        return BWW_ERROR_INVALID_FILE
    }
    var animator: WalkthroughAnimator
    do {
        animator = try WalkthroughAnimator.checked(walkthrough)
    } catch {
        copyMessage("bww_create: cannot allocate \(error.bytes) bytes for \(error.what)", to: message, capacity: capacity)
        return BWW_ERROR_OUT_OF_MEMORY
    }
    // Threads now, so that no bww_evaluate allocates (a refused thread means fewer parts).
    if animator.canSplitFrames { animator.startWorkers() }
    let handle = WalkthroughHandle(animator, messages: messages)
    out.pointee = OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
    return BWW_OK
}

@_cdecl("bww_destroy")
public func bwwDestroy(_ walkthrough: OpaquePointer?) {
    guard let walkthrough else { return }
    Unmanaged<WalkthroughHandle>.fromOpaque(UnsafeRawPointer(walkthrough)).release()
}

@_cdecl("bww_error_message")
public func bwwErrorMessage(_ walkthrough: OpaquePointer?) -> UnsafePointer<CChar>? {
    WalkthroughHandle.borrow(walkthrough, null: MessageLog.constant("bww_error_message: the handle is NULL")) { handle in
        handle.messages.latest
    }
}

@_cdecl("bww_evaluate")
public func bwwEvaluate(_ walkthrough: OpaquePointer?, _ scroll: Double) -> bww_status {
    return WalkthroughHandle.borrow(walkthrough, null: BWW_ERROR_NULL_ARGUMENT) { handle in
        // The one call that has the handle to itself: the messages handed out so far expire.
        handle.messages.clear()
        guard scroll.isFinite else { return handle.fail(BWW_ERROR_INVALID_VALUE, nonFiniteScroll(scroll)) }
        do throws(WalkthroughError) {
            defer { handle.frameWritten() }
            try handle.animator.update(scroll: scroll)
            return BWW_OK
        } catch {
            return handle.fail(BWW_ERROR_INVALID_VALUE, "\(error.message)")
        }
    }
}

/// `Walkthrough.currentPage`'s message for a non-finite scroll position, word for word
/// (`Double.description` of NaN and the infinities), checked before the kernel so that the
/// failure allocates nothing.
func nonFiniteScroll(_ x: Double) -> FailureText {
    if x.isNaN { return x.sign == .minus ? "scroll position must be finite, got -nan" : "scroll position must be finite, got nan" }
    return x < 0 ? "scroll position must be finite, got -inf" : "scroll position must be finite, got inf"
}
