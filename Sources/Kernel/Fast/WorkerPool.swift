#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import KernelTarget

/// The threads that run the parts of a split frame: started once, parked between frames, so that a split
/// frame allocates nothing. Parts go out by an atomic counter, no lock: a worker counts itself in (`active`)
/// before it looks at `open`, the caller closes `open` before it looks at `active` (docs/DESIGN.md, "Threads").
final class WorkerPool: @unchecked Sendable {
    // Sendable: the job's fields are written before `open` is set and read after; the rest is atomic or locked.

    /// A job, given its context and a part number: a C function pointer, as a closure's context allocates.
    typealias Job = @convention(c) (UnsafeRawPointer, Int) -> Void

    /// Threads that take parts beside the caller.
    let workers: Int
    /// The thread count asked for, the caller included.
    let wanted: Int

    /// What the caller and the workers share, behind a pointer since a mutex, condition variables and atomic
    /// words must not move; the `UInt` words are used only through `kernel_atomics.h` (`word`).
    private struct Shared {
        var mutex = pthread_mutex_t()
        /// Signalled, under the mutex, when a job is posted or the pool stops.
        var posted = pthread_cond_t()
        /// Signalled, under the mutex, when the last worker inside a job leaves it.
        var ended = pthread_cond_t()
        /// The job, its context and its parts: written before `open` is set, read once it is seen set.
        var job: Job?
        var context: UnsafeRawPointer?
        var count = 0
        /// Jobs posted and the stop, under the mutex; a worker acts on a value it sees at most once (may miss some).
        var generation: UInt = 0
        /// The next part to hand out (past `count` once all are).
        var next: UInt = 0
        /// 1 while workers may join the job: the caller clears it once every part is handed out.
        var open: UInt = 0
        /// Workers inside a job: counted in before they look at `open`.
        var active: UInt = 0
        /// 1 while a caller runs a job (another runs its parts alone meanwhile).
        var busy: UInt = 0
        /// 1 once the pool stops.
        var stopping: UInt = 0
    }

    private let shared: UnsafeMutablePointer<Shared>
    private var threads: [pthread_t] = []
    /// The process that started the workers: a child of `fork` has none of them.
    private let owner = getpid()

    /// A pool of `threads - 1` workers, at most `WalkthroughAnimator.maximumThreads - 1`
    /// (fewer if the system refuses threads).
    init(threads wanted: Int) {
        self.wanted = wanted
        let count = max(min(wanted, WalkthroughAnimator.maximumThreads) - 1, 0)
        shared = .allocate(capacity: 1)
        shared.initialize(to: Shared())
        pthread_mutex_init(&shared.pointee.mutex, nil)
        pthread_cond_init(&shared.pointee.posted, nil)
        pthread_cond_init(&shared.pointee.ended, nil)
        threads.reserveCapacity(count)
        // The workers start with asynchronous signals blocked, so that a signal meant for
        // the process is not handled on a thread of ours; faults still reach their handlers.
        var blocked = sigset_t(), previous = sigset_t()
        sigfillset(&blocked)
        for fault in [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT, SIGSYS] { sigdelset(&blocked, fault) }
        pthread_sigmask(SIG_SETMASK, &blocked, &previous)
        for _ in 0..<count {
            guard let thread = Self.startThread(shared) else { break }
            threads.append(thread)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        workers = threads.count
    }

    /// A worker thread on `shared`, or nil when the system refuses one.
    private static func startThread(_ shared: UnsafeMutablePointer<Shared>) -> pthread_t? {
        #if canImport(Glibc) && os(Linux)
        var thread = pthread_t()  // an integer
        #else
        var thread: pthread_t?  // a pointer
        #endif
        guard pthread_create(&thread, nil, { WorkerPool.work($0) }, shared) == 0 else { return nil }
        return thread
    }

    /// The address of one of `shared`'s atomic words (`\.next`, …).
    @inline(__always)
    private static func word(_ shared: UnsafeMutablePointer<Shared>,
                             _ word: WritableKeyPath<Shared, UInt>) -> UnsafeMutablePointer<UInt> {
        (UnsafeMutableRawPointer(shared) + MemoryLayout<Shared>.offset(of: word)!).assumingMemoryBound(to: UInt.self)
    }

    /// A worker's life: wait for a new generation (awake for `lingerNanoseconds`, then asleep), stop if the
    /// pool stops, else join the job if it is still open and take its parts until none is left.
    private static func work(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        let shared = raw!.assumingMemoryBound(to: Shared.self)
        let generation = word(shared, \.generation), open = word(shared, \.open), active = word(shared, \.active)
        var seen: UInt = 0
        while true {
            wait(shared, on: &shared.pointee.posted, spinning: lingerNanoseconds) { kernel_atomic_load(generation) != seen }
            seen = kernel_atomic_load(generation)
            if kernel_atomic_load(word(shared, \.stopping)) != 0 { break }
            _ = kernel_atomic_fetch_add(active, 1)
            if kernel_atomic_load(open) != 0, let job = shared.pointee.job, let context = shared.pointee.context {
                takeParts(shared, job, context, shared.pointee.count)
            }
            if kernel_atomic_fetch_sub(active, 1) == 1 {
                pthread_mutex_lock(&shared.pointee.mutex)
                pthread_cond_signal(&shared.pointee.ended)
                pthread_mutex_unlock(&shared.pointee.mutex)
            }
        }
        return nil
    }

    /// Takes the job's parts one at a time until none is left: what the caller and every worker do.
    @inline(__always)
    private static func takeParts(_ shared: UnsafeMutablePointer<Shared>, _ job: Job, _ context: UnsafeRawPointer,
                                  _ count: Int) {
        let next = word(shared, \.next)
        while true {
            let part = Int(kernel_atomic_fetch_add(next, 1))
            guard part < count else { return }
            job(context, part)
        }
    }

    /// Runs `job(context, 0)` … `job(context, parts - 1)`, each once, on this thread and the
    /// workers that join in time; returns when all have returned.
    func perform(parts: Int, _ job: Job, _ context: UnsafeRawPointer) {
        guard workers > 0 && parts > 1 && getpid() == owner, kernel_atomic_exchange_if(Self.word(shared, \.busy), 0, 1) != 0 else {
            // No workers, a busy pool or a forked child: every part here, in order.
            for part in 0..<parts { job(context, part) }
            return
        }
        // No worker is reading a job: the last `perform` waited for them all to leave, and a
        // late one reads this job only once it sees it open, after it is written.
        (shared.pointee.job, shared.pointee.context, shared.pointee.count) = (job, context, parts)
        kernel_atomic_store(Self.word(shared, \.next), 0)
        kernel_atomic_store(Self.word(shared, \.open), 1)
        post()
        Self.takeParts(shared, job, context, parts)
        kernel_atomic_store(Self.word(shared, \.open), 0)
        let active = Self.word(shared, \.active)
        Self.wait(shared, on: &shared.pointee.ended, spinning: Self.finishNanoseconds) { kernel_atomic_load(active) == 0 }
        kernel_atomic_store(Self.word(shared, \.busy), 0)
    }

    /// How long a worker waits awake for the next job (`linger`), and the caller for workers
    /// still in their last part (`finish`), before sleeping (docs/DESIGN.md, "Threads").
    static let lingerNanoseconds = 30_000
    static let finishNanoseconds = 50_000

    /// Returns once `done()`: spinning for about `nanoseconds` (the clock read every 16 pauses),
    /// then asleep on `condition`, which is signalled under the mutex when `done()` may have changed.
    private static func wait(_ shared: UnsafeMutablePointer<Shared>, on condition: UnsafeMutablePointer<pthread_cond_t>,
                             spinning nanoseconds: Int, until done: () -> Bool) {
        if done() { return }  // without reading the clock: the usual end of a split frame
        let start = monotonicNanoseconds()
        repeat {
            for _ in 0..<16 {
                if done() { return }
                kernel_spin_pause()
            }
        } while monotonicNanoseconds() &- start < nanoseconds
        pthread_mutex_lock(&shared.pointee.mutex)
        while !done() { pthread_cond_wait(condition, &shared.pointee.mutex) }
        pthread_mutex_unlock(&shared.pointee.mutex)
    }

    /// A new generation for the workers: a job posted, or the stop.
    private func post() {
        pthread_mutex_lock(&shared.pointee.mutex)
        _ = kernel_atomic_fetch_add(Self.word(shared, \.generation), 1)
        pthread_cond_broadcast(&shared.pointee.posted)
        pthread_mutex_unlock(&shared.pointee.mutex)
    }

    private static func monotonicNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec) &* 1_000_000_000 &+ Int(now.tv_nsec)
    }

    deinit {
        // In a child of fork the workers are gone but still counted as waiting on `posted`,
        // whose destruction would then wait for ever: leave it all as it is.
        guard getpid() == owner else { return }
        kernel_atomic_store(Self.word(shared, \.stopping), 1)
        post()
        for thread in threads { pthread_join(thread, nil) }
        pthread_cond_destroy(&shared.pointee.ended)
        pthread_cond_destroy(&shared.pointee.posted)
        pthread_mutex_destroy(&shared.pointee.mutex)
        shared.deinitialize(count: 1)
        shared.deallocate()
    }
}
