import Foundation

/// Runs independent, throwing jobs on all cores and gathers their results in job order.
enum OrderedConcurrentMap {
    /// `[transform(0), ..., transform(count - 1)]`, computed concurrently. When jobs fail, the error of
    /// the lowest index is thrown, so the outcome does not depend on scheduling.
    static func map<Value: Sendable>(
        count: Int, _ transform: @Sendable (Int) throws(InputError) -> Value
    ) throws(InputError) -> [Value] {
        let slots = Slots<Value>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots[index] = Result { () throws(InputError) in try transform(index) }
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
    private final class Slots<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Result<Value, InputError>?]

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        subscript(index: Int) -> Result<Value, InputError>? {
            get { lock.withLock { storage[index] } }
            set { lock.withLock { storage[index] = newValue } }
        }

        var results: [Result<Value, InputError>?] { lock.withLock { storage } }
    }
}
