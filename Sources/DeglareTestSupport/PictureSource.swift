import DeglareCodecs
import DeglareCore
import Foundation

/// What a synthetic picture shows: procedural brushwork, or a real painting scan sampled with
/// bilinear interpolation (so the detector meets real brushwork, real paper and real colour).
public enum PictureSource: Sendable {
  /// ``PaintingContent``: a toned ground with rectangles and texture, from a seed.
  case procedural(seed: UInt64)
  /// A decoded scan (8-bit, gray or colour), stretched over the picture.
  case scan(name: String, image: ImageBuffer)

  /// A short name for reports: "procedural" or the scan's file name.
  public var name: String {
    switch self {
    case .procedural: return "procedural"
    case .scan(let name, _): return name
    }
  }

  /// A colour sampler over the unit square, (0, 0) the top-left corner of the picture.
  func sampler() -> @Sendable (Double, Double) -> [Double] {
    switch self {
    case .procedural(let seed):
      let content = PaintingContent(seed: seed)
      return { u, v in content.colour(u: u, v: v) }
    case .scan(_, let image):
      return { u, v in PictureSource.bilinear(image, u: u, v: v) }
    }
  }

  /// The scan's colour at (u, v) in the unit square (borders repeated), 8-bit scale, RGB.
  static func bilinear(_ image: ImageBuffer, u: Double, v: Double) -> [Double] {
    let x = min(max(u * Double(image.width) - 0.5, 0), Double(image.width - 1))
    let y = min(max(v * Double(image.height) - 0.5, 0), Double(image.height - 1))
    let x0 = Int(x)
    let y0 = Int(y)
    let x1 = min(x0 + 1, image.width - 1)
    let y1 = min(y0 + 1, image.height - 1)
    let fx = x - Double(x0)
    let fy = y - Double(y0)
    let colours = image.layout.colorChannelCount
    return (0..<3).map { channel in
      let c = min(channel, colours - 1)
      let top =
        Double(image.sample(x: x0, y: y0, channel: c)) * (1 - fx) + Double(image.sample(x: x1, y: y0, channel: c)) * fx
      let bottom =
        Double(image.sample(x: x0, y: y1, channel: c)) * (1 - fx) + Double(image.sample(x: x1, y: y1, channel: c)) * fx
      return top * (1 - fy) + bottom * fy
    }
  }
}

/// The public-domain painting scans beside the checkout (`../shared/paintings`), for evaluation
/// sets; tests and tools skip what needs them when they are absent.
public enum PaintingScans {
  /// The folder: `$DEGLARE_PAINTINGS`, else `../shared/paintings` beside the package root (the
  /// main checkout) or one level further up (a worktree); nil when none exists.
  public static var directory: String? {
    if let path = ProcessInfo.processInfo.environment["DEGLARE_PAINTINGS"], !path.isEmpty { return path }
    for relative in ["../shared/paintings", "../../shared/paintings"] {
      let path = Fixtures.packageRoot.appendingPathComponent(relative).standardized.path
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return path }
    }
    return nil
  }

  /// Every `.jpg` scan in the folder, sorted by name, decoded; empty when the folder is absent.
  public static func load() -> [PictureSource] {
    guard let directory else { return [] }
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
      $0.hasSuffix(".jpg")
    }.sorted()
    return names.compactMap { name in
      guard let decoded = try? ImageFile.read(directory + "/" + name) else { return nil }
      return .scan(name: name, image: decoded.image)
    }
  }
}
