import CWalkthroughAPI
import WalkthroughKernel

// Frames written straight into the caller's memory, in the layout of its choice.

@_cdecl("bww_evaluate_into")
public func bwwEvaluateInto(_ walkthrough: OpaquePointer?, _ scroll: Double, _ layout: bww_layout,
                            _ dst: UnsafeMutableRawPointer?, _ bytes: Int) -> bww_status {
    return WalkthroughHandle.borrow(walkthrough, null: BWW_ERROR_NULL_ARGUMENT) { handle in
        // Needs the handle to itself, as bww_evaluate: the messages handed out so far expire.
        handle.messages.clear()
        guard let k = handle.layoutIndex(layout, "bww_evaluate_into") else { return BWW_ERROR_INVALID_VALUE }
        let geometry = handle.geometries[k]
        let bytes = UInt(bitPattern: bytes)
        guard bytes >= UInt(geometry.byteCount) else {
            return handle.fail(BWW_ERROR_BUFFER_TOO_SMALL,
                               "bww_evaluate_into: the frame needs \(geometry.byteCount) bytes in layout \(layout), dst holds \(bytes)")
        }
        guard geometry.byteCount == 0 || dst != nil else {
            return handle.fail(BWW_ERROR_NULL_ARGUMENT, "bww_evaluate_into: dst must not be NULL")
        }
        guard scroll.isFinite else { return handle.fail(BWW_ERROR_INVALID_VALUE, nonFiniteScroll(scroll)) }
        do throws(WalkthroughError) {
            let destination = UnsafeMutableRawBufferPointer(start: dst, count: geometry.byteCount)
            defer { handle.frameWritten() }
            try handle.animator.update(scroll: scroll, into: destination, geometry: geometry)
            return BWW_OK
        } catch {
            return handle.fail(BWW_ERROR_INVALID_VALUE, "\(error.message)")
        }
    }
}

@_cdecl("bww_frame_size")
public func bwwFrameSize(_ walkthrough: OpaquePointer?, _ layout: bww_layout, _ bytes: UnsafeMutablePointer<Int>?,
                         _ alphaOffset: UnsafeMutablePointer<Int>?) -> bww_status {
    return WalkthroughHandle.borrow(walkthrough, null: BWW_ERROR_NULL_ARGUMENT) { handle in
        guard let bytes else { return handle.fail(BWW_ERROR_NULL_ARGUMENT, "bww_frame_size: bytes must not be NULL") }
        guard let k = handle.layoutIndex(layout, "bww_frame_size") else { return BWW_ERROR_INVALID_VALUE }
        bytes.pointee = handle.geometries[k].byteCount
        alphaOffset?.pointee = handle.geometries[k].alphaOffset
        return BWW_OK
    }
}

@_cdecl("bww_page_location")
public func bwwPageLocation(_ walkthrough: OpaquePointer?, _ layout: bww_layout, _ page: Int64,
                            _ matrixOffset: UnsafeMutablePointer<Int>?, _ alphaOffset: UnsafeMutablePointer<Int>?) -> bww_status {
    return WalkthroughHandle.borrow(walkthrough, null: BWW_ERROR_NULL_ARGUMENT) { handle in
        guard let matrixOffset else { return handle.fail(BWW_ERROR_NULL_ARGUMENT, "bww_page_location: matrix_offset must not be NULL") }
        guard let k = handle.layoutIndex(layout, "bww_page_location") else { return BWW_ERROR_INVALID_VALUE }
        guard let page = handle.pageIndex(page) else { return BWW_ERROR_OUT_OF_RANGE }
        matrixOffset.pointee = handle.geometries[k].matrixOffset(page: page)
        alphaOffset?.pointee = handle.geometries[k].alphaOffset(page: page)
        return BWW_OK
    }
}

extension WalkthroughHandle {
    /// Where `layout`'s frame geometry is in `geometries`, or nil after recording that the
    /// layout is unknown. The geometries are then read in place: a copy would retain their
    /// arrays, a write into the handle that a `const` call must not make. (A dictionary
    /// literal here allocated on every call, every frame of bww_evaluate_into.)
    func layoutIndex(_ layout: bww_layout, _ function: StaticString) -> Int? {
        if let k = Self.layouts.firstIndex(where: { $0.0 == layout }) { return k }
        _ = fail(BWW_ERROR_INVALID_VALUE, "\(function): unknown layout \(layout); the layouts are 0 (blocks), 1 (float4x4), 2 (CATransform3D)")
        return nil
    }
}
