import Foundation
import FuzzDriver

// schemalint-fuzz-swift swift-source [ARGUMENTS...]
//
// The SwiftData reader's harness, apart from schemalint-fuzz because it links swift-syntax, whose
// build with the sanitizers takes long (`scripts/fuzz.sh swift-source SECONDS` builds it on
// request). Built with libFuzzer (-DSCHEMALINT_FUZZING), ARGUMENTS are libFuzzer's; in a normal
// build it replays files. See docs/fuzzing.md.

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.first == SwiftSourceHarness.name else {
    FileHandle.standardError.write(Data("usage: schemalint-fuzz-swift \(SwiftSourceHarness.name) [ARGUMENTS...]\n".utf8))
    exit(2)
}
#if SCHEMALINT_FUZZING
exit(LibFuzzerDriver.run(SwiftSourceHarness.testOneInput, program: CommandLine.arguments[0], arguments: Array(arguments.dropFirst())))
#else
exit(InputReplay.run(files: Array(arguments.dropFirst()), harness: SwiftSourceHarness.run))
#endif
