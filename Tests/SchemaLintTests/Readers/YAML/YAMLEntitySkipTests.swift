import Testing
@testable import SchemaLint

/// The YAML parse that skips entities whose text was read before (`YAMLEntitySpans`,
/// `CompactedYAMLText`, `ReusedEntityPlaceholders`): where it applies it must give what a normal
/// parse gives, positions included, and where the same bytes could mean something else it must not
/// apply at all.
@Suite struct YAMLEntitySkipTests {
    static let first = """
    model: M
    version: 1
    entities:
      Note:
        attributes:
          title: string
          body: {type: string, optional: false, default: ""}
      # a comment inside Folder's text
      Folder:
        relationships:
          notes: {destination: Note, toMany: true}
    configurations:
      Cloud: {entities: [Note]}

    """

    /// `first` with one entity added in front (which moves Note and Folder 3 lines down) and
    /// Folder's relationship changed.
    static let second = """
    model: M
    version: 2
    entities:
      Tag:
        attributes:
          name: string
      Note:
        attributes:
          title: string
          body: {type: string, optional: false, default: ""}
      # a comment inside Folder's text
      Folder:
        relationships:
          notes: {destination: Note, toMany: true, ordered: true}
    configurations:
      Cloud: {entities: [Note]}

    """

    // MARK: - The pre-scan

    @Test func findsEachEntitysWholeLines() {
        let text = Array(Self.first.utf8)
        let spans = text.withUnsafeBufferPointer { YAMLEntitySpans($0) }
        #expect(spans.column == 2)
        // Note from its key's line (3, 0-based) to Folder's key line (8): the comment is in Note's
        // text; Folder up to `configurations:` (11).
        #expect(spans.spans.map(\.lines) == [3..<8, 8..<11])
        let noteStart = text.firstRange(of: Array("  Note:".utf8))!.lowerBound
        #expect(spans.spans[0].bytes == noteStart..<text.firstRange(of: Array("  Folder:".utf8))!.lowerBound)
        #expect(spans.spans[0].colon == noteStart + 6)
        #expect(spans.spans[1].bytes.upperBound == text.firstRange(of: Array("configurations:".utf8))!.lowerBound)
    }

    @Test func windowsLineBreaksKeepTheSameLines() {
        let text = Array(Self.first.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let spans = text.withUnsafeBufferPointer { YAMLEntitySpans($0) }
        #expect(spans.spans.map(\.lines) == [3..<8, 8..<11])
        #expect(Array(text[spans.spans[0].bytes].suffix(2)) == [0x0D, 0x0A])
    }

    @Test(arguments: [
        "entities:\n  Note:\n    attributes: {}\r  Folder: {}\n",   // a lone carriage return
        "entities:\n  Note: {}\u{2028}  Folder: {}\n",              // a line separator
        "entities:\n\tNote: {}\n",                                  // a tab before an entity
        "entities: {Note: {}}\n",                                   // flow style
        "  entities:\n    Note: {}\n",                              // not at column 0
        "model: M\nversion: 1\n",                                   // no entities
    ])
    func findsNoCandidateWhereLinesOrStyleDiffer(_ source: String) {
        let spans = Array(source.utf8).withUnsafeBufferPointer { YAMLEntitySpans($0) }
        #expect(spans.spans.isEmpty)
    }

    @Test func keysThatAreNotPlainNamesEndTheEntityBeforeThemWithoutStartingOne() {
        let source = "entities:\n  Note: {}\n  \"Quoted\": {}\n  Folder:\n    x: 1\ntop: 1\n"
        let spans = Array(source.utf8).withUnsafeBufferPointer { YAMLEntitySpans($0) }
        #expect(spans.spans.map(\.lines) == [1..<2, 3..<5])
    }

    // MARK: - Jumping over known texts

    /// A cache that knows the text of every span of `sources`, each under its key line.
    private func remembering(_ sources: [String]) -> EntityTextCache {
        let cache = EntityTextCache()
        for source in sources {
            Array(source.utf8).withUnsafeBufferPointer { buffer in
                for span in YAMLEntitySpans(buffer).spans {
                    let text = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[span.bytes])
                    let entity = Entity(name: "Line\(span.lines.lowerBound)", location: SourceLocation(file: "earlier", line: 1, column: 1))
                    cache.remember(entity, text: text, keyLineLength: YAMLEntitySpans.keyLineLength(text))
                }
            }
        }
        return cache
    }

    /// The spans of `source` found without a cache and with `cache`'s texts jumped over: they must
    /// be the same; and the number of spans jumped over.
    private func scanBothWays(_ source: String, knowing cache: EntityTextCache) -> (plain: [String], jumping: [String], jumped: Int) {
        Array(source.utf8).withUnsafeBufferPointer { buffer in
            let plain = YAMLEntitySpans(buffer)
            let jumping = YAMLEntitySpans(buffer) { cache.entity(startOf: $0, keyLineLength: $1, where: $2) }
            func describe(_ spans: YAMLEntitySpans) -> [String] {
                spans.spans.map { "\($0.lines) \($0.bytes) \($0.colon)" } + ["column \(spans.column)"]
                    + (0..<(source.utf8.count + 2)).map { "line \($0): \(String(describing: spans.lineStarts.start(ofLine: $0, in: buffer)))" }
            }
            return (describe(plain), describe(jumping), jumping.spans.filter { $0.known != nil }.count)
        }
    }

    @Test func jumpingOverAKnownTextGivesTheSameSpansAndLines() {
        let cache = remembering([Self.first])
        let (plain, jumping, jumped) = scanBothWays(Self.second, knowing: cache)
        #expect(jumping == plain)
        // Note is the same text; Folder changed; Tag is new.
        #expect(jumped == 1)
        let again = scanBothWays(Self.first, knowing: cache)
        #expect(again.jumping == again.plain)
        #expect(again.jumped == 2)
    }

    @Test(arguments: [
        // What follows a known text decides whether the span ends there (Folder, where it is the
        // same, is jumped over too).
        ("entities:\n  Note:\n    a: 1\n  Folder: {}\n", "entities:\n  Note:\n    a: 1\n    b: 2\n  Folder: {}\n", 1),    // a deeper line (Folder is known)
        ("entities:\n  Note:\n    a: 1\n  Folder: {}\n", "entities:\n  Note:\n    a: 1\n# note\n  Folder: {}\n", 1),      // a comment
        ("entities:\n  Note:\n    a: 1\n  Folder: {}\n", "entities:\n  Note:\n    a: 1\n\n  Folder: {}\n", 1),           // a blank line
        ("entities:\n  Note:\n    a: 1\n  Folder: {}\n", "entities:\n  Note:\n    a: 1\n   \r\n  Folder: {}\n", 1),     // a blank line with spaces
        ("entities:\n  Note:\n    a: 1\n  Folder: {}\n", "entities:\n  Note:\n    a: 1\n  \tFolder: {}\n", 0),        // a tab: no spans at all
        ("entities:\n  Note:\n    a: 1\n  Folder: {}\n", "entities:\n  Note:\n    a: 1\n   ", 0),                     // spaces to the end
        ("entities:\n  Note:\n    a: 1\n  Folder: {}\n", "entities:\n  Note:\n    a: 1\ntop: 1\n", 1),                 // the entities end
        ("entities:\n  Note:\n    a: 1\n  Folder: {}\n", "entities:\n  Note:\n    a: 1\n", 1),                          // the text ends
        ("entities:\n  Note:\n    a: 1", "entities:\n  Note:\n    a: 1", 1),                                          // no line break at the end
        ("entities:\n  Note:\n    a: 1", "entities:\n  Note:\n    a: 12\n", 0),                                       // a longer last line
        ("entities:\n  Note:\n    a: 1\n  Folder: {}\n", "entities:\n  Note:\n    a: 1\n  Folder: {}", 1),          // Folder without a line break
        ("entities:\n  Note:\n    a: 1\n  Folder: {}\n", "x: \"\tq\"\nentities:\n  Note:\n    a: 1\n  Folder: {}\n", 2), // a tab elsewhere
        ("entities:\n    Note:\n      a: 1\n", "entities:\n  Note:\n      a: 1\n", 0),                                 // another column
        ("entities:\n  Note:\r\n    a: 1\r\n  Folder: {}\r\n", "entities:\r\n  Note:\r\n    a: 1\r\n  Folder: {}\r\n", 2), // CRLF
    ])
    func aKnownTextIsJumpedOverOnlyWhereTheSpanEndsWithIt(earlier: String, source: String, expectedJumps: Int) {
        let (plain, jumping, jumped) = scanBothWays(source, knowing: remembering([earlier]))
        #expect(jumping == plain)
        #expect(jumped == expectedJumps)
    }

    @Test func olderTextsThanTheNewestFewAreFoundByTheirHash() throws {
        // Five versions of Note: the first is no longer among the newest four kept under its key
        // line, so the scan does not jump over it, and the load finds it through the text's hash.
        let versions = (1...5).map { "model: M\nversion: \($0)\nentities:\n  Note:\n    attributes:\n      a\($0): string\n" }
        let cache = EntityTextCache()
        for (index, source) in versions.enumerated() {
            _ = try YAMLModelLoader().load(bytes: Array(source.utf8), file: "v\(index + 1).yaml", entities: cache)
        }
        let (plain, jumping, jumped) = scanBothWays(versions[0], knowing: cache)
        #expect(jumping == plain)
        #expect(jumped == 0)
        #expect(scanBothWays(versions[4], knowing: cache).jumped == 1)
        let reloaded = try YAMLModelLoader().load(bytes: Array(versions[0].utf8), file: "again.yaml", entities: cache)
        let fresh = try YAMLModelLoader().load(bytes: Array(versions[0].utf8), file: "again.yaml")
        #expect(reloaded.entities == fresh.entities)
    }

    // MARK: - The compacted text

    @Test func compactionReplacesWholeLinesAndMapsLinesBack() {
        let text = Array(Self.second.utf8)
        let compacted = text.withUnsafeBufferPointer { buffer in
            let spans = YAMLEntitySpans(buffer)
            // Replace Tag (lines 3-5) and Folder (lines 11-13), keep Note (lines 6-10).
            return CompactedYAMLText(buffer, spans: spans.spans) { span in
                span.lines.lowerBound == 6 ? nil : Entity(name: "E\(span.lines.lowerBound)", location: SourceLocation(file: "f", line: 1, column: 1))
            }
        }
        let lines = String(decoding: compacted!.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[3] == "  Tag: !<!schemalint-reused> _")
        #expect(lines[4] == "  Note:")
        #expect(lines[9] == "  Folder: !<!schemalint-reused> _")
        #expect(lines[10] == "configurations:")
        #expect(compacted!.replacements.map(\.originalLines) == [3..<6, 11..<14])
        #expect(compacted!.replacements.map(\.compactedLine) == [3, 9])
        // Before, on, between and after the placeholders.
        #expect([0, 2, 3, 4, 8, 9, 10, 11].map { compacted!.originalLine($0) } == [0, 2, 3, 6, 10, 11, 14, 15])
    }

    @Test func noKnownEntityNoCompactedText() {
        let text = Array(Self.first.utf8)
        let compacted = text.withUnsafeBufferPointer { buffer in
            CompactedYAMLText(buffer, spans: YAMLEntitySpans(buffer).spans) { _ in nil }
        }
        #expect(compacted == nil)
    }

    // MARK: - Loading through the cache

    /// Loads `text` as `file` after `earlier` with one cache, and without a cache: what each gives
    /// (the entities and configurations, or the error), and how many entities were not parsed.
    private func loadBothWays(_ text: String, after earlier: [String] = [first], file: String = "m/v9.yaml")
        -> (cached: String, fresh: String, reused: Int) {
        let cache = EntityTextCache()
        for (index, source) in earlier.enumerated() {
            _ = try? YAMLModelLoader().load(bytes: Array(source.utf8), file: "m/v\(index + 1).yaml", entities: cache)
        }
        func outcome(_ entities: EntityTextCache?) -> String {
            do throws(InputError) {
                let version = try YAMLModelLoader().load(bytes: Array(text.utf8), file: file, entities: entities)
                return "\(version.entities) \(version.configurations) \(version.label) \(version.propertyLocations)"
            } catch {
                return "error: \(error)"
            }
        }
        let reused = (try? YAMLParser().parseDocument(Array(text.utf8), file: file, reusing: cache).reusedEntities.count) ?? 0
        return (outcome(cache), outcome(nil), reused)
    }

    @Test func unchangedEntitiesAreNotParsedAndKeepTheirPositions() throws {
        let (cached, fresh, reused) = loadBothWays(Self.second)
        #expect(reused == 1)  // Note; Folder changed, Tag is new
        #expect(cached == fresh)
        let cache = EntityTextCache()
        _ = try YAMLModelLoader().load(bytes: Array(Self.first.utf8), file: "m/v1.yaml", entities: cache)
        let version = try YAMLModelLoader().load(bytes: Array(Self.second.utf8), file: "m/v2.yaml", entities: cache)
        // Note's key is on line 7 of the second file (line 4 of the first), `body` three lines below.
        let note = try #require(version.entities.first { $0.name == "Note" })
        #expect(note.location == SourceLocation(file: "m/v2.yaml", line: 7, column: 3))
        #expect(note.location(of: note.attributes[1]) == SourceLocation(file: "m/v2.yaml", line: 10, column: 7))
        // Folder, after the reused Note, at its own lines.
        let folder = try #require(version.entities.first { $0.name == "Folder" })
        #expect(folder.location == SourceLocation(file: "m/v2.yaml", line: 12, column: 3))
        #expect(folder.location(of: folder.relationships[0]) == SourceLocation(file: "m/v2.yaml", line: 14, column: 7))
        #expect(version.configurations[0].location == SourceLocation(file: "m/v2.yaml", line: 16, column: 3))
    }

    @Test func findingsAfterReusedEntitiesPointAtTheirLines() throws {
        // Folder's relationship becomes ordered in the second version: reported on line 14, in a
        // file whose Note (above it) is taken from the first.
        let third = Self.second.replacingOccurrences(of: "version: 2", with: "version: 3")
            .replacingOccurrences(of: "ordered: true", with: "ordered: false")
        func findings(cache: EntityTextCache?) throws -> [Finding] {
            var versions: [ModelVersion] = []
            for (index, text) in [Self.first, Self.second, third].enumerated() {
                versions.append(try YAMLModelLoader().load(bytes: Array(text.utf8), file: "m/v\(index + 1).yaml", entities: cache))
            }
            return Linter(catalog: .standard, options: LintOptions()).lint(try ModelHistory.histories(of: versions)).findings
        }
        let cached = try findings(cache: EntityTextCache())
        #expect(cached == (try findings(cache: nil)))
        let onFolder = cached.filter { $0.location.file == "m/v2.yaml" && $0.location.line == 14 }
        #expect(!onFolder.isEmpty)
        #expect(cached.allSatisfy { $0.location.file != "m/v2.yaml" || $0.location.line != 7 })
    }

    @Test func windowsLineBreaksAreReusedAtTheSameLines() {
        let crlf = { (text: String) in text.replacingOccurrences(of: "\n", with: "\r\n") }
        let (cached, fresh, reused) = loadBothWays(crlf(Self.second), after: [crlf(Self.first)])
        #expect(reused == 1)
        #expect(cached == fresh)
    }

    @Test func aByteOrderMarkKeepsLinesAndColumns() {
        let (cached, fresh, reused) = loadBothWays("\u{FEFF}" + Self.second)
        #expect(reused == 1)
        #expect(cached == fresh)
    }

    // MARK: - Where the same bytes mean something else

    /// Note's text from `first`, as the last entity of a file (up to its end).
    static let noteText = "  Note:\n    attributes:\n      title: string\n      body: {type: string, optional: false, default: \"\"}\n  # a comment inside Folder's text\n"

    /// The candidates' texts the pre-scan finds in `text`.
    private func candidates(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { YAMLEntitySpans($0) }.spans.map { String(decoding: bytes[$0.bytes], as: UTF8.self) }
    }

    @Test func insideAMultiLineQuotedScalarOpenedBefore() {
        let tag = "  Tag:\n    attributes:\n      name: string\n"
        let earlier = "model: M\nversion: 1\nentities:\n\(tag)"
        // The candidate lines are part of the label, not entities.
        let text = "model: M\nversion: 2\nlabel: \"starts here\nentities:\n\(tag)  ends\"\nentities:\n\(tag)"
        #expect(candidates(text) == [tag])
        let (cached, fresh, reused) = loadBothWays(text, after: [earlier])
        #expect(reused == 0)
        #expect(cached == fresh)
        #expect(fresh.contains("starts here entities: Tag: attributes: name: string ends"))
    }

    @Test func insideAFlowCollectionOpenedBefore() {
        let text = "model: M\nversion: 2\nconfigurations: {Cloud: {entities: [Note,\nentities:\n\(Self.noteText)]}}\n"
        #expect(candidates(text) == [Self.noteText])
        let (cached, fresh, reused) = loadBothWays(text)
        #expect(reused == 0)
        #expect(cached == fresh)
    }

    @Test func anEntityReadFromAFlowMappingIsNotTakenForABlockOne() {
        // In the flow mapping the entry's text ends with a comma, which a block mapping refuses.
        let note = "  Note: {attributes: {title: string}},\n"
        let earlier = "model: M\nversion: 1\nentities: {\n\(note)  Folder: {}\n}\n"
        let text = "model: M\nversion: 2\nentities:\n\(note)  Folder: {}\n"
        #expect(candidates(text) == [note, "  Folder: {}\n"])
        let (cached, fresh, reused) = loadBothWays(text, after: [earlier])
        #expect(reused == 0)
        #expect(cached == fresh)
        #expect(fresh.hasPrefix("error: m/v9.yaml:4:"))
    }

    @Test func anAnchorDefinedInASkippedEntityAndUsedLater() {
        let withAnchor = "model: M\nversion: 1\nentities:\n  Note:\n    attributes:\n      title: &kind string\n"
        let text = withAnchor.replacingOccurrences(of: "version: 1", with: "version: 2") + "  Folder:\n    attributes:\n      name: *kind\n"
        let (cached, fresh, reused) = loadBothWays(text, after: [withAnchor + "  Other: {}\n"])
        #expect(reused == 0)
        #expect(cached == fresh)
        #expect(fresh.contains("Folder"))
    }

    @Test func aTagDirectiveDoesNotChangeThePlaceholder() {
        let text = "%TAG ! tag:example.com,2026:\n---\n" + Self.second
        let (cached, fresh, reused) = loadBothWays(text)
        #expect(reused == 1)
        #expect(cached == fresh)
    }

    @Test(arguments: [
        // A user's tag anywhere: the file is read as written (tags turn reuse off).
        "model: M\nversion: 2\nlabel: !schemalint-reused x\nentities:\n\(noteText)",
        "model: M\nversion: 2\nlabel: !<!schemalint-reused> _\nentities:\n\(noteText)",
        // A placeholder written by hand as an entity: an error, as without the cache.
        "model: M\nversion: 2\nentities:\n\(noteText)  Other: !<!schemalint-reused> _\n",
        "model: M\nversion: 2\nentities:\n  Other: !<!schemalint-reused> _\n\(noteText)",
    ])
    func aPlaceholderWrittenByTheUserIsNeverAReuse(_ text: String) {
        let (cached, fresh, reused) = loadBothWays(text)
        #expect(reused == 0)
        #expect(cached == fresh)
    }

    @Test(arguments: [
        // A second document after the entities.
        "model: M\nversion: 2\nentities:\n\(noteText)---\nmodel: N\n",
        // A duplicate of a reused entity.
        "model: M\nversion: 2\nentities:\n\(noteText)\(noteText)",
        // A syntax error after a reused entity, and one before it.
        "model: M\nversion: 2\nentities:\n\(noteText)  Folder: [\n",
        "model: M\nversion: 2\nlabel: 'x\nentities:\n\(noteText)",
        // Entities at a column that is not the one they were read at.
        "model: M\nversion: 2\nentities:\n" + noteText.replacingOccurrences(of: "\n  ", with: "\n    ").replacingOccurrences(of: "  Note", with: "    Note"),
    ])
    func errorsAreThoseOfANormalParse(_ text: String) {
        let (cached, fresh, _) = loadBothWays(text)
        #expect(cached == fresh)
    }

    /// The compacted text is checked for characters YAML refuses on its own (the entities it leaves
    /// out passed the check in their files); a problem anywhere is reported as a normal parse does.
    @Test(arguments: [
        ("model: M\nversion: 2\nentities:\n\(noteText)  Folder:\n    attributes:\n      t\u{1}x: string\n", "m/v9.yaml:11:8:"),
        ("model: M\nversion: 2\nlabel: \u{7F}\nentities:\n\(noteText)", "m/v9.yaml:3:8:"),
    ])
    func aRefusedCharacterBesideReusedEntitiesIsFoundWhereItIs(text: String, position: String) {
        let (cached, fresh, _) = loadBothWays(text)
        #expect(cached == fresh)
        #expect(fresh.hasPrefix("error: \(position)"))
    }

    /// The member names of an entity are checked once per shared value: after a version with it
    /// validated, the same value (its members' storage) is not checked again; a value whose names
    /// repeat never passed, so each version that has it says so. (The YAML decoder refuses repeated
    /// names itself; other readers build entities without it.)
    @Test func memberNamesAreCheckedOncePerSharedEntity() throws {
        let place = SourceLocation(file: "m/v1.yaml", line: 4, column: 3)
        let member = SourceLocation(file: "m/v1.yaml", line: 6, column: 7).relative(to: place)
        let unique = Entity(name: "Note", attributes: [Attribute(name: "title", type: .string, location: member)], location: place)
        let repeated = Entity(
            name: "Folder", attributes: [Attribute(name: "title", type: .string, location: member)],
            relationships: [Relationship(name: "title", destination: "Note", location: member)], location: place
        )
        let cache = EntityTextCache()
        for (entity, text) in [(unique, "  Note: ..."), (repeated, "  Folder: ...")] {
            Array(text.utf8).withUnsafeBytes { cache.remember(entity, text: $0) }
        }
        let elsewhere = Entity(name: "Other", attributes: [Attribute(name: "name", type: .string, location: member)], location: place)
        try ModelValidator.validate(ModelVersion(model: "M", version: VersionNumber("1")!, entities: [unique, elsewhere], file: "m/v1.yaml", location: place), entities: cache)
        #expect(cache.membersWereChecked(unique))
        #expect(!cache.membersWereChecked(elsewhere), "only the members of entities the cache keeps alive are noted")
        for _ in 1...2 {
            #expect(throws: InputError.self) {
                try ModelValidator.validate(ModelVersion(model: "M", version: VersionNumber("2")!, entities: [unique, repeated], file: "m/v2.yaml", location: place), entities: cache)
            }
            #expect(!cache.membersWereChecked(repeated))
        }
    }
}
