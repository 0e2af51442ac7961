import Testing
@testable import SchemaLint

/// Jobs on all cores, results in job order, the costliest started first.
@Suite struct OrderedConcurrentMapTests {
    @Test func theCostliestJobsStartFirstAndEqualCostsKeepTheirOrder() {
        #expect(OrderedConcurrentMap.startOrder(costs: [1, 5, 3, 5, 0]) == [1, 3, 2, 0, 4])
        #expect(OrderedConcurrentMap.startOrder(costs: [2, 2, 2]) == [0, 1, 2])
        #expect(OrderedConcurrentMap.startOrder(costs: []) == [])
    }

    @Test func resultsStayInJobOrderWhateverTheCosts() {
        let costs = (0..<200).map { ($0 * 7919) % 101 }
        let values = OrderedConcurrentMap.map(count: costs.count, costs: costs) { index in index * 3 }
        #expect(values == (0..<200).map { $0 * 3 })
    }

    struct Failed: Error, Equatable { var index: Int }

    @Test func theErrorOfTheLowestFailingJobIsThrownWhateverStartedFirst() {
        // The costliest jobs (the highest indices here) start first and fail too.
        let costs = Array(0..<50)
        #expect(throws: Failed(index: 10)) {
            _ = try OrderedConcurrentMap.map(count: costs.count, costs: costs) { (index) throws(Failed) -> Int in
                if index >= 10 && index % 10 == 0 { throw Failed(index: index) }
                return index
            }
        }
    }

    @Test func oneAfterAnotherTheOutcomeIsTheSame() {
        let costs = (0..<60).map { ($0 * 7919) % 101 }
        #expect(OrderedConcurrentMap.map(count: costs.count, costs: costs, concurrently: false) { $0 * 3 } == (0..<60).map { $0 * 3 })
        #expect(throws: Failed(index: 10)) {
            _ = try OrderedConcurrentMap.map(count: costs.count, costs: costs, concurrently: false) { (index) throws(Failed) -> Int in
                if index >= 10 && index % 10 == 0 { throw Failed(index: index) }
                return index
            }
        }
    }
}
