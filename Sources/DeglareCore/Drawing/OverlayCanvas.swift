/// An 8-bit RGB copy of a photo to draw on: the project's one place for drawing lines, outlines
/// and markers on overlays that a person checks at a glance.
///
/// Coordinates are canonical (pixels, (0, 0) the centre of the top-left pixel, y down). Lines are
/// anti-aliased: a pixel is covered by how far its centre lies inside the stroke, over a
/// one-pixel ramp, and blended with the colour by that coverage.
public struct OverlayCanvas: Sendable {
  /// An 8-bit colour.
  public struct Colour: Sendable, Equatable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    /// Creates a colour.
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
      self.red = red
      self.green = green
      self.blue = blue
    }
  }

  /// The drawing: 8-bit RGB, the photo's size.
  public private(set) var image: ImageBuffer

  /// Starts from `photo`, converted to 8-bit RGB (alpha dropped).
  public init(_ photo: ImageBuffer) {
    image = photo.converted(to: .rgb, bitDepth: .eight)
  }

  /// A stroke width that reads at a glance whatever the photo's size: 0.25 % of its shorter
  /// side, at least 2 pixels.
  public static func strokeWidth(for size: PixelSize) -> Double {
    max(2, Double(min(size.width, size.height)) / 400)
  }

  /// Draws the segment `start`-`end`, `width` pixels wide with round caps; with `dash`, only
  /// the first 60 % of every `dash` pixels along it.
  public mutating func line(from start: Point, to end: Point, width: Double, colour: Colour, dash: Double? = nil) {
    let length = start.distance(to: end)
    guard length > 0, width > 0 else { return }
    let direction = (end - start) / length
    let radius = width / 2
    let reach = radius + 1
    let minX = max(0, Int((min(start.x, end.x) - reach).rounded(.down)))
    let maxX = min(image.width - 1, Int((max(start.x, end.x) + reach).rounded(.up)))
    let minY = max(0, Int((min(start.y, end.y) - reach).rounded(.down)))
    let maxY = min(image.height - 1, Int((max(start.y, end.y) + reach).rounded(.up)))
    guard minX <= maxX, minY <= maxY else { return }
    let width = image.width
    image.withUnsafeMutableSamples8 { samples in
      for y in minY...maxY {
        for x in minX...maxX {
          let offset = Point(x: Double(x), y: Double(y)) - start
          let along = offset.dot(direction)
          if let dash, along >= 0, along <= length, (along / dash).truncatingRemainder(dividingBy: 1) > 0.6 {
            continue
          }
          let nearest = min(max(along, 0), length)
          let distance = (offset - direction * nearest).length
          let coverage = min(1, max(0, radius + 0.5 - distance))
          guard coverage > 0 else { continue }
          let index = (y * width + x) * 3
          OverlayCanvas.blend(&samples[index], colour.red, coverage)
          OverlayCanvas.blend(&samples[index + 1], colour.green, coverage)
          OverlayCanvas.blend(&samples[index + 2], colour.blue, coverage)
        }
      }
    }
  }

  /// Draws the quad's four edges.
  public mutating func outline(_ quad: Quad, width: Double, colour: Colour, dash: Double? = nil) {
    for side in 0..<4 {
      let (start, end) = quad.edge(side)
      line(from: start, to: end, width: width, colour: colour, dash: dash)
    }
  }

  /// Draws a filled disc (a corner marker).
  public mutating func disc(at centre: Point, radius: Double, colour: Colour) {
    line(from: centre, to: centre + Point(x: 1e-6, y: 0), width: 2 * radius, colour: colour)
  }

  private static func blend(_ sample: inout UInt8, _ value: UInt8, _ coverage: Double) {
    let mixed = Double(sample) * (1 - coverage) + Double(value) * coverage
    sample = UInt8(min(255, max(0, mixed.rounded())))
  }
}
