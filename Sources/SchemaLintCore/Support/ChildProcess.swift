#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Runs a program as a child process with `posix_spawn`, its standard input, output and error in
/// files. Linux's Foundation `Process.run()` lists the descriptors it has open with a copy that
/// reads past glibc's directory buffer (swift-corelibs-foundation #5472, in Swift 6.3.1): now and
/// then a process that starts many children (a lint's git questions, the tests' runs of the
/// executable) crashes there. Files, not pipes: a child that writes much cannot block on a full
/// pipe, and one that stops reading its input early cannot end this process (SIGPIPE).
package enum ChildProcess {
    package struct Output: Sendable {
        /// The exit status; 128 plus the signal's number where a signal ended the child.
        package var status: Int32
        package var standardOutput: Data
        package var standardError: Data
    }

    /// Runs `executable` (a path) with `arguments` (after the program's name) and `environment`,
    /// `input` on its standard input (nothing where nil), in `directory` (this process's folder
    /// where nil: the folder is the child's own, so many children may run at once from one
    /// process, each in its folder). Nil where the child cannot be started (no such program or
    /// folder, no temporary file).
    package static func run(_ executable: String, _ arguments: [String], environment: [String: String], input: Data? = nil, in directory: String? = nil) -> Output? {
        let standardInput = input.map { unlinkedFile(holding: $0) ?? -1 } ?? open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard standardInput >= 0 else { return nil }
        defer { close(standardInput) }
        guard let standardOutput = unlinkedFile(holding: nil) else { return nil }
        defer { close(standardOutput) }
        guard let standardError = unlinkedFile(holding: nil) else { return nil }
        defer { close(standardError) }

        #if canImport(Glibc)
        var actions = FileActions()
        #else
        var actions: FileActions = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        if let directory {
            guard let addChangeOfFolder = Self.addChangeOfFolder, addChangeOfFolder(&actions, directory) == 0 else { return nil }
        }

        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let started = (argv + [nil]).withUnsafeBufferPointer { arguments in
            (envp + [nil]).withUnsafeBufferPointer { variables in
                posix_spawn(&pid, executable, &actions, nil, UnsafeMutablePointer(mutating: arguments.baseAddress!), UnsafeMutablePointer(mutating: variables.baseAddress!))
            }
        }
        guard started == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return nil }
        }
        // The status word: the exit code in the second byte, or the signal in the low seven bits.
        let signal = status & 0x7f
        return Output(
            status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
            standardOutput: contents(of: standardOutput), standardError: contents(of: standardError)
        )
    }

    #if canImport(Glibc)
    private typealias FileActions = posix_spawn_file_actions_t
    #else
    private typealias FileActions = posix_spawn_file_actions_t?
    #endif

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29 and later, macOS 10.15 and later), looked
    /// up when first asked for: glibc declares it only for `_GNU_SOURCE`, which Swift's import of
    /// its headers leaves out. Nil where the C library has none.
    private static let addChangeOfFolder: (@convention(c) (UnsafeMutablePointer<FileActions>, UnsafePointer<CChar>) -> Int32)? = {
        #if canImport(Glibc)
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)
        #else
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)
        #endif
        guard let symbol = dlsym(everywhere, "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<FileActions>, UnsafePointer<CChar>) -> Int32).self)
    }()

    /// A file in the temporary folder opened for reading and writing, with `data` in it and read
    /// from its start, already removed from the folder (it goes away when closed). Nil where none
    /// can be made.
    private static func unlinkedFile(holding data: Data?) -> Int32? {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("schemalint-child-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        // Only the child's copies (dup2 in the spawn) stay open in it.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        if let data, !data.isEmpty {
            let written = data.withUnsafeBytes { bytes -> Bool in
                var offset = 0
                while offset < bytes.count {
                    let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { return false }
                    offset += count
                }
                return true
            }
            guard written else {
                close(descriptor)
                return nil
            }
            lseek(descriptor, 0, SEEK_SET)
        }
        return descriptor
    }

    /// All a file holds, from its start.
    private static func contents(of descriptor: Int32) -> Data {
        lseek(descriptor, 0, SEEK_SET)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
