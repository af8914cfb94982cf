// Launches the `stub-server` executable for a test and always stops it.
//
// Pitfall (swift-corelibs-foundation #4772; docs/testing.md, Child processes and signals):
// Foundation.Process starts the child with the calling thread's signal mask, and Swift Testing's
// threads block SIGTERM. The stub unblocks its signals at start, keeps `--exit-on-stdin-eof` (we
// hold its stdin), and `stop()` still escalates to SIGKILL after a second, so a test can never hang
// on a stuck child.

import Foundation
@preconcurrency import Glibc

/// A running stub server, its port and a client for its control API.
public final class StubServerProcess: @unchecked Sendable {
  /// The control client for this server.
  public let server: StubServer
  private let process: Process
  private let stdinPipe: Pipe
  private let lock = NSLock()
  private var stopped = false

  /// The stub-server binary: `$DEGLARE_STUB_SERVER`, else next to the running test bundle.
  public static func binaryURL() -> URL {
    if let path = ProcessInfo.processInfo.environment["DEGLARE_STUB_SERVER"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("stub-server")
  }

  /// Starts the server with `--mode mode` plus `arguments` and waits (up to 15 s) for its port.
  public init(mode: String = "ok", arguments: [String] = []) throws {
    let binary = StubServerProcess.binaryURL()
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw StubServerError(
        "stub-server not found at \(binary.path); add \"stub-server\" to the test target's dependencies")
    }
    process = Process()
    process.executableURL = binary
    process.arguments = ["--mode", mode, "--exit-on-stdin-eof"] + arguments
    stdinPipe = Pipe()
    let stdoutPipe = Pipe()
    process.standardInput = stdinPipe
    process.standardOutput = stdoutPipe
    try process.run()
    let port: Int
    do {
      port = try StubServerProcess.readPort(
        stdoutPipe.fileHandleForReading.fileDescriptor, deadline: ProcessRunner.hangGuard)
    } catch {
      StubServerProcess.terminate(process, stdin: stdinPipe)
      throw error
    }
    server = StubServer(port: port)
  }

  deinit { stop() }

  /// Stops the server: closes its stdin, sends SIGTERM, then SIGKILL after 1 s; waits for exit.
  public func stop() {
    lock.lock()
    let already = stopped
    stopped = true
    lock.unlock()
    if !already { StubServerProcess.terminate(process, stdin: stdinPipe) }
  }

  private static func terminate(_ process: Process, stdin: Pipe) {
    try? stdin.fileHandleForWriting.close()
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGTERM)
    let deadline = Date().addingTimeInterval(1)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// Reads stdout until the `PORT=<n>` line.
  private static func readPort(_ fd: Int32, deadline seconds: Double) throws -> Int {
    let deadline = Date().addingTimeInterval(seconds)
    var text = ""
    var buffer = [UInt8](repeating: 0, count: 256)
    while Date() < deadline {
      var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&pollfd, 1, 100)
      guard ready > 0 else { continue }
      let count = read(fd, &buffer, buffer.count)
      if count <= 0 { throw StubServerError("stub-server exited before printing its port (output: \(text))") }
      text += String(decoding: buffer[..<count], as: UTF8.self)
      if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PORT=") }), text.contains("\n"),
        let port = Int(line.dropFirst("PORT=".count))
      {
        return port
      }
    }
    throw StubServerError("stub-server did not print its port within \(seconds) s")
  }
}

/// Runs `body` with a fresh stub server, stopping it afterwards whatever happens.
public func withStubServer<R>(
  mode: String = "ok", arguments: [String] = [], _ body: (StubServer) async throws -> R
) async throws -> R {
  let process = try StubServerProcess(mode: mode, arguments: arguments)
  defer { process.stop() }
  return try await body(process.server)
}

/// A failure of the stub launcher or its control API.
public struct StubServerError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String

  /// Creates an error.
  public init(_ description: String) { self.description = description }
}
