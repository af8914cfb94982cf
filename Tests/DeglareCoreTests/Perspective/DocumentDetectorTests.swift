import DeglareTestSupport
import DeglareTestTraits
import Foundation
import Testing

@testable import DeglareCore

/// `--target document` on the failure classes of the scene sets, drawn small and by hand: the
/// edge search attaching a clutter item lined up with the document (160 px off before the region
/// search), and a plank seam running along a card's edge (7 px off at confidence 0.87).
@Suite(.ownThread) struct DocumentDetectorTests {
  /// A 480 x 360 photo painted by `colour` (plane point -> RGB, evaluated at pixel centres)
  /// with a little deterministic noise.
  func photo(_ colour: (Point) -> SIMD3<Double>) -> ImageBuffer {
    let size = PixelSize(width: 480, height: 360)
    var samples = [UInt8](repeating: 0, count: size.width * size.height * 3)
    for y in 0..<size.height {
      for x in 0..<size.width {
        let value = colour(Point(x: Double(x), y: Double(y)))
        let grain = Double((x &* 7 &+ y &* 13) % 5) - 2
        for channel in 0..<3 {
          samples[(y * size.width + x) * 3 + channel] = UInt8(min(255, max(0, (value[channel] + grain).rounded())))
        }
      }
    }
    return ImageBuffer(width: size.width, height: size.height, layout: .rgb, samples: samples)
  }

  /// The point in the frame of a rectangle centred on `centre`, turned by `angle`.
  func local(_ point: Point, centre: Point, angle: Double) -> Point {
    let d = point - centre
    return Point(x: d.x * cos(angle) + d.y * sin(angle), y: -d.x * sin(angle) + d.y * cos(angle))
  }

  /// The rectangle of half sizes `half` centred on `centre`, turned by `angle`, as a quad.
  func rectangle(centre: Point, half: Point, angle: Double) -> Quad {
    let corners = [
      Point(x: -half.x, y: -half.y), Point(x: half.x, y: -half.y), Point(x: half.x, y: half.y),
      Point(x: -half.x, y: half.y),
    ]
    return Quad(
      corners.map { p in
        centre + Point(x: p.x * cos(angle) - p.y * sin(angle), y: p.x * sin(angle) + p.y * cos(angle))
      })
  }

  /// A receipt with rows of print, half sizes `half`, at `p` in its own frame (nil outside).
  func receipt(_ p: Point, half: Point) -> SIMD3<Double>? {
    guard abs(p.x) < half.x, abs(p.y) < half.y else { return nil }
    let row = (p.y + half.y) / 9
    if abs(p.x) < half.x - 8, abs(p.y) < half.y - 10, row - row.rounded(.down) < 0.45,
      Int(p.x + half.x) % 17 < 12
    {
      return SIMD3(60, 60, 66)
    }
    return SIMD3(248, 247, 243)
  }

  @Test("a receipt beside a keyboard lined up with it: the quad is the receipt's, not the union")
  func receiptBesideAKeyboard() {
    let centre = Point(x: 238, y: 176)
    let angle = 0.12
    let half = Point(x: 42, y: 140)
    // A pale keyboard against the receipt's right side, its keys' rows crossing the receipt's
    // print rows, from the receipt's middle to below it.
    let keyboardCentre =
      centre + Point(x: (half.x + 70) * cos(angle), y: (half.x + 70) * sin(angle))
      + Point(x: -70 * sin(angle), y: 70 * cos(angle))
    let image = photo { point in
      if let paper = receipt(local(point, centre: centre, angle: angle), half: half) { return paper }
      let k = local(point, centre: keyboardCentre, angle: angle)
      if abs(k.x) < 70, abs(k.y) < 140 {
        let a = (k.x + 70) / 14
        let b = (k.y + 140) / 14
        return a - a.rounded(.down) < 0.15 || b - b.rounded(.down) < 0.15 ? SIMD3(95, 95, 98) : SIMD3(205, 205, 208)
      }
      return SIMD3(120, 118, 112)
    }
    let truth = rectangle(centre: centre, half: half, angle: angle)
    let detection = FrameDetector().detect(in: image, target: .document)
    let error = detection.quad.maxCornerDistance(to: truth)
    #expect(error < 3, "the receipt's corners are \(error) px off: \(detection.quad) for \(truth)")
  }

  @Test("a card whose edge runs along a plank seam: the quad is the card's, not out to the seam")
  func cardAlongAPlankSeam() {
    let centre = Point(x: 240, y: 180)
    let angle = 0.05
    let half = Point(x: 130, y: 80)
    let image = photo { point in
      let c = local(point, centre: centre, angle: angle)
      if abs(c.x) < half.x, abs(c.y) < half.y {
        let row = (c.y + half.y) / 12
        if c.x > -40, c.x < half.x - 20, abs(c.y) < 40, row - row.rounded(.down) < 0.4 { return SIMD3(40, 40, 45) }
        return SIMD3(250, 248, 240)
      }
      // Planks turned with the card, a dark seam 9 px above its top edge and grain across them.
      let seam = abs(c.y + half.y + 9) < 1.5 || abs(c.y - half.y - 60) < 1.5
      let grain = 14 * sin(c.x * 0.9 + 3 * sin(c.y * 0.05))
      return seam ? SIMD3(70, 45, 20) : SIMD3(160 + grain, 105 + grain * 0.6, 55 + grain * 0.3)
    }
    let truth = rectangle(centre: centre, half: half, angle: angle)
    let detection = FrameDetector().detect(in: image, target: .document)
    let error = detection.quad.maxCornerDistance(to: truth)
    #expect(error < 3, "the card's corners are \(error) px off: \(detection.quad) for \(truth)")
  }
}
