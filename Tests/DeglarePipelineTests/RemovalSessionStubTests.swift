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

  func provider(_ server: StubServer) throws -> any ImageEditProvider {
    try ProviderFactory.make(
      provider: "openai", key: "sk-session-0123456789abcdef", options: ProviderOptions(),
      environment: ["OPENAI_BASE_URL": server.openAIBaseURL])
  }

  func session() async -> RemovalSession {
    let session = RemovalSession()
    await session.load(
      image: DecodedImage(image: Self.image, metadata: ImageMetadata(), format: .png), path: "in.png", mask: Self.mask)
    return session
  }

  func settings(_ path: String) -> RemoveSettings {
    RemoveSettings(output: OutputSettings(path: path, options: ImageWriteOptions(), inputs: []))
  }

  @Test(
    "each teardown while the stub holds the answer: dropped, session as the teardown left it, no file",
    arguments: ["cancel", "clearMask", "replaceMask", "replaceImage", "close"])
  func teardown(kind: String) async throws {
    try await withStubServer(mode: "gate") { server in
      try await withTemporaryDirectory { dir in
        let session = await session()
        let provider = try provider(server)
        let removal = Task { try await session.remove(provider: provider, settings: settings(dir + "/out.png")) }
        try await server.waitUntilHeld(1, timeout: 120)
        let other = SyntheticImages.mask(width: 96, height: 64, rects: [PixelRect(x: 2, y: 2, width: 4, height: 4)])
        switch kind {
        case "cancel": await session.cancel()
        case "clearMask": await session.clearMask()
        case "replaceMask": await session.replaceMask(other)
        case "replaceImage":
          await session.replaceImage(
            DecodedImage(image: Self.image, metadata: ImageMetadata(), format: .png), path: "b.png")
        default: await session.close()
        }
        let generation = await session.generation
        _ = try server.release()
        let outcome = await removal.result
        #expect(throws: (any Error).self) { try outcome.get() }
        #expect(directoryListing(dir).isEmpty)
        #expect(await session.lastResult == nil)
        #expect(await session.generation == generation)
        #expect(await session.mask == (kind == "cancel" ? Self.mask : kind == "replaceMask" ? other : nil))
      }
    }
  }

  @Test("a newer removal wins over an older one held by the gate")
  func newerWins() async throws {
    try await withStubServer(mode: "gate") { server in
      try await withTemporaryDirectory { dir in
        let session = await session()
        let provider = try provider(server)
        let older = Task { try await session.remove(provider: provider, settings: settings(dir + "/older.png")) }
        try await server.waitUntilHeld(1, timeout: 120)
        let newer = Task { try await session.remove(provider: provider, settings: settings(dir + "/newer.png")) }
        // Release until the newer removal is through (its request may reach the gate a little
        // after this point; the older one was aborted by the teardown).
        let releaser = Task {
          while !Task.isCancelled {
            _ = try? server.release()
            try? await Task.sleep(for: .milliseconds(20))
          }
        }
        let result = try await newer.value
        releaser.cancel()
        await #expect(throws: (any Error).self) { try await older.value }
        #expect(await session.lastResult?.generation == result.generation)
        #expect(directoryListing(dir) == ["newer.png"])
        let written = try ImageFile.read(dir + "/newer.png").image
        #expect(Verification.compare(original: Self.image, result: written, mask: Self.mask).identical)
      }
    }
  }
}
