import DeglareCodecs
import DeglareColor
import DeglareCore
import DeglarePipeline
import DeglareProviders
import DeglareTestSupport
import Synchronization
import Testing

/// A provider that returns what it was sent, as a remote one would: its own upload PNG (8-bit
/// sRGB RGB) decoded. It records the upload.
final class EchoProvider: ImageEditProvider, Sendable {
  let id: ProviderID
  let model = "identity"
  let capability = UploadCapability.native
  private let sent = Mutex<ImageBuffer?>(nil)

  /// A remote provider (it says it is OpenAI) or the local one.
  init(isRemote: Bool) { id = isRemote ? .openai : .local }

  /// The crop as the provider received it.
  var received: ImageBuffer? { sent.withLock { $0 } }

  func uploadPreview(for request: EditRequest) throws -> [UploadFile] {
    [UploadFile(name: "image.png", bytes: try UploadEncoding.imagePNG(request.image))]
  }

  func edit(_ request: EditRequest) async throws -> EditResult {
    sent.withLock { $0 = request.image }
    let upload = try UploadEncoding.imagePNG(request.image)
    return EditResult(image: try PNGCodec.decode(upload).image, model: model)
  }
}

/// Colour-managed uploads: a Display P3 photo goes to a remote provider in sRGB and its repaint
/// comes back into P3; the local provider sees the photo's own values.
@Suite struct SRGBProviderTests {
  static let p3 = MatrixShaperProfile.icc(for: .displayP3, description: "Display P3") ?? []

  /// A 24x16 Display P3 photo of saturated swatches (most outside sRGB), 4x4 pixels each; the
  /// swatch at (8, 4) is sRGB's red written in P3, (234, 51, 35).
  static let photo: ImageBuffer = {
    let colours: [[Int]] = [
      [255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 0], [0, 255, 255], [255, 0, 255],
      [230, 40, 30], [40, 200, 60], [234, 51, 35], [250, 120, 10], [12, 180, 170], [128, 128, 128],
      [200, 150, 100], [90, 60, 40], [20, 60, 220], [255, 255, 255], [0, 0, 0], [60, 240, 20],
      [240, 20, 120], [10, 10, 250], [180, 250, 40], [5, 200, 255], [255, 90, 200], [100, 0, 160],
    ]
    var image = ImageBuffer(width: 24, height: 16, layout: .rgb, bitDepth: .eight)
    for y in 0..<16 {
      for x in 0..<24 {
        let colour = colours[(y / 4) * 6 + x / 4]
        for c in 0..<3 { image.setSample(x: x, y: y, channel: c, colour[c]) }
      }
    }
    return image
  }()
  /// Everything but a 2-pixel border is repainted.
  static let mask = SyntheticImages.mask(width: 24, height: 16, rects: [PixelRect(x: 2, y: 2, width: 20, height: 12)])

  func remove(with provider: EchoProvider, profile: [UInt8]?) async throws -> (ImageBuffer, RemovalResult) {
    try await withTemporaryDirectory { dir in
      var metadata = ImageMetadata()
      metadata.iccProfile = profile
      let session = RemovalSession()
      await session.load(
        image: DecodedImage(image: Self.photo, metadata: metadata, format: .png), mask: Self.mask)
      var settings = SessionFixtures.settings(dir + "/out.png")
      settings.feather = 0
      let result = try await session.remove(provider: provider, settings: settings)
      return (try ImageFile.read(dir + "/out.png").image, result)
    }
  }

  @Test("a P3 photo is sent in sRGB and an identity repaint comes back within a level")
  func remoteRoundTrip() async throws {
    let provider = EchoProvider(isRemote: true)
    let (written, result) = try await remove(with: provider, profile: Self.p3)
    let received = try #require(provider.received)
    let conversion = try #require(try SRGBConversion(profile: Self.p3))
    #expect(received == (try conversion.toSRGB(Self.photo)))
    // The upload's sRGB red is P3's (234, 51, 35).
    let red = try PNGCodec.decode(try UploadEncoding.imagePNG(received)).image.pixel(x: 9, y: 5)
    #expect(zip(red, [255, 0, 0]).allSatisfy { abs($0 - $1) <= 1 }, "\(red)")
    var worst = 0
    for y in 0..<16 {
      for x in 0..<24 {
        let before = Self.photo.pixel(x: x, y: y)
        let after = written.pixel(x: x, y: y)
        if Self.mask.isInside(x: x, y: y) {
          worst = max(worst, zip(before, after).map { abs($0 - $1) }.max() ?? 0)
        } else {
          #expect(before == after, "(\(x), \(y)) is outside the mask")
        }
      }
    }
    #expect(worst <= 1, "the round trip moved a masked pixel by \(worst) levels")
    #expect(result.summary.notes.contains { $0.hasPrefix("the crop was sent in sRGB") })
  }

  @Test("without a profile the photo's values are sent and pasted back as they are")
  func noProfileNoConversion() async throws {
    let provider = EchoProvider(isRemote: true)
    let (written, result) = try await remove(with: provider, profile: nil)
    #expect(provider.received == Self.photo)
    #expect(written == Self.photo)
    #expect(result.summary.notes.isEmpty)
  }

  @Test("the workbench's repaint converts too")
  func repaintRoundTrip() async throws {
    var metadata = ImageMetadata()
    metadata.iccProfile = Self.p3
    let session = RemovalSession()
    await session.load(
      image: DecodedImage(image: Self.photo, metadata: metadata, format: .png), mask: Self.mask)
    let provider = EchoProvider(isRemote: true)
    let preview = try await session.repaint(provider: provider, padding: 0.12, feather: 0)
    #expect(provider.received != Self.photo.cropped(to: preview.plan.crop))
    let repainted = preview.overlay.applied(to: Self.photo)
    let worst = zip(Self.photo.samples8, repainted.samples8).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(worst <= 1, "the round trip moved a masked pixel by \(worst) levels")
  }

  @Test func theLocalProviderWorksInThePhotosOwnValues() async throws {
    let provider = EchoProvider(isRemote: false)
    _ = try await remove(with: provider, profile: Self.p3)
    #expect(provider.received == Self.photo)
  }

  @Test func theDryRunWritesTheSRGBUpload() async throws {
    try await withTemporaryDirectory { dir in
      let report = try DryRun.write(
        image: Self.photo, profile: Self.p3, mask: Self.mask, imagePath: "in.png",
        provider: EchoProvider(isRemote: true), padding: 0.12,
        directory: dir + "/upload", overwrite: false, inputs: ["in.png"])
      let upload = try ImageFile.read(dir + "/upload/image.png").image
      let conversion = try #require(try SRGBConversion(profile: Self.p3))
      #expect(upload == (try PNGCodec.decode(try UploadEncoding.imagePNG(try conversion.toSRGB(Self.photo))).image))
      #expect(upload != Self.photo)
      #expect(report.planJSON.text.contains("\"upload_colour\":\"sRGB, converted from the photo's profile\""))
    }
  }

  @Test func anUnreadableProfileStopsARemoteRemoval() async throws {
    await #expect(
      throws: RemoveInputError.unreadableProfile(reason: "the ICC profile cannot be read (cmsOpenProfileFromMem)")
    ) {
      _ = try await remove(with: EchoProvider(isRemote: true), profile: [1, 2, 3, 4])
    }
  }
}
