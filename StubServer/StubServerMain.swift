// swift-format-ignore-file: OrderedImports
// Glibc first: its @preconcurrency import must precede Foundation's re-export of it.
@preconcurrency import Glibc
import Foundation

/// Command line, signals, the listening socket and the accept loop.
enum StubServerMain {
  static let usage = """
    usage: stub-server [--mode MODE] [--key KEY] [--port N] [--exit-on-stdin-eof] [--verbose]
      --mode MODE           default answer mode (see README.md; default "ok")
      --key KEY             the only API key accepted (default: any non-empty key)
      --port N              port on 127.0.0.1 (default 0: the kernel picks one)
      --exit-on-stdin-eof   exit when standard input closes (the test runner died)
      --verbose             log one line per request on stderr
    Prints PORT=<n> as the first line on stdout once it accepts connections.
    """

  static func run(arguments: [String]) -> Never {
    unblockSignals()
    var port: UInt16 = 0
    var mode = StubMode(name: "ok")
    var watchStdin = false
    var index = 0
    func value() -> String {
      index += 1
      guard index < arguments.count else { fail("missing value for \(arguments[index - 1])") }
      return arguments[index]
    }
    while index < arguments.count {
      switch arguments[index] {
      case "--mode":
        let name = value()
        guard StubMode.known.contains(name) else { fail("unknown mode '\(name)'") }
        mode = StubMode(name: name)
      case "--key": StubState.shared.setExpectedKey(value())
      case "--port":
        guard let number = UInt16(value()) else { fail("bad port") }
        port = number
      case "--exit-on-stdin-eof": watchStdin = true
      case "--verbose": StubState.shared.verbose = true
      case "-h", "--help":
        print(usage)
        exit(0)
      default: fail("unknown argument '\(arguments[index])'")
      }
      index += 1
    }
    StubState.shared.setDefaultMode(mode)
    let listener = listen(port: port)
    setvbuf(stdout, nil, _IOLBF, 0)
    print("PORT=\(boundPort(listener))")
    fflush(stdout)
    if watchStdin { Thread.detachNewThread { waitForStdinEOF() } }
    acceptLoop(listener)
  }

  static func fail(_ message: String) -> Never {
    fputs("stub-server: \(message)\n\(usage)\n", stderr)
    exit(64)
  }

  /// Children of the Swift test runner start with SIGTERM blocked (swift-corelibs-foundation
  /// #4772); unblock everything and exit cleanly on SIGTERM/SIGINT. SIGPIPE is ignored: a client
  /// that hangs up mid-answer must not kill the server.
  static func unblockSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    sigprocmask(SIG_SETMASK, &set, nil)
    signal(SIGPIPE, SIG_IGN)
    signal(SIGTERM, stubTerminate)
    signal(SIGINT, stubTerminate)
  }

  static func listen(port: UInt16) -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { fail("socket: \(String(cString: strerror(errno)))") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else { fail("bind: \(String(cString: strerror(errno)))") }
    guard Glibc.listen(fd, 64) == 0 else { fail("listen: \(String(cString: strerror(errno)))") }
    return fd
  }

  static func boundPort(_ fd: Int32) -> UInt16 {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return UInt16(bigEndian: address.sin_port)
  }

  static func acceptLoop(_ listener: Int32) -> Never {
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if errno == EINTR || errno == ECONNABORTED { continue }
        fail("accept: \(String(cString: strerror(errno)))")
      }
      Thread.detachNewThread { HTTPConnection(fd: client).serve() }
    }
  }

  static func waitForStdinEOF() {
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      if count == 0 || (count < 0 && errno != EINTR) { exit(0) }
    }
  }
}

/// The SIGTERM/SIGINT handler: leave at once (only async-signal-safe calls here).
private func stubTerminate(_ signal: Int32) {
  _exit(0)
}
