/// The strings of a binary property list (`bplist00`), as Xcode's mapping model editor saves an
/// expression (a keyed archive): every ASCII and UTF-16 string object its offset table names, in
/// object order. Foundation's `PropertyListSerialization` reads these too, but on Linux it leaks
/// the error of every property list it refuses, which the fuzzing of the mapping model reader
/// stops at; the strings are all a reader of expressions needs, and they lie at fixed places.
/// Nil where the bytes are no binary property list this reads (a bad trailer or offset table).
package enum BinaryPropertyListStrings {
    package static func read(_ bytes: [UInt8]) -> [String]? {
        let header = Array("bplist00".utf8)
        guard bytes.count >= header.count + 32, bytes.starts(with: header) else { return nil }
        // The trailer: 6 unused bytes, the offset size, the object reference size, then the
        // object count, the top object and the offset table's place, 8 bytes each (big-endian).
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        guard (1...8).contains(offsetSize), let count = integer(bytes, at: trailer + 8, size: 8), let table = integer(bytes, at: trailer + 24, size: 8),
              count <= bytes.count, table >= header.count, table <= trailer, count * offsetSize <= trailer - table else { return nil }
        var strings: [String] = []
        for object in 0..<count {
            guard let offset = integer(bytes, at: table + object * offsetSize, size: offsetSize), offset >= header.count, offset < trailer else { return nil }
            let marker = bytes[offset]
            let kind = marker >> 4
            guard kind == 0x5 || kind == 0x6 else { continue }
            // A length of 15 or more follows as an integer object (`0x1n`, 2^n bytes).
            var length = Int(marker & 0x0F), start = offset + 1
            if length == 0x0F {
                guard start < trailer, bytes[start] >> 4 == 0x1 else { continue }
                let size = 1 << Int(bytes[start] & 0x0F)
                guard size <= 8, let value = integer(bytes, at: start + 1, size: size) else { continue }
                (length, start) = (value, start + 1 + size)
            }
            let byteCount = kind == 0x5 ? length : length * 2
            guard length <= trailer, start <= trailer, byteCount <= trailer - start else { continue }
            let body = bytes[start..<(start + byteCount)]
            if kind == 0x5 {
                strings.append(String(decoding: body, as: UTF8.self))
            } else {
                let units = stride(from: body.startIndex, to: body.endIndex, by: 2).map { UInt16(body[$0]) << 8 | UInt16(body[$0 + 1]) }
                strings.append(String(decoding: units, as: UTF16.self))
            }
        }
        return strings
    }

    /// The big-endian unsigned integer of `size` bytes at `position`; nil past the end, or where
    /// it does not fit an `Int`.
    private static func integer(_ bytes: [UInt8], at position: Int, size: Int) -> Int? {
        guard position >= 0, size > 0, position <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[position..<(position + size)] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
