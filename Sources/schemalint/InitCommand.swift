import ArgumentParser
import SchemaLint

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented starter .schemalint.yml (never replacing an existing one)."
    )

    @Argument(help: "The folder to write .schemalint.yml in.")
    var folder: String = "."

    func run() throws {
        let path = folder.hasSuffix("/") ? folder + ConfigurationLoader.fileName : folder + "/" + ConfigurationLoader.fileName
        do {
            try AtomicFileWriter.write(StarterConfiguration.text, to: path, force: false)
        } catch {
            Terminal.writeError(error.description + "\n")
            throw ExitCode(2)
        }
        Terminal.write("wrote \(path)\n")
    }
}
