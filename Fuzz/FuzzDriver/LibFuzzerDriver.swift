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

/// Runs libFuzzer on one harness's C entry point; `arguments` are libFuzzer's (options, corpus
/// folders, inputs). Shared by the fuzz executables (`schemalint-fuzz`, `schemalint-fuzz-swift`).
package enum LibFuzzerDriver {
    package static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt, program: String, arguments: [String]) -> CInt {
        // libFuzzer keeps pointers into argv for the whole run, so the strings are never freed.
        var pointers: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        var argc = CInt(pointers.count - 1)
        return pointers.withUnsafeMutableBufferPointer { buffer in
            var argv = buffer.baseAddress
            return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
        }
    }
}
#endif

/// The bytes of one libFuzzer input (none for a null pointer).
package func fuzzerInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
}
