import CWalkthroughAPI
import WalkthroughKernel

// The read-only entries of the C interface (const handle): they may run on several threads
// at once, so they only read the animator, and record failures through the handle's lock.

@_cdecl("bww_page_count")
public func bwwPageCount(_ walkthrough: OpaquePointer?, _ count: UnsafeMutablePointer<Int64>?) -> bww_status {
    return WalkthroughHandle.borrow(walkthrough, null: BWW_ERROR_NULL_ARGUMENT) { handle in
        guard let count else { return handle.fail(BWW_ERROR_NULL_ARGUMENT, "bww_page_count: count must not be NULL") }
        count.pointee = Int64(handle.animator.plan.pages.count)
        return BWW_OK
    }
}

@_cdecl("bww_subview_count")
public func bwwSubviewCount(_ walkthrough: OpaquePointer?, _ page: Int64, _ count: UnsafeMutablePointer<Int64>?) -> bww_status {
    return WalkthroughHandle.borrow(walkthrough, null: BWW_ERROR_NULL_ARGUMENT) { handle in
        guard let count else { return handle.fail(BWW_ERROR_NULL_ARGUMENT, "bww_subview_count: count must not be NULL") }
        guard let page = handle.pageIndex(page) else { return BWW_ERROR_OUT_OF_RANGE }
        count.pointee = Int64(handle.animator.plan.pages[page].count)
        return BWW_OK
    }
}

@_cdecl("bww_paging")
public func bwwPaging(_ walkthrough: OpaquePointer?, _ direction: UnsafeMutablePointer<bww_direction>?,
                      _ width: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?) -> bww_status {
    return WalkthroughHandle.borrow(walkthrough, null: BWW_ERROR_NULL_ARGUMENT) { handle in
        let w = handle.animator.walkthrough
        switch w.direction {
        case .leftToRight: direction?.pointee = BWW_DIRECTION_LEFT_TO_RIGHT
        case .rightToLeft: direction?.pointee = BWW_DIRECTION_RIGHT_TO_LEFT
        case .topToBottom: direction?.pointee = BWW_DIRECTION_TOP_TO_BOTTOM
        }
        width?.pointee = w.width
        height?.pointee = w.height ?? 0
        return BWW_OK
    }
}

@_cdecl("bww_page_extent")
public func bwwPageExtent(_ walkthrough: OpaquePointer?, _ extent: UnsafeMutablePointer<Double>?) -> bww_status {
    return WalkthroughHandle.borrow(walkthrough, null: BWW_ERROR_NULL_ARGUMENT) { handle in
        guard let extent else { return handle.fail(BWW_ERROR_NULL_ARGUMENT, "bww_page_extent: extent must not be NULL") }
        extent.pointee = handle.animator.walkthrough.extent
        return BWW_OK
    }
}

@_cdecl("bww_scroll_position")
public func bwwScrollPosition(_ walkthrough: OpaquePointer?, _ page: Int64, _ scroll: UnsafeMutablePointer<Double>?) -> bww_status {
    return WalkthroughHandle.borrow(walkthrough, null: BWW_ERROR_NULL_ARGUMENT) { handle in
        guard let scroll else { return handle.fail(BWW_ERROR_NULL_ARGUMENT, "bww_scroll_position: scroll must not be NULL") }
        guard let page = handle.pageIndex(page) else { return BWW_ERROR_OUT_OF_RANGE }
        scroll.pointee = handle.animator.walkthrough.scrollPosition(showingPage: page)
        return BWW_OK
    }
}

@_cdecl("bww_current_page")
public func bwwCurrentPage(_ walkthrough: OpaquePointer?, _ page: UnsafeMutablePointer<Int64>?) -> bww_status {
    return WalkthroughHandle.borrow(walkthrough, null: BWW_ERROR_NULL_ARGUMENT) { handle in
        guard let page else { return handle.fail(BWW_ERROR_NULL_ARGUMENT, "bww_current_page: page must not be NULL") }
        page.pointee = Int64(handle.animator.currentPage)
        return BWW_OK
    }
}

@_cdecl("bww_page_offset")
public func bwwPageOffset(_ walkthrough: OpaquePointer?, _ page: Int64, _ offset: UnsafeMutablePointer<Double>?,
                          _ animated: UnsafeMutablePointer<Int32>?) -> bww_status {
    return WalkthroughHandle.borrow(walkthrough, null: BWW_ERROR_NULL_ARGUMENT) { handle in
        guard let page = handle.pageIndex(page) else { return BWW_ERROR_OUT_OF_RANGE }
        let position = handle.animator.positions[page]
        offset?.pointee = position.offset
        animated?.pointee = position.animated ? 1 : 0
        return BWW_OK
    }
}

@_cdecl("bww_page_blocks")
public func bwwPageBlocks(_ walkthrough: OpaquePointer?, _ page: Int64, _ blocks: UnsafeMutablePointer<UnsafePointer<Float>?>?,
                          _ blockCount: UnsafeMutablePointer<Int64>?, _ subviewCount: UnsafeMutablePointer<Int64>?) -> bww_status {
    guard let walkthrough else { return BWW_ERROR_NULL_ARGUMENT }
    return WalkthroughHandle.borrow(walkthrough, null: BWW_ERROR_NULL_ARGUMENT) { handle in
        guard let blocks else { return handle.fail(BWW_ERROR_NULL_ARGUMENT, "bww_page_blocks: blocks must not be NULL") }
        guard let page = handle.pageIndex(page) else { return BWW_ERROR_OUT_OF_RANGE }
        // The handle owns the only reference to the frame's storage and never copies it, so
        // the address stays valid until bww_evaluate or bww_destroy. Through the frame's view,
        // not `withUnsafeBlocks`, whose first call allocated in the Swift runtime (with malloc
        // failing, std::bad_alloc: Tests/CInterface/allocation_failure.c).
        blocks.pointee = WalkthroughHandle.frame(walkthrough).matrices(page: page)
        blockCount?.pointee = Int64(handle.animator.plan.pages[page].blocks)
        subviewCount?.pointee = Int64(handle.animator.plan.pages[page].count)
        return BWW_OK
    }
}

// The per-page and per-subview reads below take a success path first: the frame through
// plain pointers (`WalkthroughHandle.frame`), no reference counting, no lock. Anything
// amiss falls through to the checks that record why (`…Failure`), out of line.

@_cdecl("bww_gather")
public func bwwGather(_ walkthrough: OpaquePointer?, _ page: Int64, _ out: UnsafeMutablePointer<Double>?,
                      _ capacity: Int) -> bww_status {
    if let walkthrough, let page = Int(exactly: page),
       WalkthroughHandle.frame(walkthrough).gather(page: page, into: out, capacity: UInt(bitPattern: capacity)) {
        return BWW_OK
    }
    return gatherFailure(walkthrough, page, out, capacity)
}

@inline(never)
func gatherFailure(_ walkthrough: OpaquePointer?, _ page: Int64, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int) -> bww_status {
    pageReadFailure(walkthrough, page, out, capacity, perSubview: 16, "bww_gather") { (frame, page, buffer) throws(WalkthroughError) in
        try frame.gather(page: page, into: buffer)
    }
}

/// The checked path of a per-page read into `out` (`perSubview` Doubles a subview): the
/// status and message of the first thing amiss, or the read itself.
func pageReadFailure(_ walkthrough: OpaquePointer?, _ page: Int64, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int,
                     perSubview: Int, _ name: StaticString,
                     read: (FrameBuffer, Int, UnsafeMutableBufferPointer<Double>) throws(WalkthroughError) -> Void) -> bww_status {
    return WalkthroughHandle.borrow(walkthrough, null: BWW_ERROR_NULL_ARGUMENT) { handle in
        guard let page = handle.pageIndex(page) else { return BWW_ERROR_OUT_OF_RANGE }
        let needed = perSubview * handle.animator.plan.pages[page].count
        if let status = handle.checkOutput(out, capacity: capacity, needed: needed, name, page) { return status }
        do throws(WalkthroughError) {
            try read(handle.animator.frame, page, UnsafeMutableBufferPointer(start: out, count: needed))
            return BWW_OK
        } catch {
            return handle.fail(BWW_ERROR_BUFFER_TOO_SMALL, "\(error.message)")
        }
    }
}

@_cdecl("bww_alphas")
public func bwwAlphas(_ walkthrough: OpaquePointer?, _ page: Int64, _ out: UnsafeMutablePointer<Double>?,
                      _ capacity: Int) -> bww_status {
    if let walkthrough, let page = Int(exactly: page),
       WalkthroughHandle.frame(walkthrough).alphas(page: page, into: out, capacity: UInt(bitPattern: capacity)) {
        return BWW_OK
    }
    return alphasFailure(walkthrough, page, out, capacity)
}

@inline(never)
func alphasFailure(_ walkthrough: OpaquePointer?, _ page: Int64, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int) -> bww_status {
    pageReadFailure(walkthrough, page, out, capacity, perSubview: 1, "bww_alphas") { (frame, page, buffer) throws(WalkthroughError) in
        try frame.alphas(page: page, into: buffer)
    }
}

@_cdecl("bww_alpha")
public func bwwAlpha(_ walkthrough: OpaquePointer?, _ page: Int64, _ subview: Int64, _ alpha: UnsafeMutablePointer<Double>?) -> bww_status {
    if let walkthrough, let alpha, let page = Int(exactly: page), let subview = Int(exactly: subview),
       let value = WalkthroughHandle.frame(walkthrough).alpha(page: page, subview: subview) {
        alpha.pointee = value
        return BWW_OK
    }
    return alphaFailure(walkthrough, page, subview, alpha)
}

@inline(never)
func alphaFailure(_ walkthrough: OpaquePointer?, _ page: Int64, _ subview: Int64, _ alpha: UnsafeMutablePointer<Double>?) -> bww_status {
    subviewReadFailure(walkthrough, page, subview, alpha, "bww_alpha: alpha must not be NULL") { frame, page, k, alpha in
        alpha.pointee = frame.alpha(page: page, subview: k)
    }
}

@_cdecl("bww_transform")
public func bwwTransform(_ walkthrough: OpaquePointer?, _ page: Int64, _ subview: Int64, _ out: UnsafeMutablePointer<Double>?) -> bww_status {
    if let walkthrough, let out, let page = Int(exactly: page), let subview = Int(exactly: subview),
       let t = WalkthroughHandle.frame(walkthrough).transform(page: page, subview: subview) {
        UnsafeMutableRawPointer(out).storeBytes(of: t.vector, as: SIMD16<Double>.self)
        return BWW_OK
    }
    return transformFailure(walkthrough, page, subview, out)
}

@inline(never)
func transformFailure(_ walkthrough: OpaquePointer?, _ page: Int64, _ subview: Int64, _ out: UnsafeMutablePointer<Double>?) -> bww_status {
    subviewReadFailure(walkthrough, page, subview, out, "bww_transform: out must not be NULL") { frame, page, k, out in
        UnsafeMutableRawPointer(out).storeBytes(of: frame.transform(page: page, subview: k).vector, as: SIMD16<Double>.self)
    }
}

/// The checked path of a one-subview read (`bww_alpha`, `bww_transform`): records why the
/// fast path refused it, or reads through the frame when it did not (a call racing nothing).
func subviewReadFailure(_ walkthrough: OpaquePointer?, _ page: Int64, _ subview: Int64, _ out: UnsafeMutablePointer<Double>?,
                        _ nullOut: FailureText, read: (FrameBuffer, Int, Int, UnsafeMutablePointer<Double>) -> Void) -> bww_status {
    return WalkthroughHandle.borrow(walkthrough, null: BWW_ERROR_NULL_ARGUMENT) { handle in
        guard let out else { return handle.fail(BWW_ERROR_NULL_ARGUMENT, nullOut) }
        guard let page = handle.pageIndex(page) else { return BWW_ERROR_OUT_OF_RANGE }
        let count = handle.animator.plan.pages[page].count
        guard subview >= 0, subview < count else {
            return handle.fail(BWW_ERROR_OUT_OF_RANGE, "subview \(subview) is out of range; page \(page) has \(count)")
        }
        read(handle.animator.frame, page, Int(subview), out)
        return BWW_OK
    }
}
