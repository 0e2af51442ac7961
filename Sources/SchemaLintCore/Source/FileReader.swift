#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file's bytes, turning every failure into an `InputError` naming the file.
package enum FileReader {
    package static func bytes(of path: String, limit: Int = 64 << 20) throws(InputError) -> [UInt8] {
        // Only regular files: a FIFO would block and a device would never end.
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw InputError(file: path, message: "cannot read the file: \(String(cString: strerror(errno)))")
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw InputError(file: path, message: "is a folder, not a model file")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw InputError(file: path, message: "is not a regular file (a pipe, socket or device?), so it is not read")
        }
        guard status.st_size <= limit else {
            throw InputError(file: path, message: "the file is larger than \(limit >> 20) MiB; is it really a model?")
        }
        guard let handle = fopen(path, "rb") else {
            throw InputError(file: path, message: "cannot read the file: \(String(cString: strerror(errno)))")
        }
        defer { fclose(handle) }
        // One read into a buffer of the size `stat` gave, and one byte more to notice a file that
        // grew since; such a file is read on in chunks.
        let expected = Int(status.st_size)
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, initialized in
            initialized = fread(buffer.baseAddress, 1, buffer.count, handle)
        }
        var chunk: [UInt8] = []
        while true {
            if bytes.count > limit {
                throw InputError(file: path, message: "the file is larger than \(limit >> 20) MiB; is it really a model?")
            }
            if ferror(handle) != 0 {
                throw InputError(file: path, message: "cannot read the file: \(String(cString: strerror(errno)))")
            }
            if feof(handle) != 0 || bytes.count <= expected { return bytes }
            if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 1 << 16) }
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, handle) }
            bytes.append(contentsOf: chunk[0..<count])
            if count == 0, feof(handle) == 0, ferror(handle) == 0 { return bytes }
        }
    }
}
