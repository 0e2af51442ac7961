import Foundation

/// Runs independent jobs on all cores and gathers their results in job order (readers in their own
/// targets use it too).
public enum OrderedConcurrentMap {
    /// `[transform(0), ..., transform(count - 1)]`, computed concurrently. When jobs fail, the error of
    /// the lowest index is thrown, so the outcome does not depend on scheduling.
    public static func map<Value: Sendable, Failure: Error>(
        count: Int, _ transform: @Sendable (Int) throws(Failure) -> Value
    ) throws(Failure) -> [Value] {
        let slots = Slots<Value, Failure>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots[index] = Result { () throws(Failure) in try transform(index) }
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
}
