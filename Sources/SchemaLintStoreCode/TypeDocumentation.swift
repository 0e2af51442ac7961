import Foundation
import SwiftSyntax

/// What the documentation comment of the type a declaration is in says of the type.
enum TypeDocumentation {
    /// The first sentence of the documentation of the class, struct, actor or enum around `node`,
    /// where its first words, past an article, call the type a cache (`/// A cache for URL
    /// previews backed by Core Data`, `/// Local cache of thumbnails`): the author says what the
    /// store holds can be made again. A cache named further on (`/// The store behind the image
    /// cache`) says nothing of this type.
    static func firstSentenceCallingItACache(around node: some SyntaxProtocol) -> String? {
        guard let sentence = firstSentence(around: node) else { return nil }
        let articles: Set<String> = ["a", "an", "the"]
        let words = sentence.split { !$0.isLetter }.map { $0.lowercased() }.drop { articles.contains($0) }
        return words.prefix(3).contains("cache") ? sentence : nil
    }

    /// The sentence of the documentation of the nearest documented function, initializer or
    /// property around `node` that calls what it opens disposable, or says it is filled again from
    /// elsewhere (`/// The store is disposable — it repopulates from the radio on the next connect`):
    /// the author says the store holds nothing that is not made again. A local constant without
    /// documentation (`let container = ...`) is passed over for the function it is in.
    static func sentenceCallingItDisposable(around node: some SyntaxProtocol) -> String? {
        let words = ["disposable", "repopulat", "redownload", "re-download"]
        var current = node.parent
        while let syntax = current {
            let trivia: Trivia? =
                syntax.as(FunctionDeclSyntax.self)?.leadingTrivia ?? syntax.as(InitializerDeclSyntax.self)?.leadingTrivia
                ?? syntax.as(VariableDeclSyntax.self)?.leadingTrivia
            if let trivia, documentation(in: trivia) != nil {
                return sentences(of: trivia).first { sentence in words.contains { sentence.lowercased().contains($0) } }
            }
            current = syntax.parent
        }
        return nil
    }

    /// The first sentence of the documentation comment (`///` lines or `/** */`) of the nearest
    /// type declaration around `node`, its lines joined.
    static func firstSentence(around node: some SyntaxProtocol) -> String? {
        var current = node.parent
        while let syntax = current {
            let trivia: Trivia? =
                syntax.as(ClassDeclSyntax.self)?.leadingTrivia ?? syntax.as(StructDeclSyntax.self)?.leadingTrivia
                ?? syntax.as(ActorDeclSyntax.self)?.leadingTrivia ?? syntax.as(EnumDeclSyntax.self)?.leadingTrivia
            if let trivia { return firstSentence(of: trivia) }
            current = syntax.parent
        }
        return nil
    }

    /// The sentences of a documentation comment, each without its full stop.
    private static func sentences(of trivia: Trivia) -> [String] {
        guard let text = documentation(in: trivia) else { return [] }
        return text.components(separatedBy: ". ").map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
    }

    private static func firstSentence(of trivia: Trivia) -> String? {
        guard let text = documentation(in: trivia) else { return nil }
        let end = text.range(of: ". ").map(\.lowerBound) ?? text.endIndex
        var sentence = text[..<end]
        if sentence.hasSuffix(".") { sentence = sentence.dropLast() }
        // A closing aside (`(entries expire after a day)`) is not what the type is.
        if sentence.hasSuffix(")"), let open = sentence.lastIndex(of: "("), open > sentence.startIndex {
            sentence = sentence[..<open]
            while sentence.hasSuffix(" ") { sentence = sentence.dropLast() }
        }
        return String(sentence)
    }

    /// The text of the documentation comment (`///` lines or `/** */`) in `trivia`, its lines joined.
    private static func documentation(in trivia: Trivia) -> String? {
        var lines: [Substring] = []
        for piece in trivia {
            switch piece {
            case .docLineComment(let text): lines.append(text.dropFirst(3))
            case .docBlockComment(let text): lines += text.dropFirst(3).dropLast(2).split(separator: "\n").map { $0.drop { $0 == " " || $0 == "*" } }
            default: continue
            }
        }
        let text = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        return text.isEmpty ? nil : text
    }
}
