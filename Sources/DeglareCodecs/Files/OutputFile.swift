// Atomic output files. The bytes go to an unnamed temporary file in the target folder
// (O_TMPFILE), are fsync'ed, and only then get a name with linkat, which fails with EEXIST
// instead of replacing an existing file: the "exists" refusal and the write are one atomic step,
// with no check-then-write race. Until the link, the file has no name, so a crash, Ctrl-C or
// SIGKILL at any point leaves either no file or a whole one, and never a temporary file.
// Replacing (--force) links to a hidden temporary name and renames it over the target.
// Filesystems without O_TMPFILE fall back to mkstemp + link/rename, removing the temporary name
// on every error path and registering it for the signal handler (see `TemporaryFiles`).
// Only regular files are ever replaced: `OutputTarget` follows symbolic links to their target
// and turns standard output and the null device into streams, written through at publication.
#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Writes output files atomically; see the comment at the top of this file.
public enum OutputFile {
  /// Writes the bytes `produce` emits to `path`.
  ///
  /// - Parameters:
  ///   - path: The output path; `-`, `/dev/stdout`, `/dev/fd/N` and the null device are written
  ///     through as streams, a symbolic link is followed and its target replaced.
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

  /// Writes several files all or nothing: each is checked (``preflight(_:overwrite:inputs:)``)
  /// and written unnamed before the first gets its name; if naming one fails, the files this
  /// call created are removed again. (A file replaced with `overwrite` cannot be restored; the
  /// checks before naming are what keep that from happening half-way.)
  public static func writeAll(_ files: [(path: String, bytes: [UInt8])], overwrite: Bool, inputs: [String]) throws {
    for file in files { try preflight(file.path, overwrite: overwrite, inputs: inputs) }
    let prepared = try files.map { file in
      try prepare(to: file.path, overwrite: overwrite, inputs: inputs) { sink in sink.write(file.bytes) }
    }
    try publishAll(prepared)
  }

  /// Publishes `outputs` in order; when one fails, removes the files the earlier ones created,
  /// discards the rest and rethrows.
  public static func publishAll(_ outputs: [PreparedOutput]) throws {
    for (index, output) in outputs.enumerated() {
      do {
        try output.publish()
      } catch {
        for earlier in outputs[..<index] { earlier.unpublish() }
        for later in outputs[index...] { later.discard() }
        throw error
      }
    }
  }

  /// Writes the file without naming it; ``PreparedOutput/publish()`` names it.
  public static func prepare(
    to path: String, overwrite: Bool, inputs: [String] = [],
    _ produce: (inout OutputSink) throws -> Void
  ) throws -> PreparedOutput {
    let target = try OutputTarget.resolve(path)
    try refuseInputs(target, path: path, inputs: inputs)
    var tempPath: String?
    let fd: Int32
    if case .file(let file, _) = target {
      fd = try openUnnamed(in: parentDirectory(of: file), for: path, tempPath: &tempPath)
    } else {
      fd = try openScratch(for: path)
    }
    let output = PreparedOutput(path: path, target: target, overwrite: overwrite, fd: fd, tempPath: tempPath)
    var sink = OutputSink(fd: fd)
    try produce(&sink)
    sink.flush()
    if sink.failure != 0 {
      throw WriteError.cannotWrite(path: path, reason: errorText(sink.failure))
    }
    if fsync(fd) != 0 && !target.isStream {
      throw WriteError.cannotWrite(path: path, reason: errorText(errno))
    }
    return output
  }

  /// Whether `path` is written through as a stream (`-`, `/dev/stdout`, `/dev/fd/N`, the null
  /// device) rather than as a file with a folder beside it.
  public static func writesThrough(_ path: String) -> Bool {
    guard let target = try? OutputTarget.resolve(path) else { return false }
    if case .file = target { return false }
    return true
  }

  /// Fails early, before any expensive work, when `path` cannot be the output: it is an input,
  /// it exists and overwriting was not asked for, it is not a regular file (nor a stream), or its
  /// folder is missing or not writable. (The final write re-checks atomically; this only saves
  /// the user a wasted run.)
  public static func preflight(_ path: String, overwrite: Bool, inputs: [String] = []) throws {
    let target = try OutputTarget.resolve(path)
    try refuseInputs(target, path: path, inputs: inputs)
    guard case .file(let file, let exists) = target else { return }
    if exists && !overwrite { throw WriteError.exists(path: path) }
    try checkFolder(parentDirectory(of: file), for: path)
  }

  /// Whether `path` is written through to standard output (`-`, `/dev/stdout`, `/dev/fd/1`, or a
  /// link to one of them), so a command prints its report elsewhere.
  public static func isStandardOutput(_ path: String) -> Bool {
    (try? OutputTarget.resolve(path)) == .descriptor(STDOUT_FILENO)
  }

  /// Throws ``WriteError/sameAsInput(path:)`` when `path` names one of `inputs`: the same file
  /// through any spelling (`./`, `..`, a symbolic link, a hard link), or the same name.
  public static func refuseInputs(_ path: String, inputs: [String]) throws {
    try refuseInputs(try OutputTarget.resolve(path), path: path, inputs: inputs)
  }

  /// How messages name an output: `-` is standard output.
  public static func displayName(_ path: String) -> String {
    path == "-" ? "standard output" : path
  }

  private static func refuseInputs(_ target: OutputTarget, path: String, inputs: [String]) throws(WriteError) {
    let identity = target.identity()
    var outputName: String?
    if case .file(let file, _) = target { outputName = realPath(file) }
    for input in inputs {
      var inputStat = stat()
      if let identity, stat(input, &inputStat) == 0, inputStat.st_dev == identity.device,
        inputStat.st_ino == identity.inode
      {
        throw .sameAsInput(path: path)
      }
      if let outputName, outputName == realPath(input) {
        throw .sameAsInput(path: path)
      }
    }
  }

  // MARK: - Steps

  private static func checkFolder(_ directory: String, for path: String) throws(WriteError) {
    var info = stat()
    guard stat(directory, &info) == 0 else { throw .cannotWrite(path: path, reason: folderError(directory, errno)) }
    guard FileKind(mode: info.st_mode) == .folder else {
      throw .cannotWrite(path: path, reason: folderError(directory, ENOTDIR))
    }
    if access(directory, W_OK | X_OK) != 0 {
      throw .cannotWrite(path: path, reason: folderError(directory, errno))
    }
  }

  private static func openUnnamed(
    in directory: String, for path: String, tempPath: inout String?, access: Int32 = O_WRONLY
  ) throws -> Int32 {
    // O_TMPFILE = __O_TMPFILE | O_DIRECTORY; the mode is masked by the umask, like any new file.
    let oTmpFile = Int32(0o2000_0000) | O_DIRECTORY
    let fd = open(directory, oTmpFile | access | O_CLOEXEC, 0o666)
    if fd >= 0 { return fd }
    let openError = errno
    guard openError == EOPNOTSUPP || openError == EISDIR || openError == EINVAL else {
      throw WriteError.cannotWrite(path: path, reason: folderError(directory, openError))
    }
    // Fallback: a named temporary file beside the target.
    let suffix = ".deglare-XXXXXX"
    let stem = utf8Prefix(baseName(of: path), maxBytes: maximumNameBytes - 1 - suffix.utf8.count)
    var template = Array("\(directory)/.\(stem)\(suffix)".utf8CString)
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

  /// An unnamed scratch file (in `$TMPDIR`, else /tmp) holding a stream output until it is published.
  private static func openScratch(for path: String) throws -> Int32 {
    let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var tempPath: String?
    let fd = try openUnnamed(in: directory, for: path, tempPath: &tempPath, access: O_RDWR)
    if let tempPath {
      unlink(tempPath)
      TemporaryFiles.shared.remove(tempPath)
    }
    return fd
  }

  /// Names the written file `file` (the resolved target of `path`); returns whether it created
  /// a new file (false when it replaced one).
  static func name(fd: Int32, tempPath: String?, as file: String, path: String, overwrite: Bool) throws -> Bool {
    let source = tempPath ?? "/proc/self/fd/\(fd)"
    let flags = tempPath == nil ? AT_SYMLINK_FOLLOW : 0
    // linkat refuses an existing target atomically.
    if linkat(AT_FDCWD, source, AT_FDCWD, file, flags) == 0 {
      if let tempPath { unlink(tempPath) }
      return true
    }
    guard errno == EEXIST else { throw WriteError.cannotWrite(path: path, reason: errorText(errno)) }
    guard overwrite else { throw WriteError.exists(path: path) }
    // What is there now must still be a regular file (it may have changed since the preflight).
    var info = stat()
    if lstat(file, &info) == 0, FileKind(mode: info.st_mode) != .regular {
      throw WriteError.notAFile(path: path, kind: FileKind(mode: info.st_mode))
    }
    if let tempPath {
      guard rename(tempPath, file) == 0 else { throw WriteError.cannotWrite(path: path, reason: errorText(errno)) }
      return false
    }
    // Replace: give the file a hidden name, then rename it over the target in one step.
    let directory = parentDirectory(of: file)
    for attempt in 0..<100 {
      let hidden = directory + "/" + hiddenName(for: baseName(of: file), attempt: attempt)
      if linkat(AT_FDCWD, source, AT_FDCWD, hidden, AT_SYMLINK_FOLLOW) != 0 {
        if errno == EEXIST { continue }
        throw WriteError.cannotWrite(path: path, reason: errorText(errno))
      }
      TemporaryFiles.shared.add(hidden)
      defer { TemporaryFiles.shared.remove(hidden) }
      guard rename(hidden, file) == 0 else {
        let reason = errorText(errno)
        unlink(hidden)
        throw WriteError.cannotWrite(path: path, reason: reason)
      }
      return false
    }
    throw WriteError.cannotWrite(path: path, reason: "no free temporary name in the folder")
  }

  /// `.<name>.deglare-<pid>-<attempt>`, the name cut (at a character boundary) so the whole stays
  /// within the 255 bytes a file name may have.
  static func hiddenName(for name: String, attempt: Int) -> String {
    let suffix = ".deglare-\(getpid())-\(attempt)"
    return "." + utf8Prefix(name, maxBytes: maximumNameBytes - 1 - suffix.utf8.count) + suffix
  }

  /// The longest file name Linux file systems accept, in bytes (`NAME_MAX`).
  static let maximumNameBytes = 255

  static func syncDirectory(_ directory: String) {
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

  /// The longest prefix of `text` that fits in `maxBytes` UTF-8 bytes, cut between characters.
  static func utf8Prefix(_ text: String, maxBytes: Int) -> String {
    var bytes = 0
    var result = ""
    for character in text {
      bytes += character.utf8.count
      if bytes > maxBytes { break }
      result.append(character)
    }
    return result
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
