#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// A buffered byte sink over a file descriptor, handed to the closure that produces the file.
public struct OutputSink: ~Copyable {
  let fd: Int32
  private var buffer: [UInt8] = []
  /// The errno of the first failed write; 0 while every write succeeded.
  private(set) var failure: Int32 = 0
  private static let capacity = 1 << 20

  init(fd: Int32) {
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
        failure = writeFully(fd, bytes)
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

  mutating func flush() {
    guard failure == 0, !buffer.isEmpty else { return }
    let pending = buffer
    buffer.removeAll(keepingCapacity: true)
    failure = pending.withUnsafeBytes { writeFully(fd, $0) }
  }
}

/// Writes all of `bytes` to `fd`, retrying after signals and short writes.
/// - Returns: 0, or the errno of the failure (EIO when a write returned 0).
public func writeFully(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
  guard let base = bytes.baseAddress else { return 0 }
  var offset = 0
  while offset < bytes.count {
    let n = write(fd, base + offset, bytes.count - offset)
    if n > 0 {
      offset += n
    } else if n < 0 && errno == EINTR {
      continue
    } else {
      return n < 0 ? errno : EIO
    }
  }
  return 0
}
