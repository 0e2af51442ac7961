import Foundation

/// Runs independent jobs on all cores and gathers their results in job order (readers in their own
/// targets use it too).
package enum OrderedConcurrentMap {
    /// `[transform(0), ..., transform(count - 1)]`, computed concurrently. When jobs fail, the error of
    /// the lowest index is thrown, so the outcome does not depend on scheduling.
    ///
    /// With `costs` (one a job, in any unit), the costliest jobs start first: jobs are handed to the
    /// cores in the order they start, and a long job started last would run alone at the end.
    ///
    /// `concurrently: false` runs the jobs one after another on the calling thread, with the same
    /// outcome: for work too small to repay waking the other threads. Only the caller can tell
    /// (the code readers count the bytes of their files: `isWorthSharingOut`).
    package static func map<Value: Sendable, Failure: Error>(
        count: Int, costs: [Int]? = nil, concurrently: Bool = true, _ transform: @Sendable (Int) throws(Failure) -> Value
    ) throws(Failure) -> [Value] {
        let slots = Slots<Value, Failure>(count: count)
        let order = costs.map(startOrder)
        if concurrently {
            DispatchQueue.concurrentPerform(iterations: count) { started in
                let index = order?[started] ?? started
                slots[index] = Result { () throws(Failure) in try transform(index) }
            }
        } else {
            for index in 0..<count { slots[index] = Result { () throws(Failure) in try transform(index) } }
        }
        var values: [Value] = []
        values.reserveCapacity(count)
        for result in slots.results {
            switch result {
            case .success(let value)?: values.append(value)
            case .failure(let error)?: throw error
            case nil: preconditionFailure("every job ran")
            }
        }
        return values
    }

    /// The jobs' indices, costliest first (equal costs in index order): `DispatchQueue.concurrentPerform`
    /// hands iterations to the cores in turn, so a long job that came last would run alone at the end.
    package static func startOrder(costs: [Int]) -> [Int] {
        costs.indices.sorted { (costs[$0], $1) > (costs[$1], $0) }
    }

    /// One result per job, written from several threads under a lock.
    private final class Slots<Value: Sendable, Failure: Error>: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Result<Value, Failure>?]

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        subscript(index: Int) -> Result<Value, Failure>? {
            get { lock.withLock { storage[index] } }
            set { lock.withLock { storage[index] = newValue } }
        }

        var results: [Result<Value, Failure>?] { lock.withLock { storage } }
    }

    /// Whether parsing and walking code `sources` is worth handing to all cores. Below about 16 KB
    /// of Swift, waking the other threads saves no wall-clock time and costs processor time: seven
    /// store files of 0.7 KB each took as long either way, with a quarter more processor time on
    /// all cores; thirty (21 KB) took a third less time on all cores (docs/performance.md).
    package static func isWorthSharingOut(_ sources: [ModelSourceFile]) -> Bool {
        var bytes = 0
        for source in sources {
            bytes += source.bytes.count
            if bytes >= 16 * 1024 { return true }
        }
        return false
    }
}
