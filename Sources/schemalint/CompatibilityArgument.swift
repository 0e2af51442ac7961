import ArgumentParser
import SchemaLint

/// `--compatibility previous | transitive | window:N`; anything else is a usage error (exit 2).
extension Compatibility: ExpressibleByArgument {
    public static var allValueStrings: [String] { ["previous", "transitive", "window:N"] }
}
