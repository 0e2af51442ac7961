import SchemaLintSwiftSource
import SwiftParser
import SwiftSyntax
import SchemaLintCore

/// What a stored property of a `@Model` class is in Core Data terms, read from its Swift type.
enum PropertyShape {
    /// `guess`: what the mapping took for granted, whether that is only a detail (`ReadingNote.isDetail`),
    /// and the type no file read declares, where that is why (`ReadingNote.unresolvedType`).
    case attribute(AttributeType, isOptional: Bool, guess: (message: String, detail: Bool, unresolved: String?)?)
    case relationship(destination: Declared<ClassDeclSyntax>, isToMany: Bool, isOptional: Bool)
}

/// Maps Swift types to attribute types and relationships, resolving names through the
/// declarations of the run (models, structs and enums, typealiases).
struct PropertyTypeMapper {
    var declarations: SwiftDeclarations
    /// Where the property's class sits (its enclosing types and its own name).
    var scope: [String]

    /// The Swift value types SwiftData stores as plain attributes.
    static let primitives: [String: AttributeType] = [
        "String": .string, "Substring": .string, "Character": .string,
        "Int": .int64, "Int64": .int64, "UInt": .int64, "UInt64": .int64, "UInt32": .int64,
        "Int32": .int32, "UInt16": .int32, "Int16": .int16, "Int8": .int16, "UInt8": .int16,
        "Double": .double, "CGFloat": .double, "TimeInterval": .double, "Float": .float, "Float32": .float, "Float64": .double,
        "Bool": .boolean, "Date": .date, "Data": .binary, "UUID": .uuid, "URL": .uri, "Decimal": .decimal,
        // Core Location's and Core Foundation's names for `Double` (`typealias CLLocationDegrees = Double`).
        "CLLocationDegrees": .double, "CLLocationDistance": .double, "CLLocationAccuracy": .double, "CLLocationSpeed": .double,
        "CLLocationDirection": .double, "CFTimeInterval": .double, "CFAbsoluteTime": .double,
    ]
    /// Unsigned integers are stored in the signed type one size up: a reading of SwiftData's
    /// behaviour that Apple does not document.
    static let unsigned: Set<String> = ["UInt", "UInt64", "UInt32", "UInt16", "UInt8"]
    /// Codable value types of Apple's frameworks that models keep (SwiftData stores a Codable
    /// value as a composite attribute), by name, with the framework that declares them; a name
    /// qualified by its module (`SwiftUI.Color.Resolved`) is looked up without it.
    static let frameworkCodableValues: [String: String] = [
        "Color.Resolved": "SwiftUI",
        "PersonNameComponents": "Foundation", "DateComponents": "Foundation", "DateInterval": "Foundation", "Measurement": "Foundation",
        "Locale": "Foundation", "TimeZone": "Foundation", "Calendar": "Foundation", "IndexPath": "Foundation", "IndexSet": "Foundation",
        "AttributedString": "Foundation", "Duration": "Swift",
        "CGPoint": "CoreGraphics", "CGSize": "CoreGraphics", "CGRect": "CoreGraphics", "CGVector": "CoreGraphics", "CGAffineTransform": "CoreGraphics",
        "ApplicationToken": "ManagedSettings", "ActivityCategoryToken": "ManagedSettings", "WebDomainToken": "ManagedSettings",
        "FamilyActivitySelection": "FamilyControls",
    ]
    /// Names in property types that are Swift's or Foundation's, never the project's.
    static let standardNames = Set(primitives.keys).union(["Optional", "Array", "Set", "Dictionary", "Swift", "Foundation", "CoreGraphics"])

    func shape(of type: TypeSyntax) -> PropertyShape {
        var type = type
        var isOptional = false
        while true {
            if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType; isOptional = true; continue }
            if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { type = optional.wrappedType; isOptional = true; continue }
            if let generic = Self.genericArgument(of: type, named: ["Optional"]) { type = generic; isOptional = true; continue }
            break
        }
        let element = type.as(ArrayTypeSyntax.self)?.element ?? Self.genericArgument(of: type, named: ["Array", "Set"])
        if let element {
            if let destination = model(element) { return .relationship(destination: destination, isToMany: true, isOptional: isOptional) }
            return .attribute(.transformable, isOptional: isOptional, guess: ("'\(type.trimmedText)' is a collection of values, which SwiftData stores encoded as binary data: read as a transformable attribute", true, nil))
        }
        if type.is(DictionaryTypeSyntax.self) || Self.genericArgument(of: type, named: ["Dictionary"]) != nil {
            return .attribute(.transformable, isOptional: isOptional, guess: ("'\(type.trimmedText)' is a dictionary, which SwiftData stores encoded as binary data: read as a transformable attribute", true, nil))
        }
        if let destination = model(type) { return .relationship(destination: destination, isToMany: false, isOptional: isOptional) }
        let name = type.trimmedText
        let last = String(name.split(separator: ".").last ?? "")
        if let (qualified, kind) = declarations.valueType(named: name, in: scope) {
            return .attribute(.composite, isOptional: isOptional, guess: ("'\(name)' is a Codable \(kind) (\(qualified)), which SwiftData stores as a composite value: read as a composite attribute", true, nil))
        }
        // `Option.ID` of a model that declares its own `id`: Identifiable's ID is that property's type.
        if name.hasSuffix(".ID"), let model = declarations.modelClass(named: String(name.dropLast(3)), in: scope), let id = Self.declaredIDType(of: model.node) {
            let mapper = PropertyTypeMapper(declarations: declarations, scope: model.scope + [model.node.name.text])
            switch mapper.shape(of: id) {
            case .attribute(let type, let idIsOptional, let guess): return .attribute(type, isOptional: isOptional || idIsOptional, guess: guess)
            case .relationship: break
            }
        }
        let aliased = declarations.aliasedName(name, in: scope) { Self.primitives[$0] != nil } ?? name
        let primitiveName = aliased == name ? last : aliased
        if let primitive = Self.primitives[primitiveName], aliased != name || name == last || name == "Foundation." + last || name == "Swift." + last || name == "CoreGraphics." + last {
            let guess: (message: String, detail: Bool, unresolved: String?)? = Self.unsigned.contains(primitiveName) ? ("'\(primitiveName)' has no Core Data type of its own: read as \(primitive.coreDataName)", true, nil) : nil
            return .attribute(primitive, isOptional: isOptional, guess: guess)
        }
        let generic = String(name.prefix { $0 != "<" })
        if let framework = Self.frameworkCodableValues[generic] ?? Self.frameworkCodableValues[String(generic.split(separator: ".", maxSplits: 1).last ?? "")] {
            return .attribute(.composite, isOptional: isOptional, guess: ("'\(name)' is a Codable value of \(framework), which SwiftData stores as a composite value: read as a composite attribute", true, nil))
        }
        // A typealias for a collection or a dictionary (`typealias Lyrics = [Double: String?]`, in
        // an extension of a type of the project's; `typealias Songs = [Song]`): the type it stands for.
        if let aliased = declarations.aliasedName(name, in: scope, isKnown: { $0.hasPrefix("[") }), let type = Self.parsedType(aliased) {
            switch shape(of: type) {
            case .attribute(let stored, let aliasIsOptional, let guess): return .attribute(stored, isOptional: isOptional || aliasIsOptional, guess: guess)
            case .relationship(let destination, let isToMany, let aliasIsOptional): return .relationship(destination: destination, isToMany: isToMany, isOptional: isOptional || aliasIsOptional)
            }
        }
        return .attribute(.transformable, isOptional: isOptional, guess: ("cannot resolve the type '\(name)' in the files read (not a model, struct or enum declared there): read as a transformable attribute", false, name))
    }

    /// `text` read as a type (`[Double: String?]`), nil where it is none.
    static func parsedType(_ text: String) -> TypeSyntax? {
        let file = Parser.parse(source: "let value: \(text)")
        return file.statements.first?.item.as(VariableDeclSyntax.self)?.bindings.first?.typeAnnotation?.type
    }

    /// The type a class's own stored `id` is declared with (`var id: String`), nil where it
    /// declares none (a model's ID is then SwiftData's `PersistentIdentifier`).
    static func declaredIDType(of declaration: ClassDeclSyntax) -> TypeSyntax? {
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) else { continue }
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "id" {
                return binding.typeAnnotation?.type
            }
        }
        return nil
    }

    private func model(_ type: TypeSyntax) -> Declared<ClassDeclSyntax>? {
        declarations.modelClass(named: type.trimmedText, in: scope)
    }

    /// `X` for `Optional<X>`, `Array<X>`, `Set<X>` when the type is one of the named generics.
    static func genericArgument(of type: TypeSyntax, named names: Set<String>) -> TypeSyntax? {
        guard let identifier = type.as(IdentifierTypeSyntax.self), names.contains(identifier.name.text),
              let argument = identifier.genericArgumentClause?.arguments.first,
              case .type(let inner) = argument.argument
        else { return nil }
        return inner
    }

    /// Standard types whose initialiser without arguments makes their empty value.
    static let emptyConstructible: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool", "Decimal",
    ]

    /// The type of a property written without one, from its initial value: a literal, `UUID()`,
    /// `Date()`, `String()`, `Date.now`, `UUID().uuidString`, a struct or a case of an enum
    /// declared in the files. Nil otherwise.
    func inferredType(of value: ExprSyntax) -> TypeSyntax? {
        func named(_ name: String) -> TypeSyntax { TypeSyntax(IdentifierTypeSyntax(name: .identifier(name))) }
        // A Foundation value that may be missing (`URL(string:)`), unwrapped with `!` or kept optional.
        if let unwrapped = value.as(ForceUnwrapExprSyntax.self), let type = Self.failableFoundationValue(unwrapped.expression) { return named(type) }
        if let type = Self.failableFoundationValue(value) { return TypeSyntax(OptionalTypeSyntax(wrappedType: named(type))) }
        switch SwiftExpressions.literal(value) {
        case .integer: return named("Int")
        case .float: return named("Double")
        case .boolean: return named("Bool")
        case .string: return named("String")
        case .nil, .none: break
        }
        if let call = value.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = callee.baseName.text
            if ["UUID", "Date", "Data"].contains(name) { return named(name) }
            // `String()`, `Double()`: the empty value of a standard type (with arguments, some of
            // their initialisers fail, `Int("3")`, and give an optional).
            if call.arguments.isEmpty, Self.emptyConstructible.contains(name) { return named(name) }
            // `Settings()`, `Settings(theme: .dark)`: a struct of the files, stored as a composite.
            if let (_, kind) = declarations.valueType(named: name, in: scope), kind == "struct" { return named(name) }
        }
        // `[Item]()`, `[String: Int]()`: an empty collection of the types written.
        if let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty {
            if let array = call.calledExpression.as(ArrayExprSyntax.self), array.elements.count == 1,
               let element = array.elements.first?.expression.as(DeclReferenceExprSyntax.self) {
                return TypeSyntax(ArrayTypeSyntax(element: named(element.baseName.text)))
            }
            if let dictionary = call.calledExpression.as(DictionaryExprSyntax.self), case .elements(let elements) = dictionary.content, elements.count == 1,
               let key = elements.first?.key.as(DeclReferenceExprSyntax.self), let element = elements.first?.value.as(DeclReferenceExprSyntax.self) {
                return TypeSyntax(DictionaryTypeSyntax(key: named(key.baseName.text), value: named(element.baseName.text)))
            }
        }
        // `[Item]?.some([])`: the optional of the type written.
        if let call = value.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
           access.declName.baseName.text == "some", let base = access.base, let type = Self.optionalType(writtenAs: base) {
            return type
        }
        if let access = value.as(MemberAccessExprSyntax.self), let base = access.base {
            let member = access.declName.baseName.text
            if base.trimmedText == "Date", ["now", "distantPast", "distantFuture"].contains(member) { return named("Date") }
            if member == "uuidString", base.trimmedText == "UUID()" { return named("String") }
            if let (_, kind) = declarations.valueType(named: base.trimmedText, in: scope), kind == "enum" {
                return named(base.trimmedText)
            }
            // `[String].empty`: an empty collection of the type written.
            if member == "empty", let array = base.as(ArrayExprSyntax.self), array.elements.count == 1,
               let element = array.elements.first?.expression.as(DeclReferenceExprSyntax.self) {
                return TypeSyntax(ArrayTypeSyntax(element: named(element.baseName.text)))
            }
            // `Recipe?.none`: no value yet, of the optional type written.
            if member == "none", let type = Self.optionalType(writtenAs: base) { return type }
            // `Kind.draft.rawValue`: the raw type of an enum of the files (`Kind.RawValue`).
            if member == "rawValue", let inner = base.as(MemberAccessExprSyntax.self)?.base,
               let (_, kind) = declarations.valueType(named: inner.trimmedText, in: scope), kind == "enum" {
                return named(inner.trimmedText + ".RawValue")
            }
            // `Int.zero`, `Double.pi`, `String.empty` (an app's extension): a static property of a
            // standard value type is a value of that type, as Swift's own and an app's constants
            // are (an upper-case member is a nested type: `String.Encoding`).
            if Self.staticValueTypes.contains(base.trimmedText), member.first?.isLowercase == true { return named(base.trimmedText) }
        }
        // `defaultDayKey`, `Self.defaultDayKey`, `Mark.defaultDayKey`: a static property of the
        // files, of the type it is declared with or its initial value has (a literal, a value
        // made as above; not another name, which could lead back to this one).
        if let property = staticProperty(readBy: value) {
            if let declared = property.typeAnnotation?.type { return declared }
            if let initial = property.initializer?.value, !initial.is(DeclReferenceExprSyntax.self), !initial.is(MemberAccessExprSyntax.self) { return inferredType(of: initial) }
        }
        return nil
    }

    /// The static property of the files an expression reads: a bare name, or one after `Self.`
    /// or a type's name.
    private func staticProperty(readBy value: ExprSyntax) -> PatternBindingSyntax? {
        if let reference = value.as(DeclReferenceExprSyntax.self) { return declarations.staticProperty(reference.baseName.text, in: scope)?.node }
        guard let access = value.as(MemberAccessExprSyntax.self), let base = access.base?.as(DeclReferenceExprSyntax.self) else { return nil }
        return declarations.staticProperty(access.declName.baseName.text, of: base.baseName.text, in: scope)?.node
    }

    /// The literal behind an initial value that reads a static property: the literal a static
    /// property of the files is initialised with (`defaultDayKey` where the class declares
    /// `static let defaultDayKey = 19_700_101`, `String.empty` where an extension declares
    /// `static let empty = ""`); else the empty value a standard type's `zero` or, by the
    /// convention of the utility packages that declare it, `empty` names (`Int.zero`,
    /// `String.empty`); nil otherwise.
    func literalBehindStaticProperty(_ value: ExprSyntax) -> ExprSyntax? {
        // `defaultDayKey`, a static property of the type around it.
        if let reference = value.as(DeclReferenceExprSyntax.self), let initial = declarations.staticProperty(reference.baseName.text, in: scope)?.node.initializer?.value {
            return SwiftExpressions.literal(initial) != nil ? initial : nil
        }
        guard let access = value.as(MemberAccessExprSyntax.self) else { return nil }
        // `[String].empty`: an empty collection, whose value is known.
        if access.declName.baseName.text == "empty", let array = access.base?.as(ArrayExprSyntax.self), array.elements.count == 1 {
            return ExprSyntax(ArrayExprSyntax(elements: []))
        }
        guard let base = access.base?.as(DeclReferenceExprSyntax.self) else { return nil }
        let (type, member) = (base.baseName.text, access.declName.baseName.text)
        if let initial = declarations.staticProperty(member, of: type, in: scope)?.node.initializer?.value {
            return SwiftExpressions.literal(initial) != nil ? initial : nil
        }
        if type == "String", member == "empty" { return ExprSyntax(StringLiteralExprSyntax(openingQuote: .stringQuoteToken(), segments: [], closingQuote: .stringQuoteToken())) }
        if member == "zero", Self.emptyConstructible.contains(type), type != "String", type != "Bool" {
            return ExprSyntax(IntegerLiteralExprSyntax(literal: .integerLiteral("0")))
        }
        return nil
    }

    /// The standard value types whose static properties an initial value reads (`Int.zero`).
    static let staticValueTypes = emptyConstructible.union(["Date", "Data", "UUID", "URL"])

    /// The optional type an expression writes before `?.none` or `?.some(...)`: `Recipe?` or
    /// `[Item]?`; nil for anything else (`recipe?.none` of a value reads the same, and is no type).
    static func optionalType(writtenAs base: ExprSyntax) -> TypeSyntax? {
        guard let wrapped = base.as(OptionalChainingExprSyntax.self)?.expression else { return nil }
        func typeName(_ expression: ExprSyntax) -> TypeSyntax? {
            guard let reference = expression.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true else { return nil }
            return TypeSyntax(IdentifierTypeSyntax(name: .identifier(reference.baseName.text)))
        }
        if let element = wrapped.as(ArrayExprSyntax.self), element.elements.count == 1, let type = element.elements.first.flatMap({ typeName($0.expression) }) {
            return TypeSyntax(OptionalTypeSyntax(wrappedType: ArrayTypeSyntax(element: type)))
        }
        return typeName(wrapped).map { TypeSyntax(OptionalTypeSyntax(wrappedType: $0)) }
    }

    /// The type of a Foundation call that returns an optional: `URL(string:)`, `UUID(uuidString:)`,
    /// `Calendar.current.date(from:)` and the calendar's other `date(...)` methods.
    static func failableFoundationValue(_ value: ExprSyntax) -> String? {
        guard let call = value.as(FunctionCallExprSyntax.self) else { return nil }
        let firstLabel = call.arguments.first?.label?.text
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            if callee == "URL", firstLabel == "string" { return "URL" }
            if callee == "UUID", firstLabel == "uuidString" { return "UUID" }
            return nil
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "date",
           member.base?.trimmedText.hasPrefix("Calendar") ?? false {
            return "Date"
        }
        return nil
    }
}
