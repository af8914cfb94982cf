import DeglareCore
import Foundation

// The evaluation set of the local method: on any clean picture (a procedural painting or a real
// scan), the four families a user meets. Glare under a tight mask; the same glare under that
// mask grown by 25 px (as people paint masks); hand-drawn-like masks laid over paint with no glare
// at all (on the palest, the darkest and a random place); and opaque lit signs in colour. Every
// case keeps its clean picture, so a method is scored where it should repair and where it should
// do nothing.

/// The local method's evaluation cases on one clean picture.
public enum GlareSuite {
  /// What a case measures.
  public enum Family: String, Sendable, CaseIterable {
    /// Glare under the tight mask (PSNR inside the mask).
    case tight
    /// The same glare under the tight mask grown by ``GlareSuite/growth`` px (PSNR inside the
    /// tight mask, and in the added ring against the clean picture).
    case grown
    /// A mask over paint without glare (mean absolute change inside the mask).
    case glareFree = "glare-free"
    /// An opaque coloured sign (PSNR inside the mask).
    case sign
  }

  /// One case.
  public struct Case: Sendable {
    /// A name unique within its base ("soft-streak", "glare-free-2").
    public var name: String
    /// What it measures.
    public var family: Family
    /// The picture without glare.
    public var clean: ImageBuffer
    /// What the method receives.
    public var input: ImageBuffer
    /// The mask the method receives.
    public var mask: Mask
    /// Where the repair is scored: the tight mask (tight, grown, sign) or the mask (glare-free).
    public var score: Mask
  }

  /// A clean picture to build cases on.
  public struct Base: Sendable {
    /// "procedural-7" or a painting's file stem.
    public var name: String
    /// 8-bit RGB.
    public var image: ImageBuffer
    /// Seeds the glare shapes and the masks.
    public var seed: UInt64

    /// Creates a base.
    public init(name: String, image: ImageBuffer, seed: UInt64) {
      self.name = name
      self.image = image
      self.seed = seed
    }

    /// The procedural painting of `seed` at `width` x `height`.
    public static func procedural(seed: UInt64, width: Int = 640, height: Int = 480) -> Base {
      let planes = SyntheticPainting.planes(width: width, height: height, seed: seed)
      var samples = [UInt8](repeating: 0, count: width * height * 3)
      for p in 0..<(width * height) {
        for c in 0..<3 { samples[p * 3 + c] = UInt8((planes[c][p] * 255).rounded()) }
      }
      let image = ImageBuffer(width: width, height: height, layout: .rgb, samples: samples)
      return Base(name: "procedural-\(seed)", image: image, seed: seed)
    }
  }

  /// How far the generous mask reaches beyond the tight one, in pixels.
  public static let growth = 25

  /// The glare kinds of the tight and grown families.
  public static let kinds: [GlareKind] = [.softStreak, .colouredStreak, .sharpStreak, .bloom, .sheen]

  /// The signs' colours (linear RGB at full strength; the strongest channel clips).
  static let signColours: [[Double]] = [[0.08, 1.0, 0.3], [1.0, 0.1, 0.06], [0.15, 0.45, 1.0], [1.0, 0.55, 0.08]]

  /// Every case on `base`, in a fixed order.
  public static func cases(on base: Base, families: Set<Family> = Set(Family.allCases)) -> [Case] {
    let image = base.image
    var result: [Case] = []
    for kind in kinds where families.contains(.tight) || families.contains(.grown) {
      var random = SeededGenerator(seed: base.seed &* 0x9E37_79B9 ^ salt(kind.rawValue))
      let glare = SyntheticGlare.field(kind: kind, width: image.width, height: image.height, random: &random)
      let maskGrowth = Double(max(image.width, image.height)) / 640 * random.uniform(3...7)
      let sample = SyntheticGlare.composite(
        kind: kind, seed: base.seed, clean: image, glare: glare, maskGrowth: maskGrowth)
      if families.contains(.tight) {
        result.append(
          Case(
            name: kind.rawValue, family: .tight, clean: image, input: sample.glared, mask: sample.mask,
            score: sample.mask))
      }
      if families.contains(.grown) {
        result.append(
          Case(
            name: kind.rawValue, family: .grown, clean: image, input: sample.glared,
            mask: sample.mask.grown(by: growth), score: sample.mask))
      }
    }
    if families.contains(.glareFree) {
      var random = SeededGenerator(seed: base.seed ^ salt("glare-free"))
      for (index, centre) in glareFreeCentres(image, random: &random).enumerated() {
        let radius = random.uniform(0.07...0.16) * Double(min(image.width, image.height))
        let mask = polygonMask(
          width: image.width, height: image.height, centre: centre, radius: radius, random: &random)
        result.append(
          Case(name: "glare-free-\(index + 1)", family: .glareFree, clean: image, input: image, mask: mask, score: mask)
        )
      }
    }
    if families.contains(.sign) {
      var random = SeededGenerator(seed: base.seed ^ salt("sign"))
      for index in 0..<2 {
        let colour = signColours[Int(random.next() % UInt64(signColours.count))]
        var glare = [[Double]](repeating: [Double](repeating: 0, count: image.pixelCount), count: 3)
        SyntheticGlare.sign(&glare, width: image.width, height: image.height, colour: colour, random: &random)
        let sample = SyntheticGlare.composite(
          kind: .exitSign, seed: base.seed, clean: image, glare: glare,
          maskGrowth: Double(max(image.width, image.height)) / 640 * 4)
        result.append(
          Case(
            name: "sign-\(index + 1)", family: .sign, clean: image, input: sample.glared, mask: sample.mask,
            score: sample.mask))
      }
    }
    return result
  }

  /// Three places for masks over glare-free paint: the palest and the darkest 48 px block (a sky,
  /// a shadow) away from the border, and a random one.
  static func glareFreeCentres(_ image: ImageBuffer, random: inout SeededGenerator) -> [(Double, Double)] {
    let block = 48
    var palest = (value: -1.0, x: 0.0, y: 0.0)
    var darkest = (value: 1e9, x: 0.0, y: 0.0)
    let margin = min(image.width, image.height) / 6
    var y = margin
    while y + block <= image.height - margin {
      var x = margin
      while x + block <= image.width - margin {
        var sum = 0.0
        for yy in stride(from: y, to: y + block, by: 2) {
          for xx in stride(from: x, to: x + block, by: 2) {
            for c in 0..<3 { sum += Double(image.sample(x: xx, y: yy, channel: c)) }
          }
        }
        let centre = (Double(x + block / 2), Double(y + block / 2))
        if sum > palest.value { palest = (sum, centre.0, centre.1) }
        if sum < darkest.value { darkest = (sum, centre.0, centre.1) }
        x += block / 2
      }
      y += block / 2
    }
    let other = (random.uniform(0.25...0.75) * Double(image.width), random.uniform(0.25...0.75) * Double(image.height))
    return [(palest.x, palest.y), (darkest.x, darkest.y), other]
  }

  /// A hand-drawn-like polygon: 7 to 12 vertices around `centre` at `radius` jittered by ±30 %,
  /// filled (even-odd rule, pixel centres).
  public static func polygonMask(
    width: Int, height: Int, centre: (Double, Double), radius: Double, random: inout SeededGenerator
  ) -> Mask {
    let count = 7 + Int(random.next() % 6)
    let start = random.uniform(0...(2 * Double.pi))
    let vertices: [(Double, Double)] = (0..<count).map { index in
      let angle = start + 2 * Double.pi * (Double(index) + random.uniform(-0.3...0.3)) / Double(count)
      let r = radius * random.uniform(0.7...1.3)
      return (centre.0 + r * cos(angle), centre.1 + r * sin(angle) * random.uniform(0.8...1.2))
    }
    var values = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
      let py = Double(y) + 0.5
      for x in 0..<width {
        let px = Double(x) + 0.5
        var inside = false
        var j = count - 1
        for i in 0..<count {
          let (xi, yi) = vertices[i]
          let (xj, yj) = vertices[j]
          if (yi > py) != (yj > py) && px < (xj - xi) * (py - yi) / (yj - yi) + xi { inside.toggle() }
          j = i
        }
        if inside { values[y * width + x] = 255 }
      }
    }
    return Mask(width: width, height: height, values: values)
  }

  /// A 64-bit FNV-1a hash of `text`, to give each family its own random stream.
  public static func salt(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash
  }
}
