import Foundation
import Testing
@testable import SchemaLint

/// The byte scans under the YAML entity skip: line feeds eight bytes at a time (`LineFeedScanner`),
/// line starts noted sparsely and found on demand (`YAMLLineStarts`), the pre-scan's shortcut over
/// lines inside an entity (`YAMLEntitySpans`), and reading a file in one read (`FileReader`).
@Suite struct LineScanningTests {
    // MARK: - Line feeds

    /// Texts of every length up to 40 bytes with line feeds at places that fall on every byte of
    /// an eight-byte word, at both ends included.
    static let texts: [[UInt8]] = (0..<40).flatMap { length in
        [2, 3, 5, 7, 11].map { step in
            (0..<length).map { index in index % step == (length % step) ? 0x0A : UInt8(ascii: "a") + UInt8(index % 26) }
        }
    }

    @Test func lineFeedsAreFoundWhereverTheyFallInAWord() {
        for text in Self.texts {
            var found: [Int] = []
            var afterTheLast: Int?
            text.withUnsafeBufferPointer { buffer in
                var scanner = LineFeedScanner(buffer)
                while let offset = scanner.next() { found.append(offset) }
                afterTheLast = scanner.next()
            }
            #expect(found == text.indices.filter { text[$0] == 0x0A }, "\(text)")
            #expect(afterTheLast == nil)
        }
    }

    @Test func bytesThatDifferFromALineFeedInOneBitAreNotLineFeeds() {
        // 0x0B, 0x08, 0x8A, 0x1A, ...: the exact per-byte test must not borrow between bytes.
        let near: [UInt8] = (0..<8).map { 0x0A ^ (1 << $0) } + [0x0A &- 1, 0x0A &+ 1, 0x00, 0xFF]
        let text = near + [0x0A] + near
        var found: [Int] = []
        text.withUnsafeBufferPointer { buffer in
            var scanner = LineFeedScanner(buffer)
            while let offset = scanner.next() { found.append(offset) }
        }
        #expect(found == [near.count])
    }

    // MARK: - Line starts

    @Test func lineStartsNotNotedAreCountedFromTheNearestNotedLine() {
        let text = Array("a\nbb\n\nccc\r\nd\nlast".utf8)
        let every = [0, 2, 5, 6, 11, 13]
        text.withUnsafeBufferPointer { buffer in
            let dense = YAMLLineStarts(everyLineOf: buffer)
            #expect((0..<6).map { dense.start(ofLine: $0, in: buffer) } == every)
            #expect(dense.start(ofLine: 6, in: buffer) == nil)
            var sparse = YAMLLineStarts()
            sparse.note(line: 0, offset: 0)
            sparse.note(line: 3, offset: 6)
            sparse.scanned(lines: 5)
            #expect((0..<5).map { sparse.start(ofLine: $0, in: buffer) } == Array(every.prefix(5)))
            #expect(sparse.start(ofLine: 5, in: buffer) == nil)  // not scanned
            #expect(sparse.start(ofLine: -1, in: buffer) == nil)
        }
        // The same starts behind a byte-order mark.
        let marked = [0xEF, 0xBB, 0xBF] + text
        marked.withUnsafeBufferPointer { buffer in
            var sparse = YAMLLineStarts()
            sparse.note(line: 0, offset: 0)
            sparse.note(line: 3, offset: 6)
            sparse.scanned(lines: 6)
            let shifted = sparse.shifted(by: 3)
            #expect((0..<6).map { shifted.start(ofLine: $0, in: buffer) } == every.map { $0 + 3 })
        }
    }

    // MARK: - The pre-scan's shortcut

    /// Two entities at `indent` spaces, their members deeper, a comment at the entities' column,
    /// then a top-level key: Note is lines 3..<8, Folder 8..<11.
    private func model(indent: Int, lineBreak: String = "\n", before: String = "") -> [UInt8] {
        let pad = String(repeating: " ", count: indent)
        let lines = [
            before + "model: M", "version: 1", "entities:",
            pad + "Note:", pad + "  attributes:", pad + "    title: string", pad + "    body: {type: string}",
            pad + "# a comment", pad + "Folder:", pad + "  relationships:", pad + "    notes: {destination: Note}",
            "configurations: {}", "",
        ]
        return Array(lines.joined(separator: lineBreak).utf8)
    }

    @Test(arguments: [1, 2, 3, 6, 7, 8, 9, 12])
    func everyIndentationGivesTheSameEntities(indent: Int) {
        for lineBreak in ["\n", "\r\n"] {
            for before in ["", "# a\ttab outside the entities\n"] {
                let text = model(indent: indent, lineBreak: lineBreak, before: before)
                let shift = before.isEmpty ? 0 : 1
                let spans = text.withUnsafeBufferPointer { YAMLEntitySpans($0) }
                #expect(spans.column == indent)
                #expect(spans.spans.map(\.lines) == [(3 + shift)..<(8 + shift), (8 + shift)..<(11 + shift)], "indent \(indent)")
                let configurations = text.firstRange(of: Array("configurations:".utf8))!.lowerBound
                #expect(spans.spans.last?.bytes.upperBound == configurations)
                // Every line start the scan gives is a line start of the text.
                text.withUnsafeBufferPointer { buffer in
                    let every = YAMLLineStarts(everyLineOf: buffer)
                    for line in 0..<spans.lineStarts.lineCount {
                        #expect(spans.lineStarts.start(ofLine: line, in: buffer) == every.start(ofLine: line, in: buffer))
                    }
                }
            }
        }
    }

    @Test(arguments: [
        // The last line without a line feed, deep, shorter and longer than eight bytes.
        ("entities:\n  Note:\n    x: 1", [1..<3]),
        ("entities:\n  Note:\n    attributes: {}", [1..<3]),
        // A new entity on a last line shorter than eight bytes, with and without a line feed.
        ("entities:\n  A:\n    x: 1\n  B: 1", [1..<3, 3..<4]),
        ("entities:\n  A:\n    x: 1\n  B: 1\n", [1..<3, 3..<4]),
        // A blank line of spaces inside an entity, and one at the end.
        ("entities:\n  A:\n        \n    x: 1\n  B: {}\n   \n", [1..<4, 4..<6]),
    ])
    func lastLinesAndBlankLinesEndEntitiesAsBefore(_ source: String, _ lines: [Range<Int>]) {
        let text = Array(source.utf8)
        let spans = text.withUnsafeBufferPointer { YAMLEntitySpans($0) }
        #expect(spans.spans.map(\.lines) == lines)
        #expect(spans.spans.last?.bytes.upperBound == text.count)
    }

    @Test func aTabStartingALineInsideAnEntityStillStopsTheScan() {
        // Deep inside Note, where the shortcut would otherwise skip the line.
        let source = "entities:\n  Note:\n    attributes:\n    \ttitle: string\n  Folder: {}\n"
        #expect(Array(source.utf8).withUnsafeBufferPointer { YAMLEntitySpans($0) }.spans.isEmpty)
    }

    // MARK: - Reading a file

    @Test func aFileIsReadWholeWhateverItsSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schemalint-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [0, 1, 65_535, 65_536, 65_537, 300_001] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
            let path = folder.appendingPathComponent("f\(size).yaml").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(try FileReader.bytes(of: path) == bytes, "\(size) bytes")
        }
        let path = folder.appendingPathComponent("f300001.yaml").path
        #expect(throws: InputError.self) { try FileReader.bytes(of: path, limit: 300_000) }
        #expect(try FileReader.bytes(of: path, limit: 300_001).count == 300_001)
    }

    #if os(Linux)
    @Test func aFileLongerThanItsStatedSizeIsReadToItsEnd() throws {
        // Files of /proc report a size of 0 and have content.
        let bytes = try FileReader.bytes(of: "/proc/self/status")
        #expect(bytes.count > 0)
        #expect(String(decoding: bytes, as: UTF8.self).contains("VmHWM:"))
    }
    #endif
}
