import DeglareCodecs
import DeglareCore
import DeglareTestSupport
import Foundation
import Testing

/// Ctrl-C, SIGTERM and SIGKILL against the real binary: nothing half-written, no temporary file.
@Suite(.serialized) struct InterruptionEndToEndTests {
  @Test(
    "SIGINT or SIGTERM while the provider holds its answer: exit 130, nothing written", arguments: [SIGINT, SIGTERM])
  func interruptWhileWaiting(signal: Int32) async throws {
    try await withStubServer(mode: "gate") { server in
      try await withTemporaryDirectory { dir in
        let environment = ProcessRunner.cleanEnvironment(
          home: dir,
          [
            "OPENAI_BASE_URL": server.openAIBaseURL, "OPENAI_API_KEY": "sk-e2e-0123456789abcdef0123",
          ])
        // `--timeout 3600`: the transfer's own 300 s limit must not end the wait first on a starved machine.
        let process = try RunningProcess(
          [
            "remove", RemoveEndToEndTests.painting, "--mask", RemoveEndToEndTests.mask, "--provider", "openai",
            "-o", dir + "/out.png", "--timeout", "3600",
          ], environment: environment)
        // A hang guard, not a time limit (see RemovalSessionStubTests).
        try await server.waitUntilHeld(1, sentBy: process)
        process.signal(signal)
        let outcome = await process.wait()
        // Aborted, not waited out: deglare ended while the stub still held its request unanswered.
        #expect(try server.requests().first?.status == 0, "the stub answered before deglare ended")
        #expect(outcome.status == 130, "\(outcome.stderr)")
        #expect(outcome.stderr.hasSuffix("cancelled; nothing written.\n"), "\(outcome.stderr)")
        _ = try server.release()
        #expect(directoryListing(dir).isEmpty, "\(directoryListing(dir))")
      }
    }
  }

  @Test("signals a parent left ignored or blocked still work (background jobs, test runners)")
  func ignoredSignalIsReinstalled() async throws {
    try await withStubServer(mode: "gate") { server in
      try await withTemporaryDirectory { dir in
        // `sh -c 'trap "" INT; exec deglare ...'` starts deglare with SIGINT ignored.
        let deglare = ProcessRunner.executable("deglare")
        let command =
          "trap '' INT; exec '\(deglare)' remove '\(RemoveEndToEndTests.painting)' --mask '\(RemoveEndToEndTests.mask)' --provider openai -o '\(dir)/out.png' --timeout 3600"
        let environment = ProcessRunner.cleanEnvironment(
          home: dir,
          [
            "OPENAI_BASE_URL": server.openAIBaseURL, "OPENAI_API_KEY": "sk-e2e-0123456789abcdef0123",
          ])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        try process.run()
        try await server.waitUntilHeld(1, timeout: ProcessRunner.hangGuard, senderAlive: { process.isRunning })
        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(ProcessRunner.hangGuard)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(directoryListing(dir).isEmpty)
      }
    }
  }

  @Test("SIGKILL at many points of a removal leaves either no file or a whole one, never a temporary file")
  func killDuringTheWrite() async throws {
    try await withTemporaryDirectory { dir in
      // A larger picture so the encode and write take a measurable time.
      let big = SyntheticImages.noise(width: 1600, height: 1200, layout: .rgb, bitDepth: .sixteen, seed: 7)
      try ImageFile.write(big, metadata: ImageMetadata(), to: dir + "/big.png", options: ImageWriteOptions())
      let mask = SyntheticImages.mask(
        width: 1600, height: 1200, rects: [PixelRect(x: 700, y: 500, width: 40, height: 30)])
      try ImageFile.write(
        mask.grayImage, metadata: ImageMetadata(), to: dir + "/mask.png", options: ImageWriteOptions())
      let output = dir + "/out.png"
      var sawNone = false
      for attempt in 0..<24 {
        try? FileManager.default.removeItem(atPath: output)
        try? FileManager.default.removeItem(atPath: output + ".json")
        let process = try RunningProcess(
          ["remove", dir + "/big.png", "--mask", dir + "/mask.png", "-o", output, "--method", "fill"],
          environment: ProcessRunner.cleanEnvironment(home: dir))
        try await Task.sleep(for: .milliseconds(40 * attempt))
        process.signal(SIGKILL)
        _ = await process.wait(timeout: 30)
        let listing = directoryListing(dir)
        #expect(
          listing.allSatisfy { ["big.png", "mask.png", "out.png", "out.png.json"].contains($0) },
          "attempt \(attempt): \(listing)")
        if listing.contains("out.png") {
          // The result is published last: it never exists without its record.
          #expect(listing.contains("out.png.json"), "attempt \(attempt): \(listing)")
          let written = try ImageFile.read(output).image
          #expect(written.size == big.size, "attempt \(attempt): a partial file")
        } else {
          sawNone = true
        }
      }
      // Some kills must land before the result is complete, or the test proved nothing.
      #expect(sawNone)
    }
  }
}
