import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// `deglare workbench` through the built binary: the one URL line, signals, a busy port, bad input.
@Suite(.serialized) struct WorkbenchEndToEndTests {
  /// A running `deglare workbench` whose stdout is read while it runs.
  final class Server: @unchecked Sendable {
    let process: Process
    private let output: PipeCollector
    private let errors: PipeCollector

    init(_ arguments: [String], home: String) throws {
      process = Process()
      process.executableURL = URL(fileURLWithPath: ProcessRunner.executable("deglare"))
      process.arguments = ["workbench"] + arguments + ["--no-open"]
      process.environment = ProcessRunner.cleanEnvironment(home: home)
      let out = Pipe()
      let err = Pipe()
      process.standardOutput = out
      process.standardError = err
      process.standardInput = FileHandle.nullDevice
      try process.run()
      output = PipeCollector(out.fileHandleForReading)
      errors = PipeCollector(err.fileHandleForReading)
    }

    /// Whether both pipes have been read to their end.
    var drained: Bool { output.ended && errors.ended }
    var stdout: String { output.text }
    var stderr: String { errors.text }

    /// The first stdout line, once it is there. Looks once more after every sleep, even past the
    /// deadline (a hang guard): a test task resumed late must still find a line that came meanwhile.
    func firstLine(timeout: Double = ProcessRunner.hangGuard) async throws -> String {
      let deadline = Date().addingTimeInterval(timeout)
      while true {
        // One read of what has come: two reads could see an empty pipe, then the whole line.
        let text = stdout
        if let end = text.firstIndex(of: "\n") { return String(text[..<end]) }
        // Ended without a line: what it said is only certain once its pipes are read out.
        if !process.isRunning && drained { break }
        guard Date() < deadline else { break }
        try await Task.sleep(for: .milliseconds(10))
      }
      let exit = process.isRunning ? "still running" : "exit \(process.terminationStatus)"
      throw StubServerError("no line from deglare workbench (\(exit)); stderr: \(stderr)")
    }

    /// Waits for the exit (SIGKILL after `timeout`) and for both pipes to be read to their end
    /// (a reader that a loaded machine resumes late must not cut stderr short), and returns the
    /// status.
    func wait(timeout: Double = 300) async -> Int32 {
      let deadline = Date().addingTimeInterval(timeout)
      while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(5)) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      await output.waitForEnd()
      await errors.waitForEnd()
      return process.terminationStatus
    }
  }

  /// Writes a 40x30 test photo into `dir`; returns its path.
  static func writePhoto(in dir: String) throws -> String {
    let photo = dir + "/photo.png"
    try ImageFile.write(
      SyntheticImages.formula(width: 40, height: 30, layout: .rgb, bitDepth: .eight), metadata: ImageMetadata(),
      to: photo, options: ImageWriteOptions())
    return photo
  }

  static func parse(_ line: String) throws -> (port: Int, token: String) {
    let match = try #require(line.wholeMatch(of: /workbench: http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{32})/))
    return (try #require(Int(match.1)), String(match.2))
  }

  @Test(
    "one line with the URL on stdout; the page answers to the token only; SIGINT or SIGTERM: exit 130",
    arguments: [SIGTERM, SIGINT])
  func serveAndStop(signal: Int32) async throws {
    try await withTemporaryDirectory { dir in
      let photo = try Self.writePhoto(in: dir)
      let server = try Server([photo], home: dir)
      let (port, token) = try Self.parse(try await server.firstLine())
      let page = try await LoopbackHTTP.send(port: port, path: "/?token=\(token)")
      #expect(page.status == 200)
      #expect(page.text.contains("data-role=\"image\""))
      #expect(try await LoopbackHTTP.send(port: port, path: "/api/state").status == 403)
      kill(server.process.processIdentifier, signal)
      #expect(await server.wait() == 130, "\(server.stderr)")
      #expect(server.stdout == "workbench: http://127.0.0.1:\(port)/?token=\(token)\n")
      #expect(server.stderr.contains("workbench stopped"), "\(server.stderr)")
      #expect(directoryListing(dir) == ["photo.png"])
    }
  }

  @Test("a busy port: exit 69 naming the port, nothing served")
  func busyPort() async throws {
    try await withTemporaryDirectory { dir in
      let photo = try Self.writePhoto(in: dir)
      let first = try Server([photo], home: dir)
      let (port, _) = try Self.parse(try await first.firstLine())
      let second = try Server([photo, "--port", String(port)], home: dir)
      #expect(await second.wait() == 69)
      #expect(second.stdout.isEmpty)
      #expect(
        second.stderr
          == "error: port \(port) on 127.0.0.1 is already in use; choose another with --port, or omit --port for a free one.\n"
      )
      kill(first.process.processIdentifier, SIGTERM)
      #expect(await first.wait() == 130)
    }
  }

  @Test("bad input fails before anything listens: undecodable image 65, mask of another size 65, --mask alone 64")
  func badInput() async throws {
    try await withTemporaryDirectory { dir in
      let broken = dir + "/broken.png"
      try Data("not a png".utf8).write(to: URL(fileURLWithPath: broken))
      let photo = try Self.writePhoto(in: dir)
      let mask = dir + "/mask.png"
      try ImageFile.write(
        Mask(width: 41, height: 30).grayImage, metadata: ImageMetadata(), to: mask, options: ImageWriteOptions())
      let before = directoryListing(dir)

      let undecodable = try Server([broken], home: dir)
      #expect(await undecodable.wait() == 65)
      #expect(undecodable.stderr.hasPrefix("error: cannot decode \(broken)"), "\(undecodable.stderr)")
      let wrongSize = try Server([photo, "--mask", mask], home: dir)
      #expect(await wrongSize.wait() == 65)
      #expect(wrongSize.stderr.contains("41x30") && wrongSize.stderr.contains("40x30"), "\(wrongSize.stderr)")
      let maskAlone = try Server(["--mask", mask], home: dir)
      #expect(await maskAlone.wait() == 64)
      for server in [undecodable, wrongSize, maskAlone] { #expect(server.stdout.isEmpty) }
      #expect(directoryListing(dir) == before)
    }
  }
}
