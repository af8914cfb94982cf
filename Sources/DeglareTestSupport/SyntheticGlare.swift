import DeglareCore
import Foundation

// Synthetic museum glare of known shape on a synthetic painting, with the clean reference kept:
// the ground truth behind the local inpainter's tests and `deglare-eval`. The glare is light
// added on the glass: it is added to the painting in linear light and the sum is clipped at the
// sensor's maximum, then encoded to sRGB 8-bit, as a camera would. The mask is what a user would
// paint: everything visibly touched by the glare, grown by a few pixels.

/// The kinds of glare the evaluation covers.
public enum GlareKind: String, Sendable, CaseIterable {
  /// A soft white streak (a window's reflection), sometimes with a thinner parallel one.
  case softStreak = "soft-streak"
  /// The same in colour (cyan skylight).
  case colouredStreak = "coloured-streak"
  /// A window's crisp reflection: a flat band with sharp edges split by a mullion's shadow.
  case sharpStreak = "sharp-streak"
  /// Spotlight blooms: a clipped core with a bright halo.
  case bloom
  /// An exit sign: a saturated green rectangle with white letters, green channel clipped.
  case exitSign = "exit-sign"
  /// A broad faint sheen over a large area.
  case sheen
}

/// One synthetic test case.
public struct SyntheticGlareCase: Sendable {
  /// What kind of glare was added.
  public var kind: GlareKind
  /// The seed that generated it.
  public var seed: UInt64
  /// The painting without glare (RGB, 8-bit, sRGB-encoded).
  public var clean: ImageBuffer
  /// The painting with the glare added (RGB, 8-bit).
  public var glared: ImageBuffer
  /// The user's mask (0 or 255).
  public var mask: Mask
}

/// Generators of glare fields and complete test cases.
public enum SyntheticGlare {
  /// Mask pixels are where the glare adds at least this much linear light, before growing: about
  /// 3 levels on dark paint (linear 0.01), where faint glare shows most.
  static let visibleGlare = 0.002

  /// A painting of `width` x `height` with one kind of glare, all derived from `seed`.
  /// - Parameter linearLight: add the glare in linear light (physical); false adds it to the
  ///   sRGB-encoded values instead (a robustness check for cameras with other tone curves).
  public static func makeCase(
    kind: GlareKind, width: Int, height: Int, seed: UInt64, linearLight: Bool = true
  ) -> SyntheticGlareCase {
    // The glare's own stream: a different kind on the same seed gets the same painting only.
    var salt: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in kind.rawValue.utf8 { salt = (salt ^ UInt64(byte)) &* 0x100_0000_01B3 }
    var random = SeededGenerator(seed: seed ^ salt)
    let glare = field(kind: kind, width: width, height: height, random: &random)
    let growth = Double(max(width, height)) / 640 * random.uniform(3...7)
    return composite(
      kind: kind, seed: seed, width: width, height: height, glare: glare, maskGrowth: growth, linearLight: linearLight)
  }

  /// A painting from `seed` with a given glare field added.
  /// - Parameters:
  ///   - glare: three planes (`y * width + x`) of added light, 1 = the sensor's maximum.
  ///   - maskGrowth: how far, in pixels, the mask reaches beyond the visible glare.
  ///   - linearLight: add in linear light (true) or to the sRGB-encoded values.
  public static func composite(
    kind: GlareKind, seed: UInt64, width: Int, height: Int, glare: [[Double]], maskGrowth: Double,
    linearLight: Bool = true
  ) -> SyntheticGlareCase {
    let painting = SyntheticPainting.planes(width: width, height: height, seed: seed)
    var clean = [UInt8](repeating: 0, count: width * height * 3)
    for p in 0..<(width * height) {
      for c in 0..<3 { clean[p * 3 + c] = UInt8((painting[c][p] * 255).rounded()) }
    }
    return composite(
      kind: kind, seed: seed, clean: ImageBuffer(width: width, height: height, layout: .rgb, samples: clean),
      glare: glare, maskGrowth: maskGrowth, linearLight: linearLight)
  }

  /// Any 8-bit RGB picture (a painting scan) with a given glare field added, and the user's mask.
  /// - Parameters:
  ///   - clean: the picture without glare (8-bit RGB).
  ///   - glare: three planes (`y * width + x`) of added light, 1 = the sensor's maximum.
  ///   - maskGrowth: how far, in pixels, the mask reaches beyond the visible glare.
  ///   - linearLight: add in linear light (true) or to the sRGB-encoded values.
  public static func composite(
    kind: GlareKind, seed: UInt64, clean image: ImageBuffer, glare: [[Double]], maskGrowth: Double,
    linearLight: Bool = true
  ) -> SyntheticGlareCase {
    let width = image.width
    let height = image.height
    precondition(image.layout == .rgb && image.bitDepth == .eight)
    precondition(glare.count == 3 && glare.allSatisfy { $0.count == width * height })
    let count = width * height
    let clean = image.samples8
    var glared = [UInt8](repeating: 0, count: count * 3)
    for p in 0..<count {
      for c in 0..<3 {
        let encodedClean = Double(clean[p * 3 + c]) / 255
        let sum: Double
        if linearLight {
          sum = encode(min(decode(encodedClean) + glare[c][p], 1))
        } else {
          sum = min(encodedClean + glare[c][p], 1)
        }
        glared[p * 3 + c] = UInt8((sum * 255).rounded())
      }
    }
    var visible = [Bool](repeating: false, count: count)
    for p in 0..<count where max(glare[0][p], glare[1][p], glare[2][p]) >= visibleGlare { visible[p] = true }
    let maskValues = grow(visible, width: width, height: height, radius: maskGrowth).map { $0 ? UInt8(255) : 0 }
    return SyntheticGlareCase(
      kind: kind, seed: seed,
      clean: image,
      glared: ImageBuffer(width: width, height: height, layout: .rgb, samples: glared),
      mask: Mask(width: width, height: height, values: maskValues))
  }

  /// The glare of `kind` as three planes of added linear light (0 = none, 1 = the sensor's maximum).
  static func field(kind: GlareKind, width: Int, height: Int, random: inout SeededGenerator) -> [[Double]] {
    var glare = [[Double]](repeating: [Double](repeating: 0, count: width * height), count: 3)
    switch kind {
    case .softStreak:
      streaks(&glare, width: width, height: height, colour: [1, 0.98, 0.94], peak: 0.12...0.45, random: &random)
    case .colouredStreak:
      streaks(&glare, width: width, height: height, colour: [0.35, 0.8, 1], peak: 0.15...0.5, random: &random)
    case .sharpStreak:
      window(&glare, width: width, height: height, random: &random)
    case .bloom:
      for _ in 0..<Int(random.uniform(1...2.99)) { bloom(&glare, width: width, height: height, random: &random) }
    case .exitSign:
      exitSign(&glare, width: width, height: height, random: &random)
    case .sheen:
      sheen(&glare, width: width, height: height, random: &random)
    }
    return glare
  }

  /// The sRGB decoding function.
  public static func decode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }

  /// The sRGB encoding function.
  public static func encode(_ v: Double) -> Double { v <= 0.003_130_8 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }

  /// The 8-bit sRGB level of a linear value (clipped to 0...1).
  public static func level(_ linear: Double) -> Int { Int((encode(min(max(linear, 0), 1)) * 255).rounded()) }

  /// The pixels within `radius` of a true pixel (a round brush grown around the glare).
  static func grow(_ region: [Bool], width: Int, height: Int, radius: Double) -> [Bool] {
    var grown = region
    let reach = Int(radius.rounded(.up))
    for y in 0..<height {
      for x in 0..<width where region[y * width + x] {
        // Only boundary pixels need stamping.
        let interior =
          x > 0 && x + 1 < width && y > 0 && y + 1 < height && region[y * width + x - 1]
          && region[y * width + x + 1] && region[(y - 1) * width + x] && region[(y + 1) * width + x]
        if interior { continue }
        for dy in -reach...reach where y + dy >= 0 && y + dy < height {
          for dx in -reach...reach where x + dx >= 0 && x + dx < width {
            if Double(dx * dx + dy * dy) <= radius * radius { grown[(y + dy) * width + x + dx] = true }
          }
        }
      }
    }
    return grown
  }
}
