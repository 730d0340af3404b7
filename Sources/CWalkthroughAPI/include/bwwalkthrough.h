#ifndef BWWALKTHROUGH_H
#define BWWALKTHROUGH_H

/*
 * BWWalkthrough's animation engine for C, C++ and Objective-C.
 *
 * Build and link. scripts/c-library.sh builds libBWWalkthroughC.so with the SONAME
 * libBWWalkthroughC.so.<BWW_VERSION_MAJOR>, the link of that name next to it, and
 * bwwalkthrough.pc for pkg-config (header and library paths): see the docs/C-API.md.
 * With --prefix DIR it installs them: DIR/include/bwwalkthrough.h, DIR/lib/libBWWalkthroughC.so*
 * and DIR/lib/pkgconfig/bwwalkthrough.pc, whose paths are relative to its own folder.
 *
 * Swift runtime. The library is written in Swift. Its default build needs the Swift
 * runtime's shared libraries at run time: libswiftCore, libswift_Concurrency,
 * libswift_StringProcessing, libswift_RegexParser and libswiftGlibc, and through
 * libswift_Concurrency libdispatch, libBlocksRuntime and libswift_Builtin_float, from
 * <toolchain>/usr/lib/swift/linux (the same Swift version as the build; `ldd` lists
 * them). To ship a program, copy them and libBWWalkthroughC.so.N into one folder and link
 * with -Wl,-rpath,'$ORIGIN', or install a Swift runtime of that version.
 * `scripts/c-library.sh --static-runtime` builds instead a self-contained shared library
 * (about 10 MB, the runtime linked in) that needs only libc, libm, libstdc++ and
 * libgcc_s; do not load it into a process that runs other Swift code, which would then
 * have two Swift runtimes. A static archive (libBWWalkthroughC.a) is not offered: a C
 * program would have to link the Swift runtime's own archives and start-up object itself.
 *
 * Crash handlers. Loading the default build starts the Swift runtime, which installs its
 * backtracer as the handler of SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE and SIGTRAP for
 * the whole process: a crash anywhere in the program then prints a Swift backtrace. Set
 * the environment variable SWIFT_BACKTRACE=enable=no before the library loads (before the
 * program starts, or before dlopen) to keep the handlers the program had. The
 * --static-runtime build installs none.
 *
 * Ownership. bww_create makes a handle; the caller owns it and releases it with
 * bww_destroy, exactly once: a destroyed handle must not be passed to any function again,
 * bww_destroy included (a second bww_destroy is undefined behaviour, like a double free).
 * Strings and buffers passed in are only read during the call.
 * Pointers handed out belong to the handle and must not be freed or written to. Blocks
 * (bww_page_blocks) stay valid until the next bww_evaluate or bww_destroy on that handle.
 * Messages (bww_error_message) stay valid, their text unchanged, until the next
 * bww_evaluate, bww_evaluate_into or bww_destroy on that handle; after that the memory
 * may hold later messages, and an AddressSanitizer build of the library reports a read.
 *
 * Threads. The functions that take a `const bww_walkthrough *` are read-only: they write
 * nothing in the handle, not even a reference count (since 1.2.0, in optimized builds of
 * the library), but its message log, under the log's lock: a failure records its message
 * there and bww_error_message reads the latest. They may run at the same time as each
 * other on one handle, from any number of threads, failing or not. bww_evaluate and
 * bww_destroy need the handle to themselves: no other call on it may overlap them (guard
 * them with your own lock if several threads share it). Different handles are independent.
 * bww_evaluate splits frames of at least 65,536 animated subviews across worker threads
 * of the handle's own, one fewer than the online processors: bww_create starts them (for
 * a walkthrough with such frames), they wait between frames, and bww_destroy ends them.
 * After each split frame they wait awake (spinning) for up to 30 µs before they sleep,
 * which catches frames that follow at once and costs that much processor time a worker.
 * bww_evaluate returns only when they are done, waiting awake for up to 50 µs for the
 * last part (since 1.1.3). They run with asynchronous signals
 * blocked (faults such as SIGSEGV are not). In a child of fork, which has none of them, a
 * handle made before the fork computes its frames on the calling thread and
 * bww_destroy leaves the workers' memory unfreed.
 *
 * Errors. Every function that can fail returns a bww_status; BWW_OK is 0. Nothing crashes
 * on bad input: null pointers, short buffers, bad JSON, out-of-range indices, too long
 * lengths and non-finite numbers are all reported. A handle keeps the message of every
 * failed call on it for as long as Ownership says (identical messages are stored once;
 * after BWW_MAX_MESSAGES distinct ones, further failures share one fixed message), so a
 * message pointer stays valid while other calls fail. A failing call on a
 * handle allocates nothing (the handle's message storage is made by bww_create), so its
 * status and message do not depend on free memory. bww_create writes its message into
 * the caller's buffer instead (it has no handle yet). Messages are UTF-8. A NULL handle
 * gives BWW_ERROR_NULL_ARGUMENT and records nothing.
 *
 * Memory. Limits bound what a handle can take: 65,536 pages, BWW_MAX_SUBVIEWS subviews
 * and BWW_MAX_KEYFRAMES keyframes, each timeline counting 4 besides its keyframes (since
 * 1.2.0; walkthroughs at that limit took up to 571 MiB to load, whatever the shape of
 * their timelines; a page of BWW_MAX_SUBVIEWS subviews with a staggered timeline, 2.1 GB);
 * a file past one is BWW_ERROR_INVALID_FILE. bww_create returns BWW_ERROR_OUT_OF_MEMORY, with a message,
 * when one of these cannot be allocated (the text is parsed where it is, not copied, since 1.4.1):
 * for a text that is not a walkthrough and holds ill-formed UTF-8, the copy in which each
 * ill-formed byte becomes U+FFFD (3 times `length` bytes at most) and the error's line and
 * column are counted; while parsing, the array of
 * pages and each page's array of subviews (56 bytes a subview); the handle's message
 * storage (BWW_MAX_MESSAGES slots of 256 bytes, touched only as messages are written);
 * the frame and parameter buffers (80 bytes a subview slot, a page's subviews rounded up
 * to a multiple of BWW_LANES); the keyframe tables of pages whose timelines are not one
 * pose a page (a stagger, subviews' own timelines, or an angle variance: 48 bytes a
 * subview slot, 673 bytes a block of BWW_LANES slots and track the page animates, 32
 * bytes a distinct timeline and 88 a keyframe of it). The repaired copy and the parser's
 * arrays it checks by allocating their size (and 4 KiB) and freeing it just before the
 * real allocation; the buffers and tables it allocates, for real, before it builds
 * anything, and the message storage once. The small allocations, which come
 * from the Swift runtime (it ends the process when one fails), it checks ahead: while
 * parsing, 1 MiB at a time for at most 1 KiB a page, 256 bytes a timeline, 128 a track and
 * 128 a keyframe; before counting the buffers, the set of a page's distinct own timelines
 * and the list of counts; before building, the working arrays of the keyframe tables and
 * a few words a page, with 4 MiB to spare. So running out is BWW_ERROR_OUT_OF_MEMORY at
 * every address-space limit (scripts/c-api-ulimit-sweep.sh tries every ulimit -v from 50
 * MB in 2 MB steps), unless other threads take memory between a check and its allocation.
 * The worker threads (see Threads) are started by bww_create; a thread the system refuses
 * leaves the frames split into fewer parts, down to none. Frames (bww_evaluate,
 * bww_evaluate_into), the reads and every failing call on a handle allocate nothing
 * (bww_gather's thread-specific turn word may have the C library allocate a slot for it
 * once per thread, which glibc does past its first 32 keys: if that fails, the gather
 * walks forward only).
 *
 * Layouts. A frame is computed in Float. bww_gather writes 16 doubles per subview in Core
 * Animation field order (m11 m12 m13 m14 m21 … m44), ready for CATransform3D.
 * bww_page_blocks exposes the engine's own layout: blocks of BWW_LANES subviews, each
 * block BWW_BLOCK_FLOATS floats, field f (0–15 as above, 16 = alpha) of lane l at
 * block[f * BWW_LANES + l]; subview k is lane k % BWW_LANES of block k / BWW_LANES.
 * bww_evaluate_into writes a frame straight into memory the caller owns (a GPU buffer's
 * contents, say) in one of three layouts (bww_layout), the kernel storing that layout
 * itself: the matrices of every page in page order, then, in the two dense layouts, the
 * alphas. bww_frame_size and bww_page_location give the sizes and offsets.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header. bww_version_number() gives the library's: a program can
 * check that they agree. The major version is the N of the SONAME libBWWalkthroughC.so.N. */
#define BWW_VERSION_MAJOR 1
#define BWW_VERSION_MINOR 4
#define BWW_VERSION_PATCH 1
#define BWW_VERSION_NUMBER (BWW_VERSION_MAJOR * 10000 + BWW_VERSION_MINOR * 100 + BWW_VERSION_PATCH)

#define BWW_LANES 8
#define BWW_FIELDS 17
#define BWW_BLOCK_FLOATS (BWW_FIELDS * BWW_LANES)

/* The most subviews one walkthrough may hold over all its pages (2^22). */
#define BWW_MAX_SUBVIEWS 4194304
/* The most keyframes one walkthrough's timelines may hold in all, as written, each
 * timeline counting 4 more (2^21). */
#define BWW_MAX_KEYFRAMES 2097152
/* The longest walkthrough text bww_create accepts, in bytes (1 GiB). */
#ifdef __cplusplus /* no C-style cast, which -Wold-style-cast flags in C++ */
#define BWW_MAX_JSON_LENGTH (static_cast<size_t>(1) << 30)
#else
#define BWW_MAX_JSON_LENGTH ((size_t)1 << 30)
#endif
/* Distinct error messages a handle keeps between two frames (bww_evaluate or
 * bww_evaluate_into calls). */
#define BWW_MAX_MESSAGES 1024

typedef struct bww_walkthrough bww_walkthrough;

/* 32 bits on every compiler, unlike an enum. */
typedef int32_t bww_status;
#define BWW_OK 0
#define BWW_ERROR_NULL_ARGUMENT 1    /* a required pointer was NULL */
#define BWW_ERROR_INVALID_FILE 2     /* the walkthrough JSON is malformed or breaks the format */
#define BWW_ERROR_OUT_OF_RANGE 3     /* a page or subview index outside its range */
#define BWW_ERROR_BUFFER_TOO_SMALL 4 /* an output buffer's capacity is below what it must hold */
#define BWW_ERROR_INVALID_VALUE 5    /* a non-finite scroll position, or a length above BWW_MAX_JSON_LENGTH */
#define BWW_ERROR_OUT_OF_MEMORY 6    /* bww_create could not allocate the walkthrough's memory (see Memory) */

/* How the pages are laid out along the scroll axis (the file's "direction"); 32 bits. */
typedef int32_t bww_direction;
#define BWW_DIRECTION_LEFT_TO_RIGHT 0 /* page i at x = i*W, W the width */
#define BWW_DIRECTION_RIGHT_TO_LEFT 1 /* page i at x = (n - 1 - i)*W, transforms mirrored left-right */
#define BWW_DIRECTION_TOP_TO_BOTTOM 2 /* page i at y = i*W, W the height, scroll is contentOffset.y */

/* A frame layout for bww_evaluate_into; 32 bits on every compiler. */
typedef int32_t bww_layout;
/* The engine's blocks: BWW_BLOCK_FLOATS floats per BWW_LANES subviews, alpha included;
 * every page starts on a block (its last block is padded). */
#define BWW_LAYOUT_BLOCKS 0
/* 16 floats per subview, m11 … m44 (64 bytes; also simd_float4x4's storage of the
 * transform for column vectors, as Metal and Vulkan instance buffers take it), the
 * subviews of all pages back to back; then one float alpha per subview. */
#define BWW_LAYOUT_FLOAT4X4 1
/* 16 doubles per subview, m11 … m44 (128 bytes, CATransform3D's memory on 64-bit
 * platforms), back to back; then one double alpha per subview. */
#define BWW_LAYOUT_CATRANSFORM3D 2

/* BWW_VERSION_NUMBER and "MAJOR.MINOR.PATCH" of the library as it was built. */
uint32_t bww_version_number(void);
const char *bww_version_string(void);

/* A short fixed description of a status ("buffer too small"); never NULL. */
const char *bww_status_string(bww_status status);

/* Loads a walkthrough file's JSON text (`length` bytes, no terminator needed). On success
 * *out is a new handle whose frame is the identity everywhere until bww_evaluate. On
 * failure *out is NULL and, when `error` is not NULL, a NUL-terminated message is written
 * to it, truncated to error_capacity bytes at a UTF-8 character boundary. `json` and `out`
 * must not be NULL. */
bww_status bww_create(const char *json, size_t length, bww_walkthrough **out,
                      char *error, size_t error_capacity);

/* Releases a handle and every pointer it handed out. NULL is allowed and does nothing.
 * Once per handle: the handle must not be used again, nor destroyed a second time. */
void bww_destroy(bww_walkthrough *walkthrough);

/* The message of the latest failed call on this handle since the last bww_evaluate or
 * bww_evaluate_into (that call's own failure included), "" if none; valid as Ownership
 * says. Never NULL; a fixed text for a NULL handle. */
const char *bww_error_message(const bww_walkthrough *walkthrough);

/* The outputs below must not be NULL unless the comment says otherwise. */
bww_status bww_page_count(const bww_walkthrough *walkthrough, int64_t *count);
bww_status bww_subview_count(const bww_walkthrough *walkthrough, int64_t page, int64_t *count);

/* The file's paging direction, page width and page height (0 when the file gives none).
 * Any output may be NULL. */
bww_status bww_paging(const bww_walkthrough *walkthrough, bww_direction *direction, double *width, double *height);

/* W, the page width of the model: the pages' extent along the scroll axis, in points, the
 * unit of scroll positions and page offsets (the file's width, or its height top to
 * bottom; finite and > 0). Page p rests at p*W (right to left, (n - 1 - p)*W) and a scroll
 * position x shows page floor(x / W). `extent` must not be NULL. Since 1.4. */
bww_status bww_page_extent(const bww_walkthrough *walkthrough, double *extent);

/* The scroll position that shows page `page` at rest: page*W, or (n - 1 - page)*W right to
 * left (W the width, or the height top to bottom). */
bww_status bww_scroll_position(const bww_walkthrough *walkthrough, int64_t page, double *scroll);

/* Computes the frame at scroll position `scroll` (points, the scroll view's
 * contentOffset.x, or .y top to bottom; right to left, offsets from (n - 1)*W - scroll):
 * pages with offset strictly between −2 and 2 are animated, the others keep what they had.
 * Releases the messages of earlier failed calls (see Ownership). */
bww_status bww_evaluate(bww_walkthrough *walkthrough, double scroll);

/* Like bww_evaluate, but writes the frame into `dst`, which holds `bytes` bytes (at least
 * bww_frame_size's; any alignment, 64 bytes is fastest), in `layout`, instead of into the
 * handle's own frame, which keeps what the last bww_evaluate computed. Only the pages in
 * the window are written: the others keep what `dst` held. The current page and the page
 * offsets become this frame's. Needs the handle to itself and releases the messages of
 * earlier failed calls, as bww_evaluate does. An unknown
 * layout is BWW_ERROR_INVALID_VALUE; a short `dst`, BWW_ERROR_BUFFER_TOO_SMALL. */
bww_status bww_evaluate_into(bww_walkthrough *walkthrough, double scroll, bww_layout layout, void *dst, size_t bytes);

/* The bytes a whole frame takes in `layout`, and where its alphas start (equal to *bytes
 * in BWW_LAYOUT_BLOCKS, where alpha is a field). alpha_offset may be NULL. */
bww_status bww_frame_size(const bww_walkthrough *walkthrough, bww_layout layout, size_t *bytes, size_t *alpha_offset);

/* Where page `page` starts in a frame in `layout`, in bytes from the frame's start: its
 * first matrix (its first block in BWW_LAYOUT_BLOCKS) and its first alpha (dense layouts;
 * the end of the matrices in BWW_LAYOUT_BLOCKS). alpha_offset may be NULL. */
bww_status bww_page_location(const bww_walkthrough *walkthrough, bww_layout layout, int64_t page,
                             size_t *matrix_offset, size_t *alpha_offset);

/* floor(scroll / W) clamped to the pages (right to left, of (n - 1)*W - scroll), at the
 * last bww_evaluate (0 before). */
bww_status bww_current_page(const bww_walkthrough *walkthrough, int64_t *page);

/* The page's normalised offset and whether it was animated (1) or not (0), at the last
 * bww_evaluate; before the first, the offset is NaN and animated 0. Either output may be
 * NULL. */
bww_status bww_page_offset(const bww_walkthrough *walkthrough, int64_t page, double *offset, int32_t *animated);

/* The page's frame blocks (see Layouts): *blocks points at *block_count blocks holding
 * *subview_count subviews; lanes after the last subview are padding. block_count and
 * subview_count may be NULL. */
bww_status bww_page_blocks(const bww_walkthrough *walkthrough, int64_t page, const float **blocks,
                           int64_t *block_count, int64_t *subview_count);

/* Writes the page's transforms as 16 doubles per subview into `out`, which holds
 * `capacity` doubles (at least 16 × subview count). `out` may be NULL for a page without
 * subviews. On x86, from the blocks and float4x4 layouts, a page of 32,768 subviews or
 * more (4 MiB) into a 16-byte-aligned `out` is written with non-temporal stores, fenced
 * (sfence) before the return: the values go to memory past the caches, as a GPU buffer
 * wants them. That holds in the sse2 and avx strategies (the BWW_KERNEL_STRATEGY
 * environment variable forces one); the values are the same in every strategy. */
bww_status bww_gather(const bww_walkthrough *walkthrough, int64_t page, double *out, size_t capacity);

/* Writes the page's alphas, one double per subview, into `out`, which holds `capacity`
 * doubles (at least the subview count). `out` may be NULL for a page without subviews.
 * Reading a page this way costs a fraction of one bww_alpha call per subview. */
bww_status bww_alphas(const bww_walkthrough *walkthrough, int64_t page, double *out, size_t capacity);

/* One subview's alpha. */
bww_status bww_alpha(const bww_walkthrough *walkthrough, int64_t page, int64_t subview, double *alpha);

/* One subview's transform: 16 doubles into `out`, in the order of bww_gather (since 1.1).
 * For a whole page, bww_gather costs less per subview. */
bww_status bww_transform(const bww_walkthrough *walkthrough, int64_t page, int64_t subview, double *out);

#ifdef __cplusplus
}
#endif

#endif
