import DeglareCore
import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

/// Opaque reflections are synthesised from the surrounding paint's patches.
@Suite("LocalInpainter exemplar fill", .ownThread)
struct ExemplarFillTests {
  /// Strongly textured paint (diagonal brush stripes and grain) under an opaque, clipped green
  /// sign with white letters; the mask covers the sign and its glow.
  static func sign() -> (clean: ImageBuffer, glared: ImageBuffer, mask: Mask) {
    let width = 128
    let height = 96
    var painting = TestPainting(width: width, height: height, wall: (0.55, 0.42, 0.3), textureAmount: 0.25, seed: 5)
    painting.fill { x, y in
      ((x + 2 * y) / 5) % 2 == 0
    } colour: { _, _ in
      (0.35, 0.27, 0.2)
    }
    let clean = painting.image
    var glare = [[Double]](repeating: [Double](repeating: 0, count: width * height), count: 3)
    for y in 36..<60 {
      for x in 34..<94 {
        for c in 0..<3 { glare[c][y * width + x] = [0.1, 1.2, 0.35][c] }
        if (x / 6) % 2 == 0 && y > 40 && y < 56 {
          for c in 0..<3 { glare[c][y * width + x] += 1.5 }
        }
      }
    }
    let sample = SyntheticGlare.composite(kind: .exitSign, seed: 1, clean: clean, glare: glare, maskGrowth: 3)
    return (clean, sample.glared, sample.mask)
  }

  /// Variance of the first channel over 5 x 5 windows, averaged over the windows centred on
  /// pixels where `take` holds.
  static func localVariance(_ image: ImageBuffer, where take: (Int, Int) -> Bool) -> Double {
    var total = 0.0
    var windows = 0.0
    for y in 2..<(image.height - 2) {
      for x in 2..<(image.width - 2) where take(x, y) {
        var sum = 0.0
        var squares = 0.0
        for dy in -2...2 {
          for dx in -2...2 {
            let v = Double(image.sample(x: x + dx, y: y + dy, channel: 1))
            sum += v
            squares += v * v
          }
        }
        total += squares / 25 - (sum / 25) * (sum / 25)
        windows += 1
      }
    }
    return total / max(windows, 1)
  }

  @Test("an opaque sign on textured paint is filled with texture, not a smear", arguments: [LocalMethod.auto, .fill])
  func signFilledWithTexture(method: LocalMethod) throws {
    let sample = Self.sign()
    let repair = try LocalInpainter.repair(sample.glared, mask: sample.mask, method: method)
    #expect(GlareMetrics.outsideIdentical(repair.image, sample.glared, mask: sample.mask))
    let core = { (x: Int, y: Int) in x >= 40 && x < 88 && y >= 40 && y < 56 }
    let around = { (x: Int, y: Int) in
      (x < 24 || x >= 104 || y < 26 || y >= 70) && x >= 8 && x < 120 && y >= 8 && y < 88
    }
    let filled = Self.localVariance(repair.image, where: core)
    let surroundings = Self.localVariance(sample.clean, where: around)
    #expect(filled > surroundings / 2 && filled < surroundings * 2, "variance \(filled) vs \(surroundings)")
    // The green body is gone: the fill's mean colour is the paint's, not the sign's.
    var green = 0.0
    var red = 0.0
    for y in 40..<56 {
      for x in 40..<88 {
        green += Double(repair.image.sample(x: x, y: y, channel: 1))
        red += Double(repair.image.sample(x: x, y: y, channel: 0))
      }
    }
    #expect(green < red, "the fill is still green")
    #expect(repair.regions.count == 1 && repair.regions.first?.action == .fill)
    // The membrane (the old fill) is the smear this replaces.
    var membraneOnly = LocalInpainter.Configuration()
    membraneOnly.exemplarMinimumPixels = Int.max
    let membrane = LocalInpainter.repaint(sample.glared, mask: sample.mask, method: .auto, configuration: membraneOnly)
    #expect(Self.localVariance(membrane, where: core) < surroundings / 2)
  }

  @Test("the synthesis is deterministic")
  func deterministic() {
    let sample = Self.sign()
    let first = LocalInpainter.repaint(sample.glared, mask: sample.mask, method: .fill)
    let second = LocalInpainter.repaint(sample.glared, mask: sample.mask, method: .fill)
    #expect(first == second)
  }
}

/// The local method stops when asked, between rows and iterations.
@Suite("LocalInpainter cancellation", .ownThread)
struct RepairCancellationTests {
  /// A cancellation that says stop after `limit` questions, and counts them.
  final class Countdown: @unchecked Sendable {
    private let lock = NSLock()
    private var asked = 0
    let limit: Int

    init(limit: Int) { self.limit = limit }

    var count: Int { lock.withLock { asked } }

    var cancellation: RepairCancellation {
      RepairCancellation { [self] in
        lock.withLock {
          asked += 1
          return asked > limit
        }
      }
    }
  }

  @Test("a cancelled repair throws and returns nothing", arguments: LocalMethod.allCases)
  func cancelledBeforeStart(method: LocalMethod) {
    let veil = InpaintingFixtures.veil()
    #expect(throws: RepairCancelled.self) {
      try LocalInpainter.repair(veil.glared, mask: veil.mask, method: method, cancellation: RepairCancellation { true })
    }
  }

  @Test("the work asks often and stops soon after it is told to", arguments: LocalMethod.allCases)
  func stopsMidway(method: LocalMethod) throws {
    let sample = ExemplarFillTests.sign()
    let counter = Countdown(limit: .max)
    _ = try LocalInpainter.repair(sample.glared, mask: sample.mask, method: method, cancellation: counter.cancellation)
    let total = counter.count
    #expect(total >= 20, "asked only \(total) times")
    for limit in [1, total / 2, total - 2] {
      let countdown = Countdown(limit: limit)
      #expect(throws: RepairCancelled.self) {
        try LocalInpainter.repair(
          sample.glared, mask: sample.mask, method: method, cancellation: countdown.cancellation)
      }
      // It stopped within a few questions of the limit.
      #expect(countdown.count <= limit + 8, "asked \(countdown.count) times, told to stop after \(limit)")
    }
  }

  @Test("a blown core under a generous mask is filled from the paint around it, not from far corners")
  func generousMaskFilledFromItsGround() throws {
    // A pale ground above a purple band; a blown core in the pale, and a mask reaching far around
    // it to each side and down into the purple: within the first reach only a strip of the purple
    // is unmasked, the pale paint lies beyond it to the left and right.
    let width = 280
    let height = 100
    let pale = (0.9, 0.88, 0.8)
    var painting = TestPainting(width: width, height: height, wall: pale, textureAmount: 0.08, seed: 3)
    painting.fill { _, y in
      y >= 80
    } colour: { _, _ in
      (0.35, 0.3, 0.55)
    }
    let clean = painting.image
    painting.glow(at: (140, 40), sigma: 7, light: (2, 2, 2))
    let image = painting.image
    var values = [UInt8](repeating: 0, count: width * height)
    for y in 0..<90 {
      for x in 40..<240 { values[y * width + x] = 255 }
    }
    let mask = Mask(width: width, height: height, values: values)
    let repair = try LocalInpainter.repair(image, mask: mask, method: .auto)
    #expect(repair.regions.contains { $0.action == .fill })
    // The blown pixels come out the pale ground's colour (blue well under red), within a few levels.
    var blown = 0
    var far = 0
    for y in 20..<60 {
      for x in 120..<160 where image.sample(x: x, y: y, channel: 2) == 255 {
        blown += 1
        let red = repair.image.sample(x: x, y: y, channel: 0)
        let blue = repair.image.sample(x: x, y: y, channel: 2)
        if abs(red - clean.sample(x: x, y: y, channel: 0)) > 25 || blue > red { far += 1 }
      }
    }
    #expect(blown > 100)
    #expect(far * 20 <= blown, "\(far) of \(blown) blown pixels are not the pale ground's")
  }
}
