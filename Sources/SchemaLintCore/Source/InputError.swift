/// Input that cannot be read as a model: reported as `file:line:column: error: message`, exit status 2.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// Nil when the problem is with the file as a whole (unreadable, not found).
    public var line: Int?
    public var column: Int?
    public var message: String
    /// Extra lines shown under the message (`note: ...`), e.g. where a duplicate was first declared.
    public var notes: [String]

    package init(file: String, line: Int? = nil, column: Int? = nil, message: String, notes: [String] = []) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.notes = notes
    }

    package init(at location: SourceLocation, _ message: String, notes: [String] = []) {
        self.init(file: location.file, line: location.line, column: location.column, message: message, notes: notes)
    }

    /// `file:line:column` (or as much of it as is known).
    public var position: String {
        var text = file
        if let line { text += ":\(line)" }
        if let line, line > 0, let column { text += ":\(column)" }
        return text
    }

    public var description: String { "\(position): error: \(message)" }
}

/// Suggests the closest known spelling for an unknown key or value ("did you mean ...?").
package enum Spelling {
    /// The candidate nearest to `word` by edit distance, if it is near enough to be a likely typo.
    package static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, min(lowered.count, best.candidate.count) / 3) else { return nil }
        return best.candidate
    }

    /// `unknown key 'optinal'; did you mean 'optional'?` style suffix, or "" when nothing is close.
    package static func didYouMean(_ word: String, among candidates: some Sequence<String>) -> String {
        suggestion(for: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
