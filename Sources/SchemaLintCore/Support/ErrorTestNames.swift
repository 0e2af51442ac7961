/// What both languages' store readers ask of a condition around a deletion before a stop: whether
/// a name in it reads the error (`error`, `nsError`, `code`, `domain`, `reason`, `userInfo`), so
/// that the branch runs for some failures only.
package enum ErrorTestNames {
    private static let members: Set<String> = ["code", "domain", "reason", "userInfo", "localizedDescription"]

    package static func readsTheError(_ identifier: String) -> Bool {
        members.contains(identifier) || ByteSearch.contains("rror", in: identifier)
    }
}
