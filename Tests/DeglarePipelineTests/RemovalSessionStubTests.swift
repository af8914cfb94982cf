import DeglareCodecs
import DeglareCore
import DeglarePipeline
import DeglareProviders
import DeglareTestSupport
import Foundation
import Testing

/// The removal session against a real provider over HTTP: stub-server's gate holds the answer
/// while each kind of teardown happens.
@Suite(.serialized) struct RemovalSessionStubTests {
  static let image = SyntheticImages.formula(width: 96, height: 64, layout: .rgb, bitDepth: .eight)
  static let mask = SyntheticImages.mask(width: 96, height: 64, rects: [PixelRect(x: 30, y: 20, width: 20, height: 14)])

  /// A removal through the OpenAI provider whose request the stub's gate holds.
  struct HeldRemoval {
    /// The stub, in gate mode.
    var server: StubServer
    /// The temporary output folder.
    var dir: String
    /// The session the removal runs in.
    var session: RemovalSession
    /// The provider it uses.
    var provider: any ImageEditProvider
    /// The removal.
    var task: Task<RemovalResult, any Error>
    /// The session's generation when the removal started.
    var started: UInt64
  }

  /// Starts a removal that writes `<dir>/<output>` and runs `body` once the stub holds its request.
  func withHeldRemoval(output: String, _ body: (HeldRemoval) async throws -> Void) async throws {
    try await withStubServer(mode: "gate") { server in
      try await withTemporaryDirectory { dir in
        let session = await SessionFixtures.loadedSession(image: Self.image, mask: Self.mask)
        let provider = try ProviderFactory.make(
          provider: .openai, key: "sk-session-0123456789abcdef", options: ProviderOptions(timeout: 3600),
          environment: ["OPENAI_BASE_URL": server.openAIBaseURL])
        let settings = SessionFixtures.settings(dir + "/" + output)
        let task = Task { try await session.remove(provider: provider, settings: settings) }
        // A hang guard, not a time limit: CPU-bound tests can keep this task off the two threads of
        // the cooperative pool for minutes (over 600 s three times under the full suite) before its
        // request goes out, or before it looks at the gate again; the transfer's timeout (3600 s)
        // and the stub's gate (an hour) outlast that.
        try await server.waitUntilHeld(1, timeout: ProcessRunner.hangGuard)
        let started = await session.generation
        try await body(
          HeldRemoval(server: server, dir: dir, session: session, provider: provider, task: task, started: started))
      }
    }
  }

  @Test(
    "each teardown while the stub holds the answer: dropped, session as the teardown left it, no file",
    arguments: Teardown.allCases)
  func teardown(_ teardown: Teardown) async throws {
    try await withHeldRemoval(output: "out.png") { held in
      let other = SyntheticImages.mask(width: 96, height: 64, rects: [PixelRect(x: 2, y: 2, width: 4, height: 4)])
      await teardown.apply(to: held.session, newMask: other, image: Self.image)
      let generation = await held.session.generation
      _ = try held.server.release()
      let outcome = await held.task.result
      #expect(throws: RemovalError.stale(startedAt: held.started, current: generation)) { try outcome.get() }
      #expect(directoryListing(held.dir).isEmpty)
      #expect(await held.session.lastResult == nil)
      #expect(await held.session.generation == generation)
      #expect(await held.session.mask == teardown.mask(after: Self.mask, newMask: other))
    }
  }

  @Test("a newer removal wins over an older one held by the gate")
  func newerWins() async throws {
    try await withHeldRemoval(output: "older.png") { held in
      let settings = SessionFixtures.settings(held.dir + "/newer.png")
      let newer = Task { try await held.session.remove(provider: held.provider, settings: settings) }
      // Release until the newer removal is through (its request may reach the gate a little
      // after this point; the older one was aborted by the teardown).
      let releaser = Task {
        while !Task.isCancelled {
          _ = try? held.server.release()
          try? await Task.sleep(for: .milliseconds(20))
        }
      }
      let result = try await newer.value
      releaser.cancel()
      await #expect(throws: RemovalError.stale(startedAt: held.started, current: result.generation)) {
        try await held.task.value
      }
      #expect(result.generation == held.started + 1)
      #expect(await held.session.lastResult?.generation == result.generation)
      #expect(directoryListing(held.dir) == ["newer.png"])
      let written = try ImageFile.read(held.dir + "/newer.png").image
      #expect(Verification.compare(original: Self.image, result: written, mask: Self.mask).identical)
    }
  }
}
