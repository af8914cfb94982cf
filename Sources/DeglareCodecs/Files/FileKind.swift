#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// What a path names, from the `st_mode` of `stat`/`lstat`: deglare reads and replaces only
/// regular files, and every refusal names the kind it met.
public enum FileKind: Sendable, Equatable, CustomStringConvertible {
  /// A regular file.
  case regular
  /// A folder.
  case folder
  /// A FIFO (named pipe).
  case fifo
  /// A character device (a terminal, `/dev/zero`, `/dev/null`...).
  case characterDevice
  /// A block device (a disk).
  case blockDevice
  /// A Unix socket.
  case socket
  /// A symbolic link (only `lstat` reports one).
  case symbolicLink

  /// The kind of a file from its `st_mode`.
  public init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFDIR: self = .folder
    case S_IFIFO: self = .fifo
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    case S_IFSOCK: self = .socket
    case S_IFLNK: self = .symbolicLink
    default: self = .regular
    }
  }

  /// The kind with its article, to follow "it is": "a FIFO (named pipe)".
  public var description: String {
    switch self {
    case .regular: return "a regular file"
    case .folder: return "a folder"
    case .fifo: return "a FIFO (named pipe)"
    case .characterDevice: return "a character device"
    case .blockDevice: return "a block device"
    case .socket: return "a socket"
    case .symbolicLink: return "a symbolic link"
    }
  }

  /// Whether a `st_rdev` is the null device (character device 1:3, `/dev/null`), wherever its node is.
  /// The major and minor numbers are unpacked as glibc's `gnu_dev_major`/`gnu_dev_minor` do.
  static func isNullDevice(_ device: dev_t) -> Bool {
    let raw = UInt64(device)
    let major = ((raw >> 8) & 0xfff) | ((raw >> 32) & 0xffff_f000)
    let minor = (raw & 0xff) | ((raw >> 12) & 0xffff_ff00)
    return major == 1 && minor == 3
  }
}
