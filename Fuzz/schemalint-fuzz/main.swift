import Foundation
import FuzzDriver

// schemalint-fuzz HARNESS [ARGUMENTS...]
//
// Built by scripts/fuzz.sh with libFuzzer and AddressSanitizer (-DSCHEMALINT_FUZZING): ARGUMENTS
// are libFuzzer's. In a normal build it replays files: each FILE is read by the harness and the
// outcome printed, so a crash found by the fuzzer can be rerun under a debugger. See docs/fuzzing.md.

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let harness = Harness(rawValue: name) else {
    let names = Harness.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("usage: schemalint-fuzz HARNESS [ARGUMENTS...]; harnesses: \(names)\n".utf8))
    exit(2)
}
#if SCHEMALINT_FUZZING
exit(LibFuzzerDriver.run(harness.testOneInput, program: CommandLine.arguments[0], arguments: Array(arguments.dropFirst())))
#else
exit(InputReplay.run(files: Array(arguments.dropFirst()), harness: harness.run))
#endif
