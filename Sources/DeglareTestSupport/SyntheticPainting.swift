import DeglareCore
import Foundation

// Painting-like test images, generated in code from a seed: a palette blended by low-frequency
// noise, hard-edged shapes, a pale sky, thousands of oriented brush strokes with bristle marks,
// dark contour lines and a fine canvas weave. Everything is deterministic (SplitMix64, hashed
// value noise), so a seed names an image on every machine.

/// A small deterministic random number generator (SplitMix64).
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator; the same seed always gives the same sequence.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in `range` (53 random bits; independent of the standard library's algorithm).
  public mutating func uniform(_ range: ClosedRange<Double> = 0...1) -> Double {
    let unit = Double(next() >> 11) * 0x1p-53
    return range.lowerBound + unit * (range.upperBound - range.lowerBound)
  }
}

/// Smooth value noise on a hashed lattice, values 0...1.
struct ValueNoise: Sendable {
  let seed: UInt64

  private func lattice(_ x: Int, _ y: Int) -> Double {
    var h = UInt64(bitPattern: Int64(x)) &* 0x9E37_79B1_85EB_CA87
    h ^= UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F
    h ^= seed &* 0x1656_67B1_9E37_79F9
    h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
    h ^= h >> 32
    return Double(h >> 11) * 0x1p-53
  }

  /// Noise at (x, y) with lattice spacing 1.
  func value(_ x: Double, _ y: Double) -> Double {
    let x0 = Int(x.rounded(.down))
    let y0 = Int(y.rounded(.down))
    let fx = x - Double(x0)
    let fy = y - Double(y0)
    let sx = fx * fx * (3 - 2 * fx)
    let sy = fy * fy * (3 - 2 * fy)
    let top = lattice(x0, y0) * (1 - sx) + lattice(x0 + 1, y0) * sx
    let bottom = lattice(x0, y0 + 1) * (1 - sx) + lattice(x0 + 1, y0 + 1) * sx
    return top * (1 - sy) + bottom * sy
  }

  /// Fractal sum of `octaves` octaves, the first with features about `scale` pixels wide, 0...1.
  func fractal(_ x: Double, _ y: Double, scale: Double, octaves: Int) -> Double {
    var sum = 0.0
    var norm = 0.0
    var amplitude = 1.0
    var frequency = 1 / scale
    for octave in 0..<octaves {
      sum += amplitude * value(x * frequency + Double(octave) * 17.3, y * frequency - Double(octave) * 9.1)
      norm += amplitude
      amplitude *= 0.5
      frequency *= 2
    }
    return sum / norm
  }
}

/// Generators of painting-like images (sRGB-encoded colour, values 0...1).
public enum SyntheticPainting {
  /// A painting as three sRGB-encoded planes (`y * width + x`, values 0...1).
  public static func planes(width: Int, height: Int, seed: UInt64) -> [[Double]] {
    var random = SeededGenerator(seed: seed)
    let scale = Double(max(width, height))
    let palette = (0..<5).map { _ in randomColour(&random) }
    let pale = hsv(random.uniform(0...1), random.uniform(0.05...0.2), random.uniform(0.86...0.94))
    let dark = hsv(random.uniform(0...1), random.uniform(0.3...0.7), random.uniform(0.1...0.22))
    let n1 = ValueNoise(seed: random.next())
    let n2 = ValueNoise(seed: random.next())
    let flow = ValueNoise(seed: random.next())
    let grain = ValueNoise(seed: random.next())
    var rgb = [[Double]](repeating: [Double](repeating: 0, count: width * height), count: 3)

    // Base: the palette blended by two low-frequency noise fields.
    for y in 0..<height {
      for x in 0..<width {
        let a = n1.fractal(Double(x), Double(y), scale: scale / 3, octaves: 4)
        let b = n2.fractal(Double(x), Double(y), scale: scale / 4, octaves: 4)
        for c in 0..<3 {
          let left = palette[0][c] * (1 - a) + palette[1][c] * a
          let right = palette[2][c] * (1 - a) + palette[3][c] * a
          rgb[c][y * width + x] = left * (1 - b) + right * b
        }
      }
    }
    // A pale sky above a wavy horizon, then hard-edged shapes.
    let horizon = random.uniform(0.15...0.4) * Double(height)
    let wave = random.uniform(0.02...0.08) * Double(height)
    let phase = random.uniform(0...6.28)
    fill(&rgb, width: width, height: height, colour: pale, noise: grain, amount: 0.04) { x, y in
      horizon + wave * sin(x / Double(width) * 7 + phase) - y
    }
    for _ in 0..<Int(random.uniform(2...4)) {
      let cx = random.uniform(0...Double(width))
      let cy = random.uniform(0...Double(height))
      let rx = random.uniform(0.06...0.22) * scale
      let ry = random.uniform(0.06...0.22) * scale
      let colour = random.uniform() < 0.3 ? dark : palette[Int(random.uniform(0...4.99))]
      fill(&rgb, width: width, height: height, colour: colour, noise: grain, amount: 0.12) { x, y in
        let dx = (x - cx) / rx
        let dy = (y - cy) / ry
        return (1 - (dx * dx + dy * dy).squareRoot()) * min(rx, ry)
      }
    }
    strokes(&rgb, width: width, height: height, flow: flow, random: &random)
    contours(&rgb, width: width, height: height, colour: dark, random: &random)
    // Canvas weave and fine grain.
    for y in 0..<height {
      for x in 0..<width {
        let weave = 0.012 * sin(Double(x) * 2.1) * sin(Double(y) * 2.1)
        let fine = 0.02 * (grain.value(Double(x) * 0.9, Double(y) * 0.9) - 0.5)
        for c in 0..<3 { rgb[c][y * width + x] = min(max(rgb[c][y * width + x] + weave + fine, 0), 1) }
      }
    }
    return rgb
  }

  /// A saturated-enough random colour (sRGB-encoded).
  static func randomColour(_ random: inout SeededGenerator) -> [Double] {
    hsv(random.uniform(0...1), random.uniform(0.2...0.75), random.uniform(0.3...0.85))
  }

  /// HSV (all 0...1) to sRGB-encoded RGB.
  static func hsv(_ h: Double, _ s: Double, _ v: Double) -> [Double] {
    let k = { (n: Double) -> Double in
      let t = (n + h * 6).truncatingRemainder(dividingBy: 6)
      return v - v * s * max(0, min(t, 4 - t, 1))
    }
    return [k(5), k(3), k(1)]
  }

  /// Paints `colour` (modulated by noise) where `signedDistance` > 0, anti-aliased over a pixel.
  static func fill(
    _ rgb: inout [[Double]], width: Int, height: Int, colour: [Double], noise: ValueNoise, amount: Double,
    signedDistance: (Double, Double) -> Double
  ) {
    for y in 0..<height {
      for x in 0..<width {
        let coverage = min(max(signedDistance(Double(x), Double(y)) + 0.5, 0), 1)
        guard coverage > 0 else { continue }
        let shade = 1 + amount * (2 * noise.fractal(Double(x), Double(y), scale: 40, octaves: 3) - 1)
        for c in 0..<3 {
          let p = y * width + x
          rgb[c][p] = rgb[c][p] * (1 - coverage) + min(colour[c] * shade, 1) * coverage
        }
      }
    }
  }
}
