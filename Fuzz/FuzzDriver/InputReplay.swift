import Foundation
import SchemaLint

/// Without libFuzzer: runs saved inputs (crashes, corpus files) through a harness, one line each.
package enum InputReplay {
    /// 0 when every file was read (accepted or refused with an input error), 2 when one could not be.
    /// `harness` reads the bytes and gives back the reader's error, or nil when it accepted them.
    package static func run(files: [String], harness: ([UInt8]) -> InputError?) -> CInt {
        var status: CInt = 0
        for file in files {
            do throws(InputError) {
                let bytes = try FileReader.bytes(of: file)
                if let error = harness(bytes) {
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
