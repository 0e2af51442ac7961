/// A binary property list (`bplist00`), read object by object: Xcode 3's model files (`elements`)
/// and the expressions Xcode's mapping model editor saves are keyed archives in this format.
///
/// Foundation's `PropertyListSerialization` reads these too, but it gives a keyed archive's object
/// references (`CF$UID`) as a type with no public way to read their number, and on Linux it leaks
/// the error of every property list it refuses, which fuzzing stops at. The format is small and
/// fixed (Apple's `CFBinaryPList.c` describes it): a header, the objects, a table of their offsets
/// and a 32-byte trailer.
///
/// Arrays and dictionaries are given as the indices of their members, read when asked for: a list
/// whose objects refer to each other in a cycle, or nest deeply, costs nothing to open.
package struct BinaryPropertyList: Sendable {
    /// One object; containers hold the indices of their members in the object table.
    package enum Object: Sendable, Hashable {
        case null
        case boolean(Bool)
        case integer(Int)
        case real(Double)
        /// Seconds since 2001-01-01.
        case date(Double)
        case data([UInt8])
        case string(String)
        /// A keyed archive's reference to an object of its `$objects`.
        case uid(Int)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    private let bytes: [UInt8]
    private let offsets: [Int]
    private let referenceSize: Int
    /// Where the offset table starts: every object lies before it.
    private let end: Int
    /// The index of the top object.
    package let top: Int
    /// How many objects the list holds.
    package var count: Int { offsets.count }

    /// Nil where the bytes are no binary property list: no header, or a trailer or offset table
    /// that points outside the bytes.
    package init?(_ bytes: [UInt8]) {
        let header = Array("bplist00".utf8)
        guard bytes.count >= header.count + 32, bytes.starts(with: header) else { return nil }
        // The trailer: 6 unused bytes, the offset size, the object reference size, then the
        // object count, the top object and the offset table's place, 8 bytes each (big-endian).
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
              let count = Self.integer(bytes, at: trailer + 8, size: 8), let top = Self.integer(bytes, at: trailer + 16, size: 8),
              let table = Self.integer(bytes, at: trailer + 24, size: 8),
              count <= bytes.count, top < count, table >= header.count, table <= trailer, count * offsetSize <= trailer - table else { return nil }
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for object in 0..<count {
            guard let offset = Self.integer(bytes, at: table + object * offsetSize, size: offsetSize), offset >= header.count, offset < table else { return nil }
            offsets.append(offset)
        }
        self.bytes = bytes
        self.offsets = offsets
        self.referenceSize = referenceSize
        self.end = table
        self.top = top
    }

    /// The object at `index`; nil for an index outside the table, or an object this cannot read (a
    /// marker it does not know, a length past the offset table, a reference outside the table).
    package func object(_ index: Int) -> Object? {
        guard offsets.indices.contains(index) else { return nil }
        let offset = offsets[index]
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .null
            case 0x08: return .boolean(false)
            case 0x09: return .boolean(true)
            default: return nil
            }
        case 0x1:
            // 1, 2 and 4 bytes are unsigned, 8 are signed; 16 (a 128-bit integer) is not read.
            let size = 1 << low
            guard size <= 8, let raw = Self.unsigned(bytes, at: offset + 1, size: size, end: end) else { return nil }
            return .integer(size == 8 ? Int(Int64(bitPattern: raw)) : Int(raw))
        case 0x2:
            let size = 1 << low
            guard size == 4 || size == 8, let raw = Self.unsigned(bytes, at: offset + 1, size: size, end: end) else { return nil }
            return .real(size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw))
        case 0x3:
            guard marker == 0x33, let raw = Self.unsigned(bytes, at: offset + 1, size: 8, end: end) else { return nil }
            return .date(Double(bitPattern: raw))
        case 0x4:
            guard let (length, start) = length(low, after: offset), length <= end - start else { return nil }
            return .data(Array(bytes[start..<(start + length)]))
        case 0x5:
            guard let (length, start) = length(low, after: offset), length <= end - start else { return nil }
            return .string(String(decoding: bytes[start..<(start + length)], as: UTF8.self))
        case 0x6:
            guard let (length, start) = length(low, after: offset), length <= (end - start) / 2 else { return nil }
            let units = (0..<length).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            guard let raw = Self.unsigned(bytes, at: offset + 1, size: low + 1, end: end), raw <= UInt64(Int.max) else { return nil }
            return .uid(Int(raw))
        case 0xA, 0xC:
            guard let (length, start) = length(low, after: offset), let members = references(length, from: start) else { return nil }
            return .array(members)
        case 0xD:
            guard let (length, start) = length(low, after: offset), length <= Int.max / 2,
                  let members = references(2 * length, from: start) else { return nil }
            return .dictionary(keys: Array(members[..<length]), values: Array(members[length...]))
        default:
            return nil
        }
    }

    /// The string at `index`, if that object is one.
    package func string(_ index: Int) -> String? {
        if case .string(let text)? = object(index) { return text }
        return nil
    }

    /// Every string object, in object order.
    package var strings: [String] { offsets.indices.compactMap(string) }


    /// The length in a marker's low bits, or, at 15, the integer object after it; and where the
    /// object's body starts.
    private func length(_ low: Int, after offset: Int) -> (Int, Int)? {
        guard low == 0x0F else { return (low, offset + 1) }
        let start = offset + 1
        guard start < end, bytes[start] >> 4 == 0x1 else { return nil }
        let size = 1 << Int(bytes[start] & 0x0F)
        guard size <= 8, let value = Self.unsigned(bytes, at: start + 1, size: size, end: end), value <= UInt64(Int.max) else { return nil }
        return (Int(value), start + 1 + size)
    }

    /// `count` object references from `start`, each within the table.
    private func references(_ count: Int, from start: Int) -> [Int]? {
        guard count <= (end - start) / referenceSize else { return nil }
        var members: [Int] = []
        members.reserveCapacity(count)
        for position in 0..<count {
            guard let raw = Self.unsigned(bytes, at: start + position * referenceSize, size: referenceSize, end: end),
                  raw < UInt64(offsets.count) else { return nil }
            members.append(Int(raw))
        }
        return members
    }

    /// The big-endian unsigned integer of `size` bytes at `position`, all before `end`.
    private static func unsigned(_ bytes: [UInt8], at position: Int, size: Int, end: Int) -> UInt64? {
        guard position >= 0, size > 0, size <= 8, end <= bytes.count, position <= end - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[position..<(position + size)] { value = value << 8 | UInt64(byte) }
        return value
    }

    /// The big-endian unsigned integer of `size` bytes at `position`; nil past the end, or where
    /// it does not fit an `Int`.
    private static func integer(_ bytes: [UInt8], at position: Int, size: Int) -> Int? {
        guard let value = unsigned(bytes, at: position, size: size, end: bytes.count), value <= UInt64(Int.max) else { return nil }
        return Int(value)
    }
}
