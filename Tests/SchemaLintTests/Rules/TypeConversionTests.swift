import Testing
@testable import SchemaLint

/// The conversion table: which type changes lightweight migration infers, and what they may lose.
@Suite struct TypeConversionTests {
    static let numeric: [AttributeType] = [.int16, .int32, .int64, .decimal, .double, .float, .boolean]
    static let others: [AttributeType] = [.string, .date, .binary, .uuid, .uri, .transformable, .objectID, .undefined, .composite]

    /// Every value of the first type is a value of the second: integers into larger integers, into
    /// Decimal (38 digits), and into Double (53-bit mantissa) or Float (24-bit) while they fit the
    /// mantissa; Float into Double and Decimal; false and true (0 and 1) into any number.
    static let widenings: Set<String> = [
        "int16 -> int32", "int16 -> int64", "int32 -> int64",
        "int16 -> float", "int16 -> double", "int32 -> double",
        "int16 -> decimal", "int32 -> decimal", "int64 -> decimal",
        "float -> double", "float -> decimal",
        "boolean -> int16", "boolean -> int32", "boolean -> int64", "boolean -> decimal", "boolean -> double", "boolean -> float",
    ]

    @Test func numericAndBooleanChangesAreInferableEitherWay() {
        for from in Self.numeric {
            for to in Self.numeric where to != from {
                let conversion = TypeConversion.classify(from: from, to: to)
                #expect(conversion.isInferable, "\(conversion)")
                if Self.widenings.contains(conversion.description) {
                    #expect(conversion.kind == .widening, "\(conversion)")
                    #expect(conversion.losses.isEmpty)
                } else {
                    #expect(!conversion.losses.isEmpty, "\(conversion) is narrowing, so it names what may change")
                }
            }
        }
    }

    @Test func anyOtherTypeMakesAChangeIncompatible() {
        for from in Self.numeric + Self.others {
            for to in Self.others where to != from {
                #expect(TypeConversion.classify(from: from, to: to).kind == .incompatible, "\(from) -> \(to)")
                #expect(!TypeConversion.classify(from: to, to: from).isInferable, "\(to) -> \(from)")
            }
        }
    }

    @Test func narrowingNamesWhatMayChange() {
        func losses(_ from: AttributeType, _ to: AttributeType) -> [TypeConversion.Loss] {
            TypeConversion.classify(from: from, to: to).losses
        }
        #expect(losses(.int64, .int16) == [.outOfRange(.int16)])
        #expect(losses(.int32, .int16) == [.outOfRange(.int16)])
        #expect(losses(.int64, .int32) == [.outOfRange(.int32)])
        // 2^53 + 1 has no Double; 2^24 + 1 has no Float.
        #expect(losses(.int64, .double) == [.precision(from: .int64, to: .double)])
        #expect(losses(.int32, .float) == [.precision(from: .int32, to: .float)])
        #expect(losses(.int64, .float) == [.precision(from: .int64, to: .float)])
        #expect(losses(.double, .int16) == [.fractions, .outOfRange(.int16)])
        #expect(losses(.float, .int64) == [.fractions, .outOfRange(.int64)], "Float reaches 3.4e38, far beyond 2^63")
        #expect(losses(.decimal, .int32) == [.fractions, .outOfRange(.int32)])
        #expect(losses(.double, .float) == [.outOfRange(.float), .precision(from: .double, to: .float)])
        #expect(losses(.decimal, .double) == [.precision(from: .decimal, to: .double)], "38 digits into 15 to 17")
        #expect(losses(.double, .decimal) == [.outOfRange(.decimal)], "Double reaches 1.8e308, Decimal about 1e165")
        #expect(losses(.int16, .boolean) == [.nonzeroBecomesTrue])
        #expect(losses(.double, .boolean) == [.nonzeroBecomesTrue])
    }

    @Test func lossesReadAsClauses() {
        #expect(TypeConversion.Loss.outOfRange(.int16).description == "values outside -32768...32767 do not fit")
        #expect(TypeConversion.Loss.outOfRange(.int32).description == "values outside -2147483648...2147483647 do not fit")
        #expect(TypeConversion.Loss.precision(from: .int64, to: .double).description == "integers beyond ±2^53 (9007199254740992) are rounded")
        #expect(TypeConversion.Loss.precision(from: .int32, to: .float).description == "integers beyond ±2^24 (16777216) are rounded")
        #expect(TypeConversion.Loss.precision(from: .double, to: .float).description == "digits beyond the 6 to 9 significant ones float holds are rounded")
        #expect(TypeConversion.Loss.fractions.description == "fractional parts are lost")
        #expect(TypeConversion.Loss.nonzeroBecomesTrue.description == "every number other than 0 becomes true")
    }
}
