import DeglareCore
import DeglareTestSupport
import Testing

/// Reference labelling by flood fill (stack-based), raster order of first pixel.
func floodFill(_ fg: [Bool], width: Int, height: Int, eight: Bool) -> (labels: [Int32], areas: [Int]) {
  var labels = [Int32](repeating: 0, count: fg.count)
  var areas: [Int] = []
  for start in 0..<fg.count where fg[start] && labels[start] == 0 {
    let label = Int32(areas.count + 1)
    var stack = [start]
    labels[start] = label
    var area = 0
    while let i = stack.popLast() {
      area += 1
      let x = i % width
      let y = i / width
      for dy in -1...1 {
        for dx in -1...1 where (dx != 0 || dy != 0) && (eight || dx == 0 || dy == 0) {
          let nx = x + dx
          let ny = y + dy
          guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
          let j = ny * width + nx
          if fg[j] && labels[j] == 0 {
            labels[j] = label
            stack.append(j)
          }
        }
      }
    }
    areas.append(area)
  }
  return (labels, areas)
}

@Suite("Connected components (one pass, union-find)")
struct ConnectedComponentsTests {
  @Test("Labels equal flood fill on random images, 4- and 8-connected")
  func matchesFloodFill() {
    var rng = SeededGenerator(seed: 42)
    for (width, height, density) in [
      (1, 1, 0.5), (17, 1, 0.5), (1, 13, 0.5), (20, 15, 0.45), (33, 29, 0.6), (64, 48, 0.3),
    ] {
      for _ in 0..<5 {
        let fg = (0..<(width * height)).map { _ in Double.random(in: 0..<1, using: &rng) < density }
        for connectivity in [Connectivity.four, .eight] {
          let cc = ConnectedComponents(width: width, height: height, connectivity: connectivity, foreground: fg)
          let reference = floodFill(fg, width: width, height: height, eight: connectivity == .eight)
          #expect(cc.labels == reference.labels)
          #expect(cc.components.map(\.area) == reference.areas)
        }
      }
    }
  }

  @Test("A U shape merges into one component with the right bounding box")
  func uShape() {
    let rows = [
      "#...#",
      "#...#",
      "#####",
      ".....",
      "..#..",
    ]
    let fg = rows.flatMap { $0.map { $0 == "#" } }
    let cc = ConnectedComponents(width: 5, height: 5, connectivity: .four, foreground: fg)
    #expect(cc.count == 2)
    #expect(cc.components[0] == .init(area: 9, minX: 0, minY: 0, maxX: 4, maxY: 2))
    #expect(cc.components[1] == .init(area: 1, minX: 2, minY: 4, maxX: 2, maxY: 4))
  }

  @Test("Diagonal neighbours join only with 8-connectivity")
  func diagonal() {
    let fg = [true, false, false, true]
    #expect(ConnectedComponents(width: 2, height: 2, connectivity: .four, foreground: fg).count == 2)
    #expect(ConnectedComponents(width: 2, height: 2, connectivity: .eight, foreground: fg).count == 1)
  }
}
