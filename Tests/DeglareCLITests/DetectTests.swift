import DeglareCLI
import DeglareCodecs
import DeglareCore
import Foundation
import Testing

/// Collects what a command prints.
final class CapturedOutput: @unchecked Sendable {
  private let lock = NSLock()
  private var outText = ""
  private var errText = ""
  var out: String { lock.withLock { outText } }
  var err: String { lock.withLock { errText } }
  var console: Console {
    Console(
      out: { text in self.lock.withLock { self.outText += text } },
      err: { text in self.lock.withLock { self.errText += text } })
  }
}

/// A fresh temporary folder, removed after `body`.
func withTemporaryDirectory<R>(_ body: (String) async throws -> R) async rethrows -> R {
  let path = NSTemporaryDirectory() + "deglare-detect-\(UUID().uuidString)"
  try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: path) }
  return try await body(path)
}

/// A 160x120 RGB PNG: grey wall, optionally a clipped bloom near (x, y) in linear light.
func writePainting(_ path: String, bloom: (Double, Double)? = nil) throws {
  let width = 160
  let height = 120
  var samples = [UInt8](repeating: 0, count: width * height * 3)
  for y in 0..<height {
    for x in 0..<width {
      for c in 0..<3 {
        var level = [0.45, 0.44, 0.40][c] + 0.02 * sin(Double(x * 3 + y * 2))
        if let (bx, by) = bloom {
          let d2 = pow(Double(x) - bx, 2) + pow(Double(y) - by, 2)
          let linear = pow(level, 2.2) + 3 * exp(-d2 / 32) + 0.35 * exp(-d2 / 300)
          level = pow(min(linear, 1), 1 / 2.2)
        }
        samples[(y * width + x) * 3 + c] = UInt8((level * 255).rounded())
      }
    }
  }
  let image = ImageBuffer(width: width, height: height, layout: .rgb, samples: samples)
  try ImageFile.write(image, metadata: ImageMetadata(), to: path, options: ImageWriteOptions())
}

func run(_ arguments: [String]) async -> (ExitCode, CapturedOutput) {
  let output = CapturedOutput()
  let code = await RootCommand.run(arguments: arguments, console: output.console, environment: [:])
  return (code, output)
}

@Suite("deglare detect")
struct DetectTests {
  @Test("Writes a 0/255 mask of the image's size beside it; JSON has the documented keys")
  func writesMask() async throws {
    try await withTemporaryDirectory { dir in
      try writePainting("\(dir)/photo.png", bloom: (100, 50))
      let (code, output) = await run(["detect", "\(dir)/photo.png", "--json"])
      #expect(code == .success)
      let mask = try ImageFile.read("\(dir)/photo.mask.png").image
      #expect(mask.layout == .gray && mask.bitDepth == .eight)
      #expect(mask.size == PixelSize(width: 160, height: 120))
      #expect(mask.samples8.allSatisfy { $0 == 0 || $0 == 255 })
      #expect(mask.sample(x: 100, y: 50, channel: 0) == 255)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(output.out.utf8)) as? [String: Any])
      #expect(object["output"] as? String == "\(dir)/photo.mask.png")
      #expect((object["coverage_percent"] as? Double ?? 0) > 0)
      #expect(object["blobs"] as? Int == 1)
      #expect(object["seconds"] is Double)
    }
  }

  @Test("The margin band is never proposed")
  func marginBand() async throws {
    try await withTemporaryDirectory { dir in
      try writePainting("\(dir)/edge.png", bloom: (6, 60))
      let (code, _) = await run(["detect", "\(dir)/edge.png", "-o", "\(dir)/m.png", "--margin-band", "10"])
      #expect(code == .success)
      let mask = try ImageFile.read("\(dir)/m.png").image
      for y in 0..<120 {
        for x in 0..<10 { #expect(mask.sample(x: x, y: y, channel: 0) == 0) }
      }
      #expect(mask.sample(x: 12, y: 60, channel: 0) == 255)
    }
  }

  @Test("A glare-free image gives an empty mask, coverage 0, exit 0; the overlay is written on request")
  func glareFree() async throws {
    try await withTemporaryDirectory { dir in
      try writePainting("\(dir)/clean.png")
      let (code, output) = await run(["detect", "\(dir)/clean.png", "--overlay", "\(dir)/o.png"])
      #expect(code == .success)
      let mask = try ImageFile.read("\(dir)/clean.mask.png").image
      #expect(mask.samples8.allSatisfy { $0 == 0 })
      #expect(output.out.hasPrefix("\(dir)/clean.mask.png: coverage 0.000 %, 0 blobs"))
      let overlay = try ImageFile.read("\(dir)/o.png").image
      #expect(overlay.size == mask.size && overlay.layout == .rgb)
    }
  }

  @Test("Exit codes: 65 undecodable, 73 existing output, 64 output is the input")
  func exitCodes() async throws {
    try await withTemporaryDirectory { dir in
      try Data("not an image".utf8).write(to: URL(fileURLWithPath: "\(dir)/bad.png"))
      #expect(await run(["detect", "\(dir)/bad.png"]).0 == .dataError)
      #expect(!FileManager.default.fileExists(atPath: "\(dir)/bad.mask.png"))
      try writePainting("\(dir)/p.png")
      #expect(await run(["detect", "\(dir)/p.png"]).0 == .success)
      #expect(await run(["detect", "\(dir)/p.png"]).0 == .cannotCreate)
      #expect(await run(["detect", "\(dir)/p.png", "--force"]).0 == .success)
      #expect(await run(["detect", "\(dir)/p.png", "-o", "\(dir)/p.png", "--force"]).0 == .usage)
      #expect(await run(["detect", "\(dir)/p.png", "--margin-band", "-3"]).0 == .usage)
      #expect(await run(["detect", "\(dir)/p.png", "--max-pixels", "100", "-o", "\(dir)/q.png"]).0 == .dataError)
    }
  }
}
