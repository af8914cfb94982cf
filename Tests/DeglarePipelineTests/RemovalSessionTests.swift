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

  func settings(_ dir: String) -> RemoveSettings {
    RemoveSettings(output: OutputSettings(path: dir + "/out.png", options: ImageWriteOptions(), inputs: []))
  }

  func loadedSession() async -> RemovalSession {
    let session = RemovalSession()
    await session.load(
      image: DecodedImage(image: Self.image, metadata: ImageMetadata(), format: .png), path: "in.png", mask: Self.mask)
    return session
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

  enum Teardown: String, CaseIterable {
    case cancel, clearMask, replaceMask, replaceImage, close
  }

  @Test(
    "a teardown while the provider holds its answer drops the answer and writes nothing",
    arguments: Teardown.allCases, [true, false])
  func teardownDropsTheResult(teardown: Teardown, honoursCancellation: Bool) async throws {
    try await withTemporaryDirectory { dir in
      let session = await loadedSession()
      let provider = GatedProvider(fill: 7, honoursCancellation: honoursCancellation)
      let removal = Task { try await session.remove(provider: provider, settings: settings(dir)) }
      await waitForCall(provider)
      let newMask = SyntheticImages.mask(width: 64, height: 48, rects: [PixelRect(x: 1, y: 1, width: 3, height: 3)])
      let newImage = DecodedImage(image: Self.image, metadata: ImageMetadata(), format: .png)
      switch teardown {
      case .cancel: await session.cancel()
      case .clearMask: await session.clearMask()
      case .replaceMask: await session.replaceMask(newMask)
      case .replaceImage: await session.replaceImage(newImage, path: "other.png")
      case .close: await session.close()
      }
      let generationAfterTeardown = await session.generation
      provider.release()
      let outcome = await removal.result
      #expect(throws: RemovalError.self) { try outcome.get() }
      #expect(directoryListing(dir).isEmpty, "\(teardown): \(directoryListing(dir))")
      #expect(await session.lastResult == nil)
      #expect(await session.generation == generationAfterTeardown)
      switch teardown {
      case .cancel: #expect(await session.mask == Self.mask)
      case .clearMask, .replaceImage: #expect(await session.mask == nil)
      case .replaceMask: #expect(await session.mask == newMask)
      case .close: #expect(await session.image == nil)
      }
    }
  }

  @Test("a newer removal wins; the older answer, released later, is dropped")
  func newerRemovalWins() async throws {
    try await withTemporaryDirectory { dir in
      let session = await loadedSession()
      let older = GatedProvider(fill: 1, honoursCancellation: false)
      let newer = GatedProvider(fill: 2)
      var olderSettings = settings(dir)
      olderSettings.output.path = dir + "/older.png"
      let first = Task { try await session.remove(provider: older, settings: olderSettings) }
      await waitForCall(older)
      let second = Task { try await session.remove(provider: newer, settings: settings(dir)) }
      await waitForCall(newer)
      older.release()
      await #expect(throws: RemovalError.self) { try await first.value }
      newer.release()
      let result = try await second.value
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
        if tearDownFirst {
          switch teardown {
          case .cancel: await session.cancel()
          case .clearMask: await session.clearMask()
          case .replaceMask: await session.replaceMask(Self.mask)
          case .replaceImage:
            await session.replaceImage(
              DecodedImage(image: Self.image, metadata: ImageMetadata(), format: .png), path: "x")
          case .close: await session.close()
          }
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
          #expect(result.generation >= 1)
          let image = try ImageFile.read(dir + "/out.png").image
          #expect(Verification.compare(original: Self.image, result: image, mask: Self.mask).identical)
        case .failure:
          #expect(!written, "run \(run): a dropped removal wrote \(directoryListing(dir))")
        }
      }
    }
  }
}
