// The listening socket, made here rather than by libmicrohttpd: binding 127.0.0.1 ourselves
// guarantees the server is reachable from this machine only, and a busy or forbidden port comes
// back as its own errno (EADDRINUSE, EACCES) instead of a bare NULL from MHD_start_daemon.
#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// A TCP socket bound to 127.0.0.1 and listening; handed to the daemon, which closes it.
struct LoopbackListener {
  /// The socket descriptor.
  let descriptor: Int32
  /// The bound port (the kernel's choice when 0 was asked).
  let port: Int

  /// Binds 127.0.0.1:`port` (0: any free port) and listens.
  init(port requested: Int) throws(HTTPServerError) {
    guard (0...65_535).contains(requested) else {
      throw HTTPServerError(
        operation: "bind", code: EINVAL, port: requested, message: "\(requested) is not a TCP port (0 to 65535)")
    }
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw Self.failure("socket", errno, requested) }
    var reuse: Int32 = 1
    // SO_REUSEADDR lets a restarted workbench take its port back from TIME_WAIT; on Linux it
    // never lets two listeners share a port.
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(requested).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else {
      let code = errno
      close(fd)
      throw Self.failure("bind", code, requested)
    }
    guard listen(fd, 64) == 0 else {
      let code = errno
      close(fd)
      throw Self.failure("listen", code, requested)
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    descriptor = fd
    port = Int(UInt16(bigEndian: actual.sin_port))
  }

  private static func failure(_ operation: String, _ code: Int32, _ port: Int) -> HTTPServerError {
    let message: String
    switch code {
    case EADDRINUSE:
      message = "port \(port) on 127.0.0.1 is already in use; choose another with --port, or omit --port for a free one"
    case EACCES:
      message = "port \(port) on 127.0.0.1 needs privileges; choose a port above 1023, or omit --port"
    default:
      message = "cannot listen on 127.0.0.1:\(port) (\(operation)): \(String(cString: strerror(code)))"
    }
    return HTTPServerError(operation: operation, code: code, port: port, message: message)
  }
}
