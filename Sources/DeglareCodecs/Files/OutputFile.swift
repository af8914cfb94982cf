// Atomic output files. The bytes go to an unnamed temporary file in the target folder
// (O_TMPFILE), are fsync'ed, and only then get a name with linkat, which fails with EEXIST
// instead of replacing an existing file: the "exists" refusal and the write are one atomic step,
// with no check-then-write race. Until the link, the file has no name, so a crash, Ctrl-C or
// SIGKILL at any point leaves either no file or a whole one, and never a temporary file.
// Replacing (--force) links to a hidden temporary name and renames it over the target.
// Filesystems without O_TMPFILE fall back to mkstemp + link/rename, removing the temporary name
// on every error path and registering it for the signal handler (see `TemporaryFiles`).
#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Why an output file could not be written.
public enum WriteError: Error, Equatable, CustomStringConvertible {
  /// The output exists and overwriting was not requested.
  case exists(path: String)
  /// The output is one of the input files.
  case sameAsInput(path: String)
  /// The folder is missing, not writable, or the disk is full; `reason` is strerror's text.
  case cannotWrite(path: String, reason: String)
  /// The encoder failed before any file appeared.
  case encodeFailed(path: String, reason: String)

  /// One sentence saying what happened and what to do.
  public var description: String {
    switch self {
    case .exists(let path):
      return "\(path) already exists; choose another output with -o or pass --force to replace it"
    case .sameAsInput(let path):
      return "the output \(path) is an input file; deglare never modifies its inputs, so choose another output with -o"
    case .cannotWrite(let path, let reason):
      return "cannot write \(path): \(reason)"
    case .encodeFailed(let path, let reason):
      return "cannot write \(path): \(reason)"
    }
  }
}

/// A buffered byte sink over a file descriptor, handed to the closure that produces the file.
public struct OutputSink: ~Copyable {
  fileprivate let fd: Int32
  fileprivate var buffer: [UInt8] = []
  fileprivate var failure: Int32 = 0
  private static let capacity = 1 << 20

  fileprivate init(fd: Int32) {
    self.fd = fd
    buffer.reserveCapacity(OutputSink.capacity)
  }

  /// Appends bytes; returns false once a write has failed (the error is reported at the end).
  @discardableResult
  public mutating func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard failure == 0 else { return false }
    if buffer.count + bytes.count > OutputSink.capacity {
      flush()
      if bytes.count >= OutputSink.capacity {
        writeFully(bytes)
        return failure == 0
      }
    }
    buffer.append(contentsOf: bytes)
    return failure == 0
  }

  /// Appends bytes; returns false once a write has failed.
  @discardableResult
  public mutating func write(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { write($0) }
  }

  fileprivate mutating func flush() {
    guard failure == 0, !buffer.isEmpty else { return }
    let pending = buffer
    buffer.removeAll(keepingCapacity: true)
    pending.withUnsafeBytes { writeFully($0) }
  }

  private mutating func writeFully(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let n = Glibc.write(fd, base + offset, bytes.count - offset)
      if n > 0 {
        offset += n
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        failure = n < 0 ? errno : EIO
        return
      }
    }
  }
}

/// A finished output file that has no name yet: written and fsync'ed, waiting for ``publish()``.
///
/// Lets a caller decide at the last moment whether the result may still be written (the removal
/// session checks that no teardown happened meanwhile). Dropping it without publishing leaves
/// nothing behind. Used by one task at a time.
public final class PreparedOutput: @unchecked Sendable {
  /// The path it will get.
  public let path: String
  private let overwrite: Bool
  private var fd: Int32
  private var tempPath: String?
  private var finished = false
  /// For a JPEG written over a JPEG original: what the lossless splice re-encoded.
  public internal(set) var jpegSplice: JPEGSpliceReport?

  fileprivate init(path: String, overwrite: Bool, fd: Int32, tempPath: String?) {
    self.path = path
    self.overwrite = overwrite
    self.fd = fd
    self.tempPath = tempPath
  }

  /// Gives the file its name, atomically; an existing file is refused unless overwriting.
  /// - Throws: `CancellationError` (and drops the file) when the current task was cancelled:
  ///   an interrupted command writes nothing.
  public func publish() throws {
    precondition(!finished, "an output is published or discarded once")
    defer { discard() }
    try Task.checkCancellation()
    try OutputFile.publish(fd: fd, tempPath: tempPath, to: path, overwrite: overwrite)
    if let tempPath { TemporaryFiles.shared.remove(tempPath) }
    tempPath = nil
    OutputFile.syncDirectory(OutputFile.parentDirectory(of: path))
  }

  /// Drops the file (nothing is left behind); harmless after ``publish()``.
  public func discard() {
    guard !finished else { return }
    finished = true
    close(fd)
    if let tempPath {
      unlink(tempPath)
      TemporaryFiles.shared.remove(tempPath)
    }
  }

  deinit { discard() }
}

/// Writes output files atomically; see the comment at the top of this file.
public enum OutputFile {
  /// Writes the bytes `produce` emits to `path`.
  ///
  /// - Parameters:
  ///   - path: The output path.
  ///   - overwrite: Replace an existing file (`--force`); otherwise an existing file is refused.
  ///   - inputs: Paths the command reads; the output may never be one of them.
  ///   - produce: Emits the file's bytes into the sink; an error it throws aborts the write.
  /// - Throws: ``WriteError``, or what `produce` throws. Nothing is left behind on any error.
  public static func write(
    to path: String, overwrite: Bool, inputs: [String] = [],
    _ produce: (inout OutputSink) throws -> Void
  ) throws {
    try prepare(to: path, overwrite: overwrite, inputs: inputs, produce).publish()
  }

  /// Writes `bytes` to `path` atomically (see ``write(to:overwrite:inputs:_:)``).
  public static func write(_ bytes: [UInt8], to path: String, overwrite: Bool, inputs: [String] = []) throws {
    try write(to: path, overwrite: overwrite, inputs: inputs) { sink in sink.write(bytes) }
  }

  /// Writes the file without naming it; ``PreparedOutput/publish()`` names it.
  public static func prepare(
    to path: String, overwrite: Bool, inputs: [String] = [],
    _ produce: (inout OutputSink) throws -> Void
  ) throws -> PreparedOutput {
    try refuseInputs(path, inputs: inputs)
    var tempPath: String?
    let fd = try openUnnamed(in: parentDirectory(of: path), for: path, tempPath: &tempPath)
    let output = PreparedOutput(path: path, overwrite: overwrite, fd: fd, tempPath: tempPath)
    var sink = OutputSink(fd: fd)
    try produce(&sink)
    sink.flush()
    if sink.failure != 0 {
      throw WriteError.cannotWrite(path: path, reason: errorText(sink.failure))
    }
    if fsync(fd) != 0 {
      throw WriteError.cannotWrite(path: path, reason: errorText(errno))
    }
    return output
  }

  /// Fails early, before any expensive work, when `path` cannot be the output: it is an input,
  /// it exists and overwriting was not asked for, or its folder is missing or not writable.
  /// (The final write re-checks atomically; this only saves the user a wasted run.)
  public static func preflight(_ path: String, overwrite: Bool, inputs: [String] = []) throws {
    try refuseInputs(path, inputs: inputs)
    var info = stat()
    if stat(path, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFDIR {
        throw WriteError.cannotWrite(path: path, reason: "it is a folder")
      }
      if !overwrite { throw WriteError.exists(path: path) }
    }
    let directory = parentDirectory(of: path)
    if access(directory, W_OK | X_OK) != 0 {
      throw WriteError.cannotWrite(path: path, reason: folderError(directory, errno))
    }
  }

  /// Throws ``WriteError/sameAsInput(path:)`` when `path` names one of `inputs` (same path, or
  /// the same file through another name).
  public static func refuseInputs(_ path: String, inputs: [String]) throws {
    var outputStat = stat()
    let outputExists = stat(path, &outputStat) == 0
    let outputReal = realPath(path)
    for input in inputs {
      var inputStat = stat()
      if outputExists, stat(input, &inputStat) == 0, inputStat.st_dev == outputStat.st_dev,
        inputStat.st_ino == outputStat.st_ino
      {
        throw WriteError.sameAsInput(path: path)
      }
      if let outputReal, outputReal == realPath(input) {
        throw WriteError.sameAsInput(path: path)
      }
    }
  }

  // MARK: - Steps

  private static func openUnnamed(in directory: String, for path: String, tempPath: inout String?) throws -> Int32 {
    // O_TMPFILE = __O_TMPFILE | O_DIRECTORY; the mode is masked by the umask, like any new file.
    let oTmpFile = Int32(0o2000_0000) | O_DIRECTORY
    let fd = open(directory, oTmpFile | O_WRONLY | O_CLOEXEC, 0o666)
    if fd >= 0 { return fd }
    let openError = errno
    guard openError == EOPNOTSUPP || openError == EISDIR || openError == EINVAL else {
      throw WriteError.cannotWrite(path: path, reason: folderError(directory, openError))
    }
    // Fallback: a named temporary file beside the target.
    var template = Array("\(directory)/.\(baseName(of: path)).deglare-XXXXXX".utf8CString)
    let named = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
    if named < 0 {
      throw WriteError.cannotWrite(path: path, reason: folderError(directory, errno))
    }
    let name = template.withUnsafeBufferPointer { $0.baseAddress.map { String(cString: $0) } ?? "" }
    tempPath = name
    TemporaryFiles.shared.add(name)
    fchmod(named, mode_t(0o666) & ~currentUmask())
    return named
  }

  fileprivate static func publish(fd: Int32, tempPath: String?, to path: String, overwrite: Bool) throws {
    if let tempPath {
      if overwrite {
        guard rename(tempPath, path) == 0 else { throw WriteError.cannotWrite(path: path, reason: errorText(errno)) }
      } else {
        // link() refuses an existing target atomically; then the temporary name goes.
        guard link(tempPath, path) == 0 else {
          if errno == EEXIST { throw WriteError.exists(path: path) }
          throw WriteError.cannotWrite(path: path, reason: errorText(errno))
        }
        unlink(tempPath)
      }
      return
    }
    let procPath = "/proc/self/fd/\(fd)"
    if !overwrite {
      guard linkat(AT_FDCWD, procPath, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 else {
        if errno == EEXIST { throw WriteError.exists(path: path) }
        throw WriteError.cannotWrite(path: path, reason: errorText(errno))
      }
      return
    }
    // Replace: give the file a hidden name, then rename it over the target in one step.
    let directory = parentDirectory(of: path)
    for attempt in 0..<100 {
      let hidden = "\(directory)/.\(baseName(of: path)).deglare-\(getpid())-\(attempt)"
      if linkat(AT_FDCWD, procPath, AT_FDCWD, hidden, AT_SYMLINK_FOLLOW) != 0 {
        if errno == EEXIST { continue }
        throw WriteError.cannotWrite(path: path, reason: errorText(errno))
      }
      TemporaryFiles.shared.add(hidden)
      defer { TemporaryFiles.shared.remove(hidden) }
      guard rename(hidden, path) == 0 else {
        let reason = errorText(errno)
        unlink(hidden)
        throw WriteError.cannotWrite(path: path, reason: reason)
      }
      return
    }
    throw WriteError.cannotWrite(path: path, reason: "no free temporary name in the folder")
  }

  fileprivate static func syncDirectory(_ directory: String) {
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd >= 0 {
      fsync(fd)
      close(fd)
    }
  }

  // MARK: - Helpers

  static func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let parent = String(path[..<slash])
    return parent.isEmpty ? "/" : parent
  }

  static func baseName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  private static func realPath(_ path: String) -> String? {
    // The file may not exist yet: resolve its folder and append the name.
    let directory = parentDirectory(of: path)
    guard let resolved = realpath(directory, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved) + "/" + baseName(of: path)
  }

  private static func folderError(_ directory: String, _ code: Int32) -> String {
    switch code {
    case ENOENT: return "the folder \(directory) does not exist"
    case ENOTDIR: return "\(directory) is not a folder"
    case EACCES, EPERM: return "no permission to create files in \(directory)"
    case EROFS: return "\(directory) is on a read-only file system"
    default: return errorText(code)
    }
  }

  /// The process umask, read without changing it (Linux exposes it in /proc/self/status).
  static func currentUmask() -> mode_t {
    if let status = try? readSmallFile("/proc/self/status"),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
      let value = mode_t(line.dropFirst(6).trimmingCharacters(), radix: 8)
    {
      return value
    }
    return 0o022
  }
}

func errorText(_ code: Int32) -> String {
  String(cString: strerror(code))
}

private func readSmallFile(_ path: String) throws -> String {
  let fd = open(path, O_RDONLY | O_CLOEXEC)
  guard fd >= 0 else { throw WriteError.cannotWrite(path: path, reason: errorText(errno)) }
  defer { close(fd) }
  var bytes = [UInt8](repeating: 0, count: 4096)
  let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
  return String(decoding: bytes.prefix(max(0, n)), as: UTF8.self)
}

extension Substring {
  fileprivate func trimmingCharacters() -> String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
