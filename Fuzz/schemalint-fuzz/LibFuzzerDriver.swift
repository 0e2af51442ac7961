#if SCHEMALINT_FUZZING
import Foundation

/// libFuzzer's entry point for a program with its own `main` (`libclang_rt.fuzzer_no_main`):
/// parses libFuzzer's options from `argv` and fuzzes `callback` until a bug or a limit.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer on one harness; `arguments` are libFuzzer's (options, corpus folders, inputs).
enum LibFuzzerDriver {
    static func run(_ harness: Harness, program: String, arguments: [String]) -> CInt {
        // libFuzzer keeps pointers into argv for the whole run, so the strings are never freed.
        var pointers: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        var argc = CInt(pointers.count - 1)
        return pointers.withUnsafeMutableBufferPointer { buffer in
            var argv = buffer.baseAddress
            return LLVMFuzzerRunDriver(&argc, &argv, harness.testOneInput)
        }
    }
}
#endif
