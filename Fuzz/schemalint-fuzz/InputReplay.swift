import Foundation
import SchemaLint

/// Without libFuzzer: runs saved inputs (crashes, corpus files) through a harness, one line each.
enum InputReplay {
    /// 0 when every file was read (accepted or refused with an input error), 2 when one could not be.
    static func run(_ harness: Harness, files: [String]) -> CInt {
        var status: CInt = 0
        for file in files {
            do throws(InputError) {
                let bytes = try FileReader.bytes(of: file)
                if let error = harness.run(bytes) {
                    print("\(file): refused: \(error.description)")
                } else {
                    print("\(file): accepted")
                }
            } catch {
                FileHandle.standardError.write(Data("\(error.description)\n".utf8))
                status = 2
            }
        }
        return status
    }
}
