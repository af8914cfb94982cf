import DeglareTestSupport
import Testing

@testable import DeglareCore

@Suite struct FeatherTests {
  static let shapes: [(String, Mask)] = [
    (
      "disc",
      SyntheticImages.mask(width: 48, height: 40) { x, y in (x - 22) * (x - 22) + (y - 19) * (y - 19) < 15 * 15 }
    ),
    (
      "slanted stroke",
      SyntheticImages.mask(width: 50, height: 40) { x, y in abs(Double(x) - 1.3 * Double(y) - 2) < 3.2 }
    ),
    ("edge and corner", SyntheticImages.mask(width: 40, height: 30) { x, y in x < 12 || (x > 30 && y > 22) }),
    (
      "blobs",
      SyntheticImages.mask(width: 40, height: 30) { x, y in
        (x - 8) * (x - 8) + (y - 8) * (y - 8) < 20 || (x > 20 && x < 37 && y > 12 && y < 27) || (x == 2 && y == 27)
      }
    ),
    ("one pixel", SyntheticImages.mask(width: 9, height: 9) { x, y in x == 4 && y == 4 }),
    ("full", SyntheticImages.mask(width: 12, height: 7) { _, _ in true }),
    ("checker", SyntheticImages.mask(width: 16, height: 16) { x, y in (x + y) % 2 == 0 }),
  ]

  @Test("alpha is 0 exactly outside, in (0, 1] inside", arguments: [0.0, 1, 2.5, 6, 30])
  func bounds(_ width: Double) {
    for (name, mask) in FeatherTests.shapes {
      let alpha = Feather.alpha(mask: mask, width: width)
      for y in 0..<mask.height {
        for x in 0..<mask.width {
          let a = alpha[x, y]
          if mask.isInside(x: x, y: y) {
            #expect(a > 0 && a <= 1, "\(name) (\(x), \(y)) = \(a)")
          } else {
            #expect(a == 0, "\(name) (\(x), \(y)) = \(a)")
          }
        }
      }
    }
  }

  @Test("feather 0 is a hard edge")
  func hardEdge() {
    for (_, mask) in FeatherTests.shapes {
      let alpha = Feather.alpha(mask: mask, width: 0)
      #expect(alpha.values == mask.values.map { $0 >= 128 ? 1 : 0 })
    }
  }

  @Test("a straight edge of a wide area ramps over exactly the feather width")
  func straightEdge() {
    let mask = SyntheticImages.mask(width: 60, height: 30) { x, _ in x >= 20 }
    let alpha = Feather.alpha(mask: mask, width: 6)
    for depth in 1...12 {
      let t = min(1, (Float(depth) - 0.5) / 6)
      let expected = depth >= 7 ? 1 : t * t * (3 - 2 * t)
      #expect(abs(alpha[19 + depth, 15] - expected) < 1e-6, "depth \(depth): \(alpha[19 + depth, 15])")
    }
    // The mask reaches the image's right edge: no fade there.
    #expect(alpha[59, 15] == 1)
  }

  @Test("alpha reaches 1 in the middle of a 5-px and a 1-px stroke", arguments: [1, 2, 3, 5, 7])
  func thinStrokes(_ thickness: Int) {
    let mask = SyntheticImages.mask(width: 60, height: 30) { x, y in x >= 10 && x < 50 && y >= 12 && y < 12 + thickness
    }
    let alpha = Feather.alpha(mask: mask, width: 6)
    let middle = 12 + thickness / 2
    #expect(alpha[30, middle] == 1, "\(ASCIIMask.render(alpha))")
    if thickness == 5 {
      #expect((12..<17).map { alpha[30, $0] } == [0.15625, 0.84375, 1, 0.84375, 0.15625])
    }
    // Vertical and diagonal 1-px strokes too.
    let vertical = SyntheticImages.mask(width: 20, height: 30) { x, y in x == 9 && y > 2 && y < 27 }
    #expect(Feather.alpha(mask: vertical, width: 6)[9, 15] == 1)
    let diagonal = SyntheticImages.mask(width: 30, height: 30) { x, y in x == y }
    let diagonalAlpha = Feather.alpha(mask: diagonal, width: 6)
    #expect((0..<30).allSatisfy { diagonalAlpha[$0, $0] == 1 })
  }

  @Test("every cross-section of a slanted stroke reaches 1")
  func slantedStroke() {
    let mask = FeatherTests.shapes[1].1
    let alpha = Feather.alpha(mask: mask, width: 6)
    // Rows whose whole cross-section lies inside the image (x = 1.3 y + 2 +- 3.2 <= 49).
    for y in 2..<33 {
      let row = (0..<mask.width).map { alpha[$0, y] }
      #expect(row.max() == 1, "row \(y): \(row)")
    }
  }

  @Test("the ramp of a wide area is smooth: neighbouring inside pixels differ little")
  func smooth() {
    // A disc with a square hole: convex and concave curves, straight edges and corners, all wider
    // than twice the feather (a thin stroke's ramp is legitimately steeper).
    let mask = SyntheticImages.mask(width: 80, height: 80) { x, y in
      let dx = Double(x) - 39.5
      let dy = Double(y) - 39.5
      return dx * dx + dy * dy < 36 * 36 && !(abs(dx) < 10 && abs(dy) < 8)
    }
    let alpha = Feather.alpha(mask: mask, width: 6)
    var worst: Float = 0
    for y in 0..<80 {
      for x in 1..<80 where mask.isInside(x: x, y: y) && mask.isInside(x: x - 1, y: y) {
        worst = max(worst, abs(alpha[x, y] - alpha[x - 1, y]))
      }
    }
    // A linear ramp over 6 px steps by 1/6; the smoothstep is at most 1.5x steeper.
    #expect(worst <= 0.27, "largest step \(worst)")
  }

  @Test("a crop's alpha equals the whole image's alpha over that crop")
  func cropEqualsWhole() {
    let mask = SyntheticImages.mask(width: 90, height: 70) { x, y in
      (x - 30) * (x - 30) + (y - 30) * (y - 30) < 400 || (y > 50 && y < 54) || (x > 70 && y < 20)
    }
    for width in [2.0, 6, 13] {
      let whole = Feather.alpha(mask: mask, width: width)
      for crop in [
        PixelRect(x: 0, y: 0, width: 90, height: 70), PixelRect(x: 20, y: 20, width: 25, height: 40),
        PixelRect(x: 60, y: 0, width: 30, height: 10), PixelRect(x: 5, y: 52, width: 1, height: 1),
        PixelRect(x: 0, y: 60, width: 90, height: 10),
      ] {
        let part = Feather.alpha(mask: mask, crop: crop, width: width)
        for y in 0..<crop.height {
          for x in 0..<crop.width {
            #expect(part[x, y] == whole[crop.x + x, crop.y + y], "\(crop) (\(x), \(y)), feather \(width)")
          }
        }
      }
    }
  }

  @Test("empty crops are all 0; a full mask is all 1")
  func trivial() {
    let mask = SyntheticImages.mask(width: 20, height: 20) { x, _ in x > 15 }
    let empty = Feather.alpha(mask: mask, crop: PixelRect(x: 0, y: 0, width: 10, height: 20))
    #expect(empty.values.count == 200 && empty.values.allSatisfy { $0 == 0 })
    let full = Feather.alpha(mask: FeatherTests.shapes[5].1, width: 6)
    #expect(full.values.count == 12 * 7 && full.values.allSatisfy { $0 == 1 })
  }
}
