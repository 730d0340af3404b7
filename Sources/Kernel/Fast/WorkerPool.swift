#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The threads that run the parts of a split frame: started once, parked on a condition
/// variable between frames, so that a split frame allocates nothing.
/// `DispatchQueue.concurrentPerform`, used before, allocated 4 blocks a frame, which a C
/// caller could not see fail.
///
/// `perform(parts:)` hands out parts one at a time to the calling thread and to whichever
/// workers wake in time, and returns when every part is done: the caller does not wait for
/// a worker that is still waking up, only for those in the middle of a part. (With one
/// part a thread, assigned, a 1k-subview frame split on 2 threads took 10 µs more than on
/// one, the wait for the worker to wake; handed out, 0.5–3.4 µs.)
///
/// The job and the parts are handed out under one mutex, so what a worker wrote is visible
/// to the caller after `perform`, and what the caller wrote before it to the workers.
/// Copies of an animator share its pool: a `perform` that finds the pool busy with another
/// copy's frame runs its parts on its own thread. Where threads cannot be started (a
/// failed `pthread_create`, or a platform without POSIX threads), the pool has fewer
/// workers, down to none: the caller alone. In a child of `fork`, which has none of the
/// workers, the caller runs every part, and the pool is left to leak at the end rather
/// than wait for workers that do not exist there.
final class WorkerPool: @unchecked Sendable {
    // Sendable: the state is read and written under its mutex only, and `busy` keeps a
    // second caller out of a job in progress.

    /// A job: a function of a context and a part number. A C function pointer and a
    /// pointer, not a closure: a closure's context escaping to the workers was allocated
    /// on every frame.
    typealias Job = @convention(c) (UnsafeRawPointer, Int) -> Void

    /// Threads that take parts beside the caller.
    let workers: Int
    /// The thread count asked for, the caller included.
    let wanted: Int

    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    /// What the caller and the workers share. Behind a pointer: a mutex and condition
    /// variables must not move, which a Swift stored property does not promise.
    private struct Shared {
        var mutex = pthread_mutex_t()
        /// Signalled when a job is posted or the pool stops.
        var posted = pthread_cond_t()
        /// Signalled when the last worker inside a job leaves it.
        var ended = pthread_cond_t()
        var job: Job?
        var context: UnsafeRawPointer?
        /// Counts jobs posted: a worker looks at each new value once.
        var generation: UInt = 0
        /// The job's parts, and the next one to hand out.
        var count = 0
        var next = 0
        /// Whether workers may still join the job: cleared by the caller once every part
        /// is handed out, so that a worker waking later leaves it alone.
        var open = false
        /// Workers inside the job.
        var active = 0
        /// Whether a caller is running a job (another runs its parts alone meanwhile).
        var busy = false
        var stopping = false
    }

    private let shared: UnsafeMutablePointer<Shared>
    private var threads: [pthread_t] = []
    /// The process that started the workers: a child of `fork` has none of them.
    private let owner = getpid()

    /// A pool of `threads - 1` workers (fewer if the system refuses threads).
    init(threads wanted: Int) {
        self.wanted = wanted
        let count = max(wanted - 1, 0)
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
        guard pthread_create(&thread, nil, { WorkerPool.work($0) }, shared) == 0 else { return nil }
        return thread
        #else
        var thread: pthread_t?  // a pointer
        guard pthread_create(&thread, nil, { WorkerPool.work($0) }, shared) == 0 else { return nil }
        return thread
        #endif
    }

    /// A worker's life: wait for a job or the stop; join each job still open and take its
    /// parts until none is left.
    private static func work(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        let shared = raw!.assumingMemoryBound(to: Shared.self)
        var seen: UInt = 0
        pthread_mutex_lock(&shared.pointee.mutex)
        while true {
            while shared.pointee.generation == seen && !shared.pointee.stopping {
                pthread_cond_wait(&shared.pointee.posted, &shared.pointee.mutex)
            }
            if shared.pointee.stopping { break }
            seen = shared.pointee.generation
            guard shared.pointee.open, let job = shared.pointee.job, let context = shared.pointee.context else { continue }
            shared.pointee.active += 1
            takeParts(shared, job, context)
            shared.pointee.active -= 1
            if shared.pointee.active == 0 { pthread_cond_signal(&shared.pointee.ended) }
        }
        pthread_mutex_unlock(&shared.pointee.mutex)
        return nil
    }

    /// Takes the job's parts one at a time until none is left, running each with the mutex
    /// released: what the caller and every worker do. Called and returns with the mutex held.
    private static func takeParts(_ shared: UnsafeMutablePointer<Shared>, _ job: Job, _ context: UnsafeRawPointer) {
        while shared.pointee.next < shared.pointee.count {
            let part = shared.pointee.next
            shared.pointee.next += 1
            pthread_mutex_unlock(&shared.pointee.mutex)
            job(context, part)
            pthread_mutex_lock(&shared.pointee.mutex)
        }
    }

    /// Runs `job(context, 0)` … `job(context, parts - 1)`, each once, on this thread and the
    /// workers that join in time; returns when all have returned.
    func perform(parts: Int, _ job: Job, _ context: UnsafeRawPointer) {
        guard workers > 0 && parts > 1 && getpid() == owner else { return Self.runAlone(parts, job, context) }
        pthread_mutex_lock(&shared.pointee.mutex)
        guard !shared.pointee.busy else {
            pthread_mutex_unlock(&shared.pointee.mutex)
            return Self.runAlone(parts, job, context)
        }
        shared.pointee.busy = true
        (shared.pointee.job, shared.pointee.context) = (job, context)
        (shared.pointee.count, shared.pointee.next, shared.pointee.open) = (parts, 0, true)
        shared.pointee.generation &+= 1
        pthread_cond_broadcast(&shared.pointee.posted)
        Self.takeParts(shared, job, context)
        shared.pointee.open = false
        while shared.pointee.active > 0 {
            pthread_cond_wait(&shared.pointee.ended, &shared.pointee.mutex)
        }
        (shared.pointee.job, shared.pointee.context) = (nil, nil)
        shared.pointee.busy = false
        pthread_mutex_unlock(&shared.pointee.mutex)
    }

    deinit {
        // In a child of fork the workers are gone but still counted as waiting on `posted`,
        // whose destruction would then wait for ever: leave it all as it is.
        guard getpid() == owner else { return }
        pthread_mutex_lock(&shared.pointee.mutex)
        shared.pointee.stopping = true
        pthread_cond_broadcast(&shared.pointee.posted)
        pthread_mutex_unlock(&shared.pointee.mutex)
        for thread in threads { pthread_join(thread, nil) }
        pthread_cond_destroy(&shared.pointee.ended)
        pthread_cond_destroy(&shared.pointee.posted)
        pthread_mutex_destroy(&shared.pointee.mutex)
        shared.deinitialize(count: 1)
        shared.deallocate()
    }
    #else
    init(threads wanted: Int) { (workers, self.wanted) = (0, wanted) }

    func perform(parts: Int, _ job: Job, _ context: UnsafeRawPointer) { Self.runAlone(parts, job, context) }
    #endif

    /// Every part on the calling thread, in order: no workers, a busy pool, or a forked child.
    private static func runAlone(_ parts: Int, _ job: Job, _ context: UnsafeRawPointer) {
        for part in 0..<parts { job(context, part) }
    }
}
