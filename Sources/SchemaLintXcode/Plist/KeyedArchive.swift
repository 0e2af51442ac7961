/// An `NSKeyedArchiver` archive in a binary property list: its objects (`$objects`) by number,
/// each a dictionary of fields whose values are inline (numbers, booleans) or references to other
/// objects (`CF$UID`, 0 meaning nil), and the number of its root object (`$top.root`).
/// Foundation's collections are archived as `NS.keys`/`NS.objects` and strings as plain strings
/// (or `NS.string` for mutable ones).
package struct KeyedArchive: Sendable {
    package typealias Value = BinaryPropertyList.Object

    private let list: BinaryPropertyList
    /// The list indices of `$objects`, by object number.
    private let objects: [Int]
    /// The root object's number.
    package let root: Int

    /// Nil where the bytes are no binary property list, or one with no `$objects` array and `$top`
    /// root reference.
    package init?(_ bytes: [UInt8]) {
        guard let list = BinaryPropertyList(bytes), let top = Self.stringKeyed(list, list.top),
              let objectsIndex = top["$objects"], case .array(let objects)? = list.object(objectsIndex),
              let topIndex = top["$top"], let roots = Self.stringKeyed(list, topIndex),
              let rootIndex = roots["root"], case .uid(let root)? = list.object(rootIndex), objects.indices.contains(root), root != 0
        else { return nil }
        self.list = list
        self.objects = objects
        self.root = root
    }

    /// The fields of object `number`, when it is a dictionary with string keys.
    package func fields(of number: Int) -> [String: Value]? {
        guard objects.indices.contains(number), let keyed = Self.stringKeyed(list, objects[number]) else { return nil }
        var fields: [String: Value] = [:]
        for (key, index) in keyed {
            if let value = list.object(index) { fields[key] = value }
        }
        return fields
    }

    /// The class name of object `number` (its `$class` object's `$classname`).
    package func className(of number: Int) -> String? {
        guard let classObject = reference(fields(of: number)?["$class"]) else { return nil }
        return string(fields(of: classObject)?["$classname"])
    }

    /// The object a field refers to; nil for an inline value, nil (reference 0), or a number
    /// outside the archive.
    package func reference(_ value: Value?) -> Int? {
        guard case .uid(let number)? = value, number != 0, objects.indices.contains(number) else { return nil }
        return number
    }

    /// A field's text: an inline string, or a reference to a string or to a mutable string's
    /// `NS.string`.
    package func string(_ value: Value?) -> String? {
        switch value {
        case .string(let text)?: return text
        case .uid?:
            guard let number = reference(value) else { return nil }
            if let text = list.string(objects[number]) { return text }
            guard case .string(let text)? = fields(of: number)?["NS.string"] else { return nil }
            return text
        default: return nil
        }
    }

    /// A field's value, or the value of the object it refers to when that is no keyed object (a
    /// number or boolean archived on its own).
    package func scalar(_ value: Value?) -> Value? {
        guard case .uid? = value else { return value }
        guard let number = reference(value) else { return nil }
        return list.object(objects[number])
    }

    /// The members of the array or set a field refers to (`NS.objects`), as object numbers.
    package func array(_ value: Value?) -> [Int] {
        guard let number = reference(value), case .array(let members)? = fields(of: number)?["NS.objects"] else { return [] }
        return members.compactMap { reference(list.object($0)) }
    }

    /// The entries of the dictionary a field refers to (`NS.keys`, `NS.objects`), the keys read as
    /// strings and the values as object numbers; entries whose key is no string or whose value is nil
    /// are left out.
    package func dictionary(_ value: Value?) -> [(key: String, value: Int)] {
        guard let number = reference(value), let fields = fields(of: number),
              case .array(let keys)? = fields["NS.keys"], case .array(let values)? = fields["NS.objects"] else { return [] }
        return zip(keys, values).compactMap { key, value in
            guard let name = string(list.object(key)), let member = reference(list.object(value)) else { return nil }
            return (name, member)
        }
    }

    /// The dictionary at list index `index` whose keys are strings, by key (list indices of the values).
    private static func stringKeyed(_ list: BinaryPropertyList, _ index: Int) -> [String: Int]? {
        guard case .dictionary(let keys, let values)? = list.object(index) else { return nil }
        var result: [String: Int] = [:]
        for (key, value) in zip(keys, values) {
            if let name = list.string(key) { result[name] = value }
        }
        return result
    }
}
