// Where an output path leads. deglare replaces only regular files: a symbolic link is followed
// and its target replaced (the link stays), an output that names an open descriptor (`-`,
// /dev/stdout, /dev/fd/N) or the null device is written through as a stream, and every other
// existing thing (a folder, a device, a FIFO, a socket) is refused, with or without --force.
// docs/cli.md, Conventions, states the rule for users.
#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// What an output path resolves to, every symbolic link followed.
enum OutputTarget: Equatable {
  /// A regular file at `path` (no link left in its last component), existing or to be created.
  case file(path: String, exists: Bool)
  /// An open descriptor the user named: `-` and `/dev/stdout` (1), `/dev/stderr` (2), `/dev/fd/N`
  /// and `/proc/self/fd/N`. Written through; never closed.
  case descriptor(Int32)
  /// The null device (character device 1:3), wherever its node is. Written through.
  case nullDevice(path: String)

  /// Symbolic links followed before giving up (Linux's own limit, `MAXSYMLINKS`).
  static let maximumLinks = 40

  /// Resolves `path`; `-` is standard output.
  /// - Throws: ``WriteError/notAFile(path:kind:)`` for a folder, device, FIFO or socket,
  ///   ``WriteError/cannotWrite(path:reason:)`` for a closed descriptor or a link loop.
  static func resolve(_ path: String) throws(WriteError) -> OutputTarget {
    if path == "-" { return try descriptor(STDOUT_FILENO, path: path) }
    var current = path
    for _ in 0...maximumLinks {
      if let fd = namedDescriptor(current) { return try descriptor(fd, path: path) }
      var info = stat()
      guard lstat(current, &info) == 0 else {
        let code = errno
        // ENOTDIR: a parent is not a folder; the folder check says so in words.
        if code == ENOENT || code == ENOTDIR { return .file(path: current, exists: false) }
        throw .cannotWrite(path: path, reason: errorText(code))
      }
      switch FileKind(mode: info.st_mode) {
      case .regular:
        return .file(path: current, exists: true)
      case .symbolicLink:
        guard let target = linkTarget(current) else { throw .cannotWrite(path: path, reason: errorText(errno)) }
        current = target
      case .characterDevice where FileKind.isNullDevice(info.st_rdev):
        return .nullDevice(path: current)
      case let kind:
        throw .notAFile(path: path, kind: kind)
      }
    }
    throw .cannotWrite(path: path, reason: errorText(ELOOP))
  }

  /// The descriptor a path names by convention, if it is one of those names.
  static func namedDescriptor(_ path: String) -> Int32? {
    switch path {
    case "/dev/stdout": return STDOUT_FILENO
    case "/dev/stderr": return STDERR_FILENO
    default:
      for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
        let digits = path.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let fd = Int32(digits) else {
          return nil
        }
        return fd
      }
      return nil
    }
  }

  /// `fd` as a target, when it is open for writing.
  private static func descriptor(_ fd: Int32, path: String) throws(WriteError) -> OutputTarget {
    let flags = fcntl(fd, F_GETFL)
    guard flags >= 0 else { throw .cannotWrite(path: path, reason: "descriptor \(fd) is not open") }
    guard flags & O_ACCMODE != O_RDONLY else {
      throw .cannotWrite(path: path, reason: "descriptor \(fd) is open for reading only")
    }
    return .descriptor(fd)
  }

  /// Where the link at `path` points, as a path usable from the working directory.
  private static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if target.hasPrefix("/") { return target }
    return OutputFile.parentDirectory(of: path) + "/" + target
  }

  /// The file's identity, when it is a regular file that exists (for the input check).
  func identity() -> (device: dev_t, inode: ino_t)? {
    var info = stat()
    switch self {
    case .file(let path, true):
      guard stat(path, &info) == 0 else { return nil }
    case .descriptor(let fd):
      guard fstat(fd, &info) == 0, FileKind(mode: info.st_mode) == .regular else { return nil }
    default:
      return nil
    }
    return (info.st_dev, info.st_ino)
  }

  /// Whether the bytes are written through to a stream instead of replacing a file.
  var isStream: Bool {
    if case .file = self { return false }
    return true
  }
}
