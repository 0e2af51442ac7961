import SchemaLintCore

/// The Objective-C classes that read keyed archives, as `StoreCodeFacts.keyedArchiveTransformers`
/// names them (the Swift reader finds Swift's): classes declared to inherit from
/// `NSSecureUnarchiveFromDataTransformer` (`@interface X : NSSecureUnarchiveFromDataTransformer`, in
/// a header or a file of its own), directly or through another class of the files read, and the
/// names each is registered under (`[NSValueTransformer setValueTransformer:[X new] forName:@"Y"]`).
/// A model that moves an attribute from the default transformer to one of them reads the same
/// bytes.
struct ObjCKeyedArchiveTransformers {
    private var classes = KeyedArchiveClasses()

    /// What one file's tokens declare and register.
    mutating func add(_ tokens: [ObjCToken]) {
        for index in tokens.indices where tokens[index].kind == .identifier {
            switch tokens[index].text {
            case "@interface":
                guard index + 3 < tokens.count, tokens[index + 1].kind == .identifier, tokens[index + 2].is(":"), tokens[index + 3].kind == .identifier else { continue }
                if classes.superclass[tokens[index + 1].text] == nil { classes.superclass[tokens[index + 1].text] = tokens[index + 3].text }
            case "setValueTransformer":
                // The classes named in the message up to `forName:`, registered under its string.
                guard index + 1 < tokens.count, tokens[index + 1].is(":") else { continue }
                var named: Set<String> = []
                var position = index + 2
                while position + 2 < tokens.count, !tokens[position].is(";") {
                    if tokens[position].isIdentifier("forName"), tokens[position + 1].is(":") {
                        if tokens[position + 2].kind == .string {
                            for name in named { classes.otherNames[name, default: []].insert(tokens[position + 2].text) }
                        }
                        break
                    }
                    if tokens[position].kind == .identifier { named.insert(tokens[position].text) }
                    position += 1
                }
            default:
                continue
            }
        }
    }

    /// Every name a model may give a class of the files read that reads keyed archives.
    func names() -> Set<String> { classes.transformerNames() }
}
