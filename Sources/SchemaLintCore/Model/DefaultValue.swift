import Foundation

/// Default values in canonical form, so that `0`, `0.0` and `00` compare equal for a Double
/// and `YES`/`true` for a Boolean, whichever loader read them.
package enum DefaultValue {
    /// The canonical spelling of `text` as a default for `type`, or nil when it is not a valid value of the type.
    /// Dates are seconds since Core Data's reference date (2001-01-01T00:00:00Z), written as a number
    /// (Xcode's `defaultDateTimeInterval`) or as an ISO 8601 date-time.
    package static func canonical(_ text: String, for type: AttributeType) -> String? {
        let padded = text.utf8.first == UInt8(ascii: " ") || text.utf8.last == UInt8(ascii: " ")
        let trimmed = padded ? text.trimmingCharacters(in: .whitespaces) : text
        switch type {
        case .int16, .int32, .int64:
            guard let value = Int64(trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed) else { return nil }
            let range: ClosedRange<Int64> = switch type {
            case .int16: Int64(Int16.min)...Int64(Int16.max)
            case .int32: Int64(Int32.min)...Int64(Int32.max)
            default: Int64.min...Int64.max
            }
            return range.contains(value) ? String(value) : nil
        case .double, .float, .decimal:
            return number(trimmed)
        case .boolean:
            switch trimmed.lowercased() {
            case "true", "yes", "1": return "true"
            case "false", "no", "0": return "false"
            default: return nil
            }
        case .date:
            if let seconds = number(trimmed) { return seconds }
            let formatter = ISO8601DateFormatter()
            guard let date = formatter.date(from: trimmed) else { return nil }
            return canonicalNumber(date.timeIntervalSinceReferenceDate)
        case .uuid:
            return UUID(uuidString: trimmed)?.uuidString
        case .string, .uri:
            return text
        case .binary, .transformable, .objectID, .undefined, .composite:
            return nil
        }
    }

    private static func number(_ text: String) -> String? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              let value = Double(text), value.isFinite
        else { return nil }
        return canonicalNumber(value)
    }

    private static func canonicalNumber(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// How Foundation reads a default Xcode saved that is not a valid value of the type (`0.0` on an
    /// Integer 16, `NO` on an Integer 32): like NSString's `integerValue` / `doubleValue` /
    /// `boolValue`, a leading number or 0. Nil for types that take no default.
    package static func lenient(_ text: String, for type: AttributeType) -> String? {
        if let exact = canonical(text, for: type) { return exact }
        let scalars = Array(text.unicodeScalars.drop { $0 == " " || $0 == "\t" })
        switch type {
        case .int16, .int32, .int64:
            var digits = ""
            for (index, scalar) in scalars.enumerated() {
                if ("0"..."9").contains(scalar) || (index == 0 && (scalar == "-" || scalar == "+")) { digits.unicodeScalars.append(scalar) } else { break }
            }
            return canonical(digits, for: type) ?? "0"
        case .double, .float, .decimal, .date:
            var prefix = ""
            for scalar in scalars {
                if ("0"..."9").contains(scalar) || "+-.eE".unicodeScalars.contains(scalar) { prefix.unicodeScalars.append(scalar) } else { break }
            }
            while !prefix.isEmpty, canonical(prefix, for: .double) == nil { prefix.removeLast() }
            return canonical(prefix, for: type == .date ? .double : type) ?? "0"
        case .boolean:
            guard let first = scalars.first else { return "false" }
            return "YyTt123456789".unicodeScalars.contains(first) ? "true" : "false"
        default:
            return nil
        }
    }
}
