import DeglareCore
import Foundation

// The evaluation set of the local method: on any clean picture (a procedural painting or a real
// scan), the six families a user meets. Glare under a tight mask; the same glare under that
// mask grown by 25 px (as people paint masks); under the rectangle a hurried user drags around
// it; hand-drawn-like masks laid over paint with no glare at all (on the palest, the darkest and
// a random place); opaque lit signs in colour; and faint, smooth veils under tight masks. Every
// case keeps its clean picture, so a method is scored where it should repair and where it should
// do nothing.

/// The local method's evaluation cases on one clean picture.
public enum GlareSuite {
  /// What a case measures.
  public enum Family: String, Sendable, CaseIterable {
    /// Glare under the tight mask (PSNR inside the mask).
    case tight
    /// The same glare under the tight mask grown by ``GlareSuite/growth`` px, more on pictures
    /// over 640 px (PSNR inside the tight mask, and in the added ring against the clean picture).
    case grown
    /// A mask over paint without glare (mean absolute change inside the mask).
    case glareFree = "glare-free"
    /// An opaque coloured sign (PSNR inside the mask).
    case sign
    /// The tight case's glare (a streak cut to a segment of it) under the rectangle a hurried
    /// user drags around it: the tight mask's bounding box with ``GlareSuite/rectangleMargin`` px
    /// to spare (PSNR inside the tight mask, and in the rest of the rectangle against the clean
    /// picture). Around a diagonal streak most of the rectangle is clean paint. Only rectangles
    /// of at most ``GlareSuite/largestRectangle`` of the picture.
    case rectangle
    /// A faint, smooth veil with no core under its tight mask (PSNR inside the mask): a glare
    /// whose mask edge is near its own faint edge, which a cut of round parts' plateaus must keep.
    case veil
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

  /// How far the generous mask reaches beyond the tight one, in pixels of a picture at most 640
  /// pixels on its longer side (larger pictures: in proportion, see ``scaled(_:for:)``).
  public static let growth = 25

  /// How far the rectangle reaches beyond the tight mask's bounding box, in pixels (likewise).
  public static let rectangleMargin = 12

  /// `pixels` in proportion to `image` when its longer side exceeds 640 pixels (as the glare's
  /// own size is): a brush of the same size on the screen spans more of a larger photo's pixels.
  static func scaled(_ pixels: Int, for image: ImageBuffer) -> Int {
    Int((Double(pixels) * max(Double(max(image.width, image.height)) / 640, 1)).rounded())
  }

  /// The largest share of the picture a rectangle case covers: nobody drags a box over most of
  /// the picture around a streak that crosses it all (and such a box leaves almost nothing to
  /// read the paint from).
  public static let largestRectangle = 0.4

  /// The glare kinds of the tight, grown and rectangle families.
  public static let kinds: [GlareKind] = [.softStreak, .colouredStreak, .sharpStreak, .bloom, .sheen]

  /// The signs' colours (linear RGB at full strength; the strongest channel clips).
  static let signColours: [[Double]] = [[0.08, 1.0, 0.3], [1.0, 0.1, 0.06], [0.15, 0.45, 1.0], [1.0, 0.55, 0.08]]

  /// Every case on `base`, in a fixed order.
  public static func cases(on base: Base, families: Set<Family> = Set(Family.allCases)) -> [Case] {
    let image = base.image
    var result: [Case] = []
    for kind in kinds where !families.isDisjoint(with: [.tight, .grown, .rectangle]) {
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
            mask: sample.mask.grown(by: scaled(growth, for: image)), score: sample.mask))
      }
      guard families.contains(.rectangle) else { continue }
      // A streak crosses the whole picture: the rectangle's case keeps a segment of it.
      let segment =
        [.softStreak, .colouredStreak, .sharpStreak].contains(kind)
        ? SyntheticGlare.composite(
          kind: kind, seed: base.seed, clean: image, glare: streakSegment(glare, of: base, kind: kind),
          maskGrowth: maskGrowth)
        : sample
      let rectangle = boundingRectangle(of: segment.mask, margin: scaled(rectangleMargin, for: image))
      if Double(rectangle.insideCount) <= largestRectangle * Double(image.pixelCount) {
        result.append(
          Case(
            name: kind.rawValue, family: .rectangle, clean: image, input: segment.glared, mask: rectangle,
            score: segment.mask))
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
    if families.contains(.veil) {
      var random = SeededGenerator(seed: base.seed ^ salt("veil"))
      for index in 0..<2 {
        var glare = [[Double]](repeating: [Double](repeating: 0, count: image.pixelCount), count: 3)
        let sigma = random.uniform(0.03...0.06) * Double(max(image.width, image.height))
        SyntheticGlare.veil(&glare, width: image.width, height: image.height, sigma: sigma, random: &random)
        let sample = SyntheticGlare.composite(
          kind: .sheen, seed: base.seed, clean: image, glare: glare,
          maskGrowth: Double(max(image.width, image.height)) / 640 * random.uniform(3...7))
        result.append(
          Case(
            name: "veil-\(index + 1)", family: .veil, clean: image, input: sample.glared, mask: sample.mask,
            score: sample.mask))
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

  /// `glare` faded out beyond a disc around its strongest point in the middle of the picture (a
  /// random radius of 15-25 % of the longer side, fading to nothing over half that again): a
  /// streak's segment, the length of a window's reflection on a large painting.
  static func streakSegment(_ glare: [[Double]], of base: Base, kind: GlareKind) -> [[Double]] {
    let width = base.image.width
    let height = base.image.height
    var random = SeededGenerator(seed: base.seed ^ salt("rectangle-" + kind.rawValue))
    let radius = random.uniform(0.15...0.25) * Double(max(width, height))
    var centre = (x: width / 2, y: height / 2)
    var strongest = -1.0
    for y in stride(from: height / 5, to: height - height / 5, by: 4) {
      for x in stride(from: width / 5, to: width - width / 5, by: 4) {
        let amount = glare[0][y * width + x] + glare[1][y * width + x] + glare[2][y * width + x]
        if amount > strongest { (strongest, centre) = (amount, (x, y)) }
      }
    }
    var result = glare
    for y in 0..<height {
      for x in 0..<width {
        let dx = Double(x - centre.x)
        let dy = Double(y - centre.y)
        let beyond = min(max(((dx * dx + dy * dy).squareRoot() - radius) / (0.5 * radius), 0), 1)
        let fade = 0.5 + 0.5 * cos(Double.pi * beyond)
        for c in 0..<3 { result[c][y * width + x] *= fade }
      }
    }
    return result
  }

  /// The rectangle around `mask`'s inside pixels with `margin` px to spare, within the picture.
  static func boundingRectangle(of mask: Mask, margin: Int) -> Mask {
    var rectangle = Mask(width: mask.width, height: mask.height)
    guard let box = mask.insideBoundingBox else { return rectangle }
    let columns = max(box.x - margin, 0)..<min(box.x + box.width + margin, mask.width)
    for y in max(box.y - margin, 0)..<min(box.y + box.height + margin, mask.height) {
      rectangle.fill(row: y, columns: columns, with: 255)
    }
    return rectangle
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
