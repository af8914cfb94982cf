extension WorkScale {
  /// The area pixels (row-major) to synthesise from patches: mask pixels on the estimate's
  /// support whose paint is gone (`fillAll`), in connected parts of at least
  /// ``LocalInpainter/Configuration/exemplarMinimumPixels``; smaller parts take the membrane.
  ///
  /// The parts are labelled within the candidates' bounding box only: a work area can be
  /// millions of pixels around a few hundred candidates.
  func synthesised(_ estimate: Work.Estimate, inside: [Bool], configuration: LocalInpainter.Configuration) -> [Bool] {
    var result = [Bool](repeating: false, count: area.area)
    guard estimate.fillAll.contains(true) else { return result }
    func isCandidate(_ x: Int, _ y: Int) -> Bool {
      let b = (y / factor) * width + x / factor
      return inside[y * area.width + x] && estimate.support[b] && estimate.fillAll[b]
    }
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    for y in 0..<area.height {
      for x in 0..<area.width where isCandidate(x, y) {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= 0 else { return result }
    let box = PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    var candidates = [Bool](repeating: false, count: box.area)
    for y in 0..<box.height {
      for x in 0..<box.width { candidates[y * box.width + x] = isCandidate(box.x + x, box.y + y) }
    }
    let parts = ConnectedComponents(width: box.width, height: box.height, foreground: candidates)
    for y in 0..<box.height {
      for x in 0..<box.width {
        let label = parts.labels[y * box.width + x]
        guard label > 0 else { continue }
        result[(box.y + y) * area.width + box.x + x] =
          parts.components[Int(label) - 1].area >= configuration.exemplarMinimumPixels
      }
    }
    return result
  }
}
