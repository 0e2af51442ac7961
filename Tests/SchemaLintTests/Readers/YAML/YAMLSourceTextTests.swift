import Testing
@testable import SchemaLint

/// The check libyaml's refusals are reported by (`YAMLSourceText.firstProblem`), which reads eight
/// bytes at a time: each single byte, at each place within a word, must give what a byte-by-byte
/// reading of YAML's allowed characters gives.
@Suite struct YAMLSourceTextTests {
    /// What a byte alone among printable ASCII is: allowed (nil), a character YAML refuses, or not UTF-8.
    static func expected(_ byte: UInt8) -> YAMLSourceText.Problem? {
        switch byte {
        case 0x09, 0x0A, 0x0D, 0x20...0x7E: nil
        case 0x00...0x7F: .disallowed(scalar: UInt32(byte))
        default: .invalidUTF8(byte: byte)
        }
    }

    @Test func everyByteAtEveryPlaceOfAWord() {
        for byte in UInt8.min...UInt8.max {
            for offset in 0..<17 {
                var text = Array("key: value\nlist: [a, b]\n".utf8)
                text[offset] = byte
                let found = text.withUnsafeBufferPointer { YAMLSourceText.firstProblem(in: $0) }
                let problem = Self.expected(byte)
                #expect(found?.offset == (problem == nil ? nil : offset), "byte \(byte) at \(offset)")
                #expect(found?.problem == problem, "byte \(byte) at \(offset)")
            }
        }
    }

    @Test func lineBreaksAndTabsInEveryPlaceAreText() {
        let text = Array("a:\tb\r\n\t- c\n\n\r\n\t\t\nd: e\n".utf8)
        #expect(text.withUnsafeBufferPointer { YAMLSourceText.firstProblem(in: $0) } == nil)
        let withDelete = text + [0x7F] + Array("\nz: y\n".utf8)
        #expect(withDelete.withUnsafeBufferPointer { YAMLSourceText.firstProblem(in: $0) }?.offset == text.count)
    }
}
