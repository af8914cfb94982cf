// Files that are not regular files, made inside a test's temporary folder: device nodes (mknod,
// which needs root or CAP_MKNOD: tests that need one are skipped otherwise, never pointed at the
// real /dev), FIFOs and Unix sockets.
import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Makers and probes of special files for the hostile-input tests.
public enum SpecialFiles {
  /// Whether this process may make device nodes (root or CAP_MKNOD).
  public static let canMakeDevices: Bool = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deglare-mknod-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return makeCharacterDevice(folder + "/probe", major: 1, minor: 3)
  }()

  /// Makes a character device node; returns false when not permitted.
  @discardableResult
  static func makeCharacterDevice(_ path: String, major: UInt32, minor: UInt32) -> Bool {
    // glibc's makedev: minor's low byte, major's low 12 bits, then the high bits of each.
    let major64 = UInt64(major)
    let minor64 = UInt64(minor)
    let device =
      ((major64 & 0xfff) << 8) | ((major64 & ~UInt64(0xfff)) << 32) | (minor64 & 0xff)
      | ((minor64 & ~UInt64(0xff)) << 12)
    return mknod(path, S_IFCHR | 0o666, dev_t(device)) == 0
  }

  /// The character devices the tests make, named as under /dev.
  public enum Device: String, Sendable {
    /// 1:3: takes every byte (deglare writes through it).
    case null
    /// 1:5: reads never end (deglare must never read or replace it).
    case zero
    /// 1:7: every write fails with "No space left on device".
    case full

    /// The Linux major and minor numbers.
    var numbers: (major: UInt32, minor: UInt32) {
      switch self {
      case .null: (1, 3)
      case .zero: (1, 5)
      case .full: (1, 7)
      }
    }
  }

  /// Makes `device` in `folder`, named as under /dev (`folder/zero`), and returns its path.
  /// - Throws: `POSIXError(.EPERM)` when this process may not make device nodes.
  public static func make(_ device: Device, in folder: String) throws -> String {
    let path = folder + "/" + device.rawValue
    guard makeCharacterDevice(path, major: device.numbers.major, minor: device.numbers.minor) else {
      throw POSIXError(.EPERM)
    }
    return path
  }

  /// Makes a FIFO.
  public static func makeFIFO(_ path: String) throws {
    guard mkfifo(path, 0o666) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  /// Makes a Unix socket bound at `path` (the socket is closed again; the node stays).
  public static func makeSocket(_ path: String) throws {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw POSIXError(.ENAMETOOLONG) }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  /// What `lstat` says `path` is: "regular", "symlink", "fifo", "char", "block", "socket", "folder",
  /// or "missing".
  public static func kind(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0 else { return "missing" }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return "regular"
    case S_IFLNK: return "symlink"
    case S_IFIFO: return "fifo"
    case S_IFCHR: return "char"
    case S_IFBLK: return "block"
    case S_IFSOCK: return "socket"
    case S_IFDIR: return "folder"
    default: return "other"
    }
  }

  /// A pipe: bytes written to `writeEnd` (for example as `/dev/fd/N`) come out of `readAll()`.
  public final class Pipe: @unchecked Sendable {
    /// The read end.
    public let readEnd: Int32
    /// The write end.
    public let writeEnd: Int32

    /// Opens a pipe.
    public init() throws {
      var fds: [Int32] = [0, 0]
      guard pipe(&fds) == 0 else { throw POSIXError(.EIO) }
      readEnd = fds[0]
      writeEnd = fds[1]
    }

    private var writeOpen = true

    /// Closes the write end and reads everything written (small amounts only: the pipe's buffer).
    public func readAll() -> [UInt8] {
      closeWriteEnd()
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 65536)
      while true {
        let n = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        bytes += chunk.prefix(n)
      }
      return bytes
    }

    private func closeWriteEnd() {
      if writeOpen { close(writeEnd) }
      writeOpen = false
    }

    deinit {
      closeWriteEnd()
      close(readEnd)
    }
  }
}
