import DeglareCore
import DeglareTestSupport
import Foundation
import Synchronization
import Testing

@testable import DeglareCodecs

/// Ctrl-C cancels the command's task; the codecs' long loops ask the task and stop, so a large
/// decode or encode does not hold the exit back (docs/cli.md: interrupted, nothing written).
@Suite struct CodecCancellationTests {
  /// Runs `body` in a task that is cancelled before `body` starts.
  static func inCancelledTask<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async -> Result<T, any Error> {
    await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return Result { try body() }
    }.value
  }

  /// An image large enough for several waves of PNG bands and many rows of libpng's callback.
  static func image() -> ImageBuffer {
    var image = ImageBuffer(width: 640, height: 480, layout: .rgb, bitDepth: .eight)
    for y in 0..<image.height {
      for x in 0..<image.width {
        for k in 0..<3 { image.setSample(x: x, y: y, channel: k, Fixtures.sample8(x: x, y: y, channel: k)) }
      }
    }
    return image
  }

  @Test("an encode in a cancelled task stops, throws CancellationError and leaves nothing")
  func encodeStops() async throws {
    let cases: [(name: String, options: ImageWriteOptions)] = [
      ("out.png", ImageWriteOptions(pngCompression: .fast)), ("out.png", ImageWriteOptions(pngCompression: .small)),
      ("out.jpg", ImageWriteOptions(format: .jpeg)),
    ]
    for (name, options) in cases {
      try await withTemporaryDirectory { dir in
        let path = dir + "/" + name
        let image = Self.image()
        let outcome = await Self.inCancelledTask {
          try ImageFile.prepare(image, metadata: ImageMetadata(), to: path, options: options)
        }
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(directoryListing(dir).isEmpty)
        // The same call, not cancelled, writes the file.
        try ImageFile.prepare(image, metadata: ImageMetadata(), to: path, options: options).publish()
        #expect(directoryListing(dir) == [name])
      }
    }
  }

  /// 1024 x 768 px of noise: its JPEG (over 256 KB) outgrows the first output buffers.
  static func noise(seed: UInt64) -> ImageBuffer {
    var image = ImageBuffer(width: 1024, height: 768, layout: .rgb, bitDepth: .eight)
    var random = SeededGenerator(seed: seed)
    for y in 0..<image.height {
      for x in 0..<image.width {
        for k in 0..<3 { image.setSample(x: x, y: y, channel: k, Int(random.next() % 256)) }
      }
    }
    return image
  }

  /// Progress calls of the encode and of the splice stopped part way through (a C function
  /// cannot capture; one counter each, as the tests may run at once).
  static let encodeCalls = Atomic<Int>(0)
  static let spliceCalls = Atomic<Int>(0)

  /// Ctrl-C late in a JPEG write (`remove --format jpeg`) ended in "double free or
  /// corruption": libjpeg's memory destination frees its buffer each time it grows it and tells
  /// the caller the new one only at the end, so the stopped encode freed a buffer already freed.
  @Test("a JPEG encode stopped after its output has grown frees only what it holds")
  func encodeStopsLate() throws {
    let image = Self.noise(seed: 7)
    let whole = try LibJPEG.encode(image, metadata: ImageMetadata(), options: JPEGEncodingOptions(quality: 95))
    #expect(whole.count > 256 * 1024, "the output must outgrow the first buffers: \(whole.count) bytes")
    Self.encodeCalls.store(0, ordering: .relaxed)
    #expect(throws: CodecError.self) {
      try LibJPEG.encode(
        image, metadata: ImageMetadata(), options: JPEGEncodingOptions(quality: 95),
        stop: { CodecCancellationTests.encodeCalls.add(1, ordering: .relaxed).newValue > 700 })
    }
    #expect(Self.encodeCalls.load(ordering: .relaxed) > 700)
  }

  @Test("a JPEG splice stopped after its output has grown frees only what it holds")
  func spliceStopsLate() throws {
    let bytes = try LibJPEG.encode(
      Self.noise(seed: 11), metadata: ImageMetadata(), options: JPEGEncodingOptions(quality: 95))
    let decoded = try ImageDecoder.decode(bytes)
    var patch = decoded.image.cropped(to: PixelRect(x: 96, y: 96, width: 64, height: 64))
    for y in 0..<64 { for x in 0..<64 { patch.setSample(x: x, y: y, channel: 1, 255) } }
    let overlay = RegionOverlay(x: 96, y: 96, pixels: patch)
    let whole = try JPEGOriginal(decoded).splice(overlay).bytes
    #expect(whole.count > 256 * 1024, "the output must outgrow the first buffers: \(whole.count) bytes")
    // The patch's own encode asks for each of its 64 rows; the rewrite, for each row of blocks.
    Self.spliceCalls.store(0, ordering: .relaxed)
    #expect(throws: CodecError.self) {
      try JPEGOriginal(decoded).splice(
        overlay, stop: { CodecCancellationTests.spliceCalls.add(1, ordering: .relaxed).newValue > 140 })
    }
    #expect(Self.spliceCalls.load(ordering: .relaxed) > 140)
  }

  @Test("a JPEG written over its original's blocks, in a cancelled task, stops and leaves nothing")
  func spliceStops() async throws {
    try await withTemporaryDirectory { dir in
      let decoded = try ImageFile.read(Fixtures.path("jpeg/baseline-420.jpg"))
      var patch = decoded.image.cropped(to: PixelRect(x: 0, y: 0, width: 16, height: 16))
      for y in 0..<16 { for x in 0..<16 { patch.setSample(x: x, y: y, channel: 0, 255) } }
      let overlay = RegionOverlay(x: 0, y: 0, pixels: patch)
      let path = dir + "/out.jpg"
      let options = ImageWriteOptions(format: .jpeg)
      let outcome = await Self.inCancelledTask {
        try ImageFile.prepare(decoded, overlay: overlay, to: path, options: options)
      }
      #expect(throws: CancellationError.self) { try outcome.get() }
      #expect(directoryListing(dir).isEmpty)
      // Not cancelled, the splice writes the file.
      let prepared = try ImageFile.prepare(decoded, overlay: overlay, to: path, options: options)
      #expect(prepared.jpegSplice != nil)
      try prepared.publish()
      #expect(directoryListing(dir) == ["out.jpg"])
    }
  }

  @Test(
    "a decode in a cancelled task stops with a cancelled codec error",
    arguments: ["png", "jpeg/baseline-420.jpg", "orientation/orientation-6.jpg"])
  func decodeStops(source: String) async throws {
    try await withTemporaryDirectory { dir in
      var path = Fixtures.path(source)
      if source == "png" {
        path = dir + "/in.png"
        try ImageFile.write(Self.image(), metadata: ImageMetadata(), to: path, options: ImageWriteOptions())
      }
      let encoded = try ImageFile.load(path)
      let outcome = await Self.inCancelledTask { try encoded.decode() }
      do {
        _ = try outcome.get()
        Issue.record("the decode ran to the end in a cancelled task")
      } catch let ImageFileError.undecodable(_, codec) {
        #expect(codec.kind == .cancelled)
      }
      // Not cancelled, the same bytes decode.
      #expect(try encoded.decode().image.pixelCount > 0)
    }
  }
}
