/// Where a page's keyframe lanes are for one kernel call (`KeyframeMode.lanes`): the plan's
/// tables and the animator's segment cache, from the page's first block.
package struct KeyframeInputs {
    /// The plan's tables of the page (valid while the plan lives; not retained per call).
    package let tables: Unmanaged<LaneTimelines>
    /// `tables.tracks.count` `LaneSegments` per block, then the next block; on a page packed by track
    /// (`PackedTracks`), each track's groups in a run of `blocks` entries.
    let lanes: UnsafeMutablePointer<LaneSegments>
}
