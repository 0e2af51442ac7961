import Testing
@testable import SchemaLint

@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func knownVectors(input: String, digest: String) {
        #expect(SHA256.hex(input.utf8) == digest)
    }

    @Test func blockBoundaries() {
        // 55, 56 and 64 bytes: the padding fits, spills into a second block, or fills a whole one.
        #expect(SHA256.hex(String(repeating: "a", count: 55).utf8) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(SHA256.hex(String(repeating: "a", count: 56).utf8) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(SHA256.hex(String(repeating: "a", count: 64).utf8) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    @Test func aMillionAs() {
        #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

@Suite struct LockTests {
    static let v1 = "model: Notes\nversion: 1\ncloudkit: true\nentities:\n  Note:\n    attributes:\n      title: string\n      body: {type: string, optional: false, default: \"\"}\n"

    static func hash(_ text: String) throws -> String {
        VersionLock.hash(of: try Lint.versions([text])[0])
    }

    @Test func formattingCommentsAndKeyOrderDoNotChangeTheHash() throws {
        let reformatted = """
        # reformatted, same content
        cloudkit: true
        entities:
          Note:
            attributes:
              body: {default: "", optional: false, type: String}
              title: {type: string}
        version: 1.0
        model: Notes
        label: "First release"
        """
        #expect(try Self.hash(Self.v1) == Self.hash(reformatted + "\n"))
    }

    @Test func contentChangesChangeTheHash() throws {
        let base = try Self.hash(Self.v1)
        for changed in [
            Self.v1.replacingOccurrences(of: "title: string", with: "title: {type: string, optional: false, default: x}"),
            Self.v1.replacingOccurrences(of: "title: string", with: "headline: string"),
            Self.v1.replacingOccurrences(of: "cloudkit: true\n", with: ""),
            Self.v1 + "      extra: int16\n",
        ] {
            #expect(try Self.hash(changed) != base, "\(changed)")
        }
    }

    @Test func lockTextRoundTrips() throws {
        let histories = try ModelHistory.histories(of: try Lint.versions([Self.v1, Self.v1.replacingOccurrences(of: "version: 1", with: "version: 2")]))
        let lock = VersionLock(file: "m/schemalint.lock", entries: VersionLock.entries(for: histories))
        let read = try VersionLock.parse(bytes: Array(lock.rendered().utf8), file: "m/schemalint.lock")
        #expect(read.entries.map(\.version) == ["1", "2"])
        #expect(read.entries.map(\.hash) == lock.entries.map(\.hash))
        #expect(read.entries.first?.location == SourceLocation(file: "m/schemalint.lock", line: 7, column: 5))
    }

    @Test func updatesReportWhatTheyWouldLose() throws {
        let two = try ModelHistory.histories(of: try Lint.versions([Self.v1, Self.v1.replacingOccurrences(of: "version: 1", with: "version: 2")]))
        let old = VersionLock(file: "schemalint.lock", entries: VersionLock.entries(for: two))
        let edited = Self.v1.replacingOccurrences(of: "version: 1", with: "version: 2") + "      extra: int16\n"
        let now = try ModelHistory.histories(of: try Lint.versions([edited, Self.v1.replacingOccurrences(of: "version: 1", with: "version: 3")]))
        let update = VersionLock.update(old, histories: now, file: "schemalint.lock")
        #expect(update.dropped.map(\.version) == ["1"])
        #expect(update.changed.map(\.version) == ["2"])
        #expect(update.added.map(\.version) == ["3"])
    }

    @Test func draftsAreNotLocked() throws {
        let draft = Self.v1.replacingOccurrences(of: "version: 1", with: "version: 2\nreleased: false")
        let histories = try ModelHistory.histories(of: try Lint.versions([Self.v1, draft]))
        #expect(VersionLock.entries(for: histories).map(\.version) == ["1"])
    }

    @Test func badLocksAreInputErrors() {
        #expect(throws: InputError.self) { try VersionLock.parse(bytes: Array("lock: 1\nmodels:\n  N:\n    \"1\": nothex\n".utf8), file: "schemalint.lock") }
        #expect(throws: InputError.self) { try VersionLock.parse(bytes: Array("lock: 2\nmodels: {}\n".utf8), file: "schemalint.lock") }
        #expect(throws: InputError.self) { try VersionLock.parse(bytes: Array("lock: 1\nmodel: {}\n".utf8), file: "schemalint.lock") }
    }

    @Test func aLockedVersionTurnedDraftIsModified() throws {
        let lock = "lock: 1\nmodels:\n  Notes:\n    \"1\": \"\(try Self.hash(Self.v1))\"\n"
        let draft = Self.v1.replacingOccurrences(of: "version: 1", with: "version: 1\nreleased: false")
        let findings = try Lint.result([draft], lock: lock).findings
        #expect(findings.map(\.ruleID) == ["released-version-modified"])
        #expect(findings.first?.message.contains("is now marked `released: false`") == true)
        #expect(try Lint.result([Self.v1], lock: lock).findings.isEmpty)
    }
}

@Suite struct ChangelogTests {
    @Test func groupsByEntity() throws {
        let versions = try Lint.versions([
            "model: M\nversion: 1\nentities:\n  Note:\n    attributes:\n      title: string\n      color: int16\n  Old: {}\n",
            "model: M\nversion: 2\nentities:\n  Note:\n    attributes:\n      headline: {type: string, renamedFrom: title}\n      color: string\n      pinned: {type: boolean, optional: false, default: false}\n  Tag: {}\n",
        ])
        let changelog = Changelog(old: versions[0], new: versions[1])
        #expect(changelog.markdown() == """
        # M: version 1 -> version 2

        ## Note

        - renamed attribute `title` to `headline`
        - attribute `color`: type `int16` -> `string`
        - added attribute `pinned` (boolean, required, default `false`)

        ## Old

        - removed entity `Old`

        ## Tag

        - added entity `Tag`

        5 changes in 3 entities.

        """)
        let json = changelog.json()
        #expect(json.contains("\"kind\": \"attributeRenamed\""))
        #expect(json.contains("\"oldElement\": \"Note.title\""))
    }
}
