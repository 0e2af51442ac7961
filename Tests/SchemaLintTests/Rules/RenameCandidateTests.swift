import Testing
@testable import SchemaLint
@testable import SchemaLintRules

/// A removal is offered an addition of the same step as a possible undeclared rename only where
/// the two could be one property: the same type, and names that share a word unless the entity
/// lost and gained exactly one attribute of a type that is no flag.
@Suite struct RenameCandidateTests {
    static func renameNotes(_ before: String, _ after: String, rule: String = "attribute-removed") throws -> [String] {
        let files = [AdviceVocabularyTests.model(1, before), AdviceVocabularyTests.model(2, after)]
        return try AdviceVocabularyTests.findings(files, as: .yaml)
            .filter { $0.ruleID == rule }
            .flatMap(\.notes).map(\.message).filter { $0.contains("looks like") }
    }

    @Test func aFlagReplacedByAnotherFlagIsNoRename() throws {
        let notes = try Self.renameNotes("Bookmark:\n  attributes:\n    isFavorite: bool", "Bookmark:\n  attributes:\n    isPendingDeletion: bool")
        #expect(notes.isEmpty, "\(notes)")
    }

    @Test func aFlagThatKeepsItsWordIsARename() throws {
        let notes = try Self.renameNotes("Note:\n  attributes:\n    isPinned: bool", "Note:\n  attributes:\n    pinnedByUser: bool")
        #expect(notes == ["'Note.pinnedByUser' was added in version 2 and looks like 'isPinned' renamed; without `renamedFrom: isPinned` on 'pinnedByUser', local data in 'isPinned' is lost"])
    }

    @Test func severalAttributesOfOneTypeArePairedByTheirNames() throws {
        let notes = try Self.renameNotes(
            "Note:\n  attributes:\n    subtitle: string\n    authorName: string",
            "Note:\n  attributes:\n    body: string\n    authorDisplayName: string")
        #expect(notes == ["'Note.authorDisplayName' was added in version 2 and looks like 'authorName' renamed; without `renamedFrom: authorName` on 'authorDisplayName', local data in 'authorName' is lost"])
    }

    @Test func oneAttributeOfATypeLostAndOneGainedMayBeARenameWhateverItsName() throws {
        let notes = try Self.renameNotes("Note:\n  attributes:\n    name: string\n    count: int32", "Note:\n  attributes:\n    title: string\n    total: int64")
        #expect(notes.count == 1 && notes[0].hasPrefix("'Note.title' was added in version 2 and looks like 'name' renamed"), "\(notes)")
    }

    /// A class renamed as it gains an attribute (`ExpenseTitleModelV1` to `ExpenseTitleModel`
    /// with `lastUsedAt`) keeps every attribute it had: a rename, where its name shares a word.
    @Test func anEntityRenamedAsItGainsAnAttributeIsARename() throws {
        let notes = try Self.renameNotes(
            "TitleV1:\n  attributes:\n    title: string\n    createdAt: date",
            "Title:\n  attributes:\n    title: string\n    createdAt: date\n    lastUsedAt: date", rule: "entity-removed")
        #expect(notes.count == 1 && notes[0].hasPrefix("'Title' was added in version 2 and looks like 'TitleV1' renamed"), "\(notes)")
        // An unrelated name, or an entity that lost one of them, is another entity.
        #expect(try Self.renameNotes(
            "TitleV1:\n  attributes:\n    title: string\n    createdAt: date",
            "Label:\n  attributes:\n    title: string\n    createdAt: date\n    lastUsedAt: date", rule: "entity-removed").isEmpty)
        #expect(try Self.renameNotes(
            "TitleV1:\n  attributes:\n    title: string\n    createdAt: date",
            "Title:\n  attributes:\n    title: string\n    lastUsedAt: date", rule: "entity-removed").isEmpty)
    }

    @Test func nameWordsSplitCamelCaseAndUnderscoresAndDropFlagPrefixes() {
        #expect(NameWords.words("isPendingDeletion") == ["pending", "deletion"])
        #expect(NameWords.words("created_at") == ["created"])
        #expect(NameWords.words("URLString") == ["urlstring"])
        #expect(NameWords.share("createdAt", "created"))
        #expect(!NameWords.share("isFavorite", "isPendingDeletion"))
    }
}
