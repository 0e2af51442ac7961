import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Exit status: 0 no errors, 1 findings at the failing severity, 2 unreadable input or a usage error.
do {
    var command = try SchemaLintCommand.parseAsRoot()
    try command.run()
} catch let code as ExitCode {
    exit(code.rawValue)
} catch {
    let code = SchemaLintCommand.exitCode(for: error)
    let message = SchemaLintCommand.fullMessage(for: error)
    if code == .success {
        print(message)
        exit(0)
    }
    Terminal.writeError(message.hasSuffix("\n") ? message : message + "\n")
    exit(2)
}
