#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file's bytes, turning every failure into an `InputError` naming the file.
public enum FileReader {
    public static func bytes(of path: String, limit: Int = 64 << 20) throws(InputError) -> [UInt8] {
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
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, handle) }
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if bytes.count > limit {
                throw InputError(file: path, message: "the file is larger than \(limit >> 20) MiB; is it really a model?")
            }
            if count < chunk.count {
                if ferror(handle) != 0 {
                    throw InputError(file: path, message: "cannot read the file: \(String(cString: strerror(errno)))")
                }
                return bytes
            }
        }
    }
}
