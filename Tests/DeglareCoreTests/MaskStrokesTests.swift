import DeglareCore
import DeglareTestSupport
import Testing

@Suite struct MaskStrokesTests {
  func stroke(_ mode: MaskStroke.Mode, _ radius: Double, _ points: [(Double, Double)]) -> MaskStroke {
    MaskStroke(mode: mode, radius: radius, points: points.map { Point(x: $0.0, y: $0.1) })
  }

  func stroke(_ radius: Double, _ points: [(Double, Double)]) -> MaskStroke { stroke(.brush, radius, points) }

  @Test("a half-pixel radius at a pixel centre covers exactly that pixel")
  func onePixel() {
    var mask = Mask(width: 5, height: 4)
    let changed = mask.apply(stroke(0.5, [(2, 1)]))
    #expect(
      mask
        == ASCIIMask.parse(
          """
          .....
          ..#..
          .....
          .....
          """))
    #expect(changed == PixelRect(x: 2, y: 1, width: 1, height: 1))
  }

  @Test("disks: radius 1.5 is a 3x3 square, radius 2 reaches (2, 0) but not (2, 1)")
  func disks() {
    var small = Mask(width: 7, height: 7)
    small.apply(stroke(1.5, [(3, 3)]))
    #expect(
      small
        == ASCIIMask.parse(
          """
          .......
          .......
          ..###..
          ..###..
          ..###..
          .......
          .......
          """))
    var round = Mask(width: 7, height: 7)
    round.apply(stroke(2, [(3, 3)]))
    #expect(
      round
        == ASCIIMask.parse(
          """
          .......
          ...#...
          ..###..
          .#####.
          ..###..
          ...#...
          .......
          """))
  }

  @Test("a segment is a capsule: flat sides at the radius, round ends")
  func capsule() {
    var mask = Mask(width: 9, height: 5)
    mask.apply(stroke(1, [(2, 2), (6, 2)]))
    #expect(
      mask
        == ASCIIMask.parse(
          """
          .........
          ..#####..
          .#######.
          ..#####..
          .........
          """))
  }

  @Test("the eraser clears what it covers; points outside the mask are clipped")
  func eraserAndClipping() {
    var mask = Mask(width: 6, height: 3, values: [UInt8](repeating: 255, count: 18))
    let changed = mask.apply(stroke(.erase, 1, [(-3, 1), (2, 1)]))
    #expect(
      mask
        == ASCIIMask.parse(
          """
          ...###
          ....##
          ...###
          """))
    #expect(changed == PixelRect(x: 0, y: 0, width: 4, height: 3))
    #expect(mask.apply(stroke(2, [(-10, -10), (-20, -5)])) == nil)
  }

  @Test("random strokes match the brute-force reference at every pixel", arguments: [1, 2, 3, 4, 5, 6, 7, 8])
  func matchesReference(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    let width = 61
    let height = 47
    var strokes: [MaskStroke] = []
    for index in 0..<6 {
      let count = Int.random(in: 1...12, using: &random)
      var points: [(Double, Double)] = []
      for _ in 0..<count {
        points.append((Double.random(in: -8...68, using: &random), Double.random(in: -8...54, using: &random)))
      }
      let radius = [0.5, 0.8, 1.3, 2.7, 6.1, 11.4][index % 6] + Double.random(in: 0..<0.1, using: &random)
      strokes.append(stroke(index % 3 == 2 ? .erase : .brush, radius, points))
    }
    let start = Mask(width: width, height: height)
    let actual = start.applying(strokes)
    let expected = StrokeReference.raster(strokes, onto: start)
    let differing = (0..<(width * height)).filter { actual.values[$0] != expected.values[$0] }
    #expect(
      differing.isEmpty,
      "\(differing.count) pixels differ, first at \(differing.first.map { ($0 % width, $0 / width) } as Any)")
    #expect(actual.values.contains(255), "the strokes painted nothing: the test would prove nothing")
  }

  @Test("integer and half-integer strokes (exact ties) match the reference too")
  func exactTies() {
    let strokes = [
      stroke(2, [(4, 4), (12, 4), (12, 10)]),
      stroke(1.5, [(20, 2.5), (30, 12.5)]),
      stroke(.erase, 1, [(6, 4), (10, 4)]),
      stroke(3, [(25, 20)]),
      stroke(0.5, [(0, 24), (39, 0)]),
    ]
    let start = Mask(width: 40, height: 25)
    #expect(start.applying(strokes) == StrokeReference.raster(strokes, onto: start))
  }

  @Test("rasterising is deterministic: the same strokes give the same bytes")
  func deterministic() {
    let strokes = [stroke(3.3, [(1.2, 3.4), (17.9, 8.1), (30.5, 2.2)]), stroke(.erase, 1.1, [(10, 0), (12, 20)])]
    let start = Mask(width: 32, height: 16)
    #expect(start.applying(strokes) == start.applying(strokes))
  }
}
