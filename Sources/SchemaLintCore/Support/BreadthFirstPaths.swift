/// What the launch-path readers of both languages share: from entry nodes, every node reached
/// through `next`, with the node it was first reached from (an entry: itself). Breadth first, in
/// the order of `entries` and of each `next`, so each path back to an entry is a shortest one and
/// the result does not depend on hashing.
package enum BreadthFirstPaths {
    package static func parents(from entries: [Int], next: (Int) -> [Int]) -> [Int: Int] {
        var parents: [Int: Int] = [:]
        var queue: [Int] = []
        for entry in entries where parents[entry] == nil {
            parents[entry] = entry
            queue.append(entry)
        }
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for reached in next(current) where parents[reached] == nil {
                parents[reached] = current
                queue.append(reached)
            }
        }
        return parents
    }
}
