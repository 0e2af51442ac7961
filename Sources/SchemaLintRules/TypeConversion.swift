import SchemaLintCore

/// What lightweight migration does with an attribute whose type changed, in a local store: the one
/// table behind the type-change rules (`attribute-type-widened`, `attribute-type-narrowed`,
/// `attribute-type-changed`) and the whole-history check (`migration-path-not-inferable`).
///
/// Core Data's inferred mapping converts between the numeric types (Integer 16, 32 and 64,
/// Decimal, Double, Float) and Boolean, in either direction, carrying each value over as it is
/// stored. A change that involves any other type (String, Date, Binary Data, UUID, URI,
/// Transformable, ...) is not inferable: the whole step fails (NSCocoaErrorDomain 134190, then
/// "Can't find mapping model for migration", 134140, when the store is opened).
/// In CloudKit no synced field can change type at all: this table is about local stores only.
package struct TypeConversion: Hashable, Sendable, CustomStringConvertible {
    /// What a stored value may lose on the way to the new type.
    package enum Loss: Hashable, Sendable, CustomStringConvertible {
        /// Values beyond the new type's range do not fit.
        case outOfRange(AttributeType)
        /// The new type is an integer: fractional parts are lost.
        case fractions
        /// The new type holds fewer significant digits: integers beyond `2^bits` in magnitude are
        /// rounded (when the old type is an integer), or digits beyond the new type's precision are.
        case precision(from: AttributeType, to: AttributeType)
        /// The new type is Boolean: every number other than 0 becomes true.
        case nonzeroBecomesTrue

        /// A clause for a message: "values outside -32768...32767 do not fit".
        package var description: String {
            switch self {
            case .outOfRange(let type):
                return "values \(NumericTraits(type)?.range ?? "beyond its range") do not fit"
            case .fractions:
                return "fractional parts are lost"
            case .precision(let from, let to):
                guard let target = NumericTraits(to) else { return "values are rounded" }
                if from.isInteger {
                    return "integers beyond ±2^\(target.exactBits) (\(target.exactIntegerLimit)) are rounded"
                }
                return "digits beyond the \(target.significantDigits ?? "") significant ones \(to) holds are rounded"
            case .nonzeroBecomesTrue:
                return "every number other than 0 becomes true"
            }
        }
    }

    /// How the conversion treats stored values.
    package enum Kind: Hashable, Sendable {
        /// Every value of the old type is a value of the new one: inferable, nothing changes.
        case widening
        /// Inferable, but the values named by the losses change.
        case narrowing([Loss])
        /// Not inferable: lightweight migration fails.
        case incompatible
    }

    package let from: AttributeType
    package let to: AttributeType
    package let kind: Kind

    /// Whether lightweight migration infers the conversion (widening or narrowing).
    package var isInferable: Bool { kind != .incompatible }

    /// What may change, nothing for a widening or an incompatible conversion.
    package var losses: [Loss] {
        if case .narrowing(let losses) = kind { return losses }
        return []
    }

    /// `int64 -> double`
    package var description: String { "\(from) -> \(to)" }

    /// The class of changing an attribute's type from `from` to `to` (the same type is a widening).
    package static func classify(from: AttributeType, to: AttributeType) -> TypeConversion {
        TypeConversion(from: from, to: to, kind: kind(from: from, to: to))
    }

    private static func kind(from: AttributeType, to: AttributeType) -> Kind {
        if from == to { return .widening }
        guard from == .boolean || from.isNumeric, to == .boolean || to.isNumeric else { return .incompatible }
        // false and true are stored as 0 and 1, which every numeric type holds.
        if from == .boolean { return .widening }
        if to == .boolean { return .narrowing([.nonzeroBecomesTrue]) }
        guard let old = NumericTraits(from), let new = NumericTraits(to) else { return .incompatible }
        var losses: [Loss] = []
        if old.hasFractions, !new.hasFractions { losses.append(.fractions) }
        if old.largestMagnitude > new.largestMagnitude { losses.append(.outOfRange(to)) }
        // Integer types hold every integer in their range exactly: only a type with a fraction rounds.
        if new.hasFractions, old.exactBits > new.exactBits { losses.append(.precision(from: from, to: to)) }
        return losses.isEmpty ? .widening : .narrowing(losses)
    }
}

/// The range and precision of one numeric type, as far as a conversion needs them.
struct NumericTraits {
    /// Integers up to 2^exactBits in magnitude are held exactly (for Decimal: 38 digits, ~2^126).
    let exactBits: Int
    /// The largest value held (its negative, or about it, is the smallest).
    let largestMagnitude: Double
    let hasFractions: Bool
    /// "-32768...32767", or "above about 3.4e38 in magnitude".
    let range: String
    /// How many significant decimal digits a type with fractions holds ("6 to 9" for Float).
    let significantDigits: String?

    init?(_ type: AttributeType) {
        switch type {
        case .int16:
            self.init(exactBits: 15, largestMagnitude: 32767, hasFractions: false, range: "outside -32768...32767", significantDigits: nil)
        case .int32:
            self.init(exactBits: 31, largestMagnitude: 2_147_483_647, hasFractions: false, range: "outside -2147483648...2147483647", significantDigits: nil)
        case .int64:
            self.init(exactBits: 63, largestMagnitude: Double(Int64.max), hasFractions: false,
                      range: "outside -9223372036854775808...9223372036854775807", significantDigits: nil)
        case .float:
            self.init(exactBits: 24, largestMagnitude: Double(Float.greatestFiniteMagnitude), hasFractions: true,
                      range: "above about 3.4e38 in magnitude", significantDigits: "6 to 9")
        case .double:
            self.init(exactBits: 53, largestMagnitude: Double.greatestFiniteMagnitude, hasFractions: true,
                      range: "above about 1.8e308 in magnitude", significantDigits: "15 to 17")
        case .decimal:
            // NSDecimal: a 38-digit mantissa and an exponent of -128...127.
            self.init(exactBits: 126, largestMagnitude: 1e165, hasFractions: true, range: "above about 1e165 in magnitude", significantDigits: "38")
        default:
            return nil
        }
    }

    private init(exactBits: Int, largestMagnitude: Double, hasFractions: Bool, range: String, significantDigits: String?) {
        self.exactBits = exactBits
        self.largestMagnitude = largestMagnitude
        self.hasFractions = hasFractions
        self.range = range
        self.significantDigits = significantDigits
    }

    /// 2^exactBits written out (9007199254740992 for Double).
    var exactIntegerLimit: String {
        exactBits < 64 ? String(UInt64(1) << UInt64(exactBits)) : "2^\(exactBits)"
    }
}
