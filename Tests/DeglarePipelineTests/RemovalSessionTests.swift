import DeglareCodecs
import DeglareCore
import DeglarePipeline
import DeglareProviders
import DeglareTestSupport
import Foundation
import Testing

@Suite struct RemovalSessionTests {
  static let image = SyntheticImages.formula(width: 64, height: 48, layout: .rgb, bitDepth: .eight)
  static let mask = SyntheticImages.mask(width: 64, height: 48, rects: [PixelRect(x: 20, y: 10, width: 12, height: 9)])
  static let newMask = SyntheticImages.mask(width: 64, height: 48, rects: [PixelRect(x: 1, y: 1, width: 3, height: 3)])

  func settings(_ dir: String) -> RemoveSettings { SessionFixtures.settings(dir + "/out.png") }

  func loadedSession() async -> RemovalSession {
    await SessionFixtures.loadedSession(image: Self.image, mask: Self.mask)
  }

  /// Waits until the provider has been called (the removal is in flight).
  func waitForCall(_ provider: GatedProvider, count: Int = 1) async {
    while provider.calls < count { try? await Task.sleep(for: .milliseconds(1)) }
  }

  @Test func aCompletedRemovalIsWrittenAndRecorded() async throws {
    try await withTemporaryDirectory { dir in
      let session = await loadedSession()
      let provider = GatedProvider(fill: 7, released: true)
      let result = try await session.remove(provider: provider, settings: settings(dir))
      #expect(result.summary.crop.contains(PixelRect(x: 20, y: 10, width: 12, height: 9)))
      #expect(await session.lastResult?.generation == result.generation)
      let written = try ImageFile.read(dir + "/out.png").image
      #expect(Verification.compare(original: Self.image, result: written, mask: Self.mask).identical)
      #expect(written.pixel(x: 25, y: 14) == [7, 7, 7])
    }
  }

  @Test(
    "a teardown while the provider holds its answer drops the answer and writes nothing",
    arguments: Teardown.allCases, [true, false])
  func teardownDropsTheResult(teardown: Teardown, honoursCancellation: Bool) async throws {
    await withTemporaryDirectory { dir in
      let session = await loadedSession()
      let provider = GatedProvider(fill: 7, honoursCancellation: honoursCancellation)
      let removal = Task { try await session.remove(provider: provider, settings: settings(dir)) }
      await waitForCall(provider)
      let started = await session.generation
      await teardown.apply(to: session, newMask: Self.newMask, image: Self.image)
      let generationAfterTeardown = await session.generation
      provider.release()
      let outcome = await removal.result
      #expect(throws: RemovalError.stale(startedAt: started, current: generationAfterTeardown)) { try outcome.get() }
      #expect(directoryListing(dir).isEmpty, "\(teardown): \(directoryListing(dir))")
      #expect(await session.lastResult == nil)
      #expect(await session.generation == generationAfterTeardown)
      #expect(await session.mask == teardown.mask(after: Self.mask, newMask: Self.newMask))
      if teardown == .close { #expect(await session.image == nil) }
    }
  }

  @Test("a newer removal wins; the older answer, released later, is dropped")
  func newerRemovalWins() async throws {
    try await withTemporaryDirectory { dir in
      let session = await loadedSession()
      let older = GatedProvider(fill: 1, honoursCancellation: false)
      let newer = GatedProvider(fill: 2)
      let first = Task {
        try await session.remove(provider: older, settings: SessionFixtures.settings(dir + "/older.png"))
      }
      await waitForCall(older)
      let olderGeneration = await session.generation
      let second = Task { try await session.remove(provider: newer, settings: settings(dir)) }
      await waitForCall(newer)
      let newerGeneration = await session.generation
      older.release()
      await #expect(throws: RemovalError.stale(startedAt: olderGeneration, current: newerGeneration)) {
        try await first.value
      }
      newer.release()
      let result = try await second.value
      #expect(result.generation == newerGeneration)
      #expect(await session.lastResult?.generation == result.generation)
      #expect(directoryListing(dir) == ["out.png"])
      #expect(try ImageFile.read(dir + "/out.png").image.pixel(x: 25, y: 14) == [2, 2, 2])
    }
  }

  @Test("randomised interleavings of teardowns and completions never write a stale result")
  func randomisedInterleavings() async throws {
    var generator = SystemRandomNumberGenerator()
    for run in 0..<200 {
      try await withTemporaryDirectory { dir in
        let session = await loadedSession()
        let provider = GatedProvider(fill: 9, honoursCancellation: Bool.random(using: &generator))
        let removal = Task { try await session.remove(provider: provider, settings: settings(dir)) }
        let tearDownFirst = Bool.random(using: &generator)
        let teardown = Teardown.allCases.randomElement(using: &generator) ?? .cancel
        await waitForCall(provider)
        let started = await session.generation
        if tearDownFirst {
          await teardown.apply(to: session, newMask: Self.mask, image: Self.image)
          provider.release()
        } else {
          provider.release()
          // Race the teardown against the completion.
          await Task.yield()
          await session.cancel()
        }
        let outcome = await removal.result
        let written = !directoryListing(dir).isEmpty
        switch outcome {
        case .success(let result):
          // Written only if it was current when published; then the file is whole and correct.
          #expect(!tearDownFirst, "run \(run): a result survived a teardown that came first")
          #expect(written)
          #expect(result.generation == started)
          let image = try ImageFile.read(dir + "/out.png").image
          #expect(Verification.compare(original: Self.image, result: image, mask: Self.mask).identical)
        case .failure(let error):
          #expect(!written, "run \(run): a dropped removal wrote \(directoryListing(dir))")
          let current = await session.generation
          #expect(error as? RemovalError == .stale(startedAt: started, current: current), "run \(run): \(error)")
        }
      }
    }
  }
}
