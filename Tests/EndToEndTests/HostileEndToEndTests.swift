import DeglareCodecs
import DeglareTestSupport
import Foundation
import Testing

/// The built binary against hostile surroundings: lost standard output, special files as inputs
/// and outputs, names holding escape sequences. Device nodes are made in a temporary folder,
/// never taken from the real /dev.
@Suite struct HostileEndToEndTests {
  @Test("a reader that leaves is an error (73), not a silent death by SIGPIPE")
  func standardOutputClosed() async throws {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    close(fds[0])  // nobody will read
    let writeEnd = FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)
    let outcome = try await ProcessRunner.run(["--version"], stdout: writeEnd)
    #expect(outcome.status == 73)
    #expect(outcome.stderr == "error: cannot write to standard output: Broken pipe.\n")
  }

  @Test("a FIFO without a writer is refused at once as input (65), naming what it is")
  func fifoInput() async throws {
    try await withTemporaryDirectory { dir in
      let fifo = dir + "/photo.png"
      try SpecialFiles.makeFIFO(fifo)
      let outcome = try await ProcessRunner.run(["detect", fifo, "-o", dir + "/mask.png"])
      #expect(outcome.status == 65)
      #expect(outcome.stderr == "error: cannot read \(fifo): it is a FIFO (named pipe), not a regular file.\n")
      #expect(directoryListing(dir) == ["photo.png"])
    }
  }

  @Test("escape sequences in a file name reach the terminal escaped")
  func escapedNames() async throws {
    try await withTemporaryDirectory { dir in
      let name = dir + "/\u{1B}]0;owned\u{07}\u{1B}[2Jphoto\r.png"
      let outcome = try await ProcessRunner.run(["detect", name])
      #expect(outcome.status == 65)
      #expect(!outcome.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x0D })
      #expect(outcome.stderr.contains("\\u001B]0;owned\\u0007\\u001B[2Jphoto\\u000D.png"))
    }
  }

  /// Device nodes, made in the test's own folder.
  @Suite(.enabled(if: SpecialFiles.canMakeDevices, "needs root or CAP_MKNOD to make a device node"))
  struct Devices {
    static let painting = Fixtures.path("demo/painting.png")
    static let mask = Fixtures.path("demo/glare-mask.png")

    @Test("results written to a full device are an error (73), not a silent success")
    func standardOutputFull() async throws {
      try await withTemporaryDirectory { dir in
        let full = try SpecialFiles.make(.full, in: dir)
        for arguments in [["verify", Self.painting, Self.painting, "--mask", Self.mask, "--json"], ["--version"]] {
          let handle = try #require(FileHandle(forWritingAtPath: full))
          let outcome = try await ProcessRunner.run(arguments, stdout: handle)
          try handle.close()
          #expect(outcome.status == 73, "\(arguments)")
          #expect(outcome.stderr == "error: cannot write to standard output: No space left on device.\n")
        }
      }
    }

    @Test("a device node as output is never replaced, even with --force; the null device takes the bytes")
    func deviceOutputs() async throws {
      try await withTemporaryDirectory { dir in
        let zero = try SpecialFiles.make(.zero, in: dir)
        let null = try SpecialFiles.make(.null, in: dir)
        let refused = try await ProcessRunner.run(["remove", Self.painting, "--mask", Self.mask, "-o", zero, "--force"])
        #expect(refused.status == 73)
        #expect(refused.stderr.hasPrefix("error: cannot write \(zero): it is a character device, not a regular file"))
        let written = try await ProcessRunner.run(["remove", Self.painting, "--mask", Self.mask, "-o", null])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(SpecialFiles.kind(zero) == "char")
        #expect(SpecialFiles.kind(null) == "char")
        #expect(directoryListing(dir) == ["null", "zero"])
      }
    }
  }
}
