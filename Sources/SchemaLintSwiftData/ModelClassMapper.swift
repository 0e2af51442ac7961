import SchemaLintSwiftSource
import SwiftSyntax
import SchemaLintCore

/// Maps one `@Model` class to an entity: stored properties to attributes and relationships,
/// `@Attribute` and `@Relationship` options, `#Unique` and `#Index`. Computed and `@Transient`
/// properties are not stored, so they are left out.
struct ModelClassMapper {
    var declarations: SwiftDeclarations

    struct Mapped {
        var entity: Entity
        /// The model classes its parent and its relationships lead to (SwiftData includes them in the schema).
        var destinations: [Declared<ClassDeclSyntax>]
        var notes: [ReadingNote]
    }

    func map(_ model: Declared<ClassDeclSyntax>) -> Mapped {
        let file = model.file
        let declaration = model.node
        let scope = model.scope + [declaration.name.text]
        let types = PropertyTypeMapper(declarations: declarations, scope: scope)
        var mapped = Mapped(entity: Entity(name: declaration.name.text, location: file.location(of: declaration.name)), destinations: [], notes: [])
        if let parent = declaration.inheritanceClause?.inheritedTypes.first.flatMap({ declarations.modelClass(named: $0.type.trimmedText, in: model.scope) }) {
            mapped.entity.parent = parent.node.name.text
            mapped.destinations.append(parent)
        }
        var indexed: Set<String> = []
        for member in declaration.memberBlock.members {
            if let macro = member.decl.as(MacroExpansionDeclSyntax.self) {
                let groups = macro.arguments.map { argument in
                    (argument.expression.as(ArrayExprSyntax.self)?.elements.map(\.expression) ?? [argument.expression]).compactMap(SwiftExpressions.keyPathProperty)
                }.filter { !$0.isEmpty }
                switch macro.macroName.text {
                case "Unique":
                    mapped.entity.uniquenessConstraints += groups
                    // A finding on the constraint lands on the first `#Unique` (or `.unique`).
                    if !groups.isEmpty, mapped.entity.propertyLocations["uniqueness"] == nil {
                        mapped.entity.propertyLocations["uniqueness"] = file.location(of: macro).relative(to: mapped.entity.location)
                    }
                case "Index": indexed.formUnion(groups.filter { $0.count == 1 }.flatMap { $0 })
                default: break
                }
                continue
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  !variable.modifiers.contains(where: { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }),
                  !variable.attributes.contains(where: { $0.as(AttributeSyntax.self)?.simpleName == "Transient" })
            else { continue }
            for binding in variable.bindings where Self.isStored(binding) {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                mapProperty(name, binding, variable, types: types, file: file, into: &mapped)
            }
        }
        for index in mapped.entity.attributes.indices where indexed.contains(mapped.entity.attributes[index].name) {
            mapped.entity.attributes[index].isIndexed = true
        }
        let initializers = InitializerAssignments(declaration)
        for index in mapped.entity.attributes.indices {
            let attribute = mapped.entity.attributes[index]
            let created = valueOnCreation(initializers.given(attribute.name), of: attribute, types: types, file: file)
            if created != attribute.createdWith { mapped.entity.attributes[index].valueOnCreation = created }
        }
        return mapped
    }

    /// What a new object gets from the initializers: one value when every initializer gives the
    /// same, the default written on the property when none sets it.
    private func valueOnCreation(_ given: [InitializerAssignments.Given], of attribute: Attribute, types: PropertyTypeMapper, file: ParsedSwiftFile) -> Attribute.ValueOnCreation {
        var unused: [ReadingNote] = []
        let values: [Attribute.ValueOnCreation] = given.map { given in
            switch given {
            case .keepsDefault: .value(attribute.defaultValue)
            case .varies: .varies
            case .expression(let expression): .value(defaultValue(expression, of: attribute, literal: types.literalBehindStaticProperty(expression), file: file, notes: &unused)?.text)
            }
        }
        guard let first = values.first else { return attribute.createdWith }
        return values.allSatisfy { $0 == first } ? first : .varies
    }

    /// Stored: no accessors, or only observers (`didSet`, `willSet`).
    static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessors = binding.accessorBlock?.accessors else { return true }
        guard case .accessors(let list) = accessors else { return false }
        return list.allSatisfy { ["didSet", "willSet"].contains($0.accessorSpecifier.text) }
    }

    private func mapProperty(_ name: String, _ binding: PatternBindingSyntax, _ variable: VariableDeclSyntax, types: PropertyTypeMapper, file: ParsedSwiftFile, into mapped: inout Mapped) {
        let location = file.location(of: binding.pattern)
        let initial = binding.initializer?.value
        let written = binding.typeAnnotation?.type ?? initial.flatMap(types.inferredType)
        guard let type = written else {
            mapped.notes.append(ReadingNote(at: location, "cannot tell the type of '\(name)' without a type annotation (its initial value is not a literal, UUID(), Date(), an empty collection such as [Item]() or an enum case): the property is left out of '\(mapped.entity.name)'"))
            return
        }
        let attributeOptions = variable.attributes.compactMap { $0.as(AttributeSyntax.self) }.first { $0.simpleName == "Attribute" }
        let relationshipOptions = variable.attributes.compactMap { $0.as(AttributeSyntax.self) }.first { $0.simpleName == "Relationship" }
        // Relative to the class's name, the entity's location.
        let anchor = mapped.entity.location
        // A type inferred from the initial value is made here and has no place in the file: the
        // value is where it is written.
        let typeLocation = binding.typeAnnotation.map { file.location(of: $0.type) } ?? initial.map { file.location(of: $0) } ?? location
        var propertyLocations: RelativePropertyLocations = ["type": typeLocation.relative(to: anchor)]
        if let initial { propertyLocations["default"] = file.location(of: initial).relative(to: anchor) }
        switch types.shape(of: type) {
        case .relationship(let destination, let isToMany, let isOptional):
            var relationship = Relationship(name: name, destination: destination.node.name.text, isToMany: isToMany, isOptional: isOptional, location: location.relative(to: anchor), propertyLocations: propertyLocations)
            if let relationshipOptions { apply(relationshipOptions, to: &relationship, file: file, anchor: anchor) }
            mapped.entity.relationships.append(relationship)
            mapped.destinations.append(destination)
        case .attribute(let attributeType, let isOptional, let guess):
            var attribute = Attribute(name: name, type: attributeType, isOptional: isOptional, location: location.relative(to: anchor), propertyLocations: propertyLocations)
            if let attributeOptions {
                apply(attributeOptions, to: &attribute, uniqueness: &mapped.entity.uniquenessConstraints, file: file, anchor: anchor)
                if mapped.entity.propertyLocations["uniqueness"] == nil, let unique = attribute.propertyLocations["uniqueness"] {
                    mapped.entity.propertyLocations["uniqueness"] = unique
                }
            }
            if let guess, attribute.transformer == nil {
                var note = ReadingNote(at: typeLocation, guess.message, detail: guess.detail)
                note.unresolvedType = guess.unresolved
                mapped.notes.append(note)
            }
            if let initial {
                let read = defaultValue(initial, of: attribute, literal: types.literalBehindStaticProperty(initial), file: file, notes: &mapped.notes)
                attribute.defaultValue = read?.text
                attribute.defaultIsComputed = read?.computed ?? false
            }
            mapped.entity.attributes.append(attribute)
        }
        mapped.entity.propertyLocations[name] = location.relative(to: anchor)
    }

    /// The default in canonical form for a literal (an empty collection: `[]` or `[:]`); for anything
    /// else (`Date.now`, `UUID()`, an enum case) the expression as written, marked computed, with a
    /// note: the value exists, but is not known statically. `literal`: the literal a static
    /// property it reads holds (`String.empty`), which is the value.
    private func defaultValue(_ initial: ExprSyntax, of attribute: Attribute, literal behind: ExprSyntax?, file: ParsedSwiftFile, notes: inout [ReadingNote]) -> (text: String, computed: Bool)? {
        let literal = SwiftExpressions.literal(behind ?? initial)
        switch literal {
        case .nil: return nil
        case .integer(let text), .float(let text):
            if let canonical = DefaultValue.canonical(text, for: attribute.type) { return (canonical, false) }
        case .boolean(let value):
            if attribute.type == .boolean { return (String(value), false) }
        case .string(let text):
            if attribute.type == .string || attribute.type == .uri { return (text, false) }
            if let canonical = DefaultValue.canonical(text, for: attribute.type) { return (canonical, false) }
        case .none: break
        }
        // An empty collection (`[String] = []`, `[String: Int] = [:]`) is a literal too.
        if let array = (behind ?? initial).as(ArrayExprSyntax.self), array.elements.isEmpty { return ("[]", false) }
        // `[String]()`, `[String: Int]()`: the same empty collections.
        if let call = initial.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil {
            if call.calledExpression.is(ArrayExprSyntax.self) { return ("[]", false) }
            if call.calledExpression.is(DictionaryExprSyntax.self) { return ("[:]", false) }
        }
        // The empty bytes, however written.
        if attribute.type == .binary, ["Data()", "Data.empty", "Data.init()"].contains(initial.trimmedText) { return ("Data()", false) }
        if let dictionary = initial.as(DictionaryExprSyntax.self), case .colon = dictionary.content { return ("[:]", false) }
        let text = initial.trimmedText
        let shown = text.count > 60 ? String(text.prefix(60)) + "..." : text
        let what = literal == nil ? "is computed (`\(shown)`), not a literal" : "(`\(shown)`) is no value of the type it was read as"
        notes.append(ReadingNote(at: file.location(of: initial), "the default of '\(attribute.name)' \(what): read as a default whose value is unknown", detail: true))
        return (text, true)
    }

    /// `@Attribute(.unique, .externalStorage, .allowsCloudEncryption, .transformable(by:), originalName:, hashModifier:)`.
    /// `anchor` is the entity's location, which the attribute's locations are relative to.
    private func apply(_ options: AttributeSyntax, to attribute: inout Attribute, uniqueness: inout [[String]], file: ParsedSwiftFile, anchor: SchemaLintCore.SourceLocation) {
        guard case .argumentList(let arguments) = options.arguments else { return }
        for argument in arguments {
            let expression = argument.expression
            switch argument.label?.text {
            case "originalName":
                attribute.renamedFrom = SwiftExpressions.string(expression)
                attribute.propertyLocations["renamedFrom"] = file.location(of: expression).relative(to: anchor)
            case "hashModifier":
                attribute.versionHashModifier = SwiftExpressions.string(expression)
            case nil:
                let option = expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression
                switch option.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
                case "unique":
                    uniqueness.append([attribute.name])
                    attribute.propertyLocations["uniqueness"] = file.location(of: expression).relative(to: anchor)
                case "allowsCloudEncryption": attribute.allowsCloudEncryption = true
                case "ephemeral": attribute.isTransient = true
                case "transformable":
                    attribute.type = .transformable
                    let by = expression.as(FunctionCallExprSyntax.self)?.arguments.first { $0.label?.text == "by" }?.expression
                    attribute.transformer = by.map { $0.trimmedText.replacingOccurrences(of: ".self", with: "") }
                        ?? expression.as(FunctionCallExprSyntax.self)?.arguments.first?.expression.trimmedText
                default: break
                }
            default: break
            }
        }
    }

    /// `@Relationship(deleteRule:, inverse:, minimumModelCount:, maximumModelCount:, originalName:)`.
    /// `anchor` is the entity's location, which the relationship's locations are relative to.
    private func apply(_ options: AttributeSyntax, to relationship: inout Relationship, file: ParsedSwiftFile, anchor: SchemaLintCore.SourceLocation) {
        guard case .argumentList(let arguments) = options.arguments else { return }
        for argument in arguments {
            let expression = argument.expression
            switch argument.label?.text {
            case "deleteRule":
                if let name = expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text, let rule = DeleteRule(spelling: name) {
                    relationship.deleteRule = rule
                    relationship.propertyLocations["deleteRule"] = file.location(of: expression).relative(to: anchor)
                }
            case "inverse": relationship.inverse = SwiftExpressions.keyPathProperty(expression)
            case "minimumModelCount":
                relationship.minCount = SwiftExpressions.integer(expression)
                relationship.propertyLocations["minCount"] = file.location(of: expression).relative(to: anchor)
            case "maximumModelCount": relationship.maxCount = SwiftExpressions.integer(expression)
            case "originalName": relationship.renamedFrom = SwiftExpressions.string(expression)
            default: break
            }
        }
    }
}
