import CWalkthroughAPI
import Kernel

// The C interface declared in Sources/CWalkthroughAPI/include/bwwalkthrough.h. Every entry
// checks its pointers and indices and answers with a status; none may trap.

@_cdecl("bww_create")
public func bwwCreate(_ json: UnsafePointer<CChar>?, _ length: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?,
                      _ message: UnsafeMutablePointer<CChar>?, _ capacity: Int) -> bww_status {
    out?.pointee = nil
    guard let json, let out else {
        copyMessage("bww_create: json and out must not be NULL", to: message, capacity: capacity)
        return BWW_ERROR_NULL_ARGUMENT
    }
    guard length >= 0 else {
        copyMessage("bww_create: negative length", to: message, capacity: capacity)
        return BWW_ERROR_INVALID_VALUE
    }
    let text = String(decoding: UnsafeRawBufferPointer(start: json, count: length), as: UTF8.self)
    do {
        let handle = WalkthroughHandle(try Walkthrough(json: text))
        out.pointee = OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
        return BWW_OK
    } catch {
        copyMessage(error.message, to: message, capacity: capacity)
        return BWW_ERROR_INVALID_FILE
    }
}

@_cdecl("bww_destroy")
public func bwwDestroy(_ walkthrough: OpaquePointer?) {
    guard let walkthrough else { return }
    Unmanaged<WalkthroughHandle>.fromOpaque(UnsafeRawPointer(walkthrough)).release()
}

@_cdecl("bww_error_message")
public func bwwErrorMessage(_ walkthrough: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let handle = WalkthroughHandle.from(walkthrough) else { return bww_status_string(BWW_ERROR_NULL_ARGUMENT) }
    // The array lives in the handle until the next failing call replaces it.
    return handle.message.withUnsafeBufferPointer { $0.baseAddress }
}

@_cdecl("bww_page_count")
public func bwwPageCount(_ walkthrough: OpaquePointer?, _ count: UnsafeMutablePointer<Int>?) -> bww_status {
    guard let handle = WalkthroughHandle.from(walkthrough) else { return BWW_ERROR_NULL_ARGUMENT }
    guard let count else { return handle.fail(BWW_ERROR_NULL_ARGUMENT, "bww_page_count: count must not be NULL") }
    count.pointee = handle.animator.plan.pages.count
    return BWW_OK
}

@_cdecl("bww_subview_count")
public func bwwSubviewCount(_ walkthrough: OpaquePointer?, _ page: Int, _ count: UnsafeMutablePointer<Int>?) -> bww_status {
    guard let handle = WalkthroughHandle.from(walkthrough) else { return BWW_ERROR_NULL_ARGUMENT }
    guard let count else { return handle.fail(BWW_ERROR_NULL_ARGUMENT, "bww_subview_count: count must not be NULL") }
    let status = handle.check(page: page)
    if status == BWW_OK { count.pointee = handle.animator.plan.pages[page].count }
    return status
}

@_cdecl("bww_evaluate")
public func bwwEvaluate(_ walkthrough: OpaquePointer?, _ scroll: Double) -> bww_status {
    guard let handle = WalkthroughHandle.from(walkthrough) else { return BWW_ERROR_NULL_ARGUMENT }
    do {
        try handle.animator.update(scroll: scroll)
        return BWW_OK
    } catch {
        return handle.fail(BWW_ERROR_INVALID_VALUE, error.message)
    }
}

@_cdecl("bww_current_page")
public func bwwCurrentPage(_ walkthrough: OpaquePointer?, _ page: UnsafeMutablePointer<Int>?) -> bww_status {
    guard let handle = WalkthroughHandle.from(walkthrough) else { return BWW_ERROR_NULL_ARGUMENT }
    guard let page else { return handle.fail(BWW_ERROR_NULL_ARGUMENT, "bww_current_page: page must not be NULL") }
    page.pointee = handle.animator.currentPage
    return BWW_OK
}

@_cdecl("bww_page_offset")
public func bwwPageOffset(_ walkthrough: OpaquePointer?, _ page: Int, _ offset: UnsafeMutablePointer<Double>?,
                          _ animated: UnsafeMutablePointer<Int32>?) -> bww_status {
    guard let handle = WalkthroughHandle.from(walkthrough) else { return BWW_ERROR_NULL_ARGUMENT }
    let status = handle.check(page: page)
    guard status == BWW_OK else { return status }
    let position = handle.animator.positions[page]
    offset?.pointee = position.offset
    animated?.pointee = position.animated ? 1 : 0
    return BWW_OK
}

@_cdecl("bww_page_blocks")
public func bwwPageBlocks(_ walkthrough: OpaquePointer?, _ page: Int, _ blocks: UnsafeMutablePointer<UnsafePointer<Float>?>?,
                          _ blockCount: UnsafeMutablePointer<Int>?, _ subviewCount: UnsafeMutablePointer<Int>?) -> bww_status {
    guard let handle = WalkthroughHandle.from(walkthrough) else { return BWW_ERROR_NULL_ARGUMENT }
    guard let blocks else { return handle.fail(BWW_ERROR_NULL_ARGUMENT, "bww_page_blocks: blocks must not be NULL") }
    let status = handle.check(page: page)
    guard status == BWW_OK else { return status }
    // The handle owns the only reference to the frame's storage and never copies it, so
    // the address stays valid past the closure, until bww_evaluate or bww_destroy.
    blocks.pointee = handle.animator.frame.withUnsafeBlocks(page: page) { UnsafePointer($0.baseAddress) }
    blockCount?.pointee = handle.animator.plan.pages[page].blocks
    subviewCount?.pointee = handle.animator.plan.pages[page].count
    return BWW_OK
}

@_cdecl("bww_gather")
public func bwwGather(_ walkthrough: OpaquePointer?, _ page: Int, _ out: UnsafeMutablePointer<Double>?,
                      _ capacity: Int) -> bww_status {
    guard let handle = WalkthroughHandle.from(walkthrough) else { return BWW_ERROR_NULL_ARGUMENT }
    let status = handle.check(page: page)
    guard status == BWW_OK else { return status }
    let needed = 16 * handle.animator.plan.pages[page].count
    guard needed == 0 || out != nil else { return handle.fail(BWW_ERROR_NULL_ARGUMENT, "bww_gather: out must not be NULL") }
    guard capacity >= needed else {
        return handle.fail(BWW_ERROR_BUFFER_TOO_SMALL, "bww_gather: page \(page) needs \(needed) doubles, the buffer holds \(capacity)")
    }
    do {
        try handle.animator.frame.gather(page: page, into: UnsafeMutableBufferPointer(start: out, count: needed))
        return BWW_OK
    } catch {
        return handle.fail(BWW_ERROR_BUFFER_TOO_SMALL, error.message)
    }
}

@_cdecl("bww_alpha")
public func bwwAlpha(_ walkthrough: OpaquePointer?, _ page: Int, _ subview: Int, _ alpha: UnsafeMutablePointer<Double>?) -> bww_status {
    guard let handle = WalkthroughHandle.from(walkthrough) else { return BWW_ERROR_NULL_ARGUMENT }
    guard let alpha else { return handle.fail(BWW_ERROR_NULL_ARGUMENT, "bww_alpha: alpha must not be NULL") }
    let status = handle.check(page: page)
    guard status == BWW_OK else { return status }
    let count = handle.animator.plan.pages[page].count
    guard subview >= 0, subview < count else {
        return handle.fail(BWW_ERROR_OUT_OF_RANGE, "subview \(subview) is out of range; page \(page) has \(count)")
    }
    alpha.pointee = handle.animator.frame.alpha(page: page, subview: subview)
    return BWW_OK
}
