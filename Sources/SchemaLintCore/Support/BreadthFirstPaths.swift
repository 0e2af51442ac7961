/// What the launch-path readers of both languages share: from entry nodes, every node reached
/// through `next`, with the node it was first reached from (an entry: itself). Breadth first, in
/// the order of `entries` and of each `next`, so each path back to an entry is a shortest one and
/// the result does not depend on hashing.
package enum BreadthFirstPaths {
    package static func parents(from entries: [Int], next: (Int) -> [Int]) -> [Int: Int] {
        parents(fromEach: [entries], next: next)
    }

    /// The same from groups of entries in the order they run: each group reaches only what the
    /// groups before it did not, so a node's way starts at the first group that reaches it.
    package static func parents(fromEach groups: [[Int]], next: (Int) -> [Int]) -> [Int: Int] {
        var parents: [Int: Int] = [:]
        for entries in groups {
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
        }
        return parents
    }

    /// The way from the entry to `node` in `parents` (as `parents(from:next:)` makes it): the
    /// entry first, `node` last.
    package static func path(to node: Int, in parents: [Int: Int]) -> [Int] {
        var path = [node]
        var current = node
        while let parent = parents[current], parent != current {
            path.append(parent)
            current = parent
        }
        return path.reversed()
    }

    /// The other way: the nodes that reach `start` through `callers` (who calls each node), each
    /// with its way down to `start` (itself first, `start` last), `start` itself first of all;
    /// breadth first, at most `limit` nodes and ways of at most `depth` nodes.
    package static func waysDown(to start: Int, callers: (Int) -> [Int], limit: Int = 64, depth: Int = 8) -> [(node: Int, path: [Int])] {
        var paths: [Int: [Int]] = [start: [start]]
        var queue = [start]
        var head = 0
        while head < queue.count, paths.count < limit {
            let current = queue[head]
            head += 1
            let path = paths[current] ?? []
            guard path.count < depth else { continue }
            for caller in callers(current) where paths[caller] == nil {
                paths[caller] = [caller] + path
                queue.append(caller)
            }
        }
        return queue.map { ($0, paths[$0] ?? []) }
    }
}
