import Foundation

/// Entities by the source text they were read from, shared by every file of one load. A loader that
/// meets the text of an entity again (another version's file, at any line) takes the value read
/// before, with `Entity.location` set to the new place, instead of reading it again: an unchanged
/// entity is decoded once, and its members' arrays are shared by every version that has it, which
/// lets the checks skip it (`Entity.hasSameMembers(as:)`). The members' locations are relative to
/// the entity, so the same value is right at any line; a loader hands in the text only where that
/// holds (the entity's whole text, from the start of its line).
///
/// An Xcode entity that is not known as a whole (a version changed it) mostly repeats the tags of
/// its attributes and relationships: those are kept here too, by the tag's text and column
/// (`member(tag:column:)`), so that an unchanged tag is not mapped again; so are the layout
/// section's `<element>` tags libxml2 accepted (`knowsLayoutTag(_:)`), which need no parse again.
///
/// Files load in parallel, so the cache locks; which of two equal values it keeps depends on timing,
/// never what the values hold, so the output stays deterministic.
package final class EntityTextCache: @unchecked Sendable {
    private struct Entry {
        var text: [UInt8]
        var entity: Entity
    }

    /// An attribute or relationship read from one tag.
    package enum Member {
        case attribute(Attribute)
        case relationship(Relationship)

        /// The same member, read from a tag whose `<` is `lineOffset` lines after its entity's.
        package func placed(atLineOffset lineOffset: Int) -> Member {
            switch self {
            case .attribute(let attribute): .attribute(attribute.movedDown(by: lineOffset - attribute.location.lineOffset))
            case .relationship(let relationship): .relationship(relationship.movedDown(by: lineOffset - relationship.location.lineOffset))
            }
        }
    }

    private struct MemberEntry {
        var tag: [UInt8]
        var column: Int
        var member: Member
    }

    /// A text remembered under its key line, for a direct comparison with a file's bytes.
    private struct RecentText {
        var text: [UInt8]
        /// The lines the text spans (a last line without a line break counted).
        var lineCount: Int
        var entity: Entity
    }

    /// How many texts are kept for one key line: the newest, which the next version most likely
    /// repeats (an older text is still found through its hash).
    static let recentTextsPerKeyLine = 4

    private let lock = NSLock()
    private var entries: [Int: [Entry]] = [:]
    /// The newest texts by the hash of their key line (a YAML entity's indentation, name and `:`),
    /// newest last.
    private var recentByKeyLine: [Int: [RecentText]] = [:]
    /// The member arrays of the remembered entities (which this cache keeps alive), and whether
    /// `ModelValidator` found their names unique: true is never undone, so an entity taken from here
    /// again needs no second check.
    private var membersChecked: [Entity.MemberStorage: Bool] = [:]
    /// Attributes and relationships by the hash of their tag's text.
    private var members: [Int: [MemberEntry]] = [:]
    /// The tags of Xcode's layout section (`<element>`) libxml2 accepted, by the hash of their text.
    private var layoutTags: [Int: [[UInt8]]] = [:]

    package init() {}

    /// The entity read from `text` before, placed at `location`; else `read()`'s, remembered for `text`.
    /// `keyLineLength`: the length of the text's first line through its key's `:`, for a text the
    /// pre-scan may meet again (`entity(startOf:keyLineLength:where:)`).
    package func entity(
        text: UnsafeRawBufferPointer, at location: SourceLocation, keyLineLength: Int? = nil, read: () throws(InputError) -> Entity
    ) throws(InputError) -> Entity {
        if let known = entity(text: text, at: location) { return known }
        let entity = try read()
        remember(entity, text: text, keyLineLength: keyLineLength)
        return entity
    }

    /// The newest entity remembered under the key line `bytes` starts with (its first
    /// `keyLineLength` bytes) whose whole text `bytes` starts with too, and for which `ends` holds
    /// at the text's length; with that length and the text's line count. As in the lookup by the
    /// whole text, the bytes are compared in place under the lock, and only the entity found is
    /// copied out. The entity's location is the one it was read at.
    package func entity(
        startOf bytes: UnsafeRawBufferPointer, keyLineLength: Int, where ends: (Int) -> Bool
    ) -> (entity: Entity, length: Int, lineCount: Int)? {
        guard keyLineLength > 0, keyLineLength <= bytes.count else { return nil }
        let key = Self.key(UnsafeRawBufferPointer(rebasing: bytes[..<keyLineLength]))
        return lock.withLock {
            guard let candidates = recentByKeyLine[key] else { return nil }
            for index in candidates.indices.reversed() {
                let length = candidates[index].text.count
                guard length >= keyLineLength, length <= bytes.count,
                      candidates[index].text.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress!, length) == 0 }),
                      ends(length)
                else { continue }
                return (candidates[index].entity, length, candidates[index].lineCount)
            }
            return nil
        }
    }

    /// The entity read from `text` before, placed at `location`, if it stood at the same column
    /// (its first line's members are at columns of their own).
    package func entity(text: UnsafeRawBufferPointer, at location: SourceLocation) -> Entity? {
        guard !text.isEmpty else { return nil }
        let key = Self.key(text)
        // The entity alone is copied out (not its entry, text included, as `first(where:)` would).
        var known: Entity? = lock.withLock {
            guard let bucket = entries[key], let index = bucket.firstIndex(where: { entry in
                entry.entity.location.column == location.column && Self.same(entry.text, text)
            }) else { return nil }
            return bucket[index].entity
        }
        known?.location = location
        return known
    }

    /// Remembers the entity read from `text`; with `keyLineLength`, under its key line too.
    package func remember(_ entity: Entity, text: UnsafeRawBufferPointer, keyLineLength: Int? = nil) {
        guard !text.isEmpty else { return }
        let key = Self.key(text)
        let copy = [UInt8](text)
        let members = entity.memberStorage
        var recent: (key: Int, text: RecentText)?
        if let keyLineLength, keyLineLength > 0, keyLineLength <= text.count {
            var lineCount = text.last == 0x0A ? 0 : 1
            var offset = 0
            while offset < text.count, let found = memchr(text.baseAddress! + offset, 0x0A, text.count - offset) {
                lineCount += 1
                offset = UnsafeRawPointer(found) - text.baseAddress! + 1
            }
            recent = (Self.key(UnsafeRawBufferPointer(rebasing: text[..<keyLineLength])), RecentText(text: copy, lineCount: lineCount, entity: entity))
        }
        lock.withLock {
            entries[key, default: []].append(Entry(text: copy, entity: entity))
            if membersChecked[members] == nil { membersChecked[members] = false }
            if let recent {
                recentByKeyLine[recent.key, default: []].append(recent.text)
                if recentByKeyLine[recent.key]!.count > Self.recentTextsPerKeyLine { recentByKeyLine[recent.key]!.removeFirst() }
            }
        }
    }

    /// The attribute or relationship read before from a tag with the same bytes `tag` has (its `<` up
    /// to the `>` or `/>` that closes it) at the same `column`, with the locations it was read at. The
    /// tag's value depends on nothing else: the caller hands in only tags whose XML attributes
    /// cannot take a value from elsewhere (no document type, no namespace prefix).
    package func member(tag: UnsafeRawBufferPointer, column: Int) -> Member? {
        guard !tag.isEmpty else { return nil }
        let key = Self.key(tag)
        return lock.withLock {
            guard let bucket = members[key], let index = bucket.firstIndex(where: { entry in
                entry.column == column && Self.same(entry.tag, tag)
            }) else { return nil }
            return bucket[index].member
        }
    }

    /// Remembers the attribute or relationship read from `tag` at `column`.
    package func remember(_ member: Member, tag: UnsafeRawBufferPointer, column: Int) {
        guard !tag.isEmpty else { return }
        let key = Self.key(tag)
        let entry = MemberEntry(tag: [UInt8](tag), column: column, member: member)
        lock.withLock { members[key, default: []].append(entry) }
    }

    /// Whether libxml2 accepted a layout `<element>` tag with the bytes `tag` has (its `<` up to the
    /// `/>` or `>`) in a file read before: the tag is then well formed in any file read with the
    /// cache (no document type, no namespace prefix: the caller hands in no other).
    package func knowsLayoutTag(_ tag: UnsafeRawBufferPointer) -> Bool {
        guard !tag.isEmpty else { return false }
        let key = Self.key(tag)
        return lock.withLock { layoutTags[key]?.contains { Self.same($0, tag) } ?? false }
    }

    /// Remembers a layout tag libxml2 accepted (once: the check and the addition under one lock).
    package func rememberLayoutTag(_ tag: UnsafeRawBufferPointer) {
        guard !tag.isEmpty else { return }
        let key = Self.key(tag)
        lock.withLock {
            guard !(layoutTags[key]?.contains { Self.same($0, tag) } ?? false) else { return }
            layoutTags[key, default: []].append([UInt8](tag))
        }
    }

    /// Whether `stored` holds the same bytes as `text`.
    private static func same(_ stored: [UInt8], _ text: UnsafeRawBufferPointer) -> Bool {
        guard stored.count == text.count, !text.isEmpty else { return stored.count == text.count }
        return stored.withUnsafeBytes { memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0 }
    }

    /// A cache that knows the attributes and relationships this one knows and no entity: what a
    /// version that changed every entity meets (for the tests and the fuzzer).
    package func keepingMembersOnly() -> EntityTextCache {
        let copy = EntityTextCache()
        copy.members = lock.withLock { members }
        return copy
    }

    /// Whether the members of `entity` are those of a remembered entity whose names were found unique.
    package func membersWereChecked(_ entity: Entity) -> Bool {
        let members = entity.memberStorage
        return lock.withLock { membersChecked[members] == true }
    }

    /// Notes that the names of `entity`'s members are unique, if they are a remembered entity's.
    func noteMembersChecked(_ entity: Entity) {
        let members = entity.memberStorage
        lock.withLock {
            if membersChecked[members] != nil { membersChecked[members] = true }
        }
    }

    /// A hash of the text, 32 bytes at a time in four independent lanes (so that a multiply's
    /// latency does not chain through every word), then eight bytes at a time (SipHash, `Hasher`'s,
    /// took a tenth of a lint that skips the parse of known entities). Equal hashes are still
    /// compared byte by byte.
    private static func key(_ text: UnsafeRawBufferPointer) -> Int {
        let base = text.baseAddress!
        let count = text.count
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
            let product = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            return product ^ product >> 32
        }
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15 ^ UInt64(count), 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63)
        var offset = 0
        while offset + 32 <= count {
            lanes = (mix(lanes.0, word(offset)), mix(lanes.1, word(offset + 8)), mix(lanes.2, word(offset + 16)), mix(lanes.3, word(offset + 24)))
            offset += 32
        }
        var hash = mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
        while offset + 8 <= count {
            hash = mix(hash, word(offset))
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < count {
            tail = tail << 8 | UInt64(base.load(fromByteOffset: offset, as: UInt8.self))
            offset += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return Int(truncatingIfNeeded: hash ^ hash >> 29)
    }
}
