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

    /// The bytes of a regular file of at most 64 MiB, or nil (a pipe, a device, a file that cannot
    /// be read). Called for every file of a walk that some reader may claim, so it reads the file
    /// in one call into a buffer of its size (`FileReader`, which reports why a file cannot be
    /// read, reads in chunks); the walk keeps the bytes of the files claimed for their readers.
    public static func contents(of path: String) -> [UInt8]? {
        // Only regular files: opening a FIFO would block.
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(status.st_size)
        guard size <= 64 << 20 else { return nil }
        guard size > 0 else { return [] }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let got = read(descriptor, buffer.baseAddress! + count, size - count)
                if got <= 0 { break }
                count += got
            }
        }
        return bytes
    }
}
