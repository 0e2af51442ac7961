#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a file's bytes contain a word, without decoding or parsing them: how readers of app
/// code decide cheaply which files to read (most files of an app never mention a store).
public enum ByteSearch {
    /// Whether any of `words` occurs in `bytes`: C's `memchr` finds each candidate first byte (it
    /// reads many bytes at a time), `memcmp` compares the rest.
    public static func containsAny(_ words: [[UInt8]], in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { haystack in
            guard let base = haystack.baseAddress else { return false }
            return words.contains { word in
                word.withUnsafeBytes { needle in
                    guard let start = needle.baseAddress, let first = word.first else { return false }
                    var offset = 0
                    while haystack.count - offset >= needle.count {
                        guard let found = memchr(base + offset, Int32(first), haystack.count - offset - needle.count + 1) else { return false }
                        if memcmp(found, start, needle.count) == 0 { return true }
                        offset = base.distance(to: UnsafeRawPointer(found)) + 1
                    }
                    return false
                }
            }
        }
    }

    /// Whether the file at `path` (a regular file) contains one of `words`; false when it cannot be
    /// read. Called for every file of a walk, so it reads the file in one call into a buffer of its
    /// size (`FileReader`, which reports why a file cannot be read, reads in chunks); the reader
    /// that claims the file reads it again with `FileReader`.
    public static func file(_ path: String, containsAny words: [[UInt8]]) -> Bool {
        file(path) { containsAny(words, in: $0) }
    }

    /// Whether the bytes of the file at `path` (a regular file) satisfy `test`; false when it
    /// cannot be read.
    public static func file(_ path: String, matches test: ([UInt8]) -> Bool) -> Bool {
        // Only regular files: opening a FIFO would block.
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        let size = Int(status.st_size)
        guard size > 0, size <= 64 << 20 else { return false }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let got = read(descriptor, buffer.baseAddress! + count, size - count)
                if got <= 0 { break }
                count += got
            }
        }
        return test(bytes)
    }
}
