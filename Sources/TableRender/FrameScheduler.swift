import Foundation
import Synchronization

/// The one scheduler of frame work: a render, a verify, the bench and the library's `Renderer`
/// all run their frames through it, so threads, the order work is taken in and what a failure
/// stops are the same everywhere.
///
/// Each thread makes its own worker (a `FrameRenderer` and whatever else it keeps from frame to
/// frame) and takes tasks from one queue: first the follow-up tasks a task queued (a render's
/// frame writes), then the next task in the order given. With one job the tasks run in that
/// order on the calling thread. The first failure stops every thread before its next task; the
/// failure reported is the lowest frame's (`RenderFailure.first`), whatever the thread count.
public struct FrameScheduler: Sendable {
    /// The threads a run uses.
    public let jobs: Int

    /// `requested` jobs (0: all cores), never more than the cores nor the tasks.
    public init(jobs requested: Int, tasks: Int) {
        jobs = FrameScheduler.jobs(requested, tasks: tasks)
    }

    public static func defaultJobs() -> Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// The threads for `requested` jobs (0: all cores), never more than the cores nor the pieces
    /// of work (each thread makes its own renderer, so `--jobs 1e9` must not make 10^9). Pixels
    /// are the same for every value.
    public static func jobs(_ requested: Int, tasks: Int) -> Int {
        let cores = defaultJobs()
        return max(1, min(requested > 0 ? requested : cores, cores, max(tasks, 1)))
    }

    /// The queue the threads take tasks from; a task may queue follow-up tasks on it.
    public final class Queue<Task: Sendable>: Sendable {
        struct State: Sendable {
            var tasks: [Task]
            var next = 0
            var followUps: [Task] = []
        }
        let state: Mutex<State>

        init(_ tasks: [Task]) { state = Mutex(State(tasks: tasks)) }

        /// Queues `tasks` ahead of the ones not yet started.
        public func followUp(_ tasks: [Task]) {
            state.withLock { $0.followUps += tasks }
        }

        func take() -> Task? {
            state.withLock { s in
                if let t = s.followUps.popLast() { return t }
                guard s.next < s.tasks.count else { return nil }
                defer { s.next += 1 }
                return s.tasks[s.next]
            }
        }
    }

    /// Runs `tasks`; returns every output in frame order.
    ///
    /// - `worker`: called once per thread, on that thread.
    /// - `perform`: one task on the thread's worker; returns the outputs it finished, each with
    ///   its frame.
    /// - `finish`: the worker once its thread has no more work (a bench sums its timings).
    /// - `progress`: called once per output, in the order they finish, with how many of `total`
    ///   are done (calls never overlap).
    public func run<Task: Sendable, Worker, Output: Sendable>(
        _ tasks: [Task], total: Int,
        worker: @Sendable () -> Worker,
        perform: @Sendable (inout Worker, Task, Queue<Task>) throws -> [(frame: Int, output: Output)],
        finish: @Sendable (consuming Worker) -> Void = { _ in },
        progress: (@Sendable (_ frame: Int, _ done: Int, _ total: Int) -> Void)? = nil
    ) throws(RenderFailure) -> [Output] {
        let queue = Queue(tasks)
        let results = Mutex((outputs: [(frame: Int, output: Output)](), done: 0))
        let failure = Mutex<RenderFailure?>(nil)
        @Sendable func work(_: Int) {
            var w = worker()
            while failure.withLock({ $0 == nil }), let task = queue.take() {
                do {
                    let finished = try perform(&w, task, queue)
                    results.withLock { r in
                        for f in finished {
                            r.outputs.append(f)
                            r.done += 1
                            progress?(f.frame, r.done, total)
                        }
                    }
                } catch {
                    RenderFailure.keep(error, in: failure)
                }
            }
            finish(w)
        }
        if jobs == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: jobs, execute: work) }
        if let error = failure.withLock({ $0 }) { throw error }
        return results.withLock { $0.outputs.sorted { $0.frame < $1.frame }.map(\.output) }
    }
}
