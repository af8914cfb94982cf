import DeglareCodecs
import DeglareCore
import DeglareProviders
import DeglareTestSupport
import Testing

@Suite("LocalProvider")
struct LocalProviderTests {
  static let sample = SyntheticGlare.makeCase(kind: .softStreak, width: 96, height: 72, seed: 4)

  @Test("describes itself as the local, native-size, non-remote provider", arguments: LocalMethod.allCases)
  func identity(method: LocalMethod) {
    let provider = LocalProvider(method: method)
    #expect(provider.id == .local)
    #expect(provider.model == method.rawValue)
    #expect(provider.capability == .native)
    #expect(provider.isRemote == false)
  }

  @Test("the default method is auto")
  func defaultMethod() {
    #expect(LocalProvider().model == "auto")
  }

  @Test("the preview holds exactly the crop and the mask the method receives")
  func preview() throws {
    let request = EditRequest(image: Self.sample.glared, mask: Self.sample.mask)
    let files = try LocalProvider().uploadPreview(for: request)
    #expect(files.map(\.name) == ["image.png", "mask.png"])
    let image = try PNGCodec.decode(files[0].bytes).image
    let mask = try PNGCodec.decode(files[1].bytes).image
    #expect(image == Self.sample.glared)
    #expect(mask == Self.sample.mask.grayImage)
  }

  @Test("edit returns the inpainter's result, the same size and layout", arguments: LocalMethod.allCases)
  func roundTrip(method: LocalMethod) async throws {
    let request = EditRequest(image: Self.sample.glared, mask: Self.sample.mask)
    let result = try await LocalProvider(method: method).edit(request)
    let expected = LocalInpainter.repaint(Self.sample.glared, mask: Self.sample.mask, method: method)
    #expect(result.image == expected)
    #expect(result.model == method.rawValue)
    #expect(result.bytesSent == 0 && result.bytesReceived == 0 && result.usage == nil)
    #expect(GlareMetrics.outsideIdentical(result.image, Self.sample.glared, mask: Self.sample.mask))
  }

  @Test("a cancelled task throws CancellationError and returns nothing")
  func cancelled() async {
    let request = EditRequest(image: Self.sample.glared, mask: Self.sample.mask)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await LocalProvider().edit(request)
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
