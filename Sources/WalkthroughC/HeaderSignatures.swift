import CWalkthroughAPI

// The compiler's check that every @_cdecl function has the signature the header declares.
//
// Swift imports the header's declarations (bww_create, …) from CWalkthroughAPI; each line
// below passes one of them and its Swift implementation as two arguments of one generic
// type, which compiles only when the two function types are identical: same parameter
// and return types as Swift imports them (int64_t is Int64, size_t Int, int32_t Int32),
// same pointer mutability. A header change that the Swift side does not follow, or the
// reverse, stops the build. Never called; it exists for the type checker. The functions
// implemented in C (bww_status_string, bww_version_*) need no check.

private func sameType<T>(_ header: T, _ swift: T) {}

private func checkSignatures() {
    sameType(bww_create, bwwCreate)
    sameType(bww_destroy, bwwDestroy)
    sameType(bww_error_message, bwwErrorMessage)
    sameType(bww_page_count, bwwPageCount)
    sameType(bww_subview_count, bwwSubviewCount)
    sameType(bww_paging, bwwPaging)
    sameType(bww_page_extent, bwwPageExtent)
    sameType(bww_scroll_position, bwwScrollPosition)
    sameType(bww_evaluate, bwwEvaluate)
    sameType(bww_current_page, bwwCurrentPage)
    sameType(bww_page_offset, bwwPageOffset)
    sameType(bww_page_blocks, bwwPageBlocks)
    sameType(bww_gather, bwwGather)
    sameType(bww_alphas, bwwAlphas)
    sameType(bww_alpha, bwwAlpha)
    sameType(bww_transform, bwwTransform)
    sameType(bww_evaluate_into, bwwEvaluateInto)
    sameType(bww_frame_size, bwwFrameSize)
    sameType(bww_page_location, bwwPageLocation)
}
